/* interchange.c — loop.interchange: swaps two loops of a perfect band.
 *
 * The chain a = L0, L1, ..., Lm = b (each the only node of the previous
 * one's body) becomes b, L1, ..., Lm-1, a.  Nodes are moved, not rebuilt:
 * every loop keeps its iv, bounds, label and attributes.  Refused when a
 * loop's bounds read the iv of a loop that would move inside it, except
 * for two adjacent loops whose inner bounds are affine in the outer iv
 * (a triangular or trapezoidal band, steps +1 or -1): then the bounds are
 * exchanged by Fourier-Motzkin elimination.  With a in [A_lo, A_hi] and
 * B_lo(a) = l + p*a <= b <= B_hi(a) = h + q*a (inclusive ranges, whatever
 * the directions), the new outer loop runs b over
 *   [min over a of B_lo(a), max over a of B_hi(a)]
 * (A_lo or A_hi substituted as the sign of p, q says), and the new inner
 * loop a over
 *   [max(A_lo, ceil((l - b) / -p) if p < 0, ceil((b - h) / q) if q > 0),
 *    min(A_hi, floor((b - l) / p) if p > 0, floor((h - b) / -q) if q < 0)]
 * — exactly the points of the band, each once; a b without any a runs an
 * empty inner loop.  Each loop keeps its direction (nussinov's
 * for (i = n-1; i >= 0; i--) for (j = i+1; j < n; j++) becomes
 * for (j = 1; j < n; j++) for (i = j - 1; i > -1; i--)); a term of a min
 * or max that the new outer range makes redundant is dropped.  Data
 * dependences are checked (dep_check_permutation, on the same points)
 * before anything moves.
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §5.2 (loop interchange); triangular interchange by Fourier-Motzkin
 * elimination: Wolfe, High Performance Compilers for Parallel Computing,
 * 1996, §9.2, and Banerjee, Loop Transformations for Restructuring
 * Compilers, 1993.
 */
#include "xf_util.h"

#include "../deps/dep.h"

static bool is_unsigned(ir_type t) {
  return t == IR_TY_UINT || t == IR_TY_ULONG || t == IR_TY_ULLONG;
}

/* The inclusive range [lo, hi] a loop's iv takes (step +1 or -1). */
static void iv_range(scc_ctx *ctx, const ir_loop *l, ir_expr **lo,
                     ir_expr **hi) {
  if (l->step > 0) {
    *lo = l->lb;
    *hi = ir_add_const(ctx, l->ub, -1);
  } else {
    *lo = ir_add_const(ctx, l->ub, 1);
    *hi = l->lb;
  }
}

/* x - c*v, v eliminated from the affine x whose coefficient of v is c. */
static ir_expr *without(scc_ctx *ctx, ir_expr *x, ir_var *v, int64_t c) {
  return ir_simplify(ctx, ir_sub(ctx, ir_expr_clone(ctx, x, NULL),
                                 ir_mul_const(ctx, ir_var_ref(ctx, v), c)));
}

/* e with v replaced by r, where e = e0 + c*v. */
static ir_expr *at(scc_ctx *ctx, ir_expr *e0, int64_t c, ir_expr *r) {
  if (c == 0)
    return e0;
  return ir_simplify(
      ctx, ir_add(ctx, e0, ir_mul_const(ctx, ir_expr_clone(ctx, r, NULL), c)));
}

/* True when x <= y for every value of b in [blo, bhi] (the other
 * variables fixed): the smallest value of y - x over that range is a
 * constant >= 0. */
static bool below(scc_ctx *ctx, ir_expr *x, ir_expr *y, ir_var *b, ir_expr *blo,
                  ir_expr *bhi) {
  ir_expr *d = ir_simplify(ctx, ir_sub(ctx, y, x));
  int64_t c, v;
  if (!ir_affine_coef(ctx, d, b, &c))
    return false;
  d = at(ctx, without(ctx, d, b, c), c, c > 0 ? blo : bhi);
  return ir_expr_const_value(ctx, d, &v) && v >= 0;
}

/* Adds x to the terms of a max (want_max) or min, dropping the terms that
 * another makes redundant over b in [blo, bhi]. */
static void add_term(scc_ctx *ctx, scc_vec *terms, ir_expr *x, bool want_max,
                     ir_var *b, ir_expr *blo, ir_expr *bhi) {
  for (int t = 0; t < terms->len; t++) {
    ir_expr *y = terms->items[t];
    if (want_max ? below(ctx, x, y, b, blo, bhi)
                 : below(ctx, y, x, b, blo, bhi))
      return; /* x never wins */
  }
  for (int t = 0; t < terms->len;) {
    ir_expr *y = terms->items[t];
    if (want_max ? below(ctx, y, x, b, blo, bhi)
                 : below(ctx, x, y, b, blo, bhi))
      terms->items[t] = terms->items[--terms->len];
    else
      t++;
  }
  scc_vec_push(ctx->arena, terms, x);
}

static ir_expr *fold_terms(scc_ctx *ctx, scc_vec *terms, bool want_max) {
  ir_expr *r = terms->items[0];
  for (int t = 1; t < terms->len; t++)
    r = want_max ? ir_max(ctx, r, terms->items[t])
                 : ir_min(ctx, r, terms->items[t]);
  return ir_simplify(ctx, r);
}

