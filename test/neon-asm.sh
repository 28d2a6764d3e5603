#!/bin/sh
# The NEON micro-kernel as intended, counted in the assembly (emulation
# says nothing about speed): samples/matmul.c with samples/matmul.fast.sched
# (the library's @matmul, which picks lib/matmul_neon.sched's 5 x 4 tile
# for AArch64) compiled for aarch64-linux-gnu, through the C path (clang-19
# and aarch64-linux-gnu-gcc 12, -O3 -S of the generated C) and the LLVM
# path (schedcc -S): the innermost loop holds 20 fmla (5 rows x 4
# vectors), at most 9 loads (4 vectors of B, 5 elements of A) and no spill
# (test/neon_asm.py).  Then the 8 x 3 tile (24 fmla) is counted and
# printed, not checked: clang keeps it in registers, GCC 12 spills 4
# accumulators (bench/README.md, "AArch64").
#
#   test/neon-asm.sh SCHEDCC SAMPLES-DIR
set -eu
schedcc=$1 samples=$2
here=$(dirname "$0")
if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  echo "skipped: no aarch64 cross toolchain (scripts/install-deps.sh installs it)"
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-neonasm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
t=--target=aarch64-linux-gnu
"$schedcc" "$samples/matmul.c" -s "$samples/matmul.fast.sched" -o "$tmp/mm.c" -- $t -O3
clang-19 $t -O3 -ffp-contract=off -S "$tmp/mm.c" -o "$tmp/c.s"
printf 'C path (clang-19 -O3): '
python3 "$here/neon_asm.py" "$tmp/c.s" 20 9
aarch64-linux-gnu-gcc -O3 -ffp-contract=off -S "$tmp/mm.c" -o "$tmp/g.s"
printf 'C path (aarch64-linux-gnu-gcc 12 -O3): '
python3 "$here/neon_asm.py" "$tmp/g.s" 20 9
"$schedcc" "$samples/matmul.c" -s "$samples/matmul.fast.sched" -S -o "$tmp/l.s" -- $t -O3
printf 'LLVM path (schedcc -S): '
python3 "$here/neon_asm.py" "$tmp/l.s" 20 9
# the 8 x 3 tile, for the record
printf 'import "lib/matmul.sched"\nnamed_sequence @main(%%root) {\n  include @matmul(%%root, 8, 3, 256)\n}\n' >"$tmp/t83.sched"
"$schedcc" "$samples/matmul.c" -s "$tmp/t83.sched" -o "$tmp/t83.c" -- $t -O3
clang-19 $t -O3 -ffp-contract=off -S "$tmp/t83.c" -o "$tmp/t83c.s"
aarch64-linux-gnu-gcc -O3 -ffp-contract=off -S "$tmp/t83.c" -o "$tmp/t83g.s"
printf '8 x 3, clang-19 (not checked): '
python3 "$here/neon_asm.py" "$tmp/t83c.s"
printf '8 x 3, gcc 12 (not checked): '
python3 "$here/neon_asm.py" "$tmp/t83g.s"
