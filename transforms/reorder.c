/* reorder.c — loop.reorder: permutes the loops of a perfect band so that
 * the given loops are, outermost first, in the given order.
 *
 * Nodes are moved, not rebuilt: every loop keeps its iv, bounds, label and
 * attributes, except that a band of two loops whose inner bounds read the
 * outer iv (triangular) has its bounds exchanged by Fourier-Motzkin
 * elimination, as loop.interchange does (xf_exchange_bounds).  Refused
 * when the loops are not exactly a perfect band, or when a loop's bounds
 * read the iv of a loop that would move inside it (other than that), or
 * when the new order would reverse a data dependence
 * (dep_check_permutation; skipped with --unsafe).  Declarations between
 * the band's loops (darknet's `register float A_PART = ALPHA * A[i*lda +
 * k];` before the j loop) are sunk into the innermost band loop first, as
 * loop.tile does (xf_sink.c); on refusal the kernel is restored.
 */
#include "xf_util.h"

#include "../deps/dep.h"

static xf_status reorder_band(scc_ctx *ctx, ir_kernel *k, ir_node **loops,
                              int n, ir_node **out);

typedef struct reorder_args {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node **loops;
  int n;
  ir_node **out;
} reorder_args;

static xf_status reorder_fn(void *data) {
  reorder_args *a = data;
  return reorder_band(a->ctx, a->k, a->loops, a->n, a->out);
}

xf_status xf_reorder(scc_ctx *ctx, ir_kernel *k, ir_node **loops, int n,
                     ir_node **out) {
  ir_node *outer = NULL;
  for (int i = 0; i < n; i++) {
    if (!loops[i] || loops[i]->kind != IR_NODE_LOOP)
      return reorder_band(ctx, k, loops, n, out); /* reports it */
    if (!outer || ir_depth(loops[i]) < ir_depth(outer))
      outer = loops[i];
  }
  reorder_args a = {ctx, k, loops, n, out};
  return xf_with_sunk_decls(ctx, k, outer, n, reorder_fn, &a);
}

static xf_status reorder_band(scc_ctx *ctx, ir_kernel *k, ir_node **loops,
                              int n, ir_node **out) {
  if (n < 1) {
    scc_fail(ctx, (scc_loc){0}, "loop.reorder needs at least one loop");
    return XF_SILENCEABLE;
  }
  ir_node *outer = NULL;
  for (int i = 0; i < n; i++) {
    if (!loops[i] || loops[i]->kind != IR_NODE_LOOP) {
      scc_fail(ctx, loops[i] ? loops[i]->loc : (scc_loc){0},
               "loop.reorder: payload %d is not a loop", i + 1);
      return XF_SILENCEABLE;
    }
    if (!outer || ir_depth(loops[i]) < ir_depth(outer))
      outer = loops[i];
  }
  ir_node **band = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)n);
  if (!xf_collect_band(ctx, outer, n, band))
    return XF_SILENCEABLE;
  int *perm = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  for (int p = 0; p < n; p++) {
    perm[p] = -1;
    for (int d = 0; d < n; d++)
      if (band[d] == loops[p])
        perm[p] = d;
    for (int q = 0; q < p && perm[p] >= 0; q++)
      if (perm[q] == perm[p])
        perm[p] = -1;
    if (perm[p] < 0) {
      scc_fail(ctx, loops[p]->loc,
               "loop '%s' is not part of the perfect band of %d loops at "
               "loop '%s' (or is given twice)",
               xf_iv_name(loops[p]), n, xf_iv_name(outer));
      return XF_SILENCEABLE;
    }
  }
  ir_expr *tri[4] = {0};
  if (n == 2 && perm[0] == 1 && xf_bounds_use(band[1], band[0]->u.loop.iv)) {
    if (!xf_exchange_bounds(ctx, band[0], band[1], tri))
      return XF_SILENCEABLE;
  } else if (!xf_permutation_bounds_ok(ctx, band, perm, n))
    return XF_SILENCEABLE;
  scc_buf names = {0};
  for (int i = 0; i < n; i++)
    scc_buf_printf(&names, "%s'%s'", i ? ", " : "", xf_iv_name(loops[i]));
  const char *what =
      scc_arena_printf(ctx->arena, "loop.reorder of %s", names.data);
  scc_buf_free(&names);
  if (!xf_band_final_values_unread(ctx, k, band, n, what))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_permutation(ctx, k, band, n, perm, &why)) {
    scc_fail(ctx, outer->loc, "%s %s", what, why);
    return XF_SILENCEABLE;
  }
  /* the new outer bounds, formed only where the old outer loop runs */
  ir_expr *guard =
      tri[0] ? xf_exchanged_bounds_guard(ctx, k, band[0], band[1], tri) : NULL;
  xf_permute_band(band, perm, n);
  if (tri[0]) {
    band[1]->u.loop.lb = tri[0];
    band[1]->u.loop.ub = tri[1];
    band[0]->u.loop.lb = tri[2];
    band[0]->u.loop.ub = tri[3];
  }
  if (guard)
    xf_wrap_in_if(ctx, band[1], guard);
  for (int i = 0; i < n; i++)
    out[i] = loops[i];
  return XF_OK;
}
