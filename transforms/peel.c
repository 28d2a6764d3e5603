/* peel.c — loop.peel: the first or last N iterations in a loop of their own.
 *
 * For `for (i = lb; i < ub; i += s)` (s > 0; symmetrically for s < 0):
 *   front = N:  peeled  for (i = lb; i < min(lb + N*s, ub); i += s)
 *               rest    for (i = lb + N*s; i < ub; i += s)
 *   back = N:   rest    for (i = lb; i < p; i += s)
 *               peeled  for (i = p; i < ub; i += s)
 *               with p = max(lb, lb + (ceildiv(ub - lb, s) - N) * s)
 * (the start of the last N iterations, or lb when there are fewer).  With
 * constant bounds everything folds to constants.  The rest is the original
 * loop node (it keeps its label and attributes); the peeled loop is a new
 * node (a clone of the loop) placed before (front) or after (back) it.
 * Both loops are always created, even when one is empty, so both handles
 * are valid.  The iterations run in the original order, so peeling needs
 * no dependence check.
 * Refused: N < 0; N larger than a constant trip count; back peeling of a
 * loop with unsigned symbolic bounds (ub - lb could wrap around); front
 * peeling of a loop without a constant trip count whose iv is read after
 * it (xf_final_value_unread: with fewer than N iterations the rest leaves
 * it at lb + N*s).
 * Source: loop peeling, Wolfe, "High Performance Compilers for Parallel
 * Computing", 1996, §9.3.
 */
#include "xf_util.h"

/* Where the front part ends: min(lb + span, ub) for a step s > 0,
 * max(lb + span, ub) for s < 0 (span = N*s), which is a value of the type
 * whenever the original loop is defined; *rest_lb, where the rest starts:
 * lb + span when that is proven to fit, else (NULL) the same bound.
 * Formed in the type of lb + span when interval bounds prove it cannot
 * overflow; else in
 * long long for narrower types (cast back); else (64 bits) behind a
 * test that lb + span fits: `lb <= MAX - span ? min(lb + span, ub) : ub`
 * (a loop whose lb is that close to the maximum runs fewer than N times:
 * the rest is empty). */
static ir_expr *front_bound(scc_ctx *ctx, const ir_node *loop, int64_t span,
                            ir_expr **rest_lb) {
  const ir_loop *l = &loop->u.loop;
  bool up = l->step > 0;
  ir_expr *mid = ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL), span);
  ir_type t = mid->type;
  *rest_lb = NULL;
  /* the rest's lb is stored in the iv: lb + span must also be a value of
   * the iv's type when that is narrower than lb's (`int i` from a long
   * long tile bound: past INT_MAX it would wrap, and the rest run from
   * INT_MIN; fuzz seed 20261127 k52), else the rest starts at
   * min(lb + span, ub), which is */
  if (xf_fits_everywhere(ctx, loop, mid, t)) {
    if (xf_fits_everywhere(ctx, loop, mid, l->iv->type))
      *rest_lb = ir_expr_clone(ctx, mid, NULL); /* lb + span, past ub or not */
    return up ? ir_min(ctx, mid, l->ub) : ir_max(ctx, mid, l->ub);
  }
  if (!xf_type_is_64bit(t)) {
    ir_expr *w = ir_add_const(ctx, xf_widen(ctx, l->lb), span),
            *wu = xf_widen(ctx, l->ub);
    return ir_cast(ctx, t, up ? ir_min(ctx, w, wu) : ir_max(ctx, w, wu));
  }
  /* the largest (smallest) lb for which lb + span is a value of t */
  bool u = ir_type_is_unsigned(t);
  ir_expr *lim = up ? (u ? ir_cast(ctx, t, ir_int(ctx, -1 - span))
                         : ir_int(ctx, INT64_MAX - span))
                    : (u ? ir_cast(ctx, t, ir_int(ctx, -span))
                         : ir_int(ctx, INT64_MIN - span));
  ir_expr *cond = ir_binary(ctx, up ? IR_OP_LE : IR_OP_GE,
                            ir_expr_clone(ctx, l->lb, NULL), lim, IR_TY_INT);
  ir_expr *b = up ? ir_min(ctx, mid, l->ub) : ir_max(ctx, mid, l->ub);
  return ir_select(ctx, cond, b, ir_expr_clone(ctx, l->ub, NULL), t);
}

/* The start of the last N iterations, or lb when there are fewer:
 * max(lb, lb + (ceildiv(ub - lb, |s|) - N) * s) for s > 0 (min, lb - ub
 * for s < 0).  When interval bounds do not prove that ub - lb stays in its
 * type (an empty loop from near the maximum to near the minimum): in long
 * long for narrower types, cast back; for 64 bits the distance of an
 * empty loop clamped to 0 first, lb + (max(ceildiv(max(ub, lb) - lb, |s|),
 * N) - N) * s, which also holds for unsigned bounds. */
