#!/bin/sh
# matmul_shapes.sh — the portable whole matmul (schedules/lib/matmul.sched,
# `include @matmul(%root)` on bench/kernels/gemm_mnk.c: sizes and leading
# dimensions as parameters) against OpenBLAS at a spread of shapes, on one
# core: square, odd, tall-skinny, short-wide, K = 96, K = 16, M = N = 200
# with K = 3000.  OpenBLAS runs as shipped and forced to its best kernels
# for this CPU (each OPENBLAS_CORETYPE bench/cpu.sh names from the machine
# model, as bench/run.sh); the ratio is against the fastest (the forced
# kernels alone when MARCH's ISA is narrower than the host's).  Prints the CPU, a row per shape and the
# geometric mean of the ratios.  MARCH (default native) is the -march of
# schedcc's machine model and of every build: MARCH=znver2 runs the AVX2
# code, and OpenBLAS's AVX2 kernels, on an AVX-512 host (an AVX2-only
# EPYC's instruction set on this core: the same two FMA pipes per cycle on
# Zen 4, not the same caches).  Each shape runs ROUNDS rounds (default 5)
# of every variant in turn; a time is the median of the rounds' medians
# of REPS calls (default 7).
#   [MARCH=CPU] [ROUNDS=N] bench/matmul_shapes.sh [BUILD_DIR] [REPS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}; reps=${2:-7}
[ -d "$build" ] || build=$root/$build
out=$build/matmul_shapes; mkdir -p "$out"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
pin=""; command -v taskset >/dev/null && pin="taskset -c 0"
CLANG=${CLANG:-clang-19}
MARCH=${MARCH:-native}
OPT="-std=c17 -O3 -march=$MARCH -D_POSIX_C_SOURCE=200809L"
. "$here/cpu.sh"
echo "machine: $(cpu_line), one core$([ "$MARCH" = native ] || echo ", code for -march=$MARCH")"
obcore=$(openblas_core "$build" -march=$MARCH)
isa=$("$build/schedcc" --print-target -- -march=$MARCH | sed -n 's/^isa: //p')
hostisa=$("$build/schedcc" --print-target | sed -n 's/^isa: //p')
# OpenBLAS as shipped picks its kernels for the host, not for MARCH: with
# code for a narrower ISA than the host's (MARCH=znver2 on an AVX-512
# core) it would run AVX-512 kernels against AVX2 code, so only the forced
# kernels of MARCH's ISA are the anchor then (the column is still printed)
shipped=1
if [ "$isa" != "$hostisa" ] && [ -n "$obcore" ]; then
  shipped=0
  echo "(OpenBLAS as shipped runs the host's $hostisa kernels: the ratio is against the forced $isa kernels alone)"
fi
printf 'import "lib/matmul.sched"\nnamed_sequence @gemm_mnk(%%root) {\n  include @matmul(%%root)\n}\n' >"$out/m.sched"
"$build/schedcc" "$here/kernels/gemm_mnk.c" -s "$out/m.sched" -o "$out/gemm.c" -v -- -march=$MARCH 2>"$out/schedcc.log"
echo "@matmul chose: $(grep -o "region [0-9] of 3 applied" "$out/schedcc.log" | head -1); $(grep -o "'%vecs' = [0-9]*\|'%kc' = [0-9]*" "$out/schedcc.log" | tr '\n' ' ')(isa $isa)"
$CLANG $OPT "$here/matmul_shapes.c" "$out/gemm.c" -o "$out/schedcc" -lm
$CLANG $OPT -DUSE_CBLAS -I/usr/include/x86_64-linux-gnu/openblas-pthread "$here/matmul_shapes.c" -o "$out/openblas" -lopenblas
printf '%-22s %10s %8s %12s %8s %14s %8s %7s\n' shape "schedcc ms" "GFLOP/s" "OpenBLAS ms" "GFLOP/s" "forced ms" "GFLOP/s" ratio
logsum=0; n=0
# med: the median of the numbers on stdin, one per line
med() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
# summary FILE MFLOP: "<median ms> <GFLOP/s> <checksum>" of a variant's
# rounds (FILE: a line "<ms> <GFLOP/s> <checksum>" per round)
summary() { m=$(cut -d' ' -f1 "$1" | med); awk -v m="$m" -v f="$2" 'BEGIN {printf "%.4f %.1f ", m, f / m}'; head -1 "$1" | cut -d' ' -f3; }
for s in "1024 1024 1024" "1000 1000 1000" "4096 64 1024" "64 4096 1024" "1024 1024 96" "1024 1024 16" "200 200 3000"; do
  set -- $s
  # ROUNDS rounds (default 5), each running every variant in turn, so that
  # a burst of other work on the machine spreads over the variants instead
  # of hitting one; a variant's time is the median of its rounds' medians
  : >"$out/t.a"; : >"$out/t.b"
  for core in $obcore; do : >"$out/t.$core"; done
  r=0
  while [ $r -lt "${ROUNDS:-5}" ]; do
    $pin "$out/schedcc" $1 $2 $3 "$reps" >>"$out/t.a"
    $pin "$out/openblas" $1 $2 $3 "$reps" 2>/dev/null >>"$out/t.b"
    for core in $obcore; do
      env OPENBLAS_CORETYPE=$core $pin "$out/openblas" $1 $2 $3 "$reps" 2>/dev/null >>"$out/t.$core"
    done
    r=$((r + 1))
  done
  flop=$(awk -v m="$1" -v n="$2" -v k="$3" 'BEGIN {print 2e-6 * m * n * k}')
  a=$(summary "$out/t.a" "$flop"); b=$(summary "$out/t.b" "$flop")
  # forced: the fastest of the candidate kernels (cpu.sh)
  c=""
  for core in $obcore; do
    t=$(summary "$out/t.$core" "$flop")
    [ -z "$c" ] || awk -v x="$(echo "$t" | cut -d' ' -f1)" -v y="$(echo "$c" | cut -d' ' -f1)" 'BEGIN {exit !(x < y)}' && c=$t
  done
  am=$(echo "$a" | cut -d' ' -f1); bm=$(echo "$b" | cut -d' ' -f1); cm=$(echo "${c:-$b}" | cut -d' ' -f1)
  best=$(awk -v x="$bm" -v y="$cm" -v s="$shipped" 'BEGIN {print (s && x < y) ? x : y}')
  ratio=$(awk -v s="$am" -v b="$best" 'BEGIN {printf "%.2f", b / s}')
  # same result (sums of 0.5-bounded values; a relative 1e-3)
  awk -v x="$(echo "$a" | cut -d' ' -f3)" -v y="$(echo "$b" | cut -d' ' -f3)" 'BEGIN {d = x - y; if (d < 0) d = -d; s = y < 0 ? -y : y; exit !(d > 1e-3 * s + 1e-2)}' && ratio="$ratio (checksum differs!)"
  printf '%-22s %10s %8s %12s %8s %14s %8s %7s\n' "$1x$2x$3" "$am" "$(echo "$a" | cut -d' ' -f2)" "$bm" "$(echo "$b" | cut -d' ' -f2)" "$cm" "$(echo "${c:-$b}" | cut -d' ' -f2)" "${ratio}x"
  logsum=$(awk -v l="$logsum" -v r="$(echo "$ratio" | cut -d' ' -f1)" 'BEGIN {print l + log(r)}'); n=$((n + 1))
done
echo "geometric mean of the ratios (OpenBLAS's faster time / schedcc's): $(awk -v l="$logsum" -v n="$n" 'BEGIN {printf "%.2f", exp(l / n)}')x; forced kernels: the faster of ${obcore:-none} per shape"
