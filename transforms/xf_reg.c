/* xf_reg.c — helpers of the register-tiling transforms (see xf_reg.h). */
#include "xf_reg.h"

#include <string.h>

static void walk_slot(ir_expr **slot, xfr_slot_fn fn, void *data) {
  ir_expr *e = *slot;
  if (!e)
    return;
  switch (e->kind) {
  case IR_EXPR_ACCESS:
    for (int i = 0; i < e->u.access.n; i++)
      walk_slot(&e->u.access.idx[i], fn, data);
    walk_slot(&e->u.access.mask, fn, data);
    break;
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    walk_slot(&e->u.un.a, fn, data);
    break;
  case IR_EXPR_BINARY:
    walk_slot(&e->u.bin.a, fn, data);
    walk_slot(&e->u.bin.b, fn, data);
    break;
  case IR_EXPR_SELECT:
    walk_slot(&e->u.sel.cond, fn, data);
    walk_slot(&e->u.sel.a, fn, data);
    walk_slot(&e->u.sel.b, fn, data);
    break;
  case IR_EXPR_CAST:
    walk_slot(&e->u.cast.a, fn, data);
    break;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      walk_slot(&e->u.call.args[i], fn, data);
    break;
  case IR_EXPR_SHUFFLE:
    walk_slot(&e->u.shuf.a, fn, data);
    walk_slot(&e->u.shuf.b, fn, data);
    break;
  case IR_EXPR_ALIGN_GAP: /* the subscripts: the access is an address */
    for (int i = 0; i < e->u.gap.a->u.access.n; i++)
      walk_slot(&e->u.gap.a->u.access.idx[i], fn, data);
    break;
  default:
    break;
  }
  fn(slot, data);
}

void xfr_walk_node_slots(ir_node *n, xfr_slot_fn fn, void *data) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    walk_slot(&n->u.loop.lb, fn, data);
    walk_slot(&n->u.loop.ub, fn, data);
    break;
  case IR_NODE_IF:
    walk_slot(&n->u.ifs.cond, fn, data);
    break;
  case IR_NODE_ASSIGN:
    walk_slot(&n->u.assign.lhs, fn, data);
    walk_slot(&n->u.assign.rhs, fn, data);
    break;
  case IR_NODE_DECL:
    walk_slot(&n->u.decl.init, fn, data);
    break;
  }
}

typedef struct slot_walk {
  xfr_slot_fn fn;
  void *data;
} slot_walk;

static bool slot_node_cb(ir_node *n, void *data) {
  slot_walk *w = data;
  xfr_walk_node_slots(n, w->fn, w->data);
  return true;
}

void xfr_walk_block_slots(ir_block *b, xfr_slot_fn fn, void *data) {
  slot_walk w = {fn, data};
  ir_walk_block(b, slot_node_cb, &w);
}

bool xfr_vec_has(const scc_vec *v, const void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return true;
  return false;
}

static void push_once(scc_arena *a, scc_vec *v, void *p) {
  if (!xfr_vec_has(v, p))
    scc_vec_push(a, v, p);
}

typedef struct defs {
  scc_ctx *ctx;
  scc_vec *vars, *arrays;
} defs;

static bool defs_cb(ir_node *n, void *data) {
  defs *d = data;
  if (n->kind == IR_NODE_LOOP)
    push_once(d->ctx->arena, d->vars, n->u.loop.iv);
  else if (n->kind == IR_NODE_DECL)
    push_once(d->ctx->arena, d->vars, n->u.decl.var);
  else if (n->kind == IR_NODE_ASSIGN) {
    ir_expr *l = n->u.assign.lhs;
    if (l->kind == IR_EXPR_VAR)
      push_once(d->ctx->arena, d->vars, l->u.var);
    else if (l->kind == IR_EXPR_ACCESS && d->arrays)
      push_once(d->ctx->arena, d->arrays, l->u.access.array);
  }
  return true;
}

