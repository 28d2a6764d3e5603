#!/bin/sh
# make bench: measures, in one run on one core, each variant of each
# problem (medians of several runs, in ROUNDS interleaved rounds, default 3,
# and CLOSE_ROUNDS, default 11, for the variants within 1.15x of the
# fastest and the fast schedules) and prints a table — ms, GFLOP/s, % of
# the measured FMA peak, ratio to the fastest library — also written as CSV
# to bench/results/<date>.csv.
#   bench/run.sh BUILD_DIR [problem...]     problems: bmm sgemm1024 sgemm2048
# (BUILD_DIR absolute or relative.)  Variants missing a schedule file, and
# the scheduling-language anchors of bmm (Halide 14: bench/halide, MLIR 19:
# bench/mlir) when their toolchains are missing, are skipped with a note;
# when present, they run with the best register tile and k block of a
# small sweep on this CPU (bench/anchors_sweep.sh).
# OpenBLAS runs twice: as shipped and forced to its AVX-512 kernels; the
# fastest library row is the anchor of the ratio column.
set -eu
build=${1:-build}; [ $# -eq 0 ] || shift
problems=${*:-bmm sgemm1024 sgemm2048}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# BUILD_DIR absolute, or relative to the current directory, else to the
# repository root (as in compile-time.sh)
if [ -d "$build" ]; then build=$(cd "$build" && pwd); else build=$root/$build; fi
out=$build/bench
mkdir -p "$out" "$here/results"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 BLIS_NUM_THREADS=1
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
CLANG=${CLANG:-clang-19}
GCC=${GCC:-gcc}
CXX=${CXX:-clang++-19}
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"
csv=$here/results/$(date +%Y-%m-%d-%H%M).csv

$CLANG -O2 "$here/peak.c" -o "$out/peak"
$pin "$out/peak" >"$out/peak.txt"
peak=$(awk '/peak_avx512/ {print $2}' "$out/peak.txt")
peak2=$(awk '/peak_avx2/ {print $2}' "$out/peak.txt")
[ -n "$peak" ] || peak=$peak2
. "$here/cpu.sh"
echo "machine: $(cpu_line), one core"
# OpenBLAS's best kernels for this CPU, from the machine model's ISA
obcore=$(openblas_core "$build")
isa=$("$build/schedcc" --print-target 2>/dev/null | sed -n 's/^isa: //p')
echo "machine model: isa ${isa:-unknown}; OpenBLAS forced to ${obcore:-nothing} (OPENBLAS_CORETYPE) besides its own choice"
echo "measured FMA peak (fp32, one core): $peak GFLOP/s; AVX2 only: ${peak2:--} GFLOP/s"
echo "(% peak of a schedcc-*avx2* variant is of the AVX2 peak)"
echo "problem,variant,median_ms,min_ms,gflops,pct_peak,ratio_to_best_library,checksum" >"$csv"

# build VARIANT PROBLEM_FLAGS COMPILER FLAGS SOURCES... -- LIBS
# (its own variable names: sh has no locals, and the caller's $pflags must
# not take the flags of the previous variant)
build_variant() {
  bv_name=$1 bv_flags=$2 bv_cc=$3; shift 3
  bv_srcs=""; while [ "$1" != "--" ]; do bv_srcs="$bv_srcs $1"; shift; done; shift
  $bv_cc $OPT $bv_flags $bv_srcs "$here/harness.c" -o "$out/$bv_name" "$@" 2>"$out/$bv_name.log" || {
    echo "  (skipped $bv_name: build failed, see $out/$bv_name.log)"; return 1; }
}

# run_round "VARIANT..." FILE: one run of each variant (NAME:REPS[:KIND]),
# "NAME <median ms> <min ms> <GFLOP/s> <checksum> KIND" appended to FILE
run_round() {
  for v in $1; do
    name=${v%%:*}; rest=${v#*:}; r=${rest%%:*}
    bin=$name envs=""
    case $name in
      *.openblas-*) bin=${name%-*} envs="OPENBLAS_CORETYPE=${name##*-}";;
      *.halide) [ -f "$out/$p.halide.env" ] && envs=$(cat "$out/$p.halide.env");;
    esac
    res=$(env $envs $pin "$out/$bin" "$r" 2>"$out/$name.err") || { echo "  (failed: $name, see $out/$name.err)"; continue; }
    echo "$name $res ${rest#*:}" >>"$2"
  done
}

