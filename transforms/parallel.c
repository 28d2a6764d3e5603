/* parallel.c — STUB, to be replaced: loop.parallel. */
#include "xf.h"

xf_status xf_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                      const char *schedule, bool reduction, ir_node **out) {
  (void)k, (void)loop, (void)schedule, (void)reduction, (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.parallel is not implemented yet");
  return XF_SILENCEABLE;
}
