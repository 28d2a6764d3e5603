/* hoist.c — STUB, to be replaced: loop.hoist. */
#include "xf.h"

xf_status xf_hoist(scc_ctx *ctx, ir_kernel *k, ir_node *loop, ir_node **out) {
  (void)k, (void)loop, (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.hoist is not implemented yet");
  return XF_SILENCEABLE;
}
