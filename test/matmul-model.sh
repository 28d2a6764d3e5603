#!/bin/sh
# What the library's @matmul (schedules/lib/matmul.sched) chooses from the
# machine model of each named CPU, and the loop order it emits:
#   test/matmul-model.sh SCHEDCC ROOT
# For each -march= below, `include @matmul(%root)` on
# bench/kernels/gemm_mnk.c (sizes and leading dimensions as parameters)
# must note, under -v, the vectors per row and the k block the model gives
# (kc = l2_bytes / 4 / (vecs * vector bytes), at most 1024 with 512-bit
# vectors and 512 otherwise), every k tile loop of the output must step by
# that kc, and with AVX-512 the version for a large B must run its k
# blocks outermost, then the 64-column tiles, then the 6-row tiles (a
# k tile loop whose next loop is a column tile loop whose next loop is a
# row tile loop): with the column tiles outermost, as until 2026-12-01,
# every column tile read all of A again (bench/README.md, "k blocks
# outermost").  Nothing is compiled or run: the choices are checked in the
# generated C, the speed in `make bench`.
set -u
schedcc=$1 root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-mmodel.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
printf 'import "lib/matmul.sched"\nnamed_sequence @gemm_mnk(%%root) {\n  include @matmul(%%root)\n}\n' >"$tmp/m.sched"
# check MARCH VECS KC ORDER: ORDER "kji" = the AVX-512 large-B order must
# be there, "-" = not checked (AVX2: @matmul_avx2_blocked)
check() {
  march=$1 vecs=$2 kc=$3 order=$4
  if ! SCHEDCC_LIB=$root/schedules "$schedcc" "$root/bench/kernels/gemm_mnk.c" \
    -s "$tmp/m.sched" -o "$tmp/$march.c" -v -- -march="$march" 2>"$tmp/$march.err"; then
    fail "$march: schedcc failed"; cat "$tmp/$march.err"; return
  fi
  grep -q "'%vecs' = $vecs " "$tmp/$march.err" || fail "$march: no note '%vecs' = $vecs"
  grep -q "'%kc' = $kc " "$tmp/$march.err" || fail "$march: no note '%kc' = $kc"
  # the tile loops' names and steps, in the order of the output
  grep -o 'for ([a-z ]*[a-z_0-9]* = [^;]*; [^;]*; [a-z_0-9]* += [0-9]*)' "$tmp/$march.c" |
    sed 's/.*; \([a-z_0-9]*\) += \([0-9]*\))/\1 \2/' >"$tmp/$march.loops"
  ks=$(awk '$1 ~ /^k_t[0-9]*$/ {print $2}' "$tmp/$march.loops" | sort -u | tr '\n' ' ')
  [ "$ks" = "$kc " ] || fail "$march: k tile loops step by '$ks', expected $kc"
  if [ "$order" = kji ]; then
    awk -v kc="$kc" '
      { name[NR] = $1; step[NR] = $2 }
      END {
        for (l = 1; l + 2 <= NR; l++)
          if (name[l] ~ /^k_t/ && step[l] == kc && name[l + 1] ~ /^j_t/ &&
              step[l + 1] == 64 && name[l + 2] ~ /^i_t/ && step[l + 2] == 6)
            exit 0
        exit 1
      }' "$tmp/$march.loops" ||
      fail "$march: no k block loop (step $kc) around a 64-column tile loop around a 6-row tile loop: $(tr '\n' ' ' <"$tmp/$march.loops")"
  fi
}
# AVX-512, 32 registers, 1 MiB L2: 6 x 4 vectors, kc 1024 (the cap)
check znver4 4 1024 kji
check skylake-avx512 4 1024 kji
# 2 MiB L2: the model's 2048, capped at 1024
check sapphirerapids 4 1024 kji
# AVX2, 512 KiB and 256 KiB L2: the model's 2048 and 1024, capped at 512
check znver2 2 512 -
check haswell 2 512 -
if [ "$fails" -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "matmul-model: 5 CPUs, 0 failed"
