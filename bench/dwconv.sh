#!/bin/sh
# bench/dwconv.sh BUILD_DIR — the depthwise convolution of samples/dwconv.c
# (MobileNet's DepthwiseConv2D: NHWC, 3 x 3 filter) against its anchor,
# a memcpy of the same bytes, measured in the same run on one core.
#
# For each size (DWCONV_SIZES, default "14x14x512 56x56x128": h x w x c)
# it builds one binary per variant from bench/kernels/dwconv_harness.c:
#
#   memcpy                 the anchor: memcpy of |I| + |F| + |O| bytes
#   clang-O3               samples/dwconv.c, clang-19 -O3 -march=native
#   schedcc-<name>         samples/dwconv.<name>.sched and
#                          bench/kernels/dwconv.<name>.sched (the channel
#                          loop vectorized alone: the issue's first try),
#                          the output compiled like clang-O3
#   onednn                 oneDNN's depthwise convolution (NHWC, the
#                          filter reordered once), when libdnnl-dev is
#                          installed (scripts/install-deps.sh --bench)
#
# and prints, per variant, the median and the minimum time per call over
# ROUNDS rounds (default 9); each round runs every variant once, in turn,
# for RUNS timed batches of calls (default 9, about 0.5 ms each; the
# round's value is their median), so that a burst of other work on the
# machine spreads over the variants instead of hitting one; GB/s
# (the |I| + |F| + |O| bytes over the median: the same count for every
# variant, so the % column is the memcpy's time over the variant's),
# GFLOP/s (2 * h * w * c * 9 flops) and % of the memcpy anchor.  Each
# variant's checksum (sum of O after one call) is compared with clang-O3's.
# CSV: bench/results/dwconv-<date>.csv.  Pinned with taskset -c 1 (CPU in
# DWCONV_CPU).  Times on a shared machine are noisy: compare the ratios.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
out=$build/bench/dwconv
mkdir -p "$out" "$here/results"
export OMP_NUM_THREADS=1
pin=""
command -v taskset >/dev/null && pin="taskset -c ${DWCONV_CPU:-1}"
CLANG=${CLANG:-clang-19}
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L -Wno-unknown-pragmas -DBATCH_US=500"
runs=${RUNS:-9}
rounds=${ROUNDS:-9}
sizes=${DWCONV_SIZES:-14x14x512 56x56x128}
harness=$here/kernels/dwconv_harness.c
csv=$here/results/dwconv-$(date +%Y-%m-%d-%H%M).csv
echo "size,variant,median_us,min_us,gbs,gflops,pct_memcpy,checksum" >"$csv"

# build NAME FLAGS...: the harness with FLAGS into $out/NAME
build() {
  b_name=$1; shift
  $CLANG $OPT "$@" -o "$out/$b_name" 2>"$out/$b_name.log" || {
    echo "  (skipped $b_name: build failed, see $out/$b_name.log)"; return 1; }
}

variants="memcpy"
build memcpy -DBENCH_MEMCPY "$harness" || exit 1
build clang-O3 -DKERNEL_SOURCE="\"$root/samples/dwconv.c\"" "$harness" && variants="$variants clang-O3"
for sched in "$root"/samples/dwconv.*.sched "$here"/kernels/dwconv.*.sched; do
  [ -f "$sched" ] || continue
  v=$(basename "$sched" .sched); v=${v#dwconv.}
  if "$build/schedcc" "$root/samples/dwconv.c" -s "$sched" -o "$out/$v.c" -- -march=native 2>"$out/$v.schedcc.log"; then
    if ! why=$(sh "$root/test/difftol/isa-flags.sh" "$out/$v.c"); then
      echo "  (skipped schedcc $v: $why)"
      continue
    fi
    build "schedcc-$v" -DKERNEL_SOURCE="\"$out/$v.c\"" "$harness" && variants="$variants schedcc-$v"
  else
    echo "  (skipped schedcc $v: $(head -1 "$out/$v.schedcc.log"))"
  fi
done
if [ -f /usr/include/oneapi/dnnl/dnnl.h ]; then
  build onednn -DBENCH_ONEDNN "$harness" -ldnnl && variants="$variants onednn"
else
  echo "  (skipped onednn: no libdnnl-dev: scripts/install-deps.sh --bench)"
fi

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), one core (${pin:-not pinned})"
for size in $sizes; do
  set -- $(echo "$size" | tr 'x' ' ')
  h=$1 w=$2 c=$3
  echo
  echo "== dwconv $size (h x w x c), 3 x 3 filter; anchor: memcpy of I + F + O ($(( ((h + 2) * (w + 2) * c + 9 * c + h * w * c) * 4 / 1024 )) KiB)"
  : >"$out/$size.rounds"
  r=0
  while [ $r -lt "$rounds" ]; do
    for v in $variants; do
      res=$($pin "$out/$v" "$h" "$w" "$c" "$runs" 2>"$out/$v.$size.err") || {
        echo "  (failed: $v, see $out/$v.$size.err)"; continue; }
      echo "$v $res" >>"$out/$size.rounds"
    done
    r=$((r + 1))
  done
  # per variant: the median of the rounds' medians, the least minimum,
  # GB/s and GFLOP/s of that median, the checksum
  : >"$out/$size.results"
  for v in $variants; do
    awk -v v="$v" '$1 == v' "$out/$size.rounds" | sort -g -k2 | awk -v h="$h" -v w="$w" -v c="$c" '
      { med[NR] = $2; if (NR == 1 || $3 < mn) mn = $3; gbs = $4; gf = $5; chk = $6; r = $2 / $4 }
      END {
        if (NR == 0) exit
        m = med[int((NR + 1) / 2)]
        bytes = ((h + 2) * (w + 2) * c + 9 * c + h * w * c) * 4
        flops = 2 * h * w * c * 9
        printf "%s %.3f %.3f %.1f %.1f %s\n", $1, m, mn, bytes / m * 1e-3, (gf > 0 ? flops / m * 1e-3 : 0), chk
      }' >>"$out/$size.results"
  done
  anchor=$(awk '$1 == "memcpy" {print $2}' "$out/$size.results")
  ref=$(awk '$1 == "clang-O3" {print $6}' "$out/$size.results")
  printf '%-22s %10s %10s %8s %9s %9s %s\n' variant "median us" "min us" "GB/s" "GFLOP/s" "% memcpy" checksum
  while read -r name med min gbs gf check; do
    pct=$(awk -v a="$anchor" -v m="$med" 'BEGIN {printf "%.0f", 100 * a / m}')
    flag=""
    if [ "$name" != memcpy ] && [ -n "$ref" ]; then
      awk -v a="$check" -v b="$ref" 'BEGIN {d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b; exit !(d > 1e-4 * s + 1e-4)}' && flag=" (checksum differs!)"
    fi
    [ "$name" = memcpy ] && gf=-
    printf '%-22s %10.2f %10.2f %8.1f %9s %8s%% %s%s\n' "$name" "$med" "$min" "$gbs" "$gf" "$pct" "$check" "$flag"
    echo "$size,$name,$med,$min,$gbs,$gf,$pct,$check" >>"$csv"
  done <"$out/$size.results"
  impl=$(sed -n 's/^oneDNN implementation: //p' "$out/onednn.$size.err" 2>/dev/null || true)
  [ -n "$impl" ] && echo "  (onednn: $impl)"
done
echo
echo "% memcpy: the memcpy's median time over the variant's (above 100: faster than copying the bytes once)"
echo "CSV: $csv"
