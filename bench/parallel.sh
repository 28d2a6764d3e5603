#!/bin/sh
# Parallel speed-up (not a test): a schedule that uses loop.parallel, run
# with 1 and with 2 OpenMP threads (cores 0 and 0,1), medians of 3 runs of
# the whole program (each sample prints its kernel time on stderr).
#   bench/parallel.sh BUILD_DIR SRC SCHED      e.g. build samples/bmm.c bench/kernels/bmm.parallel.sched
set -eu
build=$1 src=$2 sched=$3
out=$build/bench
mkdir -p "$out"
CC=${CC:-clang-19}
"$build/schedcc" "$src" -s "$sched" -o "$out/par.c" -- -std=c17 -march=native
$CC -std=c17 -O3 -march=native -fopenmp -D_POSIX_C_SOURCE=200809L "$out/par.c" -o "$out/par" -lm
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
run() { # run THREADS CPUS
  for r in 1 2 3; do
    OMP_NUM_THREADS=$1 taskset -c "$2" "$out/par" 2>&1 >/dev/null | grep -o '[0-9.]* ms' | cut -d' ' -f1
  done | median
}
t1=$(run 1 0)
t2=$(run 2 0,1)
echo "$(basename "$src") with $(basename "$sched"): 1 thread $t1 ms, 2 threads $t2 ms, speed-up $(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.2f", a / b}')x"
