#!/bin/sh
# make bench (stencils): PolyBench jacobi-2d at the LARGE size (N = 1300,
# TSTEPS = 500) on one core: the plain sample built by clang-19 -O3
# -march=native (the anchor), against schedcc's output of each
# samples/jacobi2d*.sched (jacobi2d.sched: spatial tiling only;
# jacobi2d.fast.sched: shifted fusion, skew and time tiling, vectorized
# rows), built with the same compiler and flags.  Each program times its
# kernel (its own stderr line) and prints checksums of both arrays, which
# must equal the anchor's (the schedules do not reassociate: bit-exact).
# Medians of REPS runs (default 5), the variants interleaved run by run,
# pinned to one core; a table, and CSV in bench/results/stencil-<date>.csv.
#   bench/stencil.sh BUILD_DIR        (REPS=3 bench/stencil.sh build: faster)
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
out=$build/bench/stencil
mkdir -p "$out" "$here/results"
CLANG=${CLANG:-clang-19}
REPS=${REPS:-5}
CPU=${CPU:-1}
pin=""
command -v taskset >/dev/null && pin="taskset -c $CPU"
SIZE="-DN=1300 -DTSTEPS=500"
# _POSIX_C_SOURCE on the command line: the generated file includes
# <immintrin.h> and <stdint.h> before the sample defines it (clock_gettime)
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
csv=$here/results/stencil-$(date +%Y-%m-%d-%H%M).csv
echo "problem,variant,median_ms,min_ms,speedup_vs_clang_O3,checksum" >"$csv"

src=$root/samples/jacobi2d.c
variants="clang-O3"
$CLANG $OPT $SIZE "$src" -o "$out/jacobi2d.clang-O3"
for sched in "$root"/samples/jacobi2d.sched "$root"/samples/jacobi2d.*.sched; do
  [ -f "$sched" ] || continue
  v=schedcc-$(basename "$sched" .sched)
  if "$build/schedcc" "$src" -s "$sched" -o "$out/$v.c" -- -march=native \
    2>"$out/$v.log" &&
    $CLANG $OPT $SIZE "$out/$v.c" -o "$out/jacobi2d.$v" 2>>"$out/$v.log"; then
    variants="$variants $v"
  else
    echo "  (skipped $v: $(head -1 "$out/$v.log"))"
  fi
done

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), core $CPU"
echo "jacobi-2d LARGE (N = 1300, TSTEPS = 500, double), $CLANG $OPT, median of $REPS runs"
for v in $variants; do : >"$out/$v.ms"; done
r=0
while [ $r -lt "$REPS" ]; do
  for v in $variants; do
    $pin "$out/jacobi2d.$v" >"$out/$v.out" 2>"$out/$v.err"
    sed -n 's/^jacobi2d: \([0-9.]*\) ms$/\1/p' "$out/$v.err" >>"$out/$v.ms"
  done
  r=$((r + 1))
done

median() { sort -n "$1" | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.1f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
base=$(median "$out/clang-O3.ms")
printf '%-28s %10s %10s %9s  %s\n' variant median_ms min_ms speedup checksum
for v in $variants; do
  med=$(median "$out/$v.ms")
  min=$(sort -n "$out/$v.ms" | head -1)
  sp=$(awk -v b="$base" -v m="$med" 'BEGIN {printf "%.2f", b / m}')
  ok=same
  cmp -s "$out/$v.out" "$out/clang-O3.out" || ok=DIFFERS
  printf '%-28s %10s %10s %8sx  %s\n' "$v" "$med" "$min" "$sp" "$ok"
  echo "jacobi2d-large,$v,$med,$min,$sp,$ok" >>"$csv"
done
echo "(CSV: $csv)"
