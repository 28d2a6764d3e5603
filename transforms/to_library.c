/* to_library.c — loop.to_library: a loop nest that computes a matrix
 * product becomes one call of a BLAS-like library.
 *
 * The nest is recognized by ir_gemm_match (ir/ir_gemm.h: any loop order,
 * float or double, transposed operands, row-major arrays or linearized
 * pointers with leading dimensions, alpha and beta).  The transform checks
 * what the chosen library accepts and marks the nest's root loop
 * (ir_loop.library); the loops stay in the IR as the meaning of the call
 * (so the dependence analysis, the kernel versioning of arrays that may
 * overlap and later ops see what it computes) and as its run-time
 * fallback.  The backends emit the call (backend/be_c.c, be_llvm_gen.c),
 * matching the nest again there.
 *
 *  - "cblas": cblas_sgemm / cblas_dgemm (CBLAS, the C interface to the
 *    BLAS, netlib's reference and OpenBLAS), CblasRowMajor, with
 *    CblasTrans for a transposed operand, alpha and beta as found.
 *  - "libxsmm": the JIT-compiled small-matrix kernels of libxsmm 1.17
 *    (libxsmm_smmdispatch / libxsmm_dmmdispatch, the "classic" interface
 *    of its manual): the kernel is dispatched once at kernel entry, outside
 *    every loop, and called in the nest's place; libxsmm is column-major,
 *    so the row-major C = A * B is called as the column-major
 *    C^T = B^T * A^T (operands and M, N swapped).  Accepted statically:
 *    sizes and leading dimensions known at kernel entry (constants or
 *    parameters: one kernel per call site), alpha 1, no beta, no
 *    transposed operand (1.17's JIT generates NN kernels only).  A size
 *    the JIT refuses (dispatch returns NULL) runs the loops at run time.
 *
 * Floating point: the library sums the k products in its own order (and
 * may contract them into FMAs): like loop.vectorize {reassoc}, results may
 * differ from the loops' in the last bits.
 */
#include <string.h>

#include "../ir/ir_gemm.h"
#include "xf_util.h"

static bool is_one(const ir_expr *e) {
  return !e || (e->kind == IR_EXPR_FP && e->u.fp.val == 1.0) ||
         (e->kind == IR_EXPR_INT && e->u.ival == 1);
}

xf_status xf_to_library(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        const char *library, ir_gemm *gemm, ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "loop.to_library needs a loop");
    return XF_SILENCEABLE;
  }
  const char *iv = xf_iv_name(loop);
  bool xsmm = strcmp(library, "libxsmm") == 0;
  if (!xsmm && strcmp(library, "cblas") != 0) {
    scc_fail(ctx, loop->loc,
             "unknown library \"%s\" (loop.to_library knows \"cblas\" and "
             "\"libxsmm\")",
             library);
    return XF_SILENCEABLE;
  }
  if (loop->u.loop.library) {
    scc_fail(ctx, loop->loc, "the nest of loop '%s' is already a %s call", iv,
             loop->u.loop.library);
    return XF_SILENCEABLE;
  }
  for (ir_node *p = ir_parent(loop); p; p = ir_parent(p))
    if (p->kind == IR_NODE_LOOP && p->u.loop.library) {
      scc_fail(ctx, loop->loc,
               "loop '%s' is inside the nest of loop '%s', already a %s call",
               iv, xf_iv_name(p), p->u.loop.library);
      return XF_SILENCEABLE;
    }
  const char *why = NULL;
  scc_loc where = loop->loc;
  if (!ir_gemm_match(ctx, loop, gemm, &why, &where)) {
    scc_fail(ctx, where, "the nest of loop '%s' is not a matrix product: %s",
             iv, why);
    return XF_SILENCEABLE;
  }
  /* the call assigns no induction variable: the loops' final values must
   * be unread after the nest (as for a full unroll) */
  const ir_node *ivl[4] = {gemm->loop_i, gemm->loop_j, gemm->loop_k,
                           gemm->scale ? ir_parent(gemm->scale) : NULL};
  for (int i = 0; i < 4; i++)
    if (ivl[i] && ivl[i]->kind == IR_NODE_LOOP &&
        !xf_final_value_unread(ctx, k, loop, ivl[i]->u.loop.iv,
                               "loop.to_library"))
      return XF_SILENCEABLE;
  if (xsmm) {
    const char *no = NULL;
    ir_expr *sizes[6] = {gemm->m,   gemm->n,   gemm->k,
                         gemm->lda, gemm->ldb, gemm->ldc};
    static const char *const names[6] = {"M", "N", "K", "lda", "ldb", "ldc"};
    for (int i = 0; i < 6 && !no; i++)
      if (ir_gemm_varies(sizes[i]))
        no = scc_arena_printf(
            ctx->arena,
            "%s varies inside the kernel (partial tiles?), but libxsmm "
            "dispatches one kernel per size before the loops; split the loop "
            "so that the tiles divide it (loop.split ... div_by), or use "
            "\"cblas\"",
            names[i]);
    if (!no && (gemm->trans_a || gemm->trans_b))
      no = scc_arena_printf(ctx->arena,
                            "%s is transposed, and libxsmm 1.17 has kernels "
                            "for non-transposed operands only; use \"cblas\"",
                            gemm->trans_a ? "A" : "B");
    if (!no && !is_one(gemm->alpha))
      no = gemm->subtracts
               ? "it subtracts the product (alpha negated), and libxsmm's "
                 "kernels take alpha = 1 only; use \"cblas\""
               : "it scales the product by alpha, and libxsmm's kernels take "
                 "alpha = 1 only; use \"cblas\"";
    if (!no && gemm->beta)
      no = "it scales C by beta first, and libxsmm's kernels accumulate "
           "(beta = 1) here; use \"cblas\"";
    if (no) {
      scc_fail(ctx, loop->loc,
               "libxsmm cannot compute the matrix product of loop '%s': %s", iv,
               no);
      return XF_SILENCEABLE;
    }
  }
  loop->u.loop.library = xsmm ? "libxsmm" : "cblas";
  *out = loop;
  return XF_OK;
}
