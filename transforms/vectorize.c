/* vectorize.c — STUB, to be replaced: loop.vectorize. */
#include "xf.h"

xf_status xf_vectorize(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int width,
                       ir_isa isa, bool contract, bool reassoc, ir_node **out) {
  (void)k, (void)loop, (void)width, (void)isa, (void)contract, (void)reassoc,
      (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.vectorize is not implemented yet");
  return XF_SILENCEABLE;
}
