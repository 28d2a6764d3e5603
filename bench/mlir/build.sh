#!/bin/sh
# build.sh — lowers the MLIR anchor of the case study to an object file:
#   bench/mlir/build.sh OUT.o
# bmm.mlir (linalg.batch_matmul) is scheduled by bmm.schedule.mlir with
# mlir-opt-19's Transform dialect interpreter, lowered to the LLVM dialect
# (bare-pointer calling convention: void bmm_mlir(float *, float *,
# float *)), translated to LLVM IR by mlir-translate-19 and compiled by
# clang-19 -O3 -march=native.  Intermediate files go next to OUT.o.
# MLIR_BMM_TILE="ROWS, COLS, KC" (default "7, 32, 256") changes the tile of
# the schedule, for tuning.
set -eu
out=$1
here=$(cd "$(dirname "$0")" && pwd)
base=${out%.o}
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-19}
CLANG=${CLANG:-clang-19}
sched=$here/bmm.schedule.mlir
if [ -n "${MLIR_BMM_TILE:-}" ]; then
  sed "s/tile_sizes \[1, 7, 32, 256\]/tile_sizes [1, $MLIR_BMM_TILE]/" "$sched" >"$base.schedule.mlir"
  sched=$base.schedule.mlir
fi
$MLIR_OPT "$here/bmm.mlir" \
  --transform-preload-library=transform-library-paths="$sched" \
  --transform-interpreter -o "$base.sched.mlir"
$MLIR_OPT "$base.sched.mlir" \
  --convert-vector-to-scf=full-unroll=true --lower-affine --convert-scf-to-cf \
  --convert-vector-to-llvm --expand-strided-metadata --lower-affine \
  --finalize-memref-to-llvm --convert-arith-to-llvm \
  --convert-func-to-llvm=use-bare-ptr-memref-call-conv=1 --convert-cf-to-llvm \
  --reconcile-unrealized-casts -o "$base.llvm.mlir"
$MLIR_TRANSLATE --mlir-to-llvmir "$base.llvm.mlir" -o "$base.ll"
$CLANG -O3 -march=native -c "$base.ll" -o "$out"
