#!/bin/sh
# make demo: schedcc optimizes the Transform dialect paper's case-study
# kernel (samples/bmm.c with samples/bmm.sched); the original and the
# optimized program are compiled by the system compiler, run, and their
# outputs and times compared.
#   scripts/demo.sh BUILD_DIR
set -eu
build=${1:-build}
CC=${CC:-cc}
out=$build/demo
mkdir -p "$out"
flags="-std=c17 -O3 -march=native -ffp-contract=off -D_POSIX_C_SOURCE=200809L"
echo "== schedcc samples/bmm.c -s samples/bmm.sched -o $out/bmm.opt.c"
"$build/schedcc" samples/bmm.c -s samples/bmm.sched -o "$out/bmm.opt.c"
echo "== $CC $flags (original and optimized)"
$CC $flags samples/bmm.c -o "$out/bmm.orig" -lm
$CC $flags "$out/bmm.opt.c" -o "$out/bmm.opt" -lm
echo "== running both"
"$out/bmm.orig" >"$out/orig.out" 2>"$out/orig.err"
"$out/bmm.opt" >"$out/opt.out" 2>"$out/opt.err"
printf 'original:  %s\n' "$(grep -i 'ms' "$out/orig.err" | head -1)"
printf 'optimized: %s\n' "$(grep -i 'ms' "$out/opt.err" | head -1)"
if cmp -s "$out/orig.out" "$out/opt.out"; then
  echo "outputs match: yes ($(head -1 "$out/orig.out"))"
else
  echo "outputs match: NO"
  diff "$out/orig.out" "$out/opt.out" | head
  exit 1
fi
