// bmm.mlir — the case study (samples/bmm.c: C[b][i][j] += A[b][i][k] *
// B[b][k][j], 6 x 196x2305 . 2305x256, float) as one MLIR 19
// linalg.batch_matmul.  The function takes memrefs (bare pointers after
// --convert-func-to-llvm=use-bare-ptr-memref-call-conv:
//   void bmm_mlir(float *A, float *B, float *C);)
// and works on tensors views of them, so that the schedule
// (bench/mlir/bmm.schedule.mlir, Transform dialect) can keep the C tile in
// loop-carried values; one-shot bufferization writes the result in place
// into C (restrict: the three arrays do not overlap).
func.func @bmm_mlir(%A: memref<6x196x2305xf32>, %B: memref<6x2305x256xf32>,
                    %C: memref<6x196x256xf32>) {
  %a = bufferization.to_tensor %A restrict : memref<6x196x2305xf32>
  %b = bufferization.to_tensor %B restrict : memref<6x2305x256xf32>
  %c = bufferization.to_tensor %C restrict writable : memref<6x196x256xf32>
  %r = linalg.batch_matmul
         ins(%a, %b : tensor<6x196x2305xf32>, tensor<6x2305x256xf32>)
         outs(%c : tensor<6x196x256xf32>) -> tensor<6x196x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
      : (tensor<6x196x256xf32>, memref<6x196x256xf32>) -> ()
  return
}
