/* tile.c — loop.tile: tiling of a perfect band, rectangular or not.
 *
 * For each dimension d of the band (loop `i`, bounds [lb, ub), step st > 0)
 * with size s > 0 whose bounds read no iv of the band (rectangular):
 *   tile loop:  for (i_t = lb; i_t < ub; i_t += s*st)
 *   point loop: for (i = i_t; i < min(i_t + s*st, ub); i += st)
 * The min is omitted when every tile is full: the trip count is a known
 * multiple of s, or ub - lb provably a multiple of s*st (the main part of
 * loop.split: 0 .. 32 * floordiv(n, 32) tiled by 32, or, from a lower
 * bound other than 0, i .. max(i, i + 4 * floordiv(n - i, 4)) tiled by 4:
 * each operand of a min or max in ub a multiple of s*st away from lb).
 * A tiled dimension whose bounds are affine in outer ivs of the band
 * (non-rectangular: triangular bands, or the inner loop of a skewed band,
 * lb + F*i .. ub + F*i) must have step 1; its tile loop runs over the range
 * its bounds take over the whole current outer tile, and its point loop
 * clips to the bounds of the current point:
 *   tile loop:  for (j_t = min lb(i); j_t < max ub(i); j_t += s)
 *   point loop: for (j = max(j_t, lb(i)); j < min(j_t + s, ub(i)); j++)
 * where i ranges over [i_t, min(i_t + s_i, max ub_i) - 1] for a tiled i and
 * over its whole range for an untiled one, and the min (max) of an affine
 * bound over that box takes each band iv at its lower end when its
 * coefficient is positive (negative) and at its upper end otherwise.  The
 * tile loops cover every point exactly once (tiles outside the domain are
 * empty), so the result is exact for any affine bounds.
 * All tile loops go outside, in band order, then all point loops; the point
 * loops are the original loop nodes (they keep iv, label and attributes).
 * A dimension with size 0 is left untiled: its tile loop runs once
 * (`for (i_t = 0; i_t < 1; i_t += 1)`, so that the result always has n tile
 * loops and n point loops) and its point loop is the original loop with
 * its bounds unchanged.
 * Before anything changes, dep_check_tiling_sizes must find the band
 * permutable in its tiled dimensions: every dependence goes forward (or
 * not at all) in each dimension with a size > 0; the size-0 ones keep
 * their place among the point loops and do not matter ("loop.tile of
 * 'i', 'j' would ..."; with a wavefront hint when a skew fixes it).
 * Declarations between the loops of the band (gemm_nn's `register float
 * A_PART = ALPHA*A[i][k];` before the j loop) are sunk into the innermost
 * band loop when it computes the same value for them in every iteration
 * (xf_sink_band_decls): the band becomes perfect, each point declares its
 * own copy.
 * Refused: not a perfect band (after sinking), sizes < 0, a non-positive step,
 * a non-rectangular tiled dimension with step != 1, bounds that are not affine
 * in the band ivs they read, unsigned ivs or bounds in a non-rectangular
 * dimension, a dependence the tiled order would violate. Source: M. Wolfe,
 * "More Iteration Space Tiling", Supercomputing 1989; bounds of tiled
 * non-rectangular (skewed) spaces: Wolfe 1996, §9.5, and J. Xue, "Loop Tiling
 * for Parallelism", 2000, ch. 4.
 */
#include <string.h>

#include "../deps/dep.h"
#include "xf_util.h"

static bool is_unsigned(ir_type t) {
  return t == IR_TY_UINT || t == IR_TY_ULONG || t == IR_TY_ULLONG;
}

/* True when the bounds of band[d] read an iv of band[0..d-1]. */
static bool depends(ir_node **band, int d) {
  for (int e = 0; e < d; e++)
    if (xf_bounds_use(band[d], band[e]->u.loop.iv))
      return true;
  return false;
}

/* The index in band[0..d-1] of loop iv v, or -1. */
static int band_index(ir_node **band, int d, const ir_var *v) {
  for (int e = 0; e < d; e++)
    if (band[e]->u.loop.iv == v)
      return e;
  return -1;
}

/* The min (want_max false) or max of affine bound `x` of band[d] over the
 * box lo[e] <= i_e <= hi[e] of the band ivs it reads. */
