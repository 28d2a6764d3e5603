/* pack.c — STUB, to be replaced: loop.pack. */
#include "xf.h"

xf_status xf_pack(scc_ctx *ctx, ir_kernel *k, ir_node *loop, const char *array,
                  ir_node **out) {
  (void)k, (void)loop, (void)array, (void)out;
  scc_fail(ctx, (scc_loc){0}, "loop.pack is not implemented yet");
  return XF_SILENCEABLE;
}
