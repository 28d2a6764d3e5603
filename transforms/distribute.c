/* distribute.c — STUB, to be replaced: loop.distribute. */
#include "xf.h"

xf_status xf_distribute(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        ir_node ***out, int *nout) {
  (void)k, (void)loop, (void)out, (void)nout;
  scc_fail(ctx, (scc_loc){0}, "loop.distribute is not implemented yet");
  return XF_SILENCEABLE;
}
