/* interchange.c — loop.interchange: swaps two loops of a perfect band.
 *
 * The chain a = L0, L1, ..., Lm = b (each the only node of the previous
 * one's body) becomes b, L1, ..., Lm-1, a.  Nodes are moved, not rebuilt:
 * every loop keeps its iv, bounds, label and attributes.  Refused when a
 * loop's bounds read the iv of a loop that would move inside it.  Legality
 * with respect to data dependences is not checked here.
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §5.2 (loop interchange).
 */
#include "xf_util.h"

#include "../deps/dep.h"

xf_status xf_interchange(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                         ir_node **out_a, ir_node **out_b) {
  if (!a || !b || a->kind != IR_NODE_LOOP || b->kind != IR_NODE_LOOP) {
    scc_fail(ctx, a ? a->loc : (scc_loc){0},
             "loop.interchange needs two loops");
    return XF_SILENCEABLE;
  }
  if (a == b) {
    *out_a = a;
    *out_b = b;
    return XF_OK;
  }
  ir_node *outer = a, *inner = b;
  if (ir_node_within(a, b))
    outer = b, inner = a;
  else if (!ir_node_within(b, a)) {
    scc_fail(ctx, b->loc, "loops '%s' and '%s' are not nested in each other",
             xf_iv_name(a), xf_iv_name(b));
    return XF_SILENCEABLE;
  }
  int n = ir_depth(inner) - ir_depth(outer) + 1;
  ir_node **band = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)n);
  band[0] = outer;
  for (int d = 1; d < n; d++) {
    band[d] = ir_loop_only_child_loop(band[d - 1]);
    if (!band[d]) {
      scc_fail(ctx, band[d - 1]->loc,
               "loops '%s' and '%s' are not a perfect band: the body of "
               "loop '%s' is not a single loop",
               xf_iv_name(outer), xf_iv_name(inner), xf_iv_name(band[d - 1]));
      return XF_SILENCEABLE;
    }
  }
  int *perm = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  for (int d = 0; d < n; d++)
    perm[d] = d;
  perm[0] = n - 1;
  perm[n - 1] = 0;
  if (!xf_permutation_bounds_ok(ctx, band, perm, n))
    return XF_SILENCEABLE;
  if (!xf_band_final_values_unread(
          ctx, k, band, n,
          scc_arena_printf(ctx->arena, "loop.interchange of '%s' and '%s'",
                           xf_iv_name(a), xf_iv_name(b))))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_permutation(ctx, k, band, n, perm, &why)) {
    scc_fail(ctx, outer->loc, "loop.interchange of '%s' and '%s' %s",
             xf_iv_name(a), xf_iv_name(b), why);
    return XF_SILENCEABLE;
  }
  xf_permute_band(band, perm, n);
  *out_a = a;
  *out_b = b;
  return XF_OK;
}
