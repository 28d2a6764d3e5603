#!/bin/sh
# samples/bmm.fast.sched on the CPUs issue 25 names, with no edit of the
# schedule: for each -march= / -mcpu= below, schedcc must apply it (exit 0)
# and take the region of the machine model's ISA, and the C it emits must
# compile cleanly for that CPU (-O2 -Wall -Wextra -Werror, to an object):
#   test/sample-targets.sh SCHEDCC ROOT
#   - AVX-512 (znver4, znver5, sapphirerapids): the machine model's
#     micro-kernel tile, 14 x 32 (28 zmm accumulators: 28 _mm512_fmadd_ps
#     per k step) on the AMD cores, 6 x 64 (24) on the Intel one;
#   - AVX2 (znver2, haswell): the 6 x 16 tile, no 512-bit vector;
#   - SSE only (x86-64): the library's @matmul, whose last region puts the
#     loops in i, k, j order: no intrinsic;
#   - AArch64 NEON (neoverse-v1, apple-m1): @matmul's NEON micro-kernel
#     (vfmaq_f32), compiled with the aarch64 cross compiler when installed.
# The numbers are checked by the difftol tests (difftol.sample.bmm.fast on
# the host, difftol.sample.bmm.fast.znver2 and .x86-64 with the models of
# those CPUs); the speed by `make bench`.
set -u
schedcc=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-targets.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
src=$root/samples/bmm.c sched=$root/samples/bmm.fast.sched
# check NAME "FLAGS" REGION: REGION the note that must hold under -v
# ("%bits >= 512", "%bits == 256", or "-": neither AVX region applied)
check() {
  name=$1 flags=$2 region=$3
  n=$((n + 1))
  if ! "$schedcc" "$src" -s "$sched" -o "$tmp/$name.c" -v -- $flags 2>"$tmp/$name.err"; then
    fail "$name: schedcc failed:"; head -5 "$tmp/$name.err"; return 1
  fi
  # the notes of bmm.fast.sched's own asserts (not the library's)
  held=$(grep "bmm.fast.sched:[0-9]*:[0-9]*: note: param.assert" "$tmp/$name.err" |
    grep -o 'param.assert: "%bits [=>]= [0-9]*[^"]*" holds' | head -1)
  case $region in
    -) [ -z "$held" ] || fail "$name: an AVX region applied ($held)";;
    *) case $held in *"\"$region"*) ;; *) fail "$name: expected the region of \"$region\", got '${held:-none}'";; esac;;
  esac
}
# compile FILE FLAGS...: an object, warnings as errors
compile() {
  f=$1; shift
  "$@" -std=c17 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -c "$tmp/$f.c" -o "$tmp/$f.o" \
    2>"$tmp/$f.cc" || { fail "$f: the output does not compile cleanly:"; head -5 "$tmp/$f.cc"; }
}
count() { grep -o "$1" "$tmp/$2.c" | wc -l; }
# mk_rows x mk_vecs (14 x 2 on AMD, 6 x 4 on Intel), the k loop unrolled
# by 8 where 512-bit FMAs run on 256-bit pipes (znver4: fma_bits 256),
# else by 4: a FMAs per k step in the main loop, a in the remainder's, and
# b in the tiles of the rows past the last full tile (196 = 14 x 14: none;
# 196 = 32 x 6 + 4: tiles of 4, 2 and 1 rows of 4 vectors, 16 + 8 + 4)
for m in znver4:8:28:0 znver5:4:28:0 sapphirerapids:4:24:28; do
  IFS=: read -r cpu ku a b <<EOF
$m
EOF
  check $cpu -march=$cpu "%bits >= 512" || continue
  compile $cpu clang-19 -march=$cpu
  n=$(count _mm512_fmadd_ps $cpu)
  want=$((a * ku + a + b))
  [ "$n" -eq $want ] || fail "$cpu: $n _mm512_fmadd_ps, expected $want ($a accumulators, k unrolled by $ku, $b in the last rows' tiles)"
done
for m in znver2 haswell; do
  check $m -march=$m "%bits == 256" || continue
  compile $m clang-19 -march=$m
  [ "$(count _mm512_ $m)" -eq 0 ] || fail "$m: 512-bit intrinsics in AVX2 code"
  # 6 rows x 2 vectors, k unrolled by 4: 48 FMAs in the main k loop
  [ "$(count _mm256_fmadd_ps $m)" -ge 48 ] || fail "$m: fewer than 48 _mm256_fmadd_ps"
done
if check x86-64 -march=x86-64 -; then
  compile x86-64 clang-19 -march=x86-64
  [ "$(count '_mm[0-9]*_' x86-64)" -eq 0 ] || fail "x86-64: intrinsics in the SSE-only output"
fi
for m in neoverse-v1 apple-m1; do
  check $m "--target=aarch64-linux-gnu -mcpu=$m" - || continue
  [ "$(count vfmaq_f32 $m)" -gt 0 ] || fail "$m: no vfmaq_f32 (the NEON micro-kernel)"
  if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    compile $m aarch64-linux-gnu-gcc
  else
    echo "note: no aarch64-linux-gnu-gcc: $m's output not compiled"
  fi
done
if [ "$fails" -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "sample-targets: samples/bmm.fast.sched for $n CPUs, 0 failed"