void xfr_loop_defs(scc_ctx *ctx, ir_node *loop, scc_vec *vars,
                   scc_vec *arrays) {
  defs d = {ctx, vars, arrays};
  ir_walk_node(loop, defs_cb, &d);
}

typedef struct inv_state {
  const scc_vec *vars, *arrays;
  bool ok;
} inv_state;

static void inv_cb(ir_expr *e, void *data) {
  inv_state *s = data;
  if (e->kind == IR_EXPR_VAR && xfr_vec_has(s->vars, e->u.var))
    s->ok = false;
  else if (e->kind == IR_EXPR_ACCESS && s->arrays &&
           xfr_vec_has(s->arrays, e->u.access.array))
    s->ok = false;
}

bool xfr_invariant(const ir_expr *e, const scc_vec *vars,
                   const scc_vec *arrays) {
  inv_state s = {vars, arrays, true};
  ir_walk_expr((ir_expr *)e, inv_cb, &s);
  return s.ok;
}

enum { BOUND_MAX = 8 };

/* Candidate bounds: expressions free of min, max and floordiv, each an
 * upper (upper == true) or a lower bound of e; n = 0 when none is known. */
typedef struct bounds {
  int n;
  ir_expr *e[BOUND_MAX];
} bounds;

static void bounds_add(bounds *b, ir_expr *e) {
  if (b->n < BOUND_MAX)
    b->e[b->n++] = e;
}

static bool plain(const ir_expr *e) {
  bool ok = true;
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_MIN || e->u.bin.op == IR_OP_MAX ||
       e->u.bin.op == IR_OP_FLOORDIV || e->u.bin.op == IR_OP_CEILDIV))
    return false;
  if (e->kind == IR_EXPR_BINARY)
    ok = plain(e->u.bin.a) && plain(e->u.bin.b);
  else if (e->kind == IR_EXPR_UNARY)
    ok = plain(e->u.un.a);
  return ok;
}

/* True when c = x - y is a known constant. */
static bool diff_const(scc_ctx *ctx, ir_expr *x, ir_expr *y, int64_t *c) {
  return ir_expr_const_value(ctx, ir_simplify(ctx, ir_sub(ctx, x, y)), c);
}

