/* unroll_and_jam.c — STUB, to be replaced: loop.unroll_and_jam. */
#include "xf.h"

xf_status xf_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int64_t factor, ir_node **main_out,
                            ir_node **rest_out) {
  (void)k, (void)loop, (void)factor, (void)main_out, (void)rest_out;
  scc_fail(ctx, (scc_loc){0}, "loop.unroll_and_jam is not implemented yet");
  return XF_SILENCEABLE;
}
