/* fuse_shift.c — loop.fuse %a, %b {shift = S}: fusion with shifting
 * (alignment) into one guarded loop.
 *
 * b's iterations are shifted by S first: b's iteration y runs in the fused
 * iteration y + S, after a's body of that iteration (b's bounds become
 * [lb_b + S, ub_b + S), its body reads its iv as `i - S`).  The fused loop
 * (a's node, a's iv) then runs over the union of the two ranges,
 *   [min(lb_a, lb_b + S), max(ub_a, ub_b + S)),
 * its body being a's body, then b's, each under an `if` guard of its own
 * range where that range is smaller than the fused one:
 *   for (i = 1; i < n; i++) {
 *     if (i < n - 1) { a's body }
 *     if (i >= 2)    { b's body, reading i - 1 }
 *   }
 * Unlike the plain loop.fuse of shifted bounds (prologue and epilogue
 * loops around the fused one), the result is one loop, so a band stays
 * perfect: a time loop around two fused sweeps is a (t, i) band that
 * loop.skew and loop.tile take (time tiling of multi-statement stencils;
 * isl's AST generator calls this form `atomic`, the peeled one
 * `separate`).
 * Loops that are each the only node of adjacent `if` guards without else
 * (what a shifted fusion of the loops around them made), whose conditions
 * read only parameters and other ivs, are adjacent too: the guards move
 * into the fused loop, `if (ga) for (j) A; if (gb) for (j) B` becoming
 * `for (j) { if (ga && range_a) A; if (gb && range_b) B }` (the same
 * instances in the same order for each j; the guards have one value in
 * every j iteration).  So a second shifted fusion one level down makes a
 * deeper perfect band (heat-3d: (t, i, j)).
 * Legality: dep_check_fusion on b shifted (a dependence from a's iteration
 * x to b's shifted iteration y' needs y' >= x), asked on a shifted copy
 * put in b's place, before anything is rewritten; a refusal names the
 * dependence and the shift that would make the fusion legal
 * (dep_fusion_shift).
 * Refused: not loops, not adjacent, different steps or iv types, bounds
 * neither equal nor shifted by constants (after the shift), a shift or
 * unequal bounds with a step other than 1, b's body reading a's iv (when
 * the ivs differ), unsigned ivs or bounds, an iv read after the loops whose
 * final value changes (xf_final_value_unread), a fusion-preventing
 * dependence.
 * Source: Kennedy and McKinley, "Maximizing Loop Parallelism and Improving
 * Data Locality via Loop Fusion and Distribution", LCPC 1993 (fusion);
 * Wolfe, "High Performance Compilers for Parallel Computing", 1996, §9.2
 * (alignment); Bondhugula et al., PLDI 2008 (shifted fusion under a time
 * loop, then skewing and tiling of the band).
 */
#include "../deps/dep.h"
#include "xf_util.h"

/* Shifts loop l by s: bounds + s, its iv read as `iv - s` in its body. */
static void shift_loop(scc_ctx *ctx, ir_node *l, int64_t s) {
  if (s == 0)
    return;
  ir_loop *lp = &l->u.loop;
  lp->lb = ir_add_const(ctx, lp->lb, s);
  lp->ub = ir_add_const(ctx, lp->ub, s);
  ir_subst sub = {0};
  ir_subst_add(ctx, &sub, lp->iv,
               ir_add_const(ctx, ir_var_ref(ctx, lp->iv), -s));
  for (ir_node *p = lp->body.first; p; p = p->next)
    ir_node_substitute(ctx, p, &sub);
}

/* `iv >= lo` (when lo) and `iv < hi` (when hi), or NULL for neither. */
static ir_expr *range_cond(scc_ctx *ctx, ir_var *iv, ir_expr *lo, ir_expr *hi) {
  ir_expr *c = NULL;
  if (lo)
    c = ir_binary(ctx, IR_OP_GE, ir_var_ref(ctx, iv),
                  ir_expr_clone(ctx, lo, NULL), IR_TY_INT);
  if (hi) {
    ir_expr *h = ir_binary(ctx, IR_OP_LT, ir_var_ref(ctx, iv),
                           ir_expr_clone(ctx, hi, NULL), IR_TY_INT);
    c = c ? ir_binary(ctx, IR_OP_LAND, c, h, IR_TY_INT) : h;
  }
  return c;
}

/* Moves the nodes of `from` to the end of `to`, under `if (cond)` when
 * cond is not NULL. */
