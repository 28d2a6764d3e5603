/* skew.c — STUB, to be replaced: loop.skew. */
#include "xf.h"

xf_status xf_skew(scc_ctx *ctx, ir_kernel *k, ir_node *outer, ir_node *inner,
                  int64_t factor, ir_node **outer_out, ir_node **inner_out) {
  (void)k, (void)outer, (void)inner, (void)factor, (void)outer_out,
      (void)inner_out;
  scc_fail(ctx, (scc_loc){0}, "loop.skew is not implemented yet");
  return XF_SILENCEABLE;
}
