/* scalar_replace.c — STUB, to be replaced: loop.scalar_replace. */
#include "xf.h"

xf_status xf_scalar_replace(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            ir_node **out) {
  (void)k, (void)loop, (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.scalar_replace is not implemented yet");
  return XF_SILENCEABLE;
}