# summarize_rounds FILE NAME...: per NAME, the line of its median round
# with the fastest run of all its rounds as min, on stdout
summarize_rounds() {
  sr_file=$1; shift
  for sr_name in "$@"; do
    awk -v n="$sr_name" '$1 == n' "$sr_file" | sort -g -k2 | awk '
      { line[NR] = $0; if (NR == 1 || $3 < mn) mn = $3 }
      END {
        if (NR == 0) exit
        split(line[int((NR + 1) / 2)], f, " ")
        print f[1], f[2], mn, f[4], f[5], f[6]
      }'
  done
}
rounds=${ROUNDS:-3}
close_rounds=${CLOSE_ROUNDS:-11}

for p in $problems; do
  case $p in
    bmm) pflags="-DBENCH_BMM"; src=$root/samples/bmm.c; fn=bmm; sched_base=$root/samples/bmm; reps=5; slow=3;;
    sgemm1024) pflags="-DBENCH_SGEMM=1024"; src=$here/kernels/sgemm.c; fn=sgemm; sched_base=$here/kernels/sgemm; reps=5; slow=2;;
    sgemm2048) pflags="-DBENCH_SGEMM=2048"; src=$here/kernels/sgemm.c; fn=sgemm; sched_base=$here/kernels/sgemm; reps=5; slow=1;;
    *) echo "unknown problem $p"; exit 2;;
  esac
  echo
  echo "== $p"
  wrap="-DKERNEL_FN=$fn $here/kernels/wrap.c"
  variants=""
  build_variant "$p.clang-O3" "$pflags -DKERNEL_SOURCE=\"$src\"" $CLANG $wrap -- && variants="$variants $p.clang-O3:$slow"
  build_variant "$p.gcc-O3" "$pflags -DKERNEL_SOURCE=\"$src\"" $GCC $wrap -- && variants="$variants $p.gcc-O3:$slow"
  build_variant "$p.clang-omp-tile" "$pflags -fopenmp" $CLANG "$here/kernels/omp_tile.c" -- && variants="$variants $p.clang-omp-tile:$slow"
  for sched in "$sched_base".sched "$sched_base".*.sched; do
    [ -f "$sched" ] || continue
    v=$(basename "$sched" .sched)
    if "$build/schedcc" "$src" -s "$sched" -o "$out/$v.$p.c" -- -march=native 2>"$out/$v.$p.log"; then
      # code for an ISA this host lacks (AVX-512 schedules on an AVX2 host)
      if ! why=$(sh "$root/test/difftol/isa-flags.sh" "$out/$v.$p.c"); then
        echo "  (skipped schedcc $v: $why)"
        continue
      fi
      # the libraries of loop.to_library calls (bmm.lib: libxsmm)
      libs=$(sed -n 's|^/\* schedcc-link: \(.*\) \*/$|\1|p' "$out/$v.$p.c" | tr '\n' ' ')
      build_variant "$p.schedcc-$v" "$pflags -DKERNEL_SOURCE=\"$out/$v.$p.c\"" $CLANG $wrap -- -lm $libs && variants="$variants $p.schedcc-$v:$reps"
    else
      echo "  (skipped schedcc $v: $(head -1 "$out/$v.$p.log"))"
    fi
  done
  # OpenBLAS twice: as Debian ships it (its run-time CPU detection; on Zen 5
  # OpenBLAS 0.3.21 picks its Haswell = AVX2 kernels, on Intel family 6
  # model 207 its Prescott = SSE3 ones) and forced to its best kernels for
  # this CPU (OPENBLAS_CORETYPE, the same binary), each candidate
  # bench/cpu.sh names: SkylakeX and Zen (AMD) or Haswell where the machine
  # model has AVX-512, else Zen or Haswell with AVX2
  if build_variant "$p.openblas" "$pflags -DBENCH_OPENBLAS -I/usr/include/x86_64-linux-gnu/openblas-pthread" $CLANG "$here/kernels/cblas.c" -- -lopenblas; then
    variants="$variants $p.openblas:$reps:lib"
    for core in $obcore; do
      variants="$variants $p.openblas-$(echo "$core" | tr 'A-Z' 'a-z'):$reps:lib"
    done
  fi
  build_variant "$p.blis" "$pflags -I/usr/include/x86_64-linux-gnu/blis-openmp" $CLANG "$here/kernels/cblas.c" -- -lblis && variants="$variants $p.blis:$reps:lib"
  build_variant "$p.libxsmm" "$pflags" $CLANG "$here/kernels/libxsmm.c" -- $(pkg-config --libs libxsmm) -lopenblas && variants="$variants $p.libxsmm:$reps:lib"
  # the scheduling-language anchors of the case study (bench/halide,
  # bench/mlir), when their toolchains are installed
  if [ "$p" = bmm ]; then
    if [ -f /usr/include/halide14/Halide.h ]; then
      $CLANG $OPT $pflags -c "$here/harness.c" -o "$out/harness-$p.o" &&
        $CXX -std=c++17 -O2 -I/usr/include/halide14 "$here/halide/bmm.cpp" "$out/harness-$p.o" \
          -o "$out/$p.halide" -lHalide14 -lpthread -ldl 2>"$out/$p.halide.log" &&
        variants="$variants $p.halide:$reps:lang" || echo "  (skipped halide: build failed, see $out/$p.halide.log)"
    else
      echo "  (skipped halide: no Halide 14, Debian libhalide14-0-dev: scripts/install-deps.sh --bench)"
    fi
    if command -v mlir-opt-19 >/dev/null && command -v mlir-translate-19 >/dev/null; then
      CLANG=$CLANG sh "$here/mlir/build.sh" "$out/$p.mlir-kernel.o" >"$out/$p.mlir.log" 2>&1 &&
        build_variant "$p.mlir" "$pflags" $CLANG "$here/mlir/driver.c" "$out/$p.mlir-kernel.o" -- &&
        variants="$variants $p.mlir:$reps:lang" || echo "  (skipped mlir: build failed, see $out/$p.mlir.log)"
    else
      echo "  (skipped mlir: no mlir-opt-19/mlir-translate-19, Debian mlir-19-tools: scripts/install-deps.sh --bench)"
    fi
    # the anchors at their best on this CPU: a sweep of their register tile
    # and k block (bench/anchors_sweep.sh; ANCHOR_SWEEP=0 keeps the
    # defaults tuned on a Zen 5 core)
    rm -f "$out/$p.halide.env"
    if [ "${ANCHOR_SWEEP:-1}" != 0 ]; then
      hb=-; [ -x "$out/$p.halide" ] && hb=$out/$p.halide
      CLANG=$CLANG sh "$here/anchors_sweep.sh" "$out" "$hb" "${isa:-avx512}" | sed 's/^/  (/; s/$/)/'
    fi
  fi

  # Round 1 runs every variant; rounds 2..ROUNDS (default 3) run again, in
  # turn, those within 3x of the fastest median of round 1 (the plain C
  # and the naive schedules, 1 s and more per call, run once), and rounds
  # ROUNDS+1..CLOSE_ROUNDS (default 11) the contenders, those within 1.15x
  # of it or of the fastest of their kind (library, scheduling language):
  # a burst of other work on the shared machine then spreads over
  # the contenders instead of hitting one of them, and the rows that
  # issue 25's goals compare (bmm.fast against MLIR and Halide, sgemm
  # against OpenBLAS's best kernels), which a shared host moves by 2-10%
  # between runs of 3 rounds, get a median of 11.  A variant's time is the
  # median of its rounds' medians, its min the fastest run of all rounds.
  : >"$out/$p.rounds"
  run_round "$variants" "$out/$p.rounds"
  fastest=$(awk '{print $2}' "$out/$p.rounds" | sort -g | head -1)
  again=""
  for v in $variants; do
    awk -v n="${v%%:*}" -v f="$fastest" '$1 == n && $2 <= 3 * f {found = 1} END {exit !found}' \
      "$out/$p.rounds" && again="$again $v"
  done
  round=2
  while [ "$round" -le "$rounds" ]; do
    run_round "$again" "$out/$p.rounds"
    round=$((round + 1))
  done
  # the contenders, from the medians of the rounds so far: within 1.15x of
  # the fastest variant, or of the fastest of their kind (the library that
  # the ratio column divides by, the fastest scheduling-language anchor),
  # and always the fast schedules, whose rows the goals compare: three
  # rounds of a busy host once put bmm.fast at 10.2, 9.7 and 8.1 ms, beside
  # 7.3 for the same code as bmm.matmul (2026-12-02)
  names=""
  for v in $variants; do names="$names ${v%%:*}"; done
  summarize_rounds "$out/$p.rounds" $names >"$out/$p.results"
  close=""
  for v in $again; do
    awk -v n="${v%%:*}" '
      { k = $6 == "lib" || $6 == "lang" ? $6 : "-"
        if (f == "" || $2 < f) f = $2
        if (!(k in best) || $2 < best[k]) best[k] = $2
        if ($1 == n) { t = $2; kind = k } }
      END { exit !(t != "" && (t <= 1.15 * f || (kind != "-" && t <= 1.15 * best[kind]))) }' \
      "$out/$p.results" && close="$close $v" && continue
    case ${v%%:*} in *.schedcc-*.fast) close="$close $v";; esac
  done
  while [ "$round" -le "$close_rounds" ]; do
    run_round "$close" "$out/$p.rounds"
    round=$((round + 1))
  done
  names=""
  for v in $variants; do names="$names ${v%%:*}"; done
  summarize_rounds "$out/$p.rounds" $names >"$out/$p.results"
  best=$(awk '$6 == "lib" {print $2}' "$out/$p.results" | sort -g | head -1)
  ref=$(awk '$6 == "lib" {print $5; exit}' "$out/$p.results")
  printf '%-34s %10s %9s %8s %9s %s\n' variant "ms" "GFLOP/s" "% peak" "best lib" "checksum"
  while read -r name med min gf check kind; do
    pk=$peak
    case $name in *schedcc-*avx2*) pk=${peak2:-$peak};; esac
    pct=$(awk -v g="$gf" -v p="$pk" 'BEGIN {printf "%.1f", 100 * g / p}')
    ratio=$(awk -v m="$med" -v b="${best:-0}" 'BEGIN {if (b > 0) printf "%.2fx", b / m; else print "-"}')
    flag=""
    [ -n "$ref" ] && awk -v a="$check" -v b="$ref" 'BEGIN {d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b; exit !(d > 1e-3 * s + 1e-3)}' && flag=" (checksum differs!)"
    printf '%-34s %10.2f %9.1f %8s %9s %s%s\n' "${name#$p.}" "$med" "$gf" "$pct" "$ratio" "$check" "$flag"
    echo "$p,${name#$p.},$med,$min,$gf,$pct,$ratio,$check" >>"$csv"
  done <"$out/$p.results"
  for e in "$out/$p.openblas.err" "$out/$p.openblas-"*.err; do
    [ -f "$e" ] && sed -n "s|^openblas core: |  ($(basename "$e" .err | sed "s/^$p.//"): OpenBLAS kernels for |p" "$e" | sed 's/$/)/'
  done
  cn=""; for v in $close; do cn="$cn ${v%%:*}"; done
  echo "  (medians of $((rounds > close_rounds ? rounds : close_rounds)) rounds:$(echo "$cn" | sed "s/ $p\./ /g"); the others of $rounds, or of 1 beyond 3x the fastest)"
  # the scheduling-language anchors (kind "lang": Halide, MLIR)
  awk '$6 == "lang"' "$out/$p.results" | sort -g -k2 | head -1 |
    while read -r name med _; do echo "  (fastest scheduling-language anchor: ${name#$p.}, $med ms)"; done