static void append_guarded(scc_ctx *ctx, ir_block *to, ir_block *from,
                           ir_expr *cond, scc_loc loc) {
  if (!cond) {
    ir_block_move_all(to, from);
    return;
  }
  ir_node *g = ir_if_new(ctx, cond, loc);
  ir_block_move_all(&g->u.ifs.then_body, from);
  ir_block_append(to, g);
}

typedef struct pure_data {
  const ir_var *a, *b;
  bool ok;
} pure_data;

static void cond_pure(ir_expr *e, void *data) {
  pure_data *p = data;
  if (e->kind == IR_EXPR_VAR)
    p->ok = p->ok && e->u.var != p->a && e->u.var != p->b &&
            (e->u.var->kind == IR_VAR_IV || e->u.var->kind == IR_VAR_PARAM);
  else if (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL)
    p->ok = false;
}

/* The `if` whose only node is loop l (no else), with a condition that
 * reads only parameters and ivs other than ivs a and b (so it has the same
 * value in every iteration of l and of the other loop); NULL otherwise. */
static ir_node *sole_guard(ir_node *l, const ir_var *a, const ir_var *b) {
  ir_node *g = ir_parent(l);
  if (!g || g->kind != IR_NODE_IF || g->u.ifs.then_body.first != l || l->next ||
      !ir_block_empty(&g->u.ifs.else_body))
    return NULL;
  pure_data p = {a, b, true};
  ir_walk_expr(g->u.ifs.cond, cond_pure, &p);
  return p.ok ? g : NULL;
}

/* c1 && c2, either may be NULL. */
static ir_expr *and_cond(scc_ctx *ctx, ir_expr *c1, ir_expr *c2) {
  if (!c1)
    return c2;
  if (!c2)
    return c1;
  return ir_binary(ctx, IR_OP_LAND, c1, c2, IR_TY_INT);
}

