#!/bin/sh
# anchors_sweep.sh — the scheduling-language anchors of the case study at
# their best on the CPU that runs the benchmark: times a small sweep of the
# register tile and k block of the Halide anchor (bench/halide/bmm.cpp,
# through its HALIDE_BMM_* variables: 12 configurations) and of the MLIR
# anchor (bench/mlir/build.sh with MLIR_BMM_TILE: 10 configurations),
# 3 runs each, one core, and writes what bench/run.sh then runs as the
# `halide` and `mlir` rows:
#   OUT/bmm.halide.env   the best Halide configuration (NAME=VALUE ...)
#   OUT/bmm.mlir         the MLIR binary of the best tile (a copy)
# and one line per anchor on stdout ("halide: best of 12 on this CPU: ...").
#   bench/anchors_sweep.sh OUT HALIDE_BIN [ISA]
# HALIDE_BIN: the built Halide anchor ($OUT/bmm.halide), or - to skip;
# the MLIR sweep needs mlir-opt-19 (skipped without).  ISA: the machine
# model's (`schedcc --print-target`, default avx512).  With AVX-512 the
# shapes swept are the ones that won somewhere: 14 x 2 vectors (Zen 5),
# 6 x 4 (Intel Sapphire/Emerald Rapids: issue 25), 7 x 4 (the former
# defaults), 4 x 4.  With AVX2 (16 ymm registers; a "vector" of the Halide
# anchor is 16 floats, two ymm, and MLIR's rows must divide 196) those
# spill: the shapes that fit 16 registers instead, Halide 6 x 1 vector
# (12 ymm accumulators), 5 x 1, 4 x 1, 3 x 2, 7 x 1, MLIR 4 x 16, 14 x 8,
# 7 x 8, 2 x 32, 4 x 32 (on a Zen 5 core running AVX2 code, 2026-12-02:
# Halide 6 x 1 with KC 512 13.2 ms, MLIR 4 x 16 x 256 15.4; with the
# AVX-512 lists the best were 19.7 and 19.1).
set -eu
out=$1 halide=$2 isa=${3:-avx512}
here=$(cd "$(dirname "$0")" && pwd)
pin=""; command -v taskset >/dev/null && pin="taskset -c ${BENCH_CPU:-0}"
CLANG=${CLANG:-clang-19}
OPT="-std=c17 -O3 -march=native -D_POSIX_C_SOURCE=200809L"

# The checksum of the plain C (OUT/bmm.clang-O3, built by bench/run.sh
# before the sweep; one run): a configuration whose checksum differs from
# it by more than 1e-4 relative computes something else and is not taken.
ref=""
[ -x "$out/bmm.clang-O3" ] && ref=$($pin "$out/bmm.clang-O3" 1 2>/dev/null | cut -d' ' -f4) || ref=""

# median ms of 3 runs of a binary under an environment (the harness prints
# "median min GFLOP/s checksum"); 1e9 when it fails or its checksum is not
# the plain C's
time_of() {
  r=$(env "$@" 3 2>/dev/null) || r=""
  set -- $r
  if [ $# -lt 4 ] || { [ -n "$ref" ] &&
    ! awk -v a="$4" -v b="$ref" 'BEGIN {d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-4 * m)}'; }; then
    echo 1000000000
  else
    echo "$1"
  fi
}

if [ "$halide" != - ] && [ -x "$halide" ]; then
  best=1000000000 bestcfg=""
  cfgs='"14 2 256" "14 2 512" "6 4 256" "6 4 512" "7 4 256" "7 4 512" \
        "4 4 256" "6 4 0" "7 4 0" "14 2 0" "6 4 128" "14 2 128"'
  [ "$isa" = avx2 ] && cfgs='"6 1 256" "6 1 512" "6 1 128" "5 1 256" "5 1 512" "4 1 256" \
        "4 1 512" "3 2 256" "7 1 256" "4 1 0" "7 1 0" "2 2 256"'
  eval "set -- $cfgs"
  for cfg in "$@"; do
    set -- $cfg
    e="HALIDE_BMM_ROWS=$1 HALIDE_BMM_VECS=$2 HALIDE_BMM_KC=$3 HALIDE_BMM_KU=4"
    t=$(time_of $e $pin "$halide")
    if awk -v a="$t" -v b="$best" 'BEGIN {exit !(a < b)}'; then best=$t bestcfg=$e; fi
  done
  echo "$bestcfg" >"$out/bmm.halide.env"
  echo "halide: best of 12 configurations on this CPU: $bestcfg ($best ms in the sweep)"
fi

if command -v mlir-opt-19 >/dev/null && command -v mlir-translate-19 >/dev/null; then
  best=1000000000 bestcfg=""
  cfgs='"14, 32, 256" "14, 32, 512" "6, 64, 256" "6, 64, 512" "7, 64, 256" \
        "7, 32, 256" "4, 64, 256" "8, 48, 256" "6, 64, 128" "12, 32, 256"'
  [ "$isa" = avx2 ] && cfgs='"4, 16, 256" "4, 16, 512" "4, 16, 128" "14, 8, 256" "14, 8, 512" \
        "7, 8, 256" "2, 32, 256" "4, 32, 256" "7, 16, 256" "2, 64, 256"'
  eval "set -- $cfgs"
  for cfg in "$@"; do
    tag=$(echo "$cfg" | tr -d ' ' | tr ',' 'x')
    if MLIR_BMM_TILE="$cfg" CLANG=$CLANG sh "$here/mlir/build.sh" "$out/sweep-mlir-$tag.o" >"$out/sweep-mlir-$tag.log" 2>&1 &&
      $CLANG $OPT -DBENCH_BMM "$here/mlir/driver.c" "$out/sweep-mlir-$tag.o" "$here/harness.c" \
        -o "$out/sweep-mlir-$tag" 2>>"$out/sweep-mlir-$tag.log"; then
      t=$(time_of $pin "$out/sweep-mlir-$tag")
      if awk -v a="$t" -v b="$best" 'BEGIN {exit !(a < b)}'; then best=$t bestcfg=$cfg besttag=$tag; fi
    fi
  done
  if [ -n "$bestcfg" ]; then
    cp "$out/sweep-mlir-$besttag" "$out/bmm.mlir"
    echo "mlir: best of 10 tiles on this CPU: MLIR_BMM_TILE=\"$bestcfg\" ($best ms in the sweep)"
  fi
fi
