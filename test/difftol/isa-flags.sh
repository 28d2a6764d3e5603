#!/bin/sh
# Prints the compiler flags for the vector intrinsics a generated C file
# uses (-mavx512f -mavx2 -mfma, -mavx2 -mfma or -msse4.2), or, with exit
# status 1, the reason the host cannot run that code ("host lacks avx512").
#
#   test/difftol/isa-flags.sh GENERATED.c
#
# (clang-19's -march=native is avoided: on some hosts it reports an invalid
# AVX10 feature combination as an error under -Werror.)
set -eu
gen=$1
has() { grep -q -w "$1" /proc/cpuinfo 2>/dev/null; }
if grep -q '_mm512_' "$gen"; then
  if has avx512f && has fma; then echo "-mavx512f -mavx2 -mfma"; exit 0; fi
  echo "host lacks avx512"; exit 1
fi
if grep -q '_mm256_' "$gen"; then
  if has avx2 && has fma; then echo "-mavx2 -mfma"; exit 0; fi
  echo "host lacks avx2"; exit 1
fi
if grep -q '_mm_' "$gen"; then
  if has sse4_2; then echo "-msse4.2"; exit 0; fi
  echo "host lacks sse4.2"; exit 1
fi
echo ""
