// bmm.schedule.mlir — the Transform dialect schedule of bench/mlir/bmm.mlir
// (MLIR 19): a register-tiled micro-kernel in the style of BLIS.
//   1. tile the batch matmul (b, i, j, k) by (1, 7, 32, 256), the k blocks
//      outside the i and j tiles (interchange): for each block of KC = 256
//      values of k, all 7 x 32 tiles of C; the block of B they read
//      (256 x 256 floats) stays in L2;
//   2. tile each tile's k loop by 1: a 1 x 7 x 32 x 1 matmul per k step;
//   3. vectorize it (vector.contract on 7x1, 1x32, 7x32) and hoist the read
//      and the write of the C tile out of the k loop (on tensors: the
//      tile becomes a loop-carried vector, 14 zmm registers), unroll the
//      k loop by 4;
//   4. bufferize (in place), lower the contraction to outer products (one
//      broadcast of A and two 16-float FMAs per row per k step) and the
//      transfers to loads and stores.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %mm = transform.structured.match ops{["linalg.batch_matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %t1, %l1:4 = transform.structured.tile_using_for %mm tile_sizes [1, 7, 32, 256] interchange = [0, 3, 1, 2]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %kl = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">)
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %fv = transform.structured.vectorize_children_and_apply_patterns %f
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fv {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.apply_cse to %fv : !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %fv
        : (!transform.any_op) -> !transform.any_op
    transform.apply_licm to %loops : !transform.any_op
    %kls = transform.structured.match ops{["scf.for"]} in %fv
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %kls : !transform.any_op {
    ^bb0(%l: !transform.any_op):
      transform.loop.hoist_loop_invariant_subsets %l : !transform.any_op
    }
    %m = transform.bufferization.one_shot_bufferize %root
        : (!transform.any_op) -> !transform.any_op
    %fb = transform.structured.match ops{["func.func"]} in %m
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fb {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %fb : !transform.any_op
    transform.apply_patterns to %fb {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    %ct = transform.structured.match ops{["vector.contract"]} in %fb
        : (!transform.any_op) -> !transform.any_op
    %kloop = transform.get_parent_op %ct {op_name = "scf.for"}
        : (!transform.any_op) -> !transform.op<"scf.for">
    transform.loop.unroll %kloop {factor = 4} : !transform.op<"scf.for">
    transform.apply_patterns to %fb {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
