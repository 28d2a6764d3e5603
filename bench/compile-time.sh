#!/bin/sh
# Compile time (not a test): for every sample schedule (samples/*.sched,
# bench/kernels/*.sched), schedcc's time and peak memory next to those of
# the C compiler on schedcc's output (clang-19 -O3 -march=native -c, with
# -fopenmp when the output has OpenMP pragmas; SCHEDCC_CC overrides the
# compiler): CPU time (user + system), wall time and max RSS from GNU time,
# the best of REPS runs (default 3) each.  Prints a table and writes it as
# CSV to bench/results/compile-time-<date>.csv (or to $CSV).
#   bench/compile-time.sh BUILD_DIR [SCHED...]
# The goal (issue 12): schedcc in less CPU time than the compiler it feeds,
# and under 100 MiB.  CPU time is the measure because the wall time of a
# one-thread program on a shared machine mostly measures the other load.
# Exit status 1 when a schedule misses the goal or fails.
set -eu
build=${1:-build}; [ $# -eq 0 ] || shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
[ -x "$build/schedcc" ] || { echo "compile-time: no $build/schedcc (make build)"; exit 2; }
out=$build/bench/compile-time
mkdir -p "$out" "$here/results"
CC=${SCHEDCC_CC:-clang-19}
CFLAGS="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
REPS=${REPS:-3}
csv=${CSV:-$here/results/compile-time-$(date +%Y-%m-%d-%H%M).csv}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "compile-time: needs GNU time (/usr/bin/time, Debian package 'time')"; exit 2; }

scheds=${*:-$(ls "$root"/samples/*.sched "$here"/kernels/*.sched)}

# The kernel source of a schedule: samples/<name>[.variant].sched runs on
# samples/<name>.c, bench/kernels/<name>[.variant].sched on
# bench/kernels/<name>.c, else samples/<name>.c (bmm.parallel.sched).
source_of() {
  d=$(dirname "$1") b=$(basename "$1" .sched)
  n=${b%%.*}
  for c in "$d/$n.c" "$root/samples/$n.c"; do
    [ -f "$c" ] && { echo "$c"; return; }
  done
}

# measure NAME CMD...: the best CPU time (user + system, s), wall time (s)
# and max RSS (KiB) over REPS runs, printed as "CPU WALL KIB"; returns 1
# when a run fails.
measure() {
  name=$1; shift
  best_c="" best_t="" best_m=""
  r=0
  while [ $r -lt "$REPS" ]; do
    $TIME -f '%U %S %e %M' -o "$out/$name.time" "$@" >"$out/$name.log" 2>&1 || return 1
    read -r u s t m <"$out/$name.time"
    best_c=$(awk -v u="$u" -v s="$s" -v b="${best_c:-1e9}" 'BEGIN {c = u + s; printf "%.2f", (c < b) ? c : b}')
    best_t=$(awk -v a="$t" -v b="${best_t:-1e9}" 'BEGIN {print (a < b) ? a : b}')
    best_m=$(awk -v a="$m" -v b="${best_m:-1e18}" 'BEGIN {print (a < b) ? a : b}')
    r=$((r + 1))
  done
  echo "$best_c $best_t $best_m"
}

echo "schedule,source,schedcc_cpu_s,schedcc_wall_s,schedcc_mib,cc_cpu_s,cc_wall_s,cc_mib,cpu_ratio,goal_met" >"$csv"
printf '%-34s %9s %9s %8s | %9s %9s %8s | %6s\n' schedule "schedcc" "(wall)" "MiB" "$CC" "(wall)" "MiB" ratio
fails=0
for s in $scheds; do
  src=$(source_of "$s")
  rel=${s#"$root"/}
  [ -n "$src" ] || { echo "  (skipped $rel: no kernel source)"; continue; }
  v=$(echo "$rel" | tr '/' '_')
  v=${v%.sched}
  if ! sc=$(measure "$v.schedcc" "$build/schedcc" "$src" -s "$s" -o "$out/$v.c"); then
    echo "  (skipped $rel: schedcc failed, see $out/$v.schedcc.log)"
    fails=$((fails + 1))
    continue
  fi
  # what `make bench` does with it: OpenMP only for parallel loops
  omp=""
  grep -q '#pragma omp' "$out/$v.c" && omp=-fopenmp
  if ! cc=$(measure "$v.cc" $CC $CFLAGS $omp -c "$out/$v.c" -o "$out/$v.o"); then
    echo "  (skipped $rel: $CC failed, see $out/$v.cc.log)"
    fails=$((fails + 1))
    continue
  fi
  set -- $sc $cc
  ok=yes
  awk -v a="$1" -v b="$4" -v m="$3" 'BEGIN {exit !(a < b && m < 100 * 1024)}' || ok=no
  [ $ok = yes ] || fails=$((fails + 1))
  ratio=$(awk -v a="$1" -v b="$4" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')
  smib=$(awk -v m="$3" 'BEGIN {printf "%.1f", m / 1024}')
  cmib=$(awk -v m="$6" 'BEGIN {printf "%.1f", m / 1024}')
  flag=""
  [ $ok = yes ] || flag="  (goal missed)"
  printf '%-34s %8ss %8ss %8s | %8ss %8ss %8s | %6s%s\n' "$rel" "$1" "$2" "$smib" "$4" "$5" "$cmib" "$ratio" "$flag"
  echo "$rel,${src#"$root"/},$1,$2,$smib,$4,$5,$cmib,$ratio,$ok" >>"$csv"
done
echo
echo "best of $REPS runs each; times are CPU (user + system) with wall in parentheses, memory is max RSS;"
echo "ratio: schedcc CPU time / $CC CPU time (goal: below 1, and schedcc under 100 MiB)"
echo "CSV: $csv"
[ $fails -eq 0 ]
