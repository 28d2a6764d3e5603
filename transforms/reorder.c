/* reorder.c — STUB, to be replaced. */
#include "xf.h"
xf_status xf_reorder(scc_ctx *ctx, ir_kernel *k, ir_node **loops, int n, ir_node **out) {
  (void)k; (void)loops; (void)n; (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.reorder is not implemented yet");
  return XF_SILENCEABLE;
}
