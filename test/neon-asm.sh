#!/bin/sh
# The NEON micro-kernel as intended, counted in the assembly (emulation
# says nothing about speed): samples/matmul.c with samples/matmul.fast.sched
# (the library's @matmul, which picks lib/matmul_neon.sched's 8 x 3 tile
# for AArch64) compiled for aarch64-linux-gnu, through the C path (clang-19
# -O3 -S of the generated C) and the LLVM path (schedcc -S): the innermost
# loop holds 24 fmla (8 rows x 3 vectors), at most 11 loads (3 vectors of
# B, 8 elements of A) and no spill (test/neon_asm.py).  GCC 12's count is
# printed, not checked: it keeps the 8 elements of A in 8 registers and
# spills 4 accumulators (bench/README.md, "AArch64").
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
python3 "$here/neon_asm.py" "$tmp/c.s" 24 11
"$schedcc" "$samples/matmul.c" -s "$samples/matmul.fast.sched" -S -o "$tmp/l.s" -- $t -O3
printf 'LLVM path (schedcc -S): '
python3 "$here/neon_asm.py" "$tmp/l.s" 24 11
aarch64-linux-gnu-gcc -O3 -ffp-contract=off -S "$tmp/mm.c" -o "$tmp/g.s"
printf 'C path (aarch64-linux-gnu-gcc 12 -O3, not checked): '
python3 "$here/neon_asm.py" "$tmp/g.s"
