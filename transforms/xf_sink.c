/* xf_sink.c — code sinking of scalar declarations into a band, so that an
 * imperfect nest whose loops are separated only by declarations becomes a
 * perfect band (loop.tile).
 *
 *   for (k ...) {                         for (k ...)
 *     float a_part = alpha * A[i][k];  =>   for (j ...) {
 *     for (j ...)                             float a_part = alpha * A[i][k];
 *       C[i][j] += a_part * B[k][j];          C[i][j] += a_part * B[k][j];
 *   }                                       }
 *
 * A declaration moves into the loop that follows it when that loop is the
 * last node of the block and computes the same value there in every
 * iteration: the loop's body does not write the variable, nor any scalar
 * or array the initializer reads, and the loop's bounds do not read the
 * variable.  Then each iteration of the inner loop declares its own copy
 * with the value the one declaration had (the initializer is a pure
 * expression, evaluated once per iteration instead of once), which is the
 * privatization of the variable to the inner loop's iterations.  Sinking
 * repeats level by level down the band.  Source: code sinking to build
 * perfect nests, Wolfe, High Performance Compilers for Parallel Computing,
 * 1996, §9.1 (loop interchange of imperfect nests), and Allen & Kennedy
 * 2001, §5.5 (privatization).
 */
#include "xf_util.h"

typedef struct writes {
  scc_vec vars;   /* ir_var * written (assigned or declared) */
  scc_vec arrays; /* ir_array * written */
} writes;

static bool has(const scc_vec *v, const void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

typedef struct wwalk {
  scc_ctx *ctx;
  writes *w;
} wwalk;

static bool writes_cb(ir_node *n, void *data) {
  wwalk *ww = data;
  if (n->kind == IR_NODE_ASSIGN) {
    ir_expr *lhs = n->u.assign.lhs;
    if (lhs->kind == IR_EXPR_VAR)
      scc_vec_push(ww->ctx->arena, &ww->w->vars, lhs->u.var);
    else if (lhs->kind == IR_EXPR_ACCESS)
      scc_vec_push(ww->ctx->arena, &ww->w->arrays, lhs->u.access.array);
  } else if (n->kind == IR_NODE_DECL) {
    scc_vec_push(ww->ctx->arena, &ww->w->vars, n->u.decl.var);
  } else if (n->kind == IR_NODE_LOOP) {
    scc_vec_push(ww->ctx->arena, &ww->w->vars, n->u.loop.iv);
  }
  return true;
}

typedef struct rcheck {
  const writes *w;
  bool clash;
} rcheck;

static void read_cb(ir_expr *e, void *data) {
  rcheck *r = data;
  if (e->kind == IR_EXPR_VAR && has(&r->w->vars, e->u.var))
    r->clash = true;
  if (e->kind == IR_EXPR_ACCESS && has(&r->w->arrays, e->u.access.array))
    r->clash = true;
}

/* Why decl cannot move into `loop`, or NULL when it can. */
static const char *cannot_sink(scc_ctx *ctx, const ir_node *decl,
                               ir_node *loop) {
  const ir_var *v = decl->u.decl.var;
  const char *inner = xf_iv_name(loop);
  if (xf_bounds_use(loop, v))
    return scc_arena_printf(ctx->arena, "the bounds of loop '%s' read it",
                            inner);
  writes w = {0};
  wwalk ww = {ctx, &w};
  ir_walk_block(&loop->u.loop.body, writes_cb, &ww);
  if (has(&w.vars, v))
    return scc_arena_printf(ctx->arena, "loop '%s' writes it", inner);
  rcheck r = {&w, false};
  if (decl->u.decl.init)
    ir_walk_expr(decl->u.decl.init, read_cb, &r);
  if (r.clash)
    return scc_arena_printf(
        ctx->arena, "loop '%s' writes what its initializer reads", inner);
  return NULL;
}

bool xf_band_has_decls(ir_node *outer, int n) {
  ir_node *l = outer;
  for (int d = 0; d + 1 < n && l && l->kind == IR_NODE_LOOP; d++) {
    ir_node *last = l->u.loop.body.last;
    if (!last || last->kind != IR_NODE_LOOP)
      return false;
    bool decls = false;
    for (ir_node *p = l->u.loop.body.first; p != last; p = p->next) {
      if (p->kind != IR_NODE_DECL)
        return false;
      decls = true;
    }
    if (decls)
      return true;
    l = last;
  }
  return false;
}

bool xf_sink_band_decls(scc_ctx *ctx, ir_node *outer, int n) {
  ir_node *l = outer;
  for (int d = 0; d + 1 < n; d++) {
    ir_node *last = l->u.loop.body.last;
    if (!last || last->kind != IR_NODE_LOOP)
      return true; /* not a band: loop.tile reports it */
    for (ir_node *p = l->u.loop.body.first; p != last; p = p->next)
      if (p->kind != IR_NODE_DECL)
        return true;
    /* the declarations, last first, to the front of the inner body */
    while (l->u.loop.body.first != last) {
      ir_node *p = last->prev;
      const char *why = cannot_sink(ctx, p, last);
      if (why) {
        scc_fail(ctx, l->loc,
                 "loop '%s' is not perfectly nested: its body declares "
                 "'%s', which cannot move into loop '%s' (%s)",
                 xf_iv_name(l), p->u.decl.var->name, xf_iv_name(last), why);
        return false;
      }
      ir_remove(p);
      if (last->u.loop.body.first)
        ir_insert_before(last->u.loop.body.first, p);
      else
        ir_block_append(&last->u.loop.body, p);
    }
    l = last;
  }
  return true;
}

xf_status xf_with_sunk_decls(scc_ctx *ctx, ir_kernel *k, ir_node *outer, int n,
                             xf_status (*fn)(void *data), void *data) {
  if (n < 2 || !outer || outer->kind != IR_NODE_LOOP ||
      !xf_band_has_decls(outer, n))
    return fn(data);
  ir_snapshot *snap = ir_kernel_snapshot(ctx, k);
  xf_status st = xf_sink_band_decls(ctx, outer, n) ? fn(data) : XF_SILENCEABLE;
  if (st == XF_SILENCEABLE)
    ir_kernel_restore(k, snap);
  return st;
}
