#!/bin/sh
# Parallel speed-up (not a test): a schedule that uses loop.parallel, run
# with 1 and with 2 OpenMP threads (cores 0 and 0,1) in the benchmark
# harness (bench/harness.c: a warm-up run, then the median of 9 timed runs;
# the same problem sizes as `make bench`).
#   bench/parallel.sh BUILD_DIR PROBLEM SCHED
#     PROBLEM: bmm (samples/bmm.c) or sgemm1024, sgemm2048 (bench/kernels/sgemm.c)
#   e.g. bench/parallel.sh build bmm bench/kernels/bmm.parallel.sched
set -eu
build=$1 problem=$2 sched=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$(cd "$build" && pwd)/bench
mkdir -p "$out"
CC=${CC:-clang-19}
case $problem in
  bmm) src=$root/samples/bmm.c fn=bmm pflags=-DBENCH_BMM;;
  sgemm1024) src=$here/kernels/sgemm.c fn=sgemm pflags=-DBENCH_SGEMM=1024;;
  sgemm2048) src=$here/kernels/sgemm.c fn=sgemm pflags=-DBENCH_SGEMM=2048;;
  *) echo "unknown problem $problem (bmm, sgemm1024, sgemm2048)"; exit 2;;
esac
"$build/schedcc" "$src" -s "$sched" -o "$out/par.c" -- -march=native -fopenmp
$CC -std=c17 -O3 -march=native -fopenmp -D_POSIX_C_SOURCE=200809L $pflags \
  -DKERNEL_SOURCE="\"$out/par.c\"" -DKERNEL_FN=$fn "$here/kernels/wrap.c" \
  "$here/harness.c" -o "$out/par" -lm
t1=$(OMP_NUM_THREADS=1 taskset -c 0 "$out/par" 9 | awk '{print $1}')
t2=$(OMP_NUM_THREADS=2 taskset -c 0,1 "$out/par" 9 | awk '{print $1}')
echo "$problem with $(basename "$sched"): 1 thread $t1 ms, 2 threads $t2 ms, speed-up $(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.2f", a / b}')x"
