#!/bin/sh
# make demo: schedcc optimizes the Transform dialect paper's case-study
# kernel (samples/bmm.c with samples/bmm.sched); the original and the
# optimized program are compiled by the system compiler, run, and their
# outputs and times compared; then the fast schedule (AVX-512 micro-kernel)
# and its speed-up over the plain C.
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

# The fast schedule: the AVX-512 register-tiled micro-kernel of
# schedules/lib with packing (samples/bmm.fast.sched).  It contracts to
# fused multiply-adds, so C agrees to rounding, not bit for bit.
if grep -q avx512f /proc/cpuinfo 2>/dev/null; then
  echo
  echo "== schedcc samples/bmm.c -s samples/bmm.fast.sched -o $out/bmm.fast.c"
  "$build/schedcc" samples/bmm.c -s samples/bmm.fast.sched -o "$out/bmm.fast.c"
  fflags="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
  $CC $fflags "$out/bmm.fast.c" -o "$out/bmm.fast" -lm
  "$out/bmm.fast" >"$out/fast.out" 2>"$out/fast.err"
  printf 'fast:      %s\n' "$(grep -i 'ms' "$out/fast.err" | head -1)"
  t0=$(sed -n 's/.*: \([0-9.]*\) ms.*/\1/p' "$out/orig.err" | head -1)
  t1=$(sed -n 's/.*: \([0-9.]*\) ms.*/\1/p' "$out/fast.err" | head -1)
  awk -v a="$t0" -v b="$t1" 'BEGIN { if (b > 0) printf "speed-up over the plain C (-O3 -march=native): %.1fx (%.1f GFLOP/s)\n", a / b, 2 * 6 * 196 * 256 * 2305 / (b * 1e6) }'
  # Every element of C, original against fast (--values prints them all):
  # fused multiply-adds round once where the original rounds twice.
  "$out/bmm.orig" --values >"$out/orig.values" 2>/dev/null
  "$out/bmm.fast" --values >"$out/fast.values" 2>/dev/null
  paste "$out/orig.values" "$out/fast.values" | awk '
    { d = $1 - $2; if (d < 0) d = -d; m = ($1 < 0 ? -$1 : $1);
      if (d > worst) worst = d; if (d > 1e-4 + 1e-4 * m) bad++; n++ }
    END { printf "outputs agree: %s (%d elements of C, largest difference %.2g; tolerance 1e-4 relative + 1e-4 absolute)\n",
                 bad ? "NO" : "yes", n, worst; exit bad > 0 }'
else
  echo "(host without AVX-512: samples/bmm.fast.sched not run)"
fi
