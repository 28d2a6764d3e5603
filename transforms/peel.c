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

static bool is_unsigned(ir_type t) {
  return t == IR_TY_UINT || t == IR_TY_ULONG || t == IR_TY_ULLONG;
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
  int64_t span, s = l->step, as = s > 0 ? s : -s;
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
  bool uns = is_unsigned(l->lb->type) || is_unsigned(l->ub->type) ||
             is_unsigned(l->iv->type);
  if (!front && !cst && uns) {
    scc_fail(ctx, loop->loc,
             "cannot peel the back of loop '%s': its bounds are unsigned and "
             "not constant",
             iv);
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
    ir_expr *mid = ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL), span);
    p->ub = s > 0 ? ir_min(ctx, mid, l->ub) : ir_max(ctx, mid, l->ub);
    l->lb = ir_expr_clone(ctx, mid, NULL);
    ir_insert_before(loop, peeled);
  } else {
    ir_expr *split;
    if (cst) {
      int64_t t = trip - n;
      split = ir_int(ctx, lbv + (t > 0 ? t : 0) * s);
    } else {
      ir_expr *d =
          s > 0 ? ir_sub(ctx, l->ub, l->lb) : ir_sub(ctx, l->lb, l->ub);
      ir_expr *t = ir_add_const(ctx, ir_ceildiv(ctx, d, as), -n);
      ir_expr *q = ir_add(ctx, l->lb, ir_mul_const(ctx, t, s));
      split = s > 0 ? ir_max(ctx, ir_expr_clone(ctx, l->lb, NULL), q)
                    : ir_min(ctx, ir_expr_clone(ctx, l->lb, NULL), q);
    }
    p->lb = split;
    l->ub = ir_expr_clone(ctx, split, NULL);
    ir_insert_after(loop, peeled);
  }
  *peeled_out = peeled;
  *rest_out = loop;
  return XF_OK;
}
