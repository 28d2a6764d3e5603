/* ir_clone.c — deep copies of expressions and nodes, with substitution of
 * variables by expressions (iv renaming, unrolling i -> i + 3, full
 * unrolling i -> 5), and snapshots of a kernel (ir_kernel_snapshot,
 * ir_kernel_restore) that undo a transform applied in place.
 *
 * Substitution respects scopes: inside a cloned loop whose iv is
 * substituted by something other than a variable, reads of that iv refer
 * to the loop's own iv again, so the substitution of that iv is dropped for
 * the loop's bounds' inner body.  (Valid IR never rebinds an iv of an
 * enclosing loop, so this only matters for cloning a loop together with
 * its own iv's substitution.)
 */
#include "ir.h"

#include <string.h>

void ir_subst_add(scc_ctx *ctx, ir_subst *s, ir_var *from, ir_expr *to) {
  for (int i = 0; i < s->n; i++)
    if (s->from[i] == from) {
      s->to[i] = to;
      return;
    }
  ir_var **nf =
      scc_arena_alloc(ctx->arena, sizeof(ir_var *) * (size_t)(s->n + 1));
  ir_expr **nt =
      scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(s->n + 1));
  if (s->n) {
    memcpy(nf, s->from, sizeof(ir_var *) * (size_t)s->n);
    memcpy(nt, s->to, sizeof(ir_expr *) * (size_t)s->n);
  }
  nf[s->n] = from;
  nt[s->n] = to;
  s->from = nf;
  s->to = nt;
  s->n++;
}

static ir_expr *lookup(const ir_subst *s, const ir_var *v) {
  if (!s)
    return NULL;
  for (int i = 0; i < s->n; i++)
    if (s->from[i] == v)
      return s->to[i];
  return NULL;
}

/* A copy of s without the entry of v (s itself when v is not in it). */
static const ir_subst *subst_without(scc_ctx *ctx, const ir_subst *s,
                                     const ir_var *v, ir_subst *buf) {
  if (!lookup(s, v))
    return s;
  *buf = (ir_subst){0};
  for (int i = 0; i < s->n; i++)
    if (s->from[i] != v)
      ir_subst_add(ctx, buf, s->from[i], s->to[i]);
  return buf;
}

typedef struct clone_state {
  scc_ctx *ctx;
  const ir_subst *s;
  bool changed; /* a substitution happened inside the operands cloned */
} clone_state;

static ir_expr *clone_expr(scc_ctx *ctx, const ir_expr *e, const ir_subst *s,
                           bool *changed);

static ir_expr *clone_kid(ir_expr *e, void *data) {
  clone_state *st = data;
  return clone_expr(st->ctx, e, st->s, &st->changed);
}

/* Clones e; *changed is set when a substitution happened inside it. */
static ir_expr *clone_expr(scc_ctx *ctx, const ir_expr *e, const ir_subst *s,
                           bool *changed) {
  if (!e)
    return NULL;
  if (e->kind == IR_EXPR_VAR) {
    ir_expr *to = lookup(s, e->u.var);
    if (to) {
      *changed = true;
      return clone_expr(ctx, to, NULL, changed);
    }
  }
  ir_expr *c = scc_arena_alloc(ctx->arena, sizeof *c);
  *c = *e;
  /* the arrays of operands are the clone's own; the shuffle's mask is
   * never changed (shared); an element address's array is not
   * substituted */
  if (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL) {
    int n = e->kind == IR_EXPR_ACCESS ? e->u.access.n : e->u.call.n;
    ir_expr **to =
        scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(n ? n : 1));
    ir_expr *const *from =
        e->kind == IR_EXPR_ACCESS ? e->u.access.idx : e->u.call.args;
    for (int i = 0; i < n; i++)
      to[i] = from[i];
    if (e->kind == IR_EXPR_ACCESS)
      c->u.access.idx = to;
    else
      c->u.call.args = to;
  }
  clone_state st = {ctx, s, false};
  ir_expr_map_children(c, clone_kid, &st);
  if (st.changed) {
    *changed = true;
    /* Integer subexpressions that changed are simplified; floating-point
     * ones keep their shape (their integer children were simplified). */
    if (ir_type_is_integer(c->type))
      return ir_simplify(ctx, c);
  }
  return c;
}

ir_expr *ir_expr_clone(scc_ctx *ctx, const ir_expr *e, const ir_subst *s) {
  bool changed = false;
  return clone_expr(ctx, e, s, &changed);
}

/* The variable that replaces v when v is renamed (substituted by a
 * variable read), else v. */