static bounds bound_of(scc_ctx *ctx, ir_expr *e, bool upper, int depth) {
  bounds r = {0};
  if (depth > 8 || !ir_type_is_integer(e->type))
    return r;
  if (plain(e)) {
    bounds_add(&r, e);
    return r;
  }
  if (e->kind != IR_EXPR_BINARY)
    return r;
  ir_op op = e->u.bin.op;
  ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
  if ((op == IR_OP_MIN && upper) || (op == IR_OP_MAX && !upper)) {
    /* either operand bounds it */
    bounds x = bound_of(ctx, a, upper, depth + 1),
           y = bound_of(ctx, b, upper, depth + 1);
    for (int i = 0; i < x.n; i++)
      bounds_add(&r, x.e[i]);
    for (int i = 0; i < y.n; i++)
      bounds_add(&r, y.e[i]);
  } else if (op == IR_OP_MIN || op == IR_OP_MAX) {
    /* both operands: keep the one that is known to be the extreme */
    bounds x = bound_of(ctx, a, upper, depth + 1),
           y = bound_of(ctx, b, upper, depth + 1);
    for (int i = 0; i < x.n; i++)
      for (int j = 0; j < y.n; j++) {
        int64_t c;
        if (diff_const(ctx, x.e[i], y.e[j], &c))
          bounds_add(&r, (upper ? c >= 0 : c <= 0) ? x.e[i] : y.e[j]);
      }
  } else if (op == IR_OP_ADD || op == IR_OP_SUB) {
    /* a split point a + c * floordiv(u - a, c) (c > 0: loop.split,
     * loop.unroll_and_jam of a loop from a to u) is at most u: bounded by
     * u's upper bounds, which a bound of a plus one of u - a would lose
     * (a's upper and lower bounds differ when a is itself a split point) */
    for (int side = 0; upper && op == IR_OP_ADD && side < 2; side++) {
      ir_expr *base = side ? b : a, *m = side ? a : b;
      if (m->kind != IR_EXPR_BINARY || m->u.bin.op != IR_OP_MUL)
        continue;
      bool fd_first = m->u.bin.a->kind == IR_EXPR_BINARY;
      ir_expr *fd = fd_first ? m->u.bin.a : m->u.bin.b;
      ir_expr *cc = fd_first ? m->u.bin.b : m->u.bin.a;
      int64_t c, d;
      if (fd->kind == IR_EXPR_BINARY && fd->u.bin.op == IR_OP_FLOORDIV &&
          ir_expr_const_value(ctx, cc, &c) &&
          ir_expr_const_value(ctx, fd->u.bin.b, &d) && c == d && c > 0 &&
          fd->u.bin.a->kind == IR_EXPR_BINARY &&
          fd->u.bin.a->u.bin.op == IR_OP_SUB &&
          ir_expr_equal(fd->u.bin.a->u.bin.b, base)) {
        bounds x = bound_of(ctx, fd->u.bin.a->u.bin.a, true, depth + 1);
        for (int i = 0; i < x.n; i++)
          bounds_add(&r, x.e[i]);
      }
    }
    bounds x = bound_of(ctx, a, upper, depth + 1),
           y = bound_of(ctx, b, op == IR_OP_ADD ? upper : !upper, depth + 1);
    for (int i = 0; i < x.n; i++)
      for (int j = 0; j < y.n; j++)
        bounds_add(&r, op == IR_OP_ADD ? ir_add(ctx, x.e[i], y.e[j])
                                       : ir_sub(ctx, x.e[i], y.e[j]));
  } else if (op == IR_OP_MUL) {
    /* c * floordiv(x, c) (either order): x - (c - 1) <= it <= x */
    ir_expr *fd = a->kind == IR_EXPR_BINARY ? a : b, *cc = fd == a ? b : a;
    int64_t c, d;
    if (fd->kind == IR_EXPR_BINARY && fd->u.bin.op == IR_OP_FLOORDIV &&
        ir_expr_const_value(ctx, cc, &c) &&
        ir_expr_const_value(ctx, fd->u.bin.b, &d) && c == d && c > 0) {
      bounds x = bound_of(ctx, fd->u.bin.a, upper, depth + 1);
      for (int i = 0; i < x.n; i++)
        bounds_add(&r, upper ? x.e[i] : ir_add_const(ctx, x.e[i], 1 - c));
    }
  }
  return r;
}

int xfr_bound_candidates(scc_ctx *ctx, ir_expr *e, bool upper, ir_expr **out) {
  bounds b = bound_of(ctx, e, upper, 0);
  for (int i = 0; i < b.n; i++)
    out[i] = b.e[i];
  return b.n;
}

bool xfr_at_most_once(scc_ctx *ctx, const ir_loop *l) {
  if (l->step <= 0)
    return false;
  bounds u = bound_of(ctx, l->ub, true, 0), w = bound_of(ctx, l->lb, false, 0);
  for (int i = 0; i < u.n; i++)
    for (int j = 0; j < w.n; j++) {
      int64_t c;
      if (diff_const(ctx, u.e[i], w.e[j], &c) && c <= l->step)
        return true;
    }
  return false;
}

typedef struct subst_state {
  scc_ctx *ctx;
  const ir_var *iv;
  const ir_expr *to;
} subst_state;

static void subst_cb(ir_expr **slot, void *data) {
  subst_state *s = data;
  if ((*slot)->kind == IR_EXPR_VAR && (*slot)->u.var == s->iv)
    *slot = ir_expr_clone(s->ctx, s->to, NULL);
}

/* Replaces every read of iv in the nodes of b (nested ones, subscripts and
 * masks included) by a copy of `to`, then simplifies integer subscripts. */