static ir_expr *box_extreme(scc_ctx *ctx, ir_node **band, int d, ir_expr *x,
                            ir_expr **lo, ir_expr **hi, bool want_max) {
  ir_affine a;
  if (!ir_expr_to_affine(ctx, x, &a))
    return NULL; /* checked before */
  ir_affine rest = a;
  rest.nterms = 0;
  rest.vars = scc_arena_alloc(ctx->arena, sizeof *rest.vars * (a.nterms + 1));
  rest.coefs = scc_arena_alloc(ctx->arena, sizeof *rest.coefs * (a.nterms + 1));
  for (int t = 0; t < a.nterms; t++)
    if (band_index(band, d, a.vars[t]) < 0) {
      rest.vars[rest.nterms] = a.vars[t];
      rest.coefs[rest.nterms++] = a.coefs[t];
    }
  ir_expr *r = ir_affine_to_expr(ctx, &rest, x->type);
  for (int t = 0; t < a.nterms; t++) {
    int e = band_index(band, d, a.vars[t]);
    if (e < 0)
      continue;
    bool low = (a.coefs[t] > 0) != want_max;
    ir_expr *v = ir_expr_clone(ctx, low ? lo[e] : hi[e], NULL);
    r = ir_add(ctx, r, ir_mul_const(ctx, v, a.coefs[t]));
  }
  return r;
}

/* True when ub - lb is a multiple of span wherever the loop runs: ub a
 * min or max of bounds each a multiple of span away from lb (the main
 * part of loop.split on a loop from i: max(i, i + 4 * floordiv(n - i, 4))
 * minus i is 0 or 4 * floordiv(n - i, 4)), or ub - lb itself one. */
static bool span_divides(scc_ctx *ctx, const ir_node *at, ir_expr *ub,
                         ir_expr *lb, int64_t span) {
  if (ub->kind == IR_EXPR_BINARY &&
      (ub->u.bin.op == IR_OP_MIN || ub->u.bin.op == IR_OP_MAX))
    return span_divides(ctx, at, ub->u.bin.a, lb, span) &&
           span_divides(ctx, at, ub->u.bin.b, lb, span);
  /* (or a condition around the loop says so: loop.specialize) */
  return xf_known_multiple(ctx, at, ir_sub(ctx, ub, lb), span);
}

static xf_status tile_band(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                           const int64_t *sizes, int n, ir_node **loops_out);

/* Declarations between the band's loops (`float a = ...;` before the
 * inner loop) are sunk into the innermost band loop first (xf_sink.c);
 * on refusal the kernel is restored. */
typedef struct tile_args {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node *outer;
  const int64_t *sizes;
  int n;
  ir_node **loops_out;
} tile_args;

static xf_status tile_fn(void *data) {
  tile_args *a = data;
  return tile_band(a->ctx, a->k, a->outer, a->sizes, a->n, a->loops_out);
}

/* ---- the tile loop's type ----------------------------------------------
 * The tile loop `for (t = lb; t < ub; t += span)` computes t + span after
 * its last tile, and the point loop's bound min(t + span, ub) computes it
 * inside: when ub - 1 + span exceeds the iv type's maximum, both leave the
 * type (signed overflow; unsigned wrap-around: a loop that never ends).
 * Kept in the iv's type when an upper bound of ub (xf_upper_bound: a
 * constant, or bounds
 * of the loops around it: the point loop `j_t .. j_t + 32` of a tile loop
 * below 256) is far enough from the maximum; else, for an iv narrower than 64
 * bits, the tile loop counts in long long, which holds every value of the iv
 * plus any span that fits it; a 64-bit iv with a bound over parameters is
 * versioned on `ub <= MAX - span + 1` (a run-time check at kernel entry,
 * deps/dep_assume.c, as Polly checks the bounds it cannot prove: Grosser et
 * al., "Polly - Polyhedral optimization in LLVM", 2011); any other bound is
 * refused. */

static void note_non_param(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_VAR && e->u.var->kind != IR_VAR_PARAM)
    *(bool *)data = true;
}

/* The largest value of a 64-bit integer type, as an IR constant of it. */
static ir_expr *type_max(scc_ctx *ctx, ir_type t) {
  bool u = ir_type_is_unsigned(t);
  ir_expr *m =
      ir_int(ctx, u ? -1 : INT64_MAX); /* UINT64_MAX as the unsigned type */
  return ir_cast(ctx, t, m);
}

