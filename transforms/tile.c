/* tile.c — loop.tile: tiling of a perfect band.
 *
 * For each dimension d of the band (loop `i`, bounds [lb, ub), step st > 0)
 * with size s > 0:
 *   tile loop:  for (i_t = lb; i_t < ub; i_t += s*st)
 *   point loop: for (i = i_t; i < min(i_t + s*st, ub); i += st)
 * The min is omitted when the trip count is a known multiple of s.  All
 * tile loops go outside, in band order, then all point loops; the point
 * loops are the original loop nodes (they keep iv, label and attributes).
 * A dimension with size 0 is left untiled: its tile loop runs once
 * (`for (i_t = 0; i_t < 1; i_t += 1)`, so that the result always has n tile
 * loops and n point loops) and its point loop is the original loop with
 * its bounds unchanged.
 * A tiled dimension whose bounds read an iv of the band is refused (its
 * tile loop would sit outside the loop defining that iv).
 * Source: M. Wolfe, "More Iteration Space Tiling", Supercomputing 1989.
 */
#include "xf_util.h"

xf_status xf_tile(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                  const int64_t *sizes, int n, ir_node **loops_out) {
  if (n < 1) {
    scc_fail(ctx, outer ? outer->loc : (scc_loc){0},
             "loop.tile needs at least one tile size");
    return XF_SILENCEABLE;
  }
  ir_node **band = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)n);
  if (!xf_collect_band(ctx, outer, n, band))
    return XF_SILENCEABLE;
  for (int d = 0; d < n; d++) {
    ir_loop *l = &band[d]->u.loop;
    if (sizes[d] < 0) {
      scc_fail(ctx, band[d]->loc,
               "loop '%s' cannot be tiled by %lld: tile sizes must be >= 0",
               l->iv->name, (long long)sizes[d]);
      return XF_SILENCEABLE;
    }
    if (sizes[d] == 0)
      continue;
    if (l->step <= 0) {
      scc_fail(ctx, band[d]->loc,
               "loop '%s' has a non-positive step (%lld) and cannot be tiled",
               l->iv->name, (long long)l->step);
      return XF_SILENCEABLE;
    }
    int64_t span;
    if (__builtin_mul_overflow(sizes[d], l->step, &span)) {
      scc_fail(ctx, band[d]->loc, "loop '%s': tile size %lld overflows",
               l->iv->name, (long long)sizes[d]);
      return XF_SILENCEABLE;
    }
    for (int e = 0; e < d; e++)
      if (xf_bounds_use(band[d], band[e]->u.loop.iv)) {
        scc_fail(ctx, band[d]->loc,
                 "bounds of loop '%s' depend on '%s' (non-rectangular band)",
                 l->iv->name, band[e]->u.loop.iv->name);
        return XF_SILENCEABLE;
      }
  }

  /* Rewrite: build the tile loops, then turn the band into point loops. */
  ir_node **tiles = loops_out;
  for (int d = 0; d < n; d++) {
    ir_loop *l = &band[d]->u.loop;
    const char *name = ir_fresh_name(
        ctx, k, scc_arena_printf(ctx->arena, "%s_t", l->iv->name));
    ir_var *t = ir_var_new(ctx, k, name, l->iv->type, IR_VAR_IV, band[d]->loc);
    t->declared_outside = false;
    if (sizes[d] == 0) {
      tiles[d] =
          ir_loop_new(ctx, t, ir_int(ctx, 0), ir_int(ctx, 1), 1, band[d]->loc);
      continue;
    }
    int64_t span = sizes[d] * l->step, trip;
    tiles[d] = ir_loop_new(ctx, t, ir_expr_clone(ctx, l->lb, NULL),
                           ir_expr_clone(ctx, l->ub, NULL), span, band[d]->loc);
    ir_expr *end = ir_add_const(ctx, ir_var_ref(ctx, t), span);
    if (!(ir_loop_const_trip_count(ctx, band[d], &trip) &&
          trip % sizes[d] == 0))
      end = ir_min(ctx, end, l->ub);
    l->lb = ir_var_ref(ctx, t);
    l->ub = end;
  }
  if (band[0]->in)
    ir_replace(band[0], tiles[0]);
  for (int d = 1; d < n; d++)
    ir_block_append(&tiles[d - 1]->u.loop.body, tiles[d]);
  ir_block_append(&tiles[n - 1]->u.loop.body, band[0]);
  for (int d = 0; d < n; d++)
    loops_out[n + d] = band[d];
  return XF_OK;
}
