/* sink.c — loop.sink %x into %l: code sinking of a loop into the first
 * (or last) iteration of the loop next to it, so that an imperfect nest
 * becomes a perfect band.
 *
 *   for (t ...) {                        for (t ...)
 *     for (j ...) ey[0][j] = f[t];  =>     for (i = 0; i < nx; i++) {
 *     for (i = 0; i < nx; i++) {             if (i == 0)
 *       ...                                    for (j ...) ey[0][j] = f[t];
 *     }                                      ...
 *   }                                      }
 *
 * x directly before l moves to the start of l's body under `if (i ==
 * lb)`; x directly after l moves to the end of it under `if (i == ub -
 * 1)` (step 1).  Every dynamic instance runs in the same order as before:
 * x still runs before (after) all of l's iterations, so no dependence can
 * be violated and none is asked.  What changes is when l's bounds are
 * evaluated (before x) and that x runs only if l runs at least once:
 *  - x must not read or write l's iv, nor anything l's bounds read; the
 *    bounds must read only parameters and the ivs of enclosing loops (so
 *    the guard has one value in every iteration, and can be checked);
 *  - when l's trip count is not provably positive, the kernel is
 *    versioned (deps/dep_assume.c): the transformed code runs when `lb <
 *    ub` holds at kernel entry, the original otherwise, which needs bounds
 *    over parameters only; bounds reading enclosing ivs are refused then.
 * Pluto embeds statements of lower dimension this way before it looks for
 * a band (fdtd-2d's `ey[0][j] = _fict_[t]` as the i = 0 instance of the
 * sweep over ey); the result of fusing the sweeps around it is a (t, i)
 * band that loop.skew and loop.tile take (time tiling).
 * Source: code sinking, Wolfe, High Performance Compilers for Parallel
 * Computing, 1996, §9.1; Ahmed, Mateev and Pingali, "Synthesizing
 * transformations for locality enhancement of imperfectly-nested loop
 * nests", ICS 2000 (statements embedded into a common iteration space);
 * Bondhugula et al., PLDI 2008 (Pluto).
 */
#include "xf_util.h"

typedef struct bound_vars {
  const ir_var *iv;   /* l's */
  const ir_var *bad;  /* a variable the bounds may not read */
  const ir_var *ivar; /* another loop's iv the bounds read */
  bool other;         /* an access or a call */
} bound_vars;

static void bound_var(ir_expr *e, void *data) {
  bound_vars *b = data;
  if (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL)
    b->other = true;
  else if (e->kind == IR_EXPR_VAR) {
    const ir_var *v = e->u.var;
    if (v->kind == IR_VAR_IV && v != b->iv) {
      if (!b->ivar)
        b->ivar = v;
    } else if (v->kind != IR_VAR_PARAM && !b->bad)
      b->bad = v;
  }
}

typedef struct writes_data {
  const ir_var *v;
  bool found;
} writes_data;

/* Whether a node writes v: a loop over it, an assignment or declaration of
 * it. */
static bool node_writes(ir_node *n, void *data) {
  writes_data *w = data;
  if ((n->kind == IR_NODE_LOOP && n->u.loop.iv == w->v) ||
      (n->kind == IR_NODE_DECL && n->u.decl.var == w->v) ||
      (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR &&
       n->u.assign.lhs->u.var == w->v))
    w->found = true;
  return !w->found;
}

typedef struct bound_list {
  ir_node *x;
  const ir_var *hit; /* a variable the bounds read and x writes */
} bound_list;

static void x_touches(ir_expr *e, void *data) {
  bound_list *b = data;
  if (e->kind != IR_EXPR_VAR || b->hit)
    return;
  writes_data w = {e->u.var, false};
  ir_walk_node(b->x, node_writes, &w);
  if (w.found)
    b->hit = e->u.var;
}

typedef struct init_decls {
  scc_ctx *ctx;
  ir_node *x; /* the loop being sunk */
} init_decls;

/* Gives a declaration without a value, of an arithmetic scalar outside
 * d->x that d->x assigns, the value 0 (xf_sink). */
static bool init_decl(ir_node *n, void *data) {
  init_decls *d = data;
  if (n == d->x)
    return false; /* declarations inside x keep what they have */
  if (n->kind != IR_NODE_DECL || n->u.decl.init)
    return true;
  ir_var *v = n->u.decl.var;
  if (!ir_type_is_integer(v->type) && !ir_type_is_float(v->type))
    return true;
  writes_data w = {v, false};
  ir_walk_node(d->x, node_writes, &w);
  if (w.found)
    n->u.decl.init = v->type == IR_TY_INT
                         ? ir_int(d->ctx, 0)
                         : ir_cast(d->ctx, v->type, ir_int(d->ctx, 0));
  return true;
}