static ir_expr *back_bound(scc_ctx *ctx, const ir_node *loop, int64_t n) {
  const ir_loop *l = &loop->u.loop;
  int64_t s = l->step, as = s > 0 ? s : -s;
  bool up = s > 0;
  ir_expr *d = up ? ir_sub(ctx, l->ub, l->lb) : ir_sub(ctx, l->lb, l->ub);
  ir_type t = d->type;
  bool fits = xf_fits_everywhere(ctx, loop, d, t);
  if (fits || !xf_type_is_64bit(t)) {
    ir_expr *lb = fits ? l->lb : xf_widen(ctx, l->lb),
            *ub = fits ? l->ub : xf_widen(ctx, l->ub);
    if (!fits)
      d = up ? ir_sub(ctx, ub, lb) : ir_sub(ctx, lb, ub);
    ir_expr *c = ir_add_const(ctx, ir_ceildiv(ctx, d, as), -n);
    ir_expr *q = ir_add(ctx, lb, ir_mul_const(ctx, c, s));
    ir_expr *lbc = ir_expr_clone(ctx, lb, NULL);
    ir_expr *r = up ? ir_max(ctx, lbc, q) : ir_min(ctx, lbc, q);
    return fits ? r : ir_cast(ctx, t, r);
  }
  ir_expr *dc = up ? ir_sub(ctx, ir_max(ctx, l->ub, l->lb), l->lb)
                   : ir_sub(ctx, l->lb, ir_min(ctx, l->ub, l->lb));
  ir_expr *c = ir_add_const(
      ctx, ir_max(ctx, ir_ceildiv(ctx, dc, as), ir_int(ctx, n)), -n);
  return ir_add(ctx, ir_expr_clone(ctx, l->lb, NULL), ir_mul_const(ctx, c, s));
}

xf_status xf_peel(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int64_t n,
                  bool front, ir_node **peeled_out, ir_node **rest_out) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  if (n < 0) {
    scc_fail(ctx, loop->loc,
             "cannot peel %lld iterations of loop '%s': the count must be >= "
             "0",
             (long long)n, iv);
    return XF_SILENCEABLE;
  }
  int64_t trip = 0;
  bool known = ir_loop_const_trip_count(ctx, loop, &trip);
  if (known && n > trip) {
    scc_fail(ctx, loop->loc,
             "cannot peel %lld iterations of loop '%s', which runs %lld "
             "time%s",
             (long long)n, iv, (long long)trip, trip == 1 ? "" : "s");
    return XF_SILENCEABLE;
  }
  int64_t span, s = l->step;
  if (__builtin_mul_overflow(n, s, &span) || span > ((int64_t)1 << 40) ||
      span < -((int64_t)1 << 40)) {
    scc_fail(ctx, loop->loc,
             "cannot peel %lld iterations of loop '%s': too "
             "many",
             (long long)n, iv);
    return XF_SILENCEABLE;
  }
  int64_t lbv, ubv;
  bool cst = ir_expr_const_value(ctx, l->lb, &lbv) &&
             ir_expr_const_value(ctx, l->ub, &ubv);
  /* the bound the peeled part ends at, lb + n*step, is formed in the iv's
   * type: n*step must be a value of it, and so must lb + n*step when lb is
   * known */
  int64_t lbc, mid;
  if (!xf_fits_type(l->iv->type, span) ||
      (front && ir_expr_const_value(ctx, l->lb, &lbc) &&
       (__builtin_add_overflow(lbc, span, &mid) ||
        !xf_fits_type(l->iv->type, mid)))) {
    scc_fail(ctx, loop->loc,
             "cannot peel %lld iterations of loop '%s': the bound it forms "
             "does not fit its type '%s'",
             (long long)n, iv, ir_type_name(l->iv->type));
    return XF_SILENCEABLE;
  }
  /* Front peeling of a loop that may run fewer than n times starts the
   * rest past ub, where the iv then stays. */
  if (front && !known &&
      !xf_final_value_unread(
          ctx, k, loop, l->iv,
          scc_arena_printf(ctx->arena, "loop.peel of '%s' {front}", iv)))
    return XF_SILENCEABLE;

  /* Rewrite. */
  ir_node *peeled = ir_node_clone(ctx, loop, NULL);
  xf_rename_node_decls(ctx, k, peeled);
  peeled->u.loop.label = NULL;
  ir_loop *p = &peeled->u.loop;
  if (front) {
    ir_expr *rest_lb, *mid = front_bound(ctx, loop, span, &rest_lb);
    p->ub = mid;
    l->lb = rest_lb ? rest_lb : ir_expr_clone(ctx, mid, NULL);
    ir_insert_before(loop, peeled);
  } else {
    ir_expr *split = cst ? NULL : back_bound(ctx, loop, n);
    if (cst) {
      int64_t t = trip - n;
      split = ir_int(ctx, lbv + (t > 0 ? t : 0) * s);
    }
    p->lb = split;
    l->ub = ir_expr_clone(ctx, split, NULL);
    ir_insert_after(loop, peeled);
  }
  *peeled_out = peeled;
  *rest_out = loop;
  return XF_OK;
}