static ir_var *renamed(const ir_subst *s, ir_var *v) {
  ir_expr *to = lookup(s, v);
  return to && to->kind == IR_EXPR_VAR ? to->u.var : v;
}

static void clone_block(scc_ctx *ctx, ir_block *to, const ir_block *from,
                        const ir_subst *s);

/* Copies of the expressions of v (ir_loop.prefetch), substituted. */
static scc_vec clone_exprs(scc_ctx *ctx, const scc_vec *v, const ir_subst *s) {
  scc_vec c = {0};
  for (int i = 0; i < v->len; i++)
    scc_vec_push(ctx->arena, &c, ir_expr_clone(ctx, v->items[i], s));
  return c;
}

ir_node *ir_node_clone(scc_ctx *ctx, const ir_node *n, const ir_subst *s) {
  ir_node *c = scc_arena_alloc(ctx->arena, sizeof *c);
  c->kind = n->kind;
  c->loc = n->loc;
  switch (n->kind) {
  case IR_NODE_LOOP: {
    const ir_loop *l = &n->u.loop;
    ir_subst buf;
    c->u.loop = *l;
    c->u.loop.iv = renamed(s, l->iv);
    c->u.loop.lb = ir_expr_clone(ctx, l->lb, s);
    c->u.loop.ub = ir_expr_clone(ctx, l->ub, s);
    ir_block_init(&c->u.loop.body, c);
    const ir_subst *inner = s;
    if (c->u.loop.iv == l->iv)
      inner = subst_without(ctx, s, l->iv, &buf);
    c->u.loop.prefetch = clone_exprs(ctx, &l->prefetch, inner);
    c->u.loop.prefetchw = clone_exprs(ctx, &l->prefetchw, inner);
    clone_block(ctx, &c->u.loop.body, &l->body, inner);
    break;
  }
  case IR_NODE_IF:
    c->u.ifs.cond = ir_expr_clone(ctx, n->u.ifs.cond, s);
    ir_block_init(&c->u.ifs.then_body, c);
    ir_block_init(&c->u.ifs.else_body, c);
    clone_block(ctx, &c->u.ifs.then_body, &n->u.ifs.then_body, s);
    clone_block(ctx, &c->u.ifs.else_body, &n->u.ifs.else_body, s);
    break;
  case IR_NODE_ASSIGN:
    c->u.assign = n->u.assign;
    c->u.assign.lhs = ir_expr_clone(ctx, n->u.assign.lhs, s);
    c->u.assign.rhs = ir_expr_clone(ctx, n->u.assign.rhs, s);
    break;
  case IR_NODE_DECL:
    c->u.decl.var = renamed(s, n->u.decl.var);
    c->u.decl.init = ir_expr_clone(ctx, n->u.decl.init, s);
    break;
  }
  return c;
}

static void clone_block(scc_ctx *ctx, ir_block *to, const ir_block *from,
                        const ir_subst *s) {
  for (const ir_node *p = from->first; p; p = p->next)
    ir_block_append(to, ir_node_clone(ctx, p, s));
}

void ir_block_clone_into(scc_ctx *ctx, ir_block *to, const ir_block *from,
                         const ir_subst *s) {
  clone_block(ctx, to, from, s);
}

static void substitute_block(scc_ctx *ctx, ir_block *b, const ir_subst *s) {
  for (ir_node *p = b->first; p; p = p->next)
    ir_node_substitute(ctx, p, s);
}

void ir_node_substitute(scc_ctx *ctx, ir_node *n, const ir_subst *s) {
  if (!s || s->n == 0)
    return;
  switch (n->kind) {
  case IR_NODE_LOOP: {
    ir_loop *l = &n->u.loop;
    ir_subst buf;
    ir_var *old = l->iv;
    l->lb = ir_expr_clone(ctx, l->lb, s);
    l->ub = ir_expr_clone(ctx, l->ub, s);
    l->iv = renamed(s, old);
    const ir_subst *inner = s;
    if (l->iv == old)
      inner = subst_without(ctx, s, old, &buf);
    l->prefetch = clone_exprs(ctx, &l->prefetch, inner);
    l->prefetchw = clone_exprs(ctx, &l->prefetchw, inner);
    substitute_block(ctx, &l->body, inner);
    break;
  }
  case IR_NODE_IF:
    n->u.ifs.cond = ir_expr_clone(ctx, n->u.ifs.cond, s);
    substitute_block(ctx, &n->u.ifs.then_body, s);
    substitute_block(ctx, &n->u.ifs.else_body, s);
    break;
  case IR_NODE_ASSIGN:
    n->u.assign.lhs = ir_expr_clone(ctx, n->u.assign.lhs, s);
    n->u.assign.rhs = ir_expr_clone(ctx, n->u.assign.rhs, s);
    break;
  case IR_NODE_DECL:
    n->u.decl.var = renamed(s, n->u.decl.var);
    n->u.decl.init = ir_expr_clone(ctx, n->u.decl.init, s);
    break;
  }
}

