/* fuse.c — STUB, to be replaced: loop.fuse. */
#include "xf.h"

xf_status xf_fuse(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                  ir_node **out) {
  (void)k, (void)a, (void)b, (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.fuse is not implemented yet");
  return XF_SILENCEABLE;
}