done
echo
echo "ratio: fastest library's median time / this variant's (above 1 = faster than every library)"
echo "CSV: $csv"

# Case study 5: schedcc-tune on bmm with samples/bmm.tune.sched
# (BENCH_TUNE_TRIALS trials, default 60; 0 skips it): the best time, the
# speed-up over the starting point (the schedule's defaults, the
# schedcc-bmm.tune row above) and the trial that reached it; the trials'
# CSV and the plot (best time so far against trials) go next to the CSV.
trials=${BENCH_TUNE_TRIALS:-60}
case " $problems " in
  *" bmm "*)
    if [ "$trials" -gt 0 ] && /usr/bin/python3 -c "import optuna, matplotlib" 2>/dev/null; then
      echo
      echo "== bmm: schedcc-tune, $trials trials (samples/bmm.tune.sched)"
      # the trials built by the compiler that builds the harness (the
      # tuner's default is cc), each run timing the fastest of 3 calls
      if CC=$CLANG $pin "$build/schedcc-tune" "$root/samples/bmm.c" -s "$root/samples/bmm.tune.sched" \
        --trials "$trials" --runs 3 --tolerance 1e-4 --args="--values --reps 3" \
        --time-pattern 'bmm: ([0-9.]+) ms' -o "$out/bmm.best.sched" \
        --csv "${csv%.csv}-tune.csv" --plot "${csv%.csv}-tune.png" \
        -- -ffp-contract=off 2>"$out/tune.log"; then
        grep 'best:' "$out/tune.log" | sed 's/^schedcc-tune: /  /'
        echo "  best schedule: $out/bmm.best.sched; trials: ${csv%.csv}-tune.csv; plot: ${csv%.csv}-tune.png"
        # the tuned schedule on the same footing as the table: built into
        # the bench harness, timed in CLOSE_ROUNDS interleaved rounds with
        # bmm.fast and the scheduling-language anchors (the tuner's own
        # times come from samples/bmm.c's timer, in another process)
        p=bmm
        if "$build/schedcc" "$root/samples/bmm.c" -s "$out/bmm.best.sched" -o "$out/tuned.bmm.c" \
             -- -march=native 2>"$out/tuned.bmm.log" &&
           build_variant bmm.schedcc-tuned "-DBENCH_BMM -DKERNEL_SOURCE=\"$out/tuned.bmm.c\"" $CLANG \
             "$here/kernels/wrap.c" -DKERNEL_FN=bmm -- -lm; then
          tv="bmm.schedcc-tuned:5"
          for a in bmm.schedcc-bmm.fast bmm.mlir bmm.halide; do
            [ -x "$out/$a" ] && tv="$tv $a:5"
          done
          : >"$out/tuned.rounds"
          round=1
          while [ "$round" -le "$rounds" ] || [ "$round" -le "$close_rounds" ]; do
            run_round "$tv" "$out/tuned.rounds"
            round=$((round + 1))
          done
          summarize_rounds "$out/tuned.rounds" bmm.schedcc-tuned bmm.schedcc-bmm.fast bmm.mlir bmm.halide |
            awk -v r="$((rounds > close_rounds ? rounds : close_rounds))" '{ printf "%s%s %.2f ms", (NR > 1 ? ", " : "  in the harness, median of " r " interleaved rounds: "), substr($1, 5), $2 }
              END { if (NR) print "" }'
          summarize_rounds "$out/tuned.rounds" bmm.schedcc-tuned |
            awk -v c="$csv" '{ printf "bmm,schedcc-tuned,%s,%s,%s,-,-,%s\n", $2, $3, $4, $5 >>c }'
        else
          echo "  (the tuned schedule did not build: see $out/tuned.bmm.log)"
        fi
      else
        echo "  (schedcc-tune failed: see $out/tune.log)"
      fi
    else
      echo "(schedcc-tune skipped: BENCH_TUNE_TRIALS=0 or no python3-optuna/matplotlib)"
    fi;;
esac
echo
echo "== compile time: schedcc on every sample schedule next to the C compiler on its output"
sh "$here/compile-time.sh" "$build" || echo "(compile time: a schedule missed the goal or failed, see above)"
