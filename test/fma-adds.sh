#!/bin/sh
# loop.vectorize {fma_adds}: outputs alone cannot tell fma(x, 1, acc) from
# acc + x (the same bits), and a compiler that knows the multiplier is 1
# folds the one into the other (clang and LLVM's instcombine do), so this
# checks the code.  For test/golden/fma_adds.c with its schedule (rowsum:
# 2 of 4 accumulators; dsub, t -= x: 1 of 2), the assembly of the C path
# (gcc and clang-19, -O2, and the ISA's flags) and of the LLVM path (-S)
# has vector fused multiply-adds in each kernel (vfmadd...ps in rowsum,
# vfnmadd...pd in dsub), and the LLVM IR loads the multiplier with a
# volatile load.
#   test/fma-adds.sh SCHEDCC TEST_DIR
set -u
schedcc=$1 dir=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-fma-adds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
src=$dir/golden/fma_adds.c sched=$dir/golden/fma_adds.sched
# count PATTERN FILE FUNCTION: lines matching PATTERN in FUNCTION's body
count() {
  awk -v f="$3" '$0 ~ "^" f ":" { on = 1; next }
    on && /^[_a-zA-Z][_a-zA-Z0-9.]*:/ && $0 !~ /^\.L/ { on = 0 }
    on' "$2" | grep -c "$1"
}
check() { # ASM WHAT
  n=$(count 'vfmadd[0-9]*ps.*zmm' "$1" rowsum)
  [ "$n" -ge 2 ] || fail "$2: $n vfmadd...ps on zmm in rowsum, expected >= 2"
  d=$(count 'vfnmadd[0-9]*pd.*ymm' "$1" dsub)
  [ "$d" -ge 1 ] || fail "$2: $d vfnmadd...pd on ymm in dsub, expected >= 1"
  echo "ok: $2: rowsum $n vfmadd, dsub $d vfnmadd"
}
"$schedcc" "$src" -s "$sched" -o "$tmp/gen.c" -- -march=x86-64-v4 ||
  fail "schedcc exited $?"
for cc in gcc clang-19; do
  command -v $cc >/dev/null 2>&1 || continue
  $cc -std=c17 -O2 -march=x86-64-v4 -ffp-contract=off -S "$tmp/gen.c" \
    -o "$tmp/$cc.s" || { fail "$cc -S exited $?"; continue; }
  check "$tmp/$cc.s" "$cc"
done
"$schedcc" "$src" -s "$sched" --emit=llvm -o "$tmp/t.ll" -- -march=x86-64-v4 ||
  fail "--emit=llvm exited $?"
v=$(grep -c 'load volatile' "$tmp/t.ll")
[ "$v" -eq 2 ] || fail "expected 2 volatile loads (one per kernel) in the IR, found $v"
"$schedcc" "$src" -s "$sched" -S -o "$tmp/llvm.s" -- -march=x86-64-v4 ||
  fail "-S exited $?"
check "$tmp/llvm.s" "LLVM backend"
[ $fails -eq 0 ] || exit 1
