#!/bin/sh
# make bench (after bench/run.sh): the bandwidth-bound kernels of issue 13
# at L1, L2 and L3 sizes, on one core, against the copy bandwidth of the
# same bytes measured in the same run.
#   bench/bandwidth.sh BUILD_DIR [problem...]  problems: transpose rowsum colsum
# Variants of each problem: clang-19 -O3 -march=native of the plain sample
# (samples/<problem>.c), schedcc with each samples/<problem>.*.sched (the
# generated C under the same clang flags), for the transposes OpenBLAS's
# cblas_somatcopy (bench/kernels/omatcopy.c, one thread: the library
# anchor), and the anchor: bench/copy.c copying as many bytes (read +
# written) as the problem moves per call.
# Sizes (Zen 5: 48 KiB L1D, 1 MiB L2, 32 MiB shared L3; working set = the
# bytes each call touches):
#   transpose m x n, 8mn bytes:  L1 64 x 64 (32 KiB), L2 256 x 256
#     (512 KiB), L3 1024 x 1024 (8 MiB), and shapes that are no power of
#     two: O2 160 x 320 (400 KiB), O3 1000 x 1280 (10 MiB)
#   rowsum m x n, 4mn bytes:     L1 8 x 1024 (32 KiB), L2 128 x 1024
#     (512 KiB), L3 512 x 4096 (8 MiB) (rows of 4 KiB at L1 and L2), and
#     short rows at L2: R128 512 x 128 (256 KiB), R320 200 x 320 (250 KiB:
#     320 is no multiple of an interleaved vector loop's 128 floats)
#   colsum m x n, 4mn bytes:     the rowsum's sizes
# Each variant binary (bench/bandwidth.c) measures REPS (default 7) batches
# of calls and reports their median; pinned with taskset -c ${BENCH_CPU:-1}.
# The variants of a size run in ROUNDS rounds (default 9), each round every
# variant once in turn, the copy anchor first, so that a burst of other work
# on the shared machine spreads over the variants and the anchor instead of
# hitting one of them; a variant's time is the median of its rounds'
# medians.  Prints GB/s and % of copy of those medians, and of the fastest
# batch over all rounds ("best": other processes' time slices land in some
# batches), writes CSV to
# bench/results/bandwidth-<date>.csv.  Goals (issue 13): transpose >= 50%
# of copy at all three sizes, rowsum >= 90% of copy at L1 and L2, colsum
# at L2 at least as fast as clang -O3.
set -eu
build=${1:-build}; [ $# -eq 0 ] || shift
problems=${*:-transpose rowsum colsum}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
out=$build/bench/bandwidth
mkdir -p "$out" "$here/results"
export OPENBLAS_NUM_THREADS=1
pin=""
command -v taskset >/dev/null && pin="taskset -c ${BENCH_CPU:-1}"
CLANG=${CLANG:-clang-19}
REPS=${REPS:-7}
ROUNDS=${ROUNDS:-9}
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
csv=$here/results/bandwidth-$(date +%Y-%m-%d-%H%M).csv
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), one core ($pin)"
echo "problem,level,m,n,variant,median_ns,gbps,pct_copy,checksum,min_ns,best_gbps,best_pct_copy" >"$csv"

# bw_build NAME FLAG SOURCES...: the harness with one kernel
bw_build() {
  bb_name=$1 bb_flag=$2; shift 2
  $CLANG $OPT -DSCHEDCC_NO_MAIN $bb_flag "$@" "$here/bandwidth.c" -o "$out/$bb_name" -lm \
    2>"$out/$bb_name.log" || { echo "  (skipped $bb_name: build failed, see $out/$bb_name.log)"; return 1; }
}

