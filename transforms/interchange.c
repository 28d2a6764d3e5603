/* interchange.c — STUB, to be replaced. */
#include "xf.h"
xf_status xf_interchange(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b, ir_node **out_a, ir_node **out_b) {
  (void)k; (void)a; (void)b; (void)out_a; (void)out_b;
  scc_fail(ctx, (scc_loc){0}, "loop.interchange is not implemented yet");
  return XF_SILENCEABLE;
}
