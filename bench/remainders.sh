#!/bin/sh
# bench/remainders.sh BUILD_DIR [problem...] — issue 25's "remainders
# that do not fall off a cliff": the shipped fast schedule of each
# bandwidth-bound sample timed at row lengths that are no multiple of its
# vector loop's step, against the same schedule at a long row.
#
#   problems: rowsum colsum transpose dwconv (default: all four)
#
# Each size keeps the bytes of a call near one working set in the L2 cache
# (so the row length, not the cache level, changes between sizes):
#   rowsum, colsum   m x n floats, m = 65536 / n (256 KiB of A); n = 1024
#                    (the long row), 1000, 640, 333, 320, 200, 130, 128,
#                    100, 64, 33, 17
#   transpose        m x n, m = 65536 / n (A 256 KiB, B 256 KiB); n = 256
#                    (256 x 256, the long row), 250, 200, 160, 130, 100,
#                    64, 33, 17
#   dwconv           h x w x c, 3 x 3 filter; 14 x 14 x 512 (the long row,
#                    as bench/dwconv.sh), 14 x 14 x 500, 320, 130, 100,
#                    64 (c), 13 x 13 x 512, 15 x 15 x 512, 7 x 7 x 512
# Variants: samples/<problem>.fast.sched (schedcc, then clang-19 -O3
# -march=native, as bench/bandwidth.sh and bench/dwconv.sh build it) and
# the copy anchor of the same bytes (bench/copy.c through bench/bandwidth.c;
# memcpy through bench/kernels/dwconv_harness.c for dwconv).  ROUNDS
# (default 5) interleaved rounds of the two per size, pinned to core
# ${BENCH_CPU:-1}; a size's value is the median of its rounds.  Prints per
# size the variant's GB/s, its % of the copy in the same rounds, and "vs
# long", that % over the long row's: the speed per byte of this row length
# relative to a long row, with the copy's own drift divided out.  Goal
# (issue 25): every "vs long" >= 0.90.  The last line per problem is the
# lowest.  CSV: bench/results/remainders-<date>.csv.  SCHED=FILE times
# FILE in place of the fast schedule (give one problem with it).
set -eu
build=${1:-build}; [ $# -eq 0 ] || shift
problems=${*:-rowsum colsum transpose dwconv}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
out=$build/bench/remainders
mkdir -p "$out" "$here/results"
pin=""
command -v taskset >/dev/null && pin="taskset -c ${BENCH_CPU:-1}"
CLANG=${CLANG:-clang-19}
ROUNDS=${ROUNDS:-5}
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
csv=$here/results/remainders-$(date +%Y-%m-%d-%H%M).csv
. "$here/cpu.sh"
echo "machine: $(cpu_line), one core ($pin)"
echo "problem,size,gbps,copy_gbps,pct_copy,vs_long" >"$csv"

# med: the median of the numbers on stdin, one per line
med() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

for p in $problems; do
  sched=${SCHED:-$root/samples/$p.fast.sched}
  case $p in
    rowsum | colsum | transpose)
      flag=-DBW_$(echo "$p" | tr a-z A-Z)
      if [ "$p" = transpose ]; then ns="256 250 200 160 130 100 64 33 17"; else ns="1024 1000 640 333 320 200 130 128 100 64 33 17"; fi
      "$build/schedcc" "$root/samples/$p.c" -s "$sched" -o "$out/$p.c" -- -march=native 2>"$out/$p.log" || { echo "  (skipped $p: $(head -1 "$out/$p.log"))"; continue; }
      $CLANG $OPT -DSCHEDCC_NO_MAIN "$flag" "$out/$p.c" "$here/bandwidth.c" -o "$out/$p" -lm
      $CLANG $OPT -DBW_COPY "$here/copy.c" "$here/bandwidth.c" -o "$out/$p.copy" -lm
      sizes=""
      for n in $ns; do sizes="$sizes $((65536 / n))x$n"; done
      ;;
    dwconv)
      "$build/schedcc" "$root/samples/dwconv.c" -s "$sched" -o "$out/dwconv.c" -- -march=native 2>"$out/dwconv.log" || { echo "  (skipped dwconv: $(head -1 "$out/dwconv.log"))"; continue; }
      $CLANG $OPT -Wno-unknown-pragmas -DBATCH_US=500 -DKERNEL_SOURCE="\"$out/dwconv.c\"" "$here/kernels/dwconv_harness.c" -o "$out/dwconv" -lm
      $CLANG $OPT -Wno-unknown-pragmas -DBATCH_US=500 -DBENCH_MEMCPY "$here/kernels/dwconv_harness.c" -o "$out/dwconv.copy" -lm
      sizes="14x14x512 14x14x500 14x14x320 14x14x130 14x14x100 14x14x64 13x13x512 15x15x512 7x7x512"
      ;;
    *) echo "unknown problem $p"; exit 2;;
  esac
  if ! why=$(sh "$root/test/difftol/isa-flags.sh" "$out/$p.c"); then
    echo "  (skipped $p: $why)"
    continue
  fi
  echo
  echo "== $p ($(basename "$sched"))"
  printf '%-12s %9s %9s %7s %8s\n' size "GB/s" "copy GB/s" "% copy" "vs long"
  long="" worst="" worst_size=""
  for s in $sizes; do
    args=$(echo "$s" | tr x ' ')
    : >"$out/t.v"; : >"$out/t.c"
    r=0
    while [ $r -lt "$ROUNDS" ]; do
      if [ "$p" = dwconv ]; then
        # <median us> <min us> <GB/s> ...: the same bytes for both
        $pin "$out/dwconv.copy" $args | cut -d' ' -f3 >>"$out/t.c"
        $pin "$out/dwconv" $args | cut -d' ' -f3 >>"$out/t.v"
      else
        # <median ns> <GB/s> ...
        $pin "$out/$p.copy" $args 7 "$p" | cut -d' ' -f2 >>"$out/t.c"
        $pin "$out/$p" $args 7 | cut -d' ' -f2 >>"$out/t.v"
      fi
      r=$((r + 1))
    done
    g=$(med <"$out/t.v"); c=$(med <"$out/t.c")
    pct=$(awk -v g="$g" -v c="$c" 'BEGIN {printf "%.1f", 100 * g / c}')
    [ -n "$long" ] || long=$pct
    vs=$(awk -v p="$pct" -v l="$long" 'BEGIN {printf "%.2f", p / l}')
    if [ -z "$worst" ] || awk -v a="$vs" -v b="$worst" 'BEGIN {exit !(a < b)}'; then worst=$vs worst_size=$s; fi
    printf '%-12s %9.1f %9.1f %7.0f %8s\n' "$s" "$g" "$c" "$pct" "$vs"
    echo "$p,$s,$g,$c,$pct,$vs" >>"$csv"
  done
  echo "lowest vs long: $worst at $worst_size (goal: >= 0.90)"
done
echo
echo "vs long: the size's % of copy over the first (long-row) size's; CSV: $csv"