static bool tile_iv_type(scc_ctx *ctx, ir_kernel *k, ir_node *loop, ir_expr *ub,
                         int64_t span, ir_type *out) {
  ir_type t = loop->u.loop.iv->type;
  int64_t c, last;
  *out = t;
  if (xf_upper_bound(ctx, loop, ub, &c) && !__builtin_sub_overflow(c, 1, &c) &&
      !__builtin_add_overflow(c, span, &last) && xf_fits_type(t, last))
    return true;
  if (!xf_type_is_64bit(t)) {
    *out = IR_TY_LLONG;
    return true;
  }
  bool ivs = false;
  ir_walk_expr(ub, note_non_param, &ivs);
  if (ivs || ir_expr_const_value(ctx, ub, &c)) {
    scc_fail(ctx, loop->loc,
             "loop '%s': its tile loop would step past the largest '%s' (the "
             "bound plus the tile's span of %lld does not fit the type); "
             "tile it by less, or give it bounds over parameters (then the "
             "kernel is versioned on a run-time check)",
             xf_iv_name(loop), ir_type_name(t), (long long)span);
    return false;
  }
  /* ub <= MAX - (span - 1), in the type of ub and the iv compared */
  ir_type ct = ub->type == t ? t : ir_type_is_unsigned(t) ? t : ub->type;
  ir_expr *lim =
      ir_binary(ctx, IR_OP_SUB, type_max(ctx, ct), ir_int(ctx, span - 1), ct);
  ir_expr *cond =
      ir_binary(ctx, IR_OP_LE, ir_expr_clone(ctx, ub, NULL), lim, IR_TY_INT);
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *o = k->assumptions.items[i];
    if (o->kind == IR_ASSUME_COND && ir_expr_equal(o->cond, cond))
      return true;
  }
  ir_assumption *as = scc_arena_alloc(ctx->arena, sizeof *as);
  *as = (ir_assumption){.kind = IR_ASSUME_COND, .cond = cond};
  scc_buf b = {0};
  ir_print_c_expr(&b, cond);
  as->text = scc_arena_printf(ctx->arena, "%s", b.data);
  scc_buf_free(&b);
  as->reason = scc_arena_printf(
      ctx->arena,
      "loop.tile of '%s' (line %d) steps its tile loop by %lld past the "
      "bound, which must stay within '%s'",
      xf_iv_name(loop), loop->loc.line, (long long)span, ir_type_name(t));
  scc_vec_push(ctx->arena, &k->assumptions, as);
  return true;
}

xf_status xf_tile(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                  const int64_t *sizes, int n, ir_node **loops_out) {
  tile_args a = {ctx, k, outer, sizes, n, loops_out};
  return xf_with_sunk_decls(ctx, k, outer, n, tile_fn, &a);
}

