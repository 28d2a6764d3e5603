/* peel.c — STUB, to be replaced: loop.peel. */
#include "xf.h"

xf_status xf_peel(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int64_t n,
                  bool front, ir_node **peeled_out, ir_node **rest_out) {
  (void)k, (void)loop, (void)n, (void)front, (void)peeled_out, (void)rest_out;
  scc_fail(ctx, (scc_loc){0}, "loop.peel is not implemented yet");
  return XF_SILENCEABLE;
}