static void subst_block(scc_ctx *ctx, ir_block *b, const ir_var *iv,
                        const ir_expr *to) {
  subst_state s = {ctx, iv, to};
  xfr_walk_block_slots(b, subst_cb, &s);
}

typedef struct single_state {
  scc_ctx *ctx;
  const ir_kernel *k;
  scc_vec found; /* ir_node * */
} single_state;

static bool single_cb(ir_node *n, void *data) {
  single_state *s = data;
  if (n->kind != IR_NODE_LOOP)
    return true;
  int64_t trip;
  const ir_loop *l = &n->u.loop;
  if (xf_iv_read_after(s->k, n, l->iv))
    return true; /* the replacement would not assign the iv */
  bool known = ir_loop_const_trip_count(s->ctx, n, &trip);
  if ((known && trip <= 1) || (!known && xfr_at_most_once(s->ctx, l)))
    scc_vec_push(s->ctx->arena, &s->found, n);
  return true;
}

int xfr_inline_single_iteration(scc_ctx *ctx, ir_kernel *k, ir_node *loop) {
  single_state s = {ctx, k, {0}};
  ir_walk_block(&loop->u.loop.body, single_cb, &s);
  /* Innermost first, so outer replacements move already-inlined bodies. */
  for (int i = s.found.len - 1; i >= 0; i--) {
    ir_node *n = s.found.items[i];
    ir_loop *l = &n->u.loop;
    int64_t trip;
    bool known = ir_loop_const_trip_count(ctx, n, &trip);
    if (known && trip == 0) { /* never runs */
      ir_remove(n);
      continue;
    }
    bool once = known && trip == 1;
    ir_block *dst;
    ir_node *guard = NULL;
    subst_block(ctx, &l->body, l->iv, l->lb);
    if (once) {
      /* the body joins the enclosing block: a declaration of it must not
       * redeclare (or hide) a name there */
      xf_rename_moved_decls(ctx, k, &l->body, n);
      ir_block tmp;
      ir_block_init(&tmp, NULL);
      ir_block_move_all(&tmp, &l->body);
      while (tmp.first) {
        ir_node *p = tmp.first;
        ir_remove(p);
        ir_insert_before(n, p);
      }
      ir_remove(n);
      continue;
    }
    guard = ir_if_new(ctx,
                      ir_binary(ctx, IR_OP_LT, ir_expr_clone(ctx, l->lb, NULL),
                                ir_expr_clone(ctx, l->ub, NULL), IR_TY_INT),
                      n->loc);
    dst = &guard->u.ifs.then_body;
    ir_block_move_all(dst, &l->body);
    ir_replace(n, guard);
  }
  return s.found.len;
}

bool xfr_disjoint(scc_ctx *ctx, const ir_expr *a, const ir_expr *b) {
  if (a->u.access.array != b->u.access.array)
    return true;
  int n = a->u.access.n;
  if (n != b->u.access.n)
    return false;
  for (int d = 0; d < n; d++) {
    int64_t c;
    /* the difference is built in a scratch arena (ir_sub and ir_simplify
     * build new nodes and leave their operands alone): scalar replacement
     * asks this of every pair of references, which would otherwise leave
     * garbage quadratic in the size of a jammed body in ctx's arena */
    scc_arena *keep = ctx->arena;
    ctx->arena = scc_arena_new();
    ir_expr *diff =
        ir_simplify(ctx, ir_sub(ctx, b->u.access.idx[d], a->u.access.idx[d]));
    bool is_const = ir_expr_const_value(ctx, diff, &c);
    scc_arena_free(ctx->arena);
    ctx->arena = keep;
    if (!is_const || c == 0)
      continue;
    if (d < n - 1 && !a->u.access.array->is_pointer)
      return true;
    if (d == n - 1) {
      int la = a->lanes > 1 ? a->lanes : 1, lb = b->lanes > 1 ? b->lanes : 1;
      if ((c > 0 && c >= la) || (c < 0 && -c >= lb))
        return true;
    }
  }
  return false;
}