/* For the band outer, inner whose inner bounds read the outer iv: checks
 * that the bounds can be exchanged (scc_fail otherwise) and computes the
 * new bounds of both loops, in their new places (see the top of the
 * file).  Nothing changes. */
static bool triangular_bounds(scc_ctx *ctx, ir_node *outer, ir_node *inner,
                              ir_expr **new_bounds) {
  ir_loop *o = &outer->u.loop, *in = &inner->u.loop;
  ir_var *a = o->iv, *b = in->iv;
  const char *why = NULL;
  int64_t p, q;
  if (xf_bounds_use(outer, b))
    why = "and the outer loop's bounds read the inner iv";
  else if ((o->step != 1 && o->step != -1) || (in->step != 1 && in->step != -1))
    why = "and a step is not 1 or -1 (triangular loops are interchanged "
          "only with unit steps)";
  else if (!ir_affine_coef(ctx, in->lb, a, &p) ||
           !ir_affine_coef(ctx, in->ub, a, &q))
    why = "but not affinely (triangular loops are interchanged only with "
          "bounds affine in the outer iv)";
  else if (is_unsigned(a->type) || is_unsigned(b->type) ||
           is_unsigned(in->lb->type) || is_unsigned(in->ub->type) ||
           is_unsigned(o->lb->type) || is_unsigned(o->ub->type))
    why = "and are unsigned (triangular loops are interchanged only with "
          "signed bounds)";
  if (why) {
    scc_fail(ctx, inner->loc,
             "bounds of loop '%s' depend on '%s', which would move inside "
             "it, %s",
             xf_iv_name(inner), xf_iv_name(outer), why);
    return false;
  }
  ir_expr *alo, *ahi, *blo_a, *bhi_a;
  iv_range(ctx, o, &alo, &ahi);
  iv_range(ctx, in, &blo_a, &bhi_a);
  /* b's inclusive range at a: l + p*a .. h + q*a */
  if (in->step < 0) {
    int64_t t = p;
    p = q;
    q = t;
  }
  ir_expr *l = without(ctx, blo_a, a, p), *h = without(ctx, bhi_a, a, q);
  ir_expr *blo = at(ctx, l, p, p > 0 ? alo : ahi);
  ir_expr *bhi = at(ctx, h, q, q > 0 ? ahi : alo);
  ir_expr *bref = ir_var_ref(ctx, b);
  scc_vec lows = {0}, highs = {0};
  scc_vec_push(ctx->arena, &lows, ir_expr_clone(ctx, alo, NULL));
  scc_vec_push(ctx->arena, &highs, ir_expr_clone(ctx, ahi, NULL));
  if (p > 0) /* a <= floor((b - l) / p) */
    add_term(ctx, &highs,
             ir_simplify(ctx, ir_floordiv(ctx, ir_sub(ctx, bref, l), p)), false,
             b, blo, bhi);
  else if (p < 0) /* a >= ceil((l - b) / -p) */
    add_term(ctx, &lows,
             ir_simplify(ctx, ir_ceildiv(ctx, ir_sub(ctx, l, bref), -p)), true,
             b, blo, bhi);
  if (q > 0) /* a >= ceil((b - h) / q) */
    add_term(ctx, &lows,
             ir_simplify(ctx, ir_ceildiv(ctx, ir_sub(ctx, bref, h), q)), true,
             b, blo, bhi);
  else if (q < 0) /* a <= floor((h - b) / -q) */
    add_term(ctx, &highs,
             ir_simplify(ctx, ir_floordiv(ctx, ir_sub(ctx, h, bref), -q)),
             false, b, blo, bhi);
  ir_expr *nalo = fold_terms(ctx, &lows, true);
  ir_expr *nahi = fold_terms(ctx, &highs, false);
  /* IR bounds: counting up lb .. ub exclusive, down lb .. ub exclusive */
  new_bounds[0] = in->step > 0 ? blo : bhi;
  new_bounds[1] =
      in->step > 0 ? ir_add_const(ctx, bhi, 1) : ir_add_const(ctx, blo, -1);
  new_bounds[2] = o->step > 0 ? nalo : nahi;
  new_bounds[3] =
      o->step > 0 ? ir_add_const(ctx, nahi, 1) : ir_add_const(ctx, nalo, -1);
  return true;
}

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
  /* two adjacent loops, the inner bounds reading the outer iv: new bounds
   * by Fourier-Motzkin elimination */
  ir_expr *tri[4] = {0};
  if (n == 2 && xf_bounds_use(inner, outer->u.loop.iv)) {
    if (!triangular_bounds(ctx, outer, inner, tri))
      return XF_SILENCEABLE;
  } else if (!xf_permutation_bounds_ok(ctx, band, perm, n))
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
  if (tri[0]) {
    inner->u.loop.lb = tri[0];
    inner->u.loop.ub = tri[1];
    outer->u.loop.lb = tri[2];
    outer->u.loop.ub = tri[3];
  }
  *out_a = a;
  *out_b = b;
  return XF_OK;
}
