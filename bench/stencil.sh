#!/bin/sh
# make bench (stencils): PolyBench jacobi-2d, heat-3d, seidel-2d and
# fdtd-2d at the LARGE size (jacobi-2d N = 1300, TSTEPS = 500; heat-3d
# N = 120, TSTEPS = 500; seidel-2d N = 2000, TSTEPS = 500; fdtd-2d
# TMAX = 500, NX = 1000, NY = 1200) on one core: each plain sample built
# by clang-19 -O3 -march=native (the anchor), against schedcc's output of
# each samples/<name>*.sched
# (jacobi2d.sched: spatial tiling only; the .fast.sched: shifted fusion,
# skew and time tiling, vectorized rows; seidel2d's: skew and wavefront
# tiles; fdtd2d's: fusion, code sinking, time tiling), built with the
# same compiler and flags (fdtd-2d on both sides with -ffp-contract=off:
# clang would contract the original's `ey - 0.5 * (...)` into FMAs, the
# vector code not).  Each program times its kernel (its own stderr line)
# and prints checksums of its arrays, which
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
# _POSIX_C_SOURCE on the command line: the generated file includes
# <immintrin.h> and <stdint.h> before the sample defines it (clock_gettime)
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
csv=$here/results/stencil-$(date +%Y-%m-%d-%H%M).csv
echo "problem,variant,median_ms,min_ms,speedup_vs_clang_O3,checksum" >"$csv"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), core $CPU"
median() { sort -n "$1" | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.1f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# bench_one SAMPLE SIZE_FLAGS DESCRIPTION
bench_one() {
  p=$1 size=$2 what=$3
  src=$root/samples/$p.c
  variants="clang-O3"
  $CLANG $OPT $size "$src" -o "$out/$p.clang-O3"
  for sched in "$root/samples/$p.sched" "$root/samples/$p".*.sched; do
    [ -f "$sched" ] || continue
    v=schedcc-$(basename "$sched" .sched)
    if "$build/schedcc" "$src" -s "$sched" -o "$out/$v.c" -- -march=native \
      2>"$out/$v.log" &&
      { sh "$root/test/difftol/isa-flags.sh" "$out/$v.c" >>"$out/$v.log" ||
        { echo "$(tail -1 "$out/$v.log")" >"$out/$v.log"; false; }; } &&
      $CLANG $OPT $size "$out/$v.c" -o "$out/$p.$v" 2>>"$out/$v.log"; then
      variants="$variants $v"
    else
      echo "  (skipped $v: $(head -1 "$out/$v.log"))"
    fi
  done
  echo
  echo "== $p: $what, $CLANG $OPT, median of $REPS runs"
  for v in $variants; do : >"$out/$p.$v.ms"; done
  r=0
  while [ $r -lt "$REPS" ]; do
    for v in $variants; do
      $pin "$out/$p.$v" >"$out/$p.$v.out" 2>"$out/$p.$v.err"
      sed -n "s/^$p: \([0-9.]*\) ms\$/\1/p" "$out/$p.$v.err" >>"$out/$p.$v.ms"
    done
    r=$((r + 1))
  done
  base=$(median "$out/$p.clang-O3.ms")
  printf '%-28s %10s %10s %9s  %s\n' variant median_ms min_ms speedup checksum
  for v in $variants; do
    med=$(median "$out/$p.$v.ms")
    min=$(sort -n "$out/$p.$v.ms" | head -1)
    sp=$(awk -v b="$base" -v m="$med" 'BEGIN {printf "%.2f", b / m}')
    ok=same
    cmp -s "$out/$p.$v.out" "$out/$p.clang-O3.out" || ok=DIFFERS
    printf '%-28s %10s %10s %8sx  %s\n' "$v" "$med" "$min" "$sp" "$ok"
    echo "$p-large,$v,$med,$min,$sp,$ok" >>"$csv"
  done
}

bench_one jacobi2d "-DN=1300 -DTSTEPS=500" "jacobi-2d LARGE (N = 1300, TSTEPS = 500, double)"
bench_one heat3d "-DN=120 -DTSTEPS=500" "heat-3d LARGE (N = 120, TSTEPS = 500, double)"
bench_one seidel2d "-DN=2000 -DTSTEPS=500" "seidel-2d LARGE (N = 2000, TSTEPS = 500, double)"
bench_one fdtd2d "-DTMAX=500 -DNX=1000 -DNY=1200 -ffp-contract=off" "fdtd-2d LARGE (TMAX = 500, NX = 1000, NY = 1200, double; -ffp-contract=off)"
echo "(CSV: $csv)"