static xf_status tile_band(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                           const int64_t *sizes, int n, ir_node **loops_out) {
  if (n < 1) {
    scc_fail(ctx, outer ? outer->loc : (scc_loc){0},
             "loop.tile needs at least one tile size");
    return XF_SILENCEABLE;
  }
  ir_node **band = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)n);
  if (!xf_collect_band(ctx, outer, n, band))
    return XF_SILENCEABLE;
  bool *dep = scc_arena_alloc(ctx->arena, sizeof *dep * (size_t)n);
  for (int d = 0; d < n; d++)
    dep[d] = depends(band, d);
  /* needed[d]: the range of i_d enters the tile bounds of a later,
   * non-rectangular tiled dimension. */
  bool *needed = scc_arena_alloc(ctx->arena, sizeof *needed * (size_t)n);
  for (int d = 0; d < n; d++) {
    needed[d] = false;
    for (int f = d + 1; f < n; f++)
      if (sizes[f] > 0 && dep[f] && xf_bounds_use(band[f], band[d]->u.loop.iv))
        needed[d] = true;
  }
  for (int d = 0; d < n; d++) {
    ir_loop *l = &band[d]->u.loop;
    if (sizes[d] < 0) {
      scc_fail(ctx, band[d]->loc,
               "loop '%s' cannot be tiled by %lld: tile sizes must be >= 0",
               l->iv->name, (long long)sizes[d]);
      return XF_SILENCEABLE;
    }
    if (sizes[d] > 0 && l->step <= 0) {
      scc_fail(ctx, band[d]->loc,
               "loop '%s' has a non-positive step (%lld) and cannot be tiled",
               l->iv->name, (long long)l->step);
      return XF_SILENCEABLE;
    }
    int64_t span;
    if (sizes[d] > 0 && (__builtin_mul_overflow(sizes[d], l->step, &span) ||
                         !xf_fits_type(l->iv->type, span))) {
      scc_fail(ctx, band[d]->loc,
               "loop '%s': tile size %lld times step %lld does not fit its "
               "type '%s'",
               l->iv->name, (long long)sizes[d], (long long)l->step,
               ir_type_name(l->iv->type));
      return XF_SILENCEABLE;
    }
    if (!dep[d] || (sizes[d] == 0 && !needed[d]))
      continue;
    const char *dname = NULL;
    for (int e = 0; e < d && !dname; e++)
      if (xf_bounds_use(band[d], band[e]->u.loop.iv))
        dname = band[e]->u.loop.iv->name;
    ir_affine a;
    if (!ir_expr_to_affine(ctx, l->lb, &a) ||
        !ir_expr_to_affine(ctx, l->ub, &a)) {
      scc_fail(ctx, band[d]->loc,
               "bounds of loop '%s' depend on '%s' but are not affine "
               "(non-rectangular band)",
               l->iv->name, dname);
      return XF_SILENCEABLE;
    }
    if (sizes[d] > 0 && l->step != 1) {
      scc_fail(ctx, band[d]->loc,
               "bounds of loop '%s' depend on '%s' and its step is %lld: "
               "non-rectangular dimensions are tiled only with step 1",
               l->iv->name, dname, (long long)l->step);
      return XF_SILENCEABLE;
    }
    bool uns = is_unsigned(l->iv->type) || is_unsigned(l->lb->type) ||
               is_unsigned(l->ub->type);
    for (int e = 0; e < d; e++)
      if (xf_bounds_use(band[d], band[e]->u.loop.iv))
        uns |= is_unsigned(band[e]->u.loop.iv->type);
    if (uns) {
      scc_fail(ctx, band[d]->loc,
               "bounds of loop '%s' depend on '%s' and are unsigned "
               "(non-rectangular bands are tiled only with signed bounds)",
               l->iv->name, dname);
      return XF_SILENCEABLE;
    }
  }
  scc_buf names = {0};
  for (int d = 0; d < n; d++)
    scc_buf_printf(&names, "%s'%s'", d ? ", " : "", xf_iv_name(band[d]));
  const char *what =
      scc_arena_printf(ctx->arena, "loop.tile of %s", names.data);
  scc_buf_free(&names);
  if (!xf_band_final_values_unread(ctx, k, band, n, what))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_tiling_sizes(ctx, k, band, n, sizes, &why)) {
    scc_fail(ctx, outer->loc, "%s %s", what,
             why ? why : "would violate a dependence");
    return XF_SILENCEABLE;
  }

  /* The tile loops' types (which may version the kernel: last, once
   * nothing else can refuse; box_extreme's bounds keep the point loops'
   * maximum, so the original ub decides). */
  ir_type *tile_types =
      scc_arena_alloc(ctx->arena, sizeof *tile_types * (size_t)n);
  int nassume = k->assumptions.len;
  for (int d = 0; d < n; d++) {
    tile_types[d] = band[d]->u.loop.iv->type;
    if (sizes[d] > 0 &&
        !tile_iv_type(ctx, k, band[d], band[d]->u.loop.ub,
                      sizes[d] * band[d]->u.loop.step, &tile_types[d])) {
      k->assumptions.len = nassume;
      return XF_SILENCEABLE;
    }
  }

  /* Rewrite: build the tile loops, then turn the band into point loops.
   * lo[d], hi[d]: the inclusive range of i_d within the current tile. */
  ir_node **tiles = loops_out;
  ir_expr **lo = scc_arena_alloc(ctx->arena, sizeof *lo * (size_t)n);
  ir_expr **hi = scc_arena_alloc(ctx->arena, sizeof *hi * (size_t)n);
  for (int d = 0; d < n; d++) {
    ir_loop *l = &band[d]->u.loop;
    const char *name = ir_fresh_name(
        ctx, k, scc_arena_printf(ctx->arena, "%s_t", l->iv->name));
    ir_expr *tlb = l->lb, *tub = l->ub;
    if (dep[d] && (sizes[d] > 0 || needed[d])) {
      tlb = box_extreme(ctx, band, d, l->lb, lo, hi, false);
      tub = box_extreme(ctx, band, d, l->ub, lo, hi, true);
    }
    ir_var *t =
        ir_var_new(ctx, k, name, tile_types[d], IR_VAR_IV, band[d]->loc);
    t->declared_outside = false;
    if (sizes[d] == 0) {
      tiles[d] =
          ir_loop_new(ctx, t, ir_int(ctx, 0), ir_int(ctx, 1), 1, band[d]->loc);
      lo[d] = tlb;
      hi[d] = ir_add_const(ctx, ir_expr_clone(ctx, tub, NULL), -1);
      continue;
    }
    int64_t span = sizes[d] * l->step, trip;
    tiles[d] = ir_loop_new(ctx, t, ir_expr_clone(ctx, tlb, NULL),
                           xf_bound_for_iv(ctx, tub, tile_types[d]), span,
                           band[d]->loc);
    ir_expr *end = ir_add_const(ctx, ir_var_ref(ctx, t), span);
    lo[d] = ir_var_ref(ctx, t);
    hi[d] = ir_add_const(ctx, ir_min(ctx, end, tub), -1);
    if (dep[d]) {
      l->lb = ir_max(ctx, ir_var_ref(ctx, t), l->lb);
      l->ub = ir_min(ctx, end, l->ub);
      continue;
    }
    bool full_tiles = ir_loop_const_trip_count(ctx, band[d], &trip)
                          ? trip % sizes[d] == 0
                          : span_divides(ctx, band[d], l->ub, l->lb, span);
    if (!full_tiles)
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