xf_status xf_fuse_shift(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                        int64_t shift, ir_node **out) {
  if (!a || a->kind != IR_NODE_LOOP || !b || b->kind != IR_NODE_LOOP) {
    scc_fail(ctx, a ? a->loc : (scc_loc){0}, "loop.fuse needs two loops");
    return XF_SILENCEABLE;
  }
  ir_loop *la = &a->u.loop, *lb = &b->u.loop;
  const char *na = xf_iv_name(a), *nb = xf_iv_name(b);
  /* loops that are each the only node of adjacent guards (a previous
   * shifted fusion of the loops around them): the guards move into the
   * fused loop */
  ir_node *ga = a != b ? sole_guard(a, la->iv, lb->iv) : NULL;
  ir_node *gb = ga ? sole_guard(b, la->iv, lb->iv) : NULL;
  if (!ga || !gb || ga->next != gb)
    ga = gb = NULL;
  if (a == b || (a->next != b && !ga)) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': the loops are not adjacent (the "
             "second must directly follow the first in the same block, or "
             "each be the only node of adjacent `if` guards)",
             na, nb);
    return XF_SILENCEABLE;
  }
  xf_status st = xf_fuse_check_pair(ctx, a, b);
  if (st != XF_OK)
    return st;
  int64_t big = (int64_t)1 << 40;
  if (shift > big || shift < -big || !xf_fits_type(b->u.loop.iv->type, shift) ||
      !xf_fits_type(a->u.loop.iv->type, shift)) {
    scc_fail(ctx, b->loc, "loop.fuse of '%s' and '%s': shift %lld is too large",
             na, nb, (long long)shift);
    return XF_SILENCEABLE;
  }
  if (shift != 0 &&
      (!ir_type_is_integer(la->iv->type) || ir_type_is_unsigned(la->iv->type) ||
       ir_type_is_unsigned(lb->lb->type) ||
       ir_type_is_unsigned(lb->ub->type))) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s' with a shift: unsigned induction "
             "variables or bounds are not supported (the shifted values could "
             "wrap around)",
             na, nb);
    return XF_SILENCEABLE;
  }
  int64_t dl, du;
  if (!xf_const_diff(ctx, la->lb, lb->lb, &dl) ||
      !xf_const_diff(ctx, la->ub, lb->ub, &du)) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': the bounds are neither equal nor "
             "shifted by constants",
             na, nb);
    return XF_SILENCEABLE;
  }
  dl += shift; /* lb_b + S - lb_a */
  du += shift; /* ub_b + S - ub_a */
  /* (guarded loops now run when their guard is false, too) */
  bool moved = shift != 0 || dl != 0 || du != 0 || ga;
  if (moved && la->step != 1) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': a shift or shifted bounds need step "
             "1 (step is %lld)",
             na, nb, (long long)la->step);
    return XF_SILENCEABLE;
  }
  const char *what =
      scc_arena_printf(ctx->arena, "loop.fuse of '%s' and '%s' with shift %lld",
                       na, nb, (long long)shift);
  if ((la->iv != lb->iv || moved) &&
      !xf_final_value_unread(ctx, k, b, lb->iv, what))
    return XF_SILENCEABLE;
  if (moved && la->iv != lb->iv &&
      !xf_final_value_unread(ctx, k, b, la->iv, what))
    return XF_SILENCEABLE;

  /* Legality, on a shifted copy of b in b's place. */
  ir_node *tmp = ir_node_clone(ctx, b, NULL);
  shift_loop(ctx, tmp, shift);
  ir_replace(b, tmp);
  const char *why = NULL;
  bool legal = dep_check_fusion(ctx, k, a, tmp, &why);
  int64_t need = 0;
  bool have_need = !legal && dep_fusion_shift(ctx, k, a, tmp, &need);
  ir_replace(tmp, b);
  if (!legal) {
    const char *hint =
        have_need && need > 0
            ? scc_arena_printf(ctx->arena,
                               "; shifting the iterations of '%s' by %lld "
                               "(`loop.fuse %%%s, %%%s {shift = %lld}`) "
                               "makes the fusion legal",
                               nb, (long long)(shift + need), na, nb,
                               (long long)(shift + need))
            : "";
    scc_fail(ctx, b->loc, "%s %s%s", what,
             why ? why : "would violate a dependence", hint);
    return XF_SILENCEABLE;
  }

  /* b's bounds shifted are the fused loop's (n + 1 of `i < n` shifted by
   * 1): each must stay within the iv's type, proven or checked at run
   * time */
  if (shift != 0) {
    ir_type t = la->iv->type;
    ir_expr *sl = ir_add_const(ctx, ir_expr_clone(ctx, lb->lb, NULL), shift),
            *su = ir_add_const(ctx, ir_expr_clone(ctx, lb->ub, NULL), shift);
    if (!xf_require_fits(ctx, k, b, sl, t, what) ||
        !xf_require_fits(ctx, k, b, su, t, what))
      return XF_SILENCEABLE;
  }
  /* Rewrite: shift b, rename its iv to a's, fuse over the union. */
  shift_loop(ctx, b, shift);
  ir_subst s = {0};
  if (la->iv != lb->iv)
    ir_subst_add(ctx, &s, lb->iv, ir_var_ref(ctx, la->iv));
  ir_expr *lb_a = la->lb, *ub_a = la->ub, *lb_b = lb->lb, *ub_b = lb->ub;
  ir_expr *cond_a =
      range_cond(ctx, la->iv, dl < 0 ? lb_a : NULL, du > 0 ? ub_a : NULL);
  ir_expr *cond_b =
      range_cond(ctx, la->iv, dl > 0 ? lb_b : NULL, du < 0 ? ub_b : NULL);
  if (ga) {
    /* if (g_a) for (i ...) A; if (g_b) for (i ...) B  becomes
     * for (i ...) { if (g_a && range_a) A; if (g_b && range_b) B } */
    cond_a = and_cond(ctx, ga->u.ifs.cond, cond_a);
    cond_b = and_cond(ctx, gb->u.ifs.cond, cond_b);
    ir_replace(ga, a);
    ir_remove(gb);
  }
  if (s.n) {
    if (cond_b)
      cond_b = ir_expr_clone(ctx, cond_b, &s);
    for (ir_node *p = lb->body.first; p; p = p->next)
      ir_node_substitute(ctx, p, &s);
  }
  la->lb = ir_expr_clone(ctx, dl < 0 ? lb_b : lb_a, &s);
  la->ub = ir_expr_clone(ctx, du > 0 ? ub_b : ub_a, &s);
  /* b's body reads `i - shift` (simplified): its parts within their types
   * (over b's shifted bounds, which b still has) */
  if (shift != 0)
    xf_guard_substituted(ctx, k, &lb->body, la->iv, false, what);
  /* b's declarations of variables a declares too (b a copy of a) */
  xf_rename_shared_decls(ctx, k, b);
  ir_remove(b);
  ir_block body;
  ir_block_init(&body, a);
  ir_block_move_all(&body, &la->body);
  append_guarded(ctx, &la->body, &body, cond_a, a->loc);
  append_guarded(ctx, &la->body, &lb->body, cond_b, b->loc);
  *out = a;
  return XF_OK;
}