for p in $problems; do
  case $p in
    transpose) flag=-DBW_TRANSPOSE; sizes="L1:64:64 L2:256:256 L3:1024:1024 O2:160:320 O3:1000:1280";;
    rowsum) flag=-DBW_ROWSUM; sizes="L1:8:1024 L2:128:1024 L3:512:4096 R128:512:128 R320:200:320";;
    colsum) flag=-DBW_COLSUM; sizes="L1:8:1024 L2:128:1024 L3:512:4096";;
    *) echo "unknown problem $p"; exit 2;;
  esac
  src=$root/samples/$p.c
  variants=""
  bw_build "$p.copy" -DBW_COPY "$here/copy.c" && variants="$variants copy"
  bw_build "$p.clang-O3" "$flag" "$src" && variants="$variants clang-O3"
  # the library anchor of the transposes: OpenBLAS's cblas_somatcopy
  if [ "$p" = transpose ] && [ -f /usr/include/x86_64-linux-gnu/openblas-pthread/cblas.h ]; then
    bw_build "$p.openblas" "$flag" -I/usr/include/x86_64-linux-gnu/openblas-pthread \
      "$here/kernels/omatcopy.c" -lopenblas && variants="$variants openblas"
  fi
  for sched in "$root/samples/$p".*.sched; do
    [ -f "$sched" ] || continue
    v=schedcc-$(basename "$sched" .sched | sed "s/^$p\.//")
    if "$build/schedcc" "$src" -s "$sched" -o "$out/$v.$p.c" -- -march=native 2>"$out/$v.$p.log"; then
      if ! why=$(sh "$root/test/difftol/isa-flags.sh" "$out/$v.$p.c"); then
        echo "  (skipped $v: $why)"
        continue
      fi
      bw_build "$p.$v" "$flag" "$out/$v.$p.c" && variants="$variants $v"
    else
      echo "  (skipped $v: $(head -1 "$out/$v.$p.log"))"
    fi
  done
  echo
  echo "== $p"
  printf '%-5s %-11s %-16s %12s %8s %7s %9s %7s\n' level size variant "ns/call" "GB/s" "% copy" "best GB/s" "% copy"
  for s in $sizes; do
    level=${s%%:*}; mn=${s#*:}; m=${mn%%:*}; n=${mn#*:}
    raw=$out/$p.$level.rounds
    : >"$raw"
    r=0
    while [ $r -lt "$ROUNDS" ]; do
      for v in $variants; do
        if [ "$v" = copy ]; then
          res=$($pin "$out/$p.copy" "$m" "$n" "$REPS" "$p")
        else
          res=$($pin "$out/$p.$v" "$m" "$n" "$REPS")
        fi
        echo "$v $res" >>"$raw"
      done
      r=$((r + 1))
    done
    copy_gbps="" copy_best=""
    for v in $variants; do
      # the median of the rounds' medians, the fastest batch of all rounds;
      # bytes per call = GB/s * ns
      set -- $(awk -v v="$v" '$1 == v { n++; t[n] = $2; b = $3 * $2
          if (min == "" || $4 < min) min = $4; sum = $5 }
        END { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
              med = n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
              printf "%.1f %.1f %.1f %s %.1f\n", med, b / med, min, sum, b / min }' "$raw")
      ns=$1 gbps=$2 min=$3 sum=$4 best=$5
      [ "$v" = copy ] && copy_gbps=$gbps copy_best=$best
      pct=$(awk -v g="$gbps" -v c="${copy_gbps:-0}" 'BEGIN { if (c > 0) printf "%.0f", 100 * g / c; else print "-" }')
      bpct=$(awk -v g="$best" -v c="${copy_best:-0}" 'BEGIN { if (c > 0) printf "%.0f", 100 * g / c; else print "-" }')
      [ "$v" = copy ] && sum=-
      printf '%-5s %-11s %-16s %12s %8s %7s %9s %7s\n' "$level" "${m}x$n" "$v" "$ns" "$gbps" "$pct" "$best" "$bpct"
      echo "$p,$level,$m,$n,$v,$ns,$gbps,$pct,$sum,$min,$best,$bpct" >>"$csv"
    done
  done
done
echo
echo "CSV: $csv"