xf_status xf_sink(scc_ctx *ctx, ir_kernel *k, ir_node *x, ir_node *l,
                  ir_node **out) {
  if (!x || !l || x->kind != IR_NODE_LOOP || l->kind != IR_NODE_LOOP) {
    scc_fail(ctx, x ? x->loc : (scc_loc){0}, "loop.sink needs two loops");
    return XF_SILENCEABLE;
  }
  ir_loop *lp = &l->u.loop;
  const char *nx = xf_iv_name(x), *nl = xf_iv_name(l);
  /* the two loops in messages, with their lines: their ivs often share a
   * name ('i' into 'i') */
  const char *wx = scc_arena_printf(ctx->arena, "'%s' (line %d)", nx,
                                    x->loc.line),
             *wl = scc_arena_printf(ctx->arena, "'%s' (line %d)", nl,
                                    l->loc.line);
  bool before = x->next == l;
  if (x == l) {
    scc_fail(ctx, x->loc,
             "loop.sink of %s into itself: the two handles hold the same "
             "loop (match.op {nth = N} counts the loops as they are now, "
             "after earlier fusions and sinks)",
             wx);
    return XF_SILENCEABLE;
  }
  if (!before && l->next != x) {
    scc_fail(ctx, x->loc,
             "loop.sink of %s into %s: the loops are not adjacent (the "
             "loop to sink must directly precede or follow '%s' in the same "
             "block)",
             wx, wl, nl);
    return XF_SILENCEABLE;
  }
  if (ir_type_is_unsigned(lp->iv->type) || ir_type_is_unsigned(lp->lb->type) ||
      ir_type_is_unsigned(lp->ub->type) || !ir_type_is_integer(lp->iv->type)) {
    scc_fail(ctx, l->loc,
             "loop.sink of %s into %s: unsigned or non-integer induction "
             "variables or bounds are not supported (the check that '%s' "
             "runs at least once could wrap around)",
             wx, wl, nl);
    return XF_SILENCEABLE;
  }
  if (lp->step != 1) {
    scc_fail(ctx, x->loc,
             "loop.sink of %s into %s: loop '%s' has step %lld; code "
             "sinking needs step 1 (the guard names its first or last "
             "iteration)",
             wx, wl, nl, (long long)lp->step);
    return XF_SILENCEABLE;
  }
  if (xf_node_reads(x, lp->iv)) {
    writes_data w = {lp->iv, false};
    ir_walk_node(x, node_writes, &w);
    if (w.found)
      scc_fail(ctx, x->loc,
               "loop.sink of %s into %s: loop '%s' sets '%s', the induction "
               "variable of the loop it would go into, which would then "
               "hold another value (%s)",
               wx, wl, nx, lp->iv->name,
               x->u.loop.iv == lp->iv
                   ? "both loops run over it: loop.sink moves a loop of "
                     "another dimension, such as a boundary row, into a "
                     "sweep"
               : before ? "give its inner loops induction variables of "
                          "their own"
                        : "is the order right? %x, sunk into the last "
                          "iteration of %l, is the loop after it");
    else
      scc_fail(ctx, x->loc,
               "loop.sink of %s into %s: loop '%s' reads '%s', which loop "
               "'%s' sets: inside it, '%s' would hold another value (copy "
               "the value into a variable of its own first)",
               wx, wl, nx, lp->iv->name, nl, lp->iv->name);
    return XF_SILENCEABLE;
  }
  bound_vars bv = {.iv = lp->iv};
  ir_walk_expr(lp->lb, bound_var, &bv);
  ir_walk_expr(lp->ub, bound_var, &bv);
  if (bv.bad || bv.other) {
    scc_fail(ctx, l->loc,
             "loop.sink of %s into %s: the bounds of '%s' read %s%s%s; "
             "code sinking needs bounds over parameters and enclosing loops' "
             "induction variables",
             wx, wl, nl, bv.bad ? "'" : "an array or a call",
             bv.bad ? bv.bad->name : "",
             bv.bad ? "', which the kernel writes" : "");
    return XF_SILENCEABLE;
  }
  bound_list bl = {.x = x};
  ir_walk_expr(lp->lb, x_touches, &bl);
  ir_walk_expr(lp->ub, x_touches, &bl);
  if (bl.hit) {
    scc_fail(ctx, x->loc,
             "loop.sink of %s into %s: loop '%s' sets '%s', which the "
             "bounds of '%s' read",
             wx, wl, nx, bl.hit->name, nl);
    return XF_SILENCEABLE;
  }
  /* Does l run at least once whenever x does? */
  int64_t trip = 0;
  bool known = xf_const_diff(ctx, lp->lb, lp->ub, &trip);
  if (known && trip <= 0) {
    scc_fail(ctx, l->loc,
             "loop.sink of %s into %s: loop '%s' never runs (%lld "
             "iterations), so '%s' would never run",
             wx, wl, nl, (long long)trip, nx);
    return XF_SILENCEABLE;
  }
  /* Bounds over enclosing ivs: the trip count ub - lb may still read
   * only parameters (a skewed loop, `t + 1` to `n + t`), then that is
   * what the check compares. */
  ir_expr *trip_expr = NULL;
  if (!known && bv.ivar) {
    ir_affine d;
    const ir_var *dep = bv.ivar;
    if (ir_expr_to_affine(ctx,
                          ir_sub(ctx, ir_expr_clone(ctx, lp->ub, NULL),
                                 ir_expr_clone(ctx, lp->lb, NULL)),
                          &d)) {
      dep = NULL;
      for (int t = 0; t < d.nterms && !dep; t++)
        if (d.vars[t]->kind != IR_VAR_PARAM)
          dep = d.vars[t];
      if (!dep)
        trip_expr = ir_affine_to_expr(ctx, &d, lp->iv->type);
    }
    if (dep) {
      scc_fail(ctx, l->loc,
               "loop.sink of %s into %s: whether loop '%s' runs at all "
               "depends on '%s', so it cannot be checked once at the "
               "kernel's entry ('%s' would not run when '%s' does not); "
               "sink it into a loop whose trip count reads only parameters",
               wx, wl, nl, dep->name, nx, nl);
      return XF_SILENCEABLE;
    }
  }
  /* After sinking to the end, a declaration at the top of l's body would
   * be in scope where x reads a variable of the same name. */
  for (ir_node *p = lp->body.first; p && !before; p = p->next)
    if (p->kind == IR_NODE_DECL && xf_node_reads(x, p->u.decl.var)) {
      scc_fail(ctx, x->loc,
               "loop.sink of %s into %s: the body of '%s' declares '%s', "
               "which loop '%s' reads: at the end of that body, '%s' would "
               "name the declaration (rename one of them)",
               wx, wl, nl, p->u.decl.var->name, nx, p->u.decl.var->name);
      return XF_SILENCEABLE;
    }

  /* Rewrite. */
  /* the check compares what the loop compares: lb converted to the iv's
   * type, then ub (equal types, or a wider signed iv: both exact) */
  ir_expr *cond = NULL;
  if (trip_expr) {
    cond = ir_binary(ctx, IR_OP_LT, ir_int(ctx, 0), trip_expr, IR_TY_INT);
  } else if (!known) {
    ir_expr *lo = ir_expr_clone(ctx, lp->lb, NULL);
    if (lo->type != lp->iv->type)
      lo = ir_cast(ctx, lp->iv->type, lo);
    cond = ir_binary(ctx, IR_OP_LT, lo, ir_expr_clone(ctx, lp->ub, NULL),
                     IR_TY_INT);
    for (int i = 0; i < k->assumptions.len && cond; i++) {
      const ir_assumption *o = k->assumptions.items[i];
      if (o->kind == IR_ASSUME_COND && ir_expr_equal(o->cond, cond))
        cond = NULL; /* the same check is recorded already */
    }
  }
  if (cond) {
    ir_assumption *as = scc_arena_alloc(ctx->arena, sizeof *as);
    *as = (ir_assumption){.kind = IR_ASSUME_COND};
    as->cond = cond;
    scc_buf c = {0};
    ir_print_c_expr(&c, as->cond);
    as->text = scc_arena_printf(ctx->arena, "loop '%s' runs at least once (%s)",
                                nl, c.data);
    scc_buf_free(&c);
    as->reason = scc_arena_printf(
        ctx->arena,
        "loop.sink put loop '%s' (line %d) into the %s iteration of '%s', "
        "which must run for '%s' to run",
        nx, x->loc.line, before ? "first" : "last", nl, nx);
    scc_vec_push(ctx->arena, &k->assumptions, as);
  }
  /* A scalar x assigns that is declared outside it without a value gets
   * 0: the program assigned it before any read (else it read an
   * indeterminate value), and x still runs exactly once, but now under
   * an `if` in a loop, where gcc -Wmaybe-uninitialized and clang
   * -Wsometimes-uninitialized no longer see the assignment dominate the
   * reads after the loop (`int i; for (i = 0; ...)` read after it: fuzz
   * seed 20261140 k59, with loop.reverse of l) */
  init_decls d = {ctx, x};
  ir_walk_block(&k->body, init_decl, &d);
  ir_expr *at = before
                    ? ir_expr_clone(ctx, lp->lb, NULL)
                    : ir_add_const(ctx, ir_expr_clone(ctx, lp->ub, NULL), -1);
  ir_node *g = ir_if_new(
      ctx, ir_binary(ctx, IR_OP_EQ, ir_var_ref(ctx, lp->iv), at, IR_TY_INT),
      x->loc);
  ir_remove(x);
  ir_block_append(&g->u.ifs.then_body, x);
  if (before && lp->body.first)
    ir_insert_before(lp->body.first, g);
  else
    ir_block_append(&lp->body, g);
  *out = l;
  return XF_OK;
}
