/* split.c — STUB, to be replaced. */
#include "xf.h"
xf_status xf_split(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int64_t div_by, ir_node **main_out, ir_node **rest_out) {
  (void)k; (void)loop; (void)div_by; (void)main_out; (void)rest_out;
  scc_fail(ctx, (scc_loc){0}, "loop.split is not implemented yet");
  return XF_SILENCEABLE;
}
