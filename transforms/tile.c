/* tile.c — STUB, to be replaced. */
#include "xf.h"
xf_status xf_tile(scc_ctx *ctx, ir_kernel *k, ir_node *outer, const int64_t *sizes, int n, ir_node **loops_out) {
  (void)k; (void)outer; (void)sizes; (void)n; (void)loops_out;
  scc_fail(ctx, (scc_loc){0}, "loop.tile is not implemented yet");
  return XF_SILENCEABLE;
}
