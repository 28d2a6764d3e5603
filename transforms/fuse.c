/* fuse.c — loop.fuse: fusion of two adjacent loops.
 *
 * `a` and `b` must be adjacent (b the node right after a in the same
 * block) with the same step.  The fused loop is `a`'s node; its body is a's
 * body followed by b's body, in which b's iv is replaced by a's.
 *  - Same bounds (equal expressions, or affine expressions whose difference
 *    is 0): one loop.
 *  - Shifted bounds (step 1, lb_b - lb_a = dl and ub_b - ub_a = du
 *    constants): the iterations the loops have in common run fused, the
 *    others in a prologue and an epilogue, in the order of the fused
 *    schedule (for each value of the iv, a's body then b's):
 *      prologue  the loop X starting first:  [lb_X, min(lo, ub_X))
 *      fused     [lo, hi)   lo = max(lb_a, lb_b), hi = min(ub_a, ub_b)
 *      epilogue  the loop Y ending last:     [max(hi, lo), ub_Y)
 *    (lo and hi are written as the one bound the constant shift selects).
 *    The prologue and epilogue are clones of a or b placed before and
 *    after the fused loop; they are not returned.
 * Legality: dep_check_fusion(a, b) (no dependence from an iteration of b
 * to a later iteration of a: the fused schedule interleaves them by iv
 * value), asked before anything is rewritten.
 * Refused: not loops, not adjacent, different steps or iv types, bounds
 * neither equal nor shifted by constants (or shifted with a step other
 * than 1), b's body reading a's iv (when the ivs differ), an iv whose value
 * after the loops is read (xf_final_value_unread) when fusion changes it
 * (b's iv when the ivs differ, either with shifted bounds), a fusion-
 * preventing dependence.
 * Source: K. Kennedy and K. S. McKinley, "Maximizing Loop Parallelism and
 * Improving Data Locality via Loop Fusion and Distribution", LCPC 1993;
 * Wolfe 1996, §9.2 (fusion with alignment/peeling).
 */
#include "../deps/dep.h"
#include "xf_util.h"

xf_status xf_fuse(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                  ir_node **out) {
  if (!a || a->kind != IR_NODE_LOOP || !b || b->kind != IR_NODE_LOOP) {
    scc_fail(ctx, a ? a->loc : (scc_loc){0}, "loop.fuse needs two loops");
    return XF_SILENCEABLE;
  }
  ir_loop *la = &a->u.loop, *lb = &b->u.loop;
  const char *na = xf_iv_name(a), *nb = xf_iv_name(b);
  if (a == b || a->next != b) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': the loops are not adjacent (the "
             "second must directly follow the first in the same block)",
             na, nb);
    return XF_SILENCEABLE;
  }
  xf_status st = xf_fuse_check_pair(ctx, a, b);
  if (st != XF_OK)
    return st;
  int64_t dl, du;
  if (!xf_const_diff(ctx, la->lb, lb->lb, &dl) ||
      !xf_const_diff(ctx, la->ub, lb->ub, &du)) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': the bounds are neither equal nor "
             "shifted by constants",
             na, nb);
    return XF_SILENCEABLE;
  }
  bool shifted = dl != 0 || du != 0;
  if (shifted && la->step != 1) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': shifted bounds need step 1 (step is "
             "%lld)",
             na, nb, (long long)la->step);
    return XF_SILENCEABLE;
  }
  /* The ivs' values after the loops: b's iv is no longer assigned when it
   * is renamed to a's, and with shifted bounds the last loop to run (the
   * epilogue) may be the other one. */
  const char *what =
      scc_arena_printf(ctx->arena, "loop.fuse of '%s' and '%s'", na, nb);
  if ((la->iv != lb->iv || shifted) &&
      !xf_final_value_unread(ctx, k, b, lb->iv, what))
    return XF_SILENCEABLE;
  if (shifted && la->iv != lb->iv &&
      !xf_final_value_unread(ctx, k, b, la->iv, what))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_fusion(ctx, k, a, b, &why)) {
    /* the shift of b's iterations that would make it legal */
    int64_t need = 0;
    const char *hint = "";
    if (dep_fusion_shift(ctx, k, a, b, &need) && need > 0)
      hint = scc_arena_printf(ctx->arena,
                              "; shifting the iterations of '%s' by %lld "
                              "(`loop.fuse %%%s, %%%s {shift = %lld}`) makes "
                              "the fusion legal",
                              nb, (long long)need, na, nb, (long long)need);
    scc_fail(ctx, b->loc, "loop.fuse of '%s' and '%s' %s%s", na, nb,
             why ? why : "would violate a dependence", hint);
    return XF_SILENCEABLE;
  }

  /* Rewrite. */
  ir_subst s = {0};
  if (la->iv != lb->iv)
    ir_subst_add(ctx, &s, lb->iv, ir_var_ref(ctx, la->iv));
  if (shifted) {
    ir_node *x = dl >= 0 ? a : b, *y = du >= 0 ? b : a;
    ir_expr *lo = dl >= 0 ? lb->lb : la->lb;
    ir_expr *hi = du >= 0 ? la->ub : lb->ub;
    lo = ir_expr_clone(ctx, lo, NULL);
    hi = ir_expr_clone(ctx, hi, NULL);
    if (dl != 0) {
      ir_node *pro = ir_node_clone(ctx, x, NULL);
      xf_rename_node_decls(ctx, k, pro);
      pro->u.loop.label = NULL;
      pro->u.loop.ub = ir_min(ctx, lo, x->u.loop.ub);
      ir_insert_before(a, pro);
    }
    if (du != 0) {
      ir_node *epi = ir_node_clone(ctx, y, NULL);
      xf_rename_node_decls(ctx, k, epi);
      epi->u.loop.label = NULL;
      epi->u.loop.lb = ir_max(ctx, hi, lo);
      ir_insert_after(b, epi);
    }
    la->lb = lo;
    la->ub = hi;
  }
  /* b's declarations of variables a declares too (b a copy of a, made by
   * loop.split or loop.peel) would be redefinitions in the fused body */
  xf_rename_shared_decls(ctx, k, b);
  ir_remove(b);
  while (lb->body.first) {
    ir_node *p = lb->body.first;
    ir_remove(p);
    if (s.n)
      ir_node_substitute(ctx, p, &s);
    ir_block_append(&la->body, p);
  }
  *out = a;
  return XF_OK;
}
