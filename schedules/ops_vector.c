/* ops_vector.c — the handler of loop.vectorize:
 *
 *   [%v =] loop.vectorize %l {width = W, isa = "avx512", contract, reassoc,
 *                             interleave = K, fma_adds = F, align, masked}
 *
 * width: lanes (default: one register of the element type for the ISA, 8
 * for "scalar"); isa: "avx512", "avx2", "sse4.2", "neon", "scalar" (default:
 * the kernel's, else --target-isa / -march=, else the host's); contract: allow
 * fused multiply-adds; reassoc: allow reductions to be reassociated;
 * interleave: K copies of the vector body, K accumulators per reduction;
 * fma_adds: F of those K accumulators of each sum reduction add through
 * fused multiply-adds by 1 (the same values; on the FMA pipes of AMD Zen
 * 4/5, beside the add pipes) (xf_vectorize_interleaved); 0, as a schedule
 * computes it from the machine model's `fadd_units` where the adds share
 * the FMA pipes, none; masked: the
 * remainder one masked vector iteration on avx2 too (the default on
 * avx512).  Each
 * payload loop of %l is vectorized (xf_vectorize); %v holds the vector
 * loops.
 */
#include "sched_int.h"

bool sched_op_vectorize(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  int64_t width;
  if (!sched_attr_num(r, s, "width", 2, 64, 0,
                      "loop.vectorize: {width = W} takes the lanes of a "
                      "vector",
                      &width))
    return false;
  ir_isa isa;
  if (!sched_get_isa(r, s, "loop.vectorize",
                     "\"avx512\", \"avx2\", \"sse4.2\", \"neon\" or \"scalar\"",
                     &isa))
    return false;
  int64_t interleave = 1; /* {interleave = K}: K accumulators per reduction */
  const sched_attr *il = sched_attr_find(s, "interleave");
  if (il) {
    interleave = sched_get_num(r, &il->value);
    if (interleave < 1 || interleave > 16) {
      scc_error(r->ctx, il->value.loc,
                "loop.vectorize: {interleave = K} must be between 1 and 16, "
                "got %lld",
                (long long)interleave);
      return false;
    }
  }
  int64_t fma_adds = 0; /* {fma_adds = F}: F accumulators add on FMA units */
  const sched_attr *fa = sched_attr_find(s, "fma_adds");
  if (fa) {
    fma_adds = sched_get_num(r, &fa->value);
    if (fma_adds < 0) {
      scc_error(r->ctx, fa->value.loc,
                "loop.vectorize: {fma_adds = F} must not be negative (0: no "
                "addition through FMAs), got %lld",
                (long long)fma_adds);
      return false;
    }
    if (fma_adds > interleave) {
      scc_error(r->ctx, fa->value.loc,
                "loop.vectorize: {fma_adds = %lld} is more than the %lld "
                "accumulator%s of each sum reduction (the interleave); use "
                "{interleave = K} with K >= %lld, or a smaller fma_adds",
                (long long)fma_adds, (long long)interleave,
                interleave == 1 ? "" : "s", (long long)fma_adds);
      return false;
    }
  }
  xf_vec_opts o = {.width = (int)width,
                   .isa = isa,
                   .contract = sched_attr_find(s, "contract") != NULL,
                   .reassoc = sched_attr_find(s, "reassoc") != NULL,
                   .interleave = (int)interleave,
                   .fma_adds = (int)fma_adds,
                   .align = sched_attr_find(s, "align") != NULL,
                   .masked = sched_attr_find(s, "masked") != NULL};
  sched_consume(r, s, &h, 1);
  scc_vec loops = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *v = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l ||
        !sched_xf_done(r, s, xf_vectorize_interleaved(r->ctx, r->k, l, &o, &v)))
      return false;
    sched_remark_vectorize(r, s, &b, o.contract, o.reassoc, o.fma_adds, v);
    scc_vec_push(r->ctx->arena, &loops, v);
  }
  sched_set_result(r, s, 0, &loops);
  return true;
}
