#!/bin/sh
# shapes.sh — the register-tile shape study of issue 12: times the
# parametric AVX-512 micro-kernel of schedules/lib/matmul_avx512.sched on
# one problem of the harness for every shape that fits the register budget
# (rows * vecs + vecs + 1 <= 32 zmm registers).
#
#   bench/shapes.sh [PROBLEM] [ROUNDS]     (run from the source tree, after make build)
#
# PROBLEM: bmm (default; samples/bmm.c), sgemm1024 or sgemm2048
# (bench/kernels/sgemm.c).  Environment: ROWS (default "6 7 8 12 14"), VECS
# ("2 3 4"), KCS ("256 384 512"), MODES ("B N W"), REPS (kernel runs per
# measurement, default 9), CPU_TIME=1 (time the kernel by the thread's CPU
# time, CLOCK_THREAD_CPUTIME_ID, instead of the wall clock: on a machine
# shared with other jobs the wall clock counts their time slices too).
# Modes: B = loop.tile [rows, vecs*16, kc], loop.reorder to column tiles,
# k blocks, row tiles, the micro-kernel, loop.pack B per panel (as
# samples/bmm.fast.sched); N = the same without packing; W = the
# whole-matmul sequence @matmul_avx512(%i, rows, vecs, kc) (any extents:
# the only mode for widths that do not divide the columns).  Each variant
# is built as bench/run.sh builds one (schedcc, then clang-19 -O3
# -march=native with bench/harness.c), run pinned to core 1, ROUNDS times
# (default 1) in turn with the others; prints "round variant median_ms
# min_ms GFLOP/s checksum" lines.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
p=${1:-bmm} rounds=${2:-1}
build=$root/build
out=$build/shapes
mkdir -p "$out"
case $p in
  bmm) pf=-DBENCH_BMM; src=$root/samples/bmm.c; fn=bmm; ncols=256;;
  sgemm1024) pf=-DBENCH_SGEMM=1024; src=$root/bench/kernels/sgemm.c; fn=sgemm; ncols=1024;;
  sgemm2048) pf=-DBENCH_SGEMM=2048; src=$root/bench/kernels/sgemm.c; fn=sgemm; ncols=2048;;
  *) echo "usage: bench/shapes.sh [bmm|sgemm1024|sgemm2048] [ROUNDS]" >&2; exit 2;;
esac
harness=$root/bench/harness.c
if [ "${CPU_TIME:-0}" = 1 ]; then
  sed 's/CLOCK_MONOTONIC/CLOCK_THREAD_CPUTIME_ID/' "$harness" >"$out/harness_cpu.c"
  harness=$out/harness_cpu.c
fi
pin=""
command -v taskset >/dev/null && pin="taskset -c 1"

# schedule R V KC MODE
schedule() {
  echo 'import "lib/matmul_avx512.sched"'
  echo 'named_sequence @main(%root) {'
  echo '  %i = match.loop "i" in %root'
  if [ "$4" = W ]; then
    echo "  include @matmul_avx512(%i, $1, $2, $3)"
  else
    echo "  %t:6 = loop.tile %i tile_sizes [$1, $(($2 * 16)), $3]"
    echo '  %r:6 = loop.reorder [%t#2, %t#3, %t#1, %t#4, %t#6, %t#5]'
    echo "  include @matmul_microkernel_avx512(%r#4, %r#5, %r#6, $1, $2)"
    [ "$4" = B ] && echo '  loop.pack %r#3 "B"'
  fi
  echo '}'
}

variants=""
for kc in ${KCS:-256 384 512}; do
  for r in ${ROWS:-6 7 8 12 14}; do
    for v in ${VECS:-2 3 4}; do
      [ $((r * v + v + 1)) -le 32 ] || continue
      for m in ${MODES:-B N W}; do
        # B and N need column tiles that divide the columns
        [ "$m" = W ] || [ $((ncols % (v * 16))) -eq 0 ] || continue
        name=${r}x${v}_kc${kc}_$m
        schedule "$r" "$v" "$kc" "$m" >"$out/$name.sched"
        if "$build/schedcc" "$src" -s "$out/$name.sched" -o "$out/$name.$p.c" \
          -- -march=native 2>"$out/$name.$p.log" &&
          clang-19 -std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L $pf \
            -DKERNEL_FN=$fn -DKERNEL_SOURCE="\"$out/$name.$p.c\"" \
            "$root/bench/kernels/wrap.c" "$harness" -o "$out/$name.$p" -lm; then
          variants="$variants $name"
        else
          echo "($name: build failed, see $out/$name.$p.log)"
        fi
      done
    done
  done
done
i=1
while [ $i -le "$rounds" ]; do
  for name in $variants; do
    echo "$i $name $($pin "$out/$name.$p" "${REPS:-9}")"
  done
  i=$((i + 1))
done