/* ---- snapshots ---------------------------------------------------------- */

struct ir_snapshot {
  int n;
  ir_node **nodes; /* every node of the body, pre-order */
  ir_node *saved;  /* their contents, expressions copied */
  ir_block body;
  int nvars, narrays, next_stmt_id, nnames;
  int nassumptions; /* what transforms recorded (loop.sink) */
  ir_isa isa;
};

typedef struct snap_walk {
  scc_ctx *ctx;
  scc_vec nodes;
} snap_walk;

static bool snap_cb(ir_node *n, void *data) {
  snap_walk *w = data;
  scc_vec_push(w->ctx->arena, &w->nodes, n);
  return true;
}

ir_snapshot *ir_kernel_snapshot(scc_ctx *ctx, ir_kernel *k) {
  snap_walk w = {ctx, {0}};
  ir_walk_block(&k->body, snap_cb, &w);
  ir_snapshot *s = scc_arena_alloc(ctx->arena, sizeof *s);
  s->n = w.nodes.len;
  s->nodes = (ir_node **)w.nodes.items;
  s->saved = scc_arena_alloc(ctx->arena, sizeof *s->saved * (size_t)(s->n + 1));
  for (int i = 0; i < s->n; i++) {
    ir_node *c = &s->saved[i];
    *c = *s->nodes[i];
    switch (c->kind) {
    case IR_NODE_LOOP: {
      ir_loop *l = &c->u.loop;
      l->lb = ir_expr_clone(ctx, l->lb, NULL);
      l->ub = ir_expr_clone(ctx, l->ub, NULL);
      scc_vec reds = {0};
      for (int r = 0; r < l->omp_reductions.len; r++)
        scc_vec_push(ctx->arena, &reds,
                     ir_expr_clone(ctx, l->omp_reductions.items[r], NULL));
      l->omp_reductions = reds;
      scc_vec priv = {0};
      for (int r = 0; r < l->omp_private.len; r++)
        scc_vec_push(ctx->arena, &priv, l->omp_private.items[r]);
      l->omp_private = priv;
      l->prefetch = clone_exprs(ctx, &l->prefetch, NULL);
      l->prefetchw = clone_exprs(ctx, &l->prefetchw, NULL);
      break;
    }
    case IR_NODE_IF:
      c->u.ifs.cond = ir_expr_clone(ctx, c->u.ifs.cond, NULL);
      break;
    case IR_NODE_ASSIGN:
      c->u.assign.lhs = ir_expr_clone(ctx, c->u.assign.lhs, NULL);
      c->u.assign.rhs = ir_expr_clone(ctx, c->u.assign.rhs, NULL);
      break;
    case IR_NODE_DECL:
      c->u.decl.init = ir_expr_clone(ctx, c->u.decl.init, NULL);
      break;
    }
  }
  s->body = k->body;
  s->nvars = k->vars.len;
  s->narrays = k->arrays.len;
  s->next_stmt_id = k->next_stmt_id;
  s->nnames = k->module ? k->module->used_names.len : 0;
  s->nassumptions = k->assumptions.len;
  s->isa = k->isa;
  return s;
}

void ir_kernel_restore(ir_kernel *k, const ir_snapshot *s) {
  for (int i = 0; i < s->n; i++)
    *s->nodes[i] = s->saved[i];
  k->body = s->body;
  k->vars.len = s->nvars;
  k->arrays.len = s->narrays;
  k->next_stmt_id = s->next_stmt_id;
  if (k->module)
    k->module->used_names.len = s->nnames;
  if (k->assumptions.len > s->nassumptions)
    k->assumptions.len = s->nassumptions;
  k->isa = s->isa;
}

void ir_loop_copy_omp(scc_ctx *ctx, ir_loop *to, const ir_loop *from) {
  to->omp = from->omp;
  to->omp_schedule = from->omp_schedule;
  to->omp_reduction_op = from->omp_reduction_op;
  to->omp_reductions = (scc_vec){0};
  for (int i = 0; i < from->omp_reductions.len; i++)
    scc_vec_push(ctx->arena, &to->omp_reductions,
                 ir_expr_clone(ctx, from->omp_reductions.items[i], NULL));
  to->omp_private = (scc_vec){0};
  for (int i = 0; i < from->omp_private.len; i++)
    scc_vec_push(ctx->arena, &to->omp_private, from->omp_private.items[i]);
}
