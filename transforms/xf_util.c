/* xf_util.c — helpers shared by the transforms: perfect bands, bound
 * dependences, band permutation and split points, value ranges of bounds
 * and the run-time checks that keep them in their types, the generic
 * form's arguments. */
#include "xf_util.h"

#include <string.h>

const char *xf_iv_name(const ir_node *loop) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->u.loop.iv)
    return "?";
  return loop->u.loop.iv->name;
}

bool xf_collect_band(scc_ctx *ctx, ir_node *outer, int n, ir_node **band) {
  if (!outer || outer->kind != IR_NODE_LOOP) {
    scc_fail(ctx, outer ? outer->loc : (scc_loc){0},
             "the payload is not a loop");
    return false;
  }
  band[0] = outer;
  for (int d = 1; d < n; d++) {
    ir_node *child = ir_loop_only_child_loop(band[d - 1]);
    if (!child) {
      /* what stands in the band's way: the body's nodes, by kind and line */
      const ir_block *b = &band[d - 1]->u.loop.body;
      scc_buf what = {0};
      int count = 0, loops = 0;
      for (const ir_node *p = b->first; p; p = p->next, count++) {
        loops += p->kind == IR_NODE_LOOP;
        if (count < 4)
          scc_buf_printf(&what, "%s%s at line %d", count ? ", " : "",
                         p->kind == IR_NODE_LOOP   ? "a loop"
                         : p->kind == IR_NODE_IF   ? "an if"
                         : p->kind == IR_NODE_DECL ? "a declaration"
                                                   : "a statement",
                         p->loc.line);
      }
      scc_fail(ctx, band[d - 1]->loc,
               "loop '%s' is not perfectly nested: its body is not a single "
               "loop but %d nodes (%s%s) (a band of %d loops was "
               "requested%s)",
               xf_iv_name(band[d - 1]), count, what.data ? what.data : "",
               count > 4 ? ", ..." : "", n,
               loops > 1 ? "; loop.fuse joins adjacent loops, loop.sink moves "
                           "a loop into its neighbour"
                         : "");
      scc_buf_free(&what);
      return false;
    }
    band[d] = child;
  }
  return true;
}

bool xf_bounds_use(const ir_node *loop, const ir_var *v) {
  return ir_expr_uses_var(loop->u.loop.lb, v) ||
         ir_expr_uses_var(loop->u.loop.ub, v);
}

void xf_permute_band(ir_node **band, const int *perm, int n) {
  ir_block tmp;
  ir_block_init(&tmp, NULL);
  ir_block_move_all(&tmp, &band[n - 1]->u.loop.body);
  for (int i = n - 1; i >= 1; i--)
    ir_remove(band[i]);
  if (perm[0] != 0)
    ir_replace(band[0], band[perm[0]]);
  for (int p = 1; p < n; p++)
    ir_block_append(&band[perm[p - 1]]->u.loop.body, band[perm[p]]);
  ir_block_move_all(&band[perm[n - 1]]->u.loop.body, &tmp);
}

ir_expr *xf_split_point(scc_ctx *ctx, const ir_node *loop, int64_t m) {
  const ir_loop *l = &loop->u.loop;
  int64_t lb, ub;
  if (ir_expr_const_value(ctx, l->lb, &lb) &&
      ir_expr_const_value(ctx, l->ub, &ub)) {
    /* Constant bounds: the same formula, evaluated.  Overflow is not a
     * concern for trip counts of real loops, but stay in range anyway. */
    int64_t d = l->step > 0 ? ub - lb : lb - ub;
    int64_t q = d <= 0 ? 0 : d / m;
    return ir_int(ctx, l->step > 0 ? lb + q * m : lb - q * m);
  }
  ir_expr *dist =
      l->step > 0 ? ir_sub(ctx, l->ub, l->lb) : ir_sub(ctx, l->lb, l->ub);
  int64_t dc;
  if (ir_expr_const_value(ctx, dist, &dc)) /* i_t .. i_t + 14 */
    return ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL),
                        (dc <= 0 ? 0 : dc / m * m) * (l->step > 0 ? 1 : -1));
  ir_expr *lbc = ir_expr_clone(ctx, l->lb, NULL);
  bool is_unsigned = l->lb->type == IR_TY_UINT || l->lb->type == IR_TY_ULONG ||
                     l->lb->type == IR_TY_ULLONG || l->ub->type == IR_TY_UINT ||
                     l->ub->type == IR_TY_ULONG ||
                     l->ub->type == IR_TY_ULLONG || l->iv->type == IR_TY_UINT ||
                     l->iv->type == IR_TY_ULONG || l->iv->type == IR_TY_ULLONG;
  if (is_unsigned) {
    /* ub - lb would wrap around when ub < lb: clamp ub first. */
    if (l->step > 0) {
      ir_expr *d = ir_sub(ctx, ir_max(ctx, l->ub, l->lb), l->lb);
      return ir_add(ctx, lbc, ir_mul_const(ctx, ir_floordiv(ctx, d, m), m));
    }
    ir_expr *d = ir_sub(ctx, l->lb, ir_min(ctx, l->ub, l->lb));
    return ir_sub(ctx, lbc, ir_mul_const(ctx, ir_floordiv(ctx, d, m), m));
  }
  ir_type t = dist->type;
  if (!xf_fits_everywhere(ctx, loop, dist, t)) {
    if (!xf_type_is_64bit(t)) {
      /* ub - lb may leave an int (an empty loop from near INT_MAX to near
       * INT_MIN, a loop over more than INT_MAX values): in long long, the
       * result, between lb and ub, cast back */
      ir_expr *wl = xf_widen(ctx, l->lb), *wu = xf_widen(ctx, l->ub);
      ir_expr *q = ir_floordiv(
          ctx, l->step > 0 ? ir_sub(ctx, wu, wl) : ir_sub(ctx, wl, wu), m);
      ir_expr *w0 = ir_expr_clone(ctx, wl, NULL);
      ir_expr *p =
          l->step > 0
              ? ir_max(ctx, w0, ir_add(ctx, wl, ir_mul_const(ctx, q, m)))
              : ir_min(ctx, w0, ir_sub(ctx, wl, ir_mul_const(ctx, q, m)));
      return ir_cast(ctx, t, p);
    }
    /* 64 bits: clamp the distance of an empty loop to 0, as for unsigned
     * bounds (a loop of more than 2^63 iterations never ends anyway) */
    if (l->step > 0) {
      ir_expr *d = ir_sub(ctx, ir_max(ctx, l->ub, l->lb), l->lb);
      return ir_add(ctx, lbc, ir_mul_const(ctx, ir_floordiv(ctx, d, m), m));
    }
    ir_expr *d = ir_sub(ctx, l->lb, ir_min(ctx, l->ub, l->lb));
    return ir_sub(ctx, lbc, ir_mul_const(ctx, ir_floordiv(ctx, d, m), m));
  }
  if (l->step > 0) {
    ir_expr *q = ir_floordiv(ctx, ir_sub(ctx, l->ub, l->lb), m);
    return ir_max(ctx, lbc, ir_add(ctx, l->lb, ir_mul_const(ctx, q, m)));
  }
  ir_expr *q = ir_floordiv(ctx, ir_sub(ctx, l->lb, l->ub), m);
  return ir_min(ctx, lbc, ir_sub(ctx, l->lb, ir_mul_const(ctx, q, m)));
}

/* Adds to *acc the operations of e as C prints it, each counted `mult`
 * times: min and max print each operand twice (`a < b ? a : b`), a floor
 * or ceiling quotient its dividend three times (`x < 0 ? (x - c + 1) / c :
 * x / c`).  Stops once *acc passes limit (false): the IR shares
 * subexpressions, so a walk of every path could take exponential time. */
static bool add_printed(const ir_expr *e, long mult, long *acc, long limit) {
  if (!e)
    return true;
  *acc += mult;
  if (*acc > limit || mult > limit)
    return false;
  switch (e->kind) {
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    return add_printed(e->u.un.a, mult, acc, limit);
  case IR_EXPR_BINARY: {
    long k = e->u.bin.op == IR_OP_MIN || e->u.bin.op == IR_OP_MAX ? 2 : 1;
    long ka =
        e->u.bin.op == IR_OP_FLOORDIV || e->u.bin.op == IR_OP_CEILDIV ? 3 : k;
    return add_printed(e->u.bin.a, mult * ka, acc, limit) &&
           add_printed(e->u.bin.b, mult * k, acc, limit);
  }
  case IR_EXPR_SELECT:
    return add_printed(e->u.sel.cond, mult, acc, limit) &&
           add_printed(e->u.sel.a, mult, acc, limit) &&
           add_printed(e->u.sel.b, mult, acc, limit);
  case IR_EXPR_CAST:
    return add_printed(e->u.cast.a, mult, acc, limit);
  case IR_EXPR_ACCESS:
    for (int i = 0; i < e->u.access.n; i++)
      if (!add_printed(e->u.access.idx[i], mult, acc, limit))
        return false;
    return true;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      if (!add_printed(e->u.call.args[i], mult, acc, limit))
        return false;
    return true;
  default:
    return true;
  }
}

static bool printed_small(const ir_expr *e) {
  long acc = 0;
  return add_printed(e, 1, &acc, XF_BOUND_MAX_NODES);
}

bool xf_bound_size_ok(scc_ctx *ctx, const ir_node *loop, ir_expr *e,
                      const char *op) {
  if (printed_small(e))
    return true;
  scc_fail(ctx, loop->loc,
           "%s: the bound it forms for loop '%s' would print as an "
           "expression of more than %d operations: each split of a loop "
           "whose bounds are earlier split points repeats them (twice per "
           "min or max); split the original loop once instead (loop.split, "
           "loop.tile), or fully unroll a remainder loop of constant trip "
           "count",
           op, xf_iv_name(loop), XF_BOUND_MAX_NODES);
  return false;
}

typedef struct size_walk {
  scc_ctx *ctx;
  const char *op;
  bool ok;
} size_walk;

static bool size_cb(ir_node *n, void *data) {
  size_walk *w = data;
  if (!w->ok)
    return false;
  const ir_expr *big = NULL;
  if (n->kind == IR_NODE_LOOP)
    big = !printed_small(n->u.loop.lb)   ? n->u.loop.lb
          : !printed_small(n->u.loop.ub) ? n->u.loop.ub
                                         : NULL;
  else if (n->kind == IR_NODE_IF && !printed_small(n->u.ifs.cond))
    big = n->u.ifs.cond;
  if (big) {
    scc_fail(w->ctx, n->loc,
             "%s: the %s would print as an expression of more than %d "
             "operations: the bounds of loops split, peeled or tiled again "
             "and again repeat the ones before (twice per min or max); "
             "transform the original loops once instead",
             w->op,
             n->kind == IR_NODE_LOOP
                 ? scc_arena_printf(w->ctx->arena, "bounds of loop '%s'",
                                    xf_iv_name(n))
                 : "condition of an if",
             XF_BOUND_MAX_NODES);
    w->ok = false;
  }
  return w->ok;
}

bool xf_kernel_bounds_ok(scc_ctx *ctx, ir_kernel *k, const char *op) {
  size_walk w = {.ctx = ctx, .op = op, .ok = true};
  ir_walk_block(&k->body, size_cb, &w);
  return w.ok;
}

bool xf_permutation_bounds_ok(scc_ctx *ctx, ir_node **band, const int *perm,
                              int n) {
  for (int p = 0; p < n; p++)
    for (int q = p + 1; q < n; q++) {
      ir_node *x = band[perm[p]], *y = band[perm[q]];
      if (xf_bounds_use(x, y->u.loop.iv)) {
        scc_fail(ctx, x->loc,
                 "bounds of loop '%s' depend on '%s', which would move "
                 "inside it",
                 xf_iv_name(x), xf_iv_name(y));
        return false;
      }
    }
  return true;
}

typedef struct iv_use {
  const ir_var *iv;
  bool outside; /* read outside every loop whose iv it is */
} iv_use;

static bool reads_outside(ir_node *n, void *data) {
  iv_use *u = data;
  if (u->outside)
    return false;
  if (n->kind == IR_NODE_LOOP && n->u.loop.iv == u->iv)
    return false; /* the loop's own uses */
  if (n->kind == IR_NODE_LOOP) {
    u->outside |= xf_bounds_use(n, u->iv);
    return true;
  }
  if (n->kind == IR_NODE_IF)
    u->outside |= ir_expr_uses_var(n->u.ifs.cond, u->iv);
  else if (n->kind == IR_NODE_ASSIGN)
    u->outside |= ir_expr_uses_var(n->u.assign.lhs, u->iv) ||
                  ir_expr_uses_var(n->u.assign.rhs, u->iv) ||
                  (n->u.assign.lhs->kind == IR_EXPR_VAR &&
                   n->u.assign.lhs->u.var == u->iv);
  else if (n->kind == IR_NODE_DECL) /* declaring the iv reads nothing */
    u->outside |= n->u.decl.init && ir_expr_uses_var(n->u.decl.init, u->iv);
  return true;
}

/* A loop with iv v always runs after n: a node following n, or one of its
 * enclosing nodes, in their blocks is a loop of v (its initialization
 * assigns v whether it iterates or not). */
static bool overwritten_after(const ir_node *n, const ir_var *v) {
  for (; n; n = ir_parent(n))
    for (const ir_node *p = n->next; p; p = p->next)
      if (p->kind == IR_NODE_LOOP && p->u.loop.iv == v)
        return true;
  return false;
}

const char *xf_iv_read_after(const ir_kernel *k, const ir_node *loop,
                             const ir_var *v) {
  iv_use u = {v, false};
  ir_walk_block((ir_block *)&k->body, reads_outside, &u);
  if (u.outside)
    return "in the kernel, outside its loops";
  if (v->live_out && !overwritten_after(loop, v))
    return "after the kernel";
  return NULL;
}

bool xf_final_value_unread(scc_ctx *ctx, const ir_kernel *k,
                           const ir_node *loop, const ir_var *v,
                           const char *what) {
  const char *where = xf_iv_read_after(k, loop, v);
  if (!where)
    return true;
  scc_fail(ctx, loop->loc,
           "%s: the induction variable '%s' is read after its loop (%s), "
           "where it would hold another value",
           what, v->name, where);
  return false;
}

bool xf_band_final_values_unread(scc_ctx *ctx, const ir_kernel *k,
                                 ir_node *const *band, int n,
                                 const char *what) {
  bool all_run = true;
  for (int d = 0; d < n && all_run; d++) {
    int64_t trip;
    all_run = ir_loop_const_trip_count(ctx, band[d], &trip) && trip >= 1;
    for (int e = 0; e < n && all_run; e++)
      all_run = !xf_bounds_use(band[d], band[e]->u.loop.iv);
  }
  if (all_run)
    return true;
  for (int d = 0; d < n; d++)
    if (!xf_final_value_unread(ctx, k, band[0], band[d]->u.loop.iv, what))
      return false;
  return true;
}

static bool type_range(ir_type t, int64_t *lo, int64_t *hi);

bool xf_fits_type(ir_type t, int64_t v) {
  int64_t lo, hi;
  /* (unsigned 64-bit: every int64 is taken as one of its values) */
  return !type_range(t, &lo, &hi) || (v >= lo && v <= hi);
}

bool xf_type_is_64bit(ir_type t) {
  return ir_type_is_integer(t) && ir_type_size(t) == 8;
}

bool xf_never_runs(scc_ctx *ctx, const ir_node *loop, const char *op,
                   const char *what) {
  int64_t trip;
  if (!ir_loop_const_trip_count(ctx, loop, &trip) || trip > 0)
    return false;
  scc_fail(ctx, loop->loc,
           "%s: loop '%s' never runs (its trip count is 0), so %s", op,
           xf_iv_name(loop), what);
  return true;
}

/* *d = y - x when that is a known constant (0 for equal expressions). */
bool xf_const_diff(scc_ctx *ctx, ir_expr *x, ir_expr *y, int64_t *d) {
  if (ir_expr_equal(x, y)) {
    *d = 0;
    return true;
  }
  ir_affine ax, ay;
  if (!ir_expr_to_affine(ctx, x, &ax) || !ir_expr_to_affine(ctx, y, &ay))
    return false;
  if (ax.nterms != ay.nterms)
    return false;
  for (int t = 0; t < ax.nterms; t++)
    if (ax.vars[t] != ay.vars[t] || ax.coefs[t] != ay.coefs[t])
      return false;
  *d = ay.constant - ax.constant;
  return true;
}

typedef struct reads_data {
  const ir_var *v;
  bool found;
} reads_data;

static void expr_reads(ir_expr *e, void *data) {
  reads_data *r = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == r->v)
    r->found = true;
}

static bool node_reads(ir_node *n, void *data) {
  reads_data *r = data;
  if ((n->kind == IR_NODE_LOOP && n->u.loop.iv == r->v) ||
      (n->kind == IR_NODE_DECL && n->u.decl.var == r->v))
    r->found = true;
  ir_walk_node_exprs(n, expr_reads, r);
  return !r->found;
}

bool xf_block_reads(ir_block *b, const ir_var *v) {
  reads_data r = {v, false};
  ir_walk_block(b, node_reads, &r);
  return r.found;
}

bool xf_node_reads(ir_node *n, const ir_var *v) {
  reads_data r = {v, false};
  ir_walk_node(n, node_reads, &r);
  return r.found;
}

xf_status xf_fuse_check_pair(scc_ctx *ctx, ir_node *a, ir_node *b) {
  ir_loop *la = &a->u.loop, *lb = &b->u.loop;
  const char *na = xf_iv_name(a), *nb = xf_iv_name(b);
  if (la->step != lb->step) {
    scc_fail(ctx, b->loc,
             "loop.fuse of '%s' and '%s': different steps (%lld and %lld)", na,
             nb, (long long)la->step, (long long)lb->step);
    return XF_SILENCEABLE;
  }
  if (la->iv != lb->iv) {
    if (la->iv->type != lb->iv->type) {
      scc_fail(ctx, b->loc,
               "loop.fuse of '%s' and '%s': the induction variables have "
               "different types",
               na, nb);
      return XF_SILENCEABLE;
    }
    if (xf_block_reads(&lb->body, la->iv)) {
      scc_fail(ctx, b->loc,
               "loop.fuse of '%s' and '%s': the body of '%s' reads '%s'", na,
               nb, nb, na);
      return XF_SILENCEABLE;
    }
  }
  return XF_OK;
}

/* ---- triangular interchange (loop.interchange, loop.reorder) ---------- */

static bool is_unsigned_type(ir_type t) {
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

bool xf_exchange_bounds(scc_ctx *ctx, ir_node *outer, ir_node *inner,
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
  else if (is_unsigned_type(a->type) || is_unsigned_type(b->type) ||
           is_unsigned_type(in->lb->type) || is_unsigned_type(in->ub->type) ||
           is_unsigned_type(o->lb->type) || is_unsigned_type(o->ub->type))
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

/* ---- facts of enclosing conditions (loop.specialize) ------------------- */

/* True when cond, a conjunction, has a conjunct `x % c == 0` (or `!(x %
 * c)`, `0 == x % c`) with c a multiple of m and x equal to e. */
static bool cond_says_multiple(scc_ctx *ctx, const ir_expr *cond,
                               const ir_expr *e, int64_t m) {
  if (cond->kind == IR_EXPR_BINARY && cond->u.bin.op == IR_OP_LAND)
    return cond_says_multiple(ctx, cond->u.bin.a, e, m) ||
           cond_says_multiple(ctx, cond->u.bin.b, e, m);
  const ir_expr *mod = NULL;
  int64_t z;
  if (cond->kind == IR_EXPR_UNARY && cond->u.un.op == IR_OP_NOT)
    mod = cond->u.un.a;
  else if (cond->kind == IR_EXPR_BINARY && cond->u.bin.op == IR_OP_EQ) {
    if (ir_expr_const_value(ctx, cond->u.bin.b, &z) && z == 0)
      mod = cond->u.bin.a;
    else if (ir_expr_const_value(ctx, cond->u.bin.a, &z) && z == 0)
      mod = cond->u.bin.b;
  }
  int64_t c;
  if (!mod || mod->kind != IR_EXPR_BINARY || mod->u.bin.op != IR_OP_MOD ||
      !ir_expr_const_value(ctx, mod->u.bin.b, &c) || c == 0 || c % m != 0)
    return false;
  ir_expr *x = ir_simplify(ctx, ir_expr_clone(ctx, mod->u.bin.a, NULL));
  ir_expr *y = ir_simplify(ctx, ir_expr_clone(ctx, e, NULL));
  return ir_expr_equal(x, y);
}

typedef struct writes_of {
  const ir_expr *x;
  bool hit;
} writes_of;

static bool writes_cb(ir_node *n, void *data) {
  writes_of *w = data;
  const ir_var *v = NULL;
  if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR)
    v = n->u.assign.lhs->u.var;
  else if (n->kind == IR_NODE_DECL)
    v = n->u.decl.var;
  else if (n->kind == IR_NODE_LOOP)
    v = n->u.loop.iv;
  if (v && ir_expr_uses_var(w->x, v))
    w->hit = true;
  return !w->hit;
}

bool xf_known_multiple(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                       int64_t m) {
  if (m == 0)
    return false;
  if (ir_expr_multiple_of(ctx, e, m))
    return true;
  for (const ir_node *n = at; n; n = ir_parent(n)) {
    const ir_node *p = ir_parent(n);
    if (p && p->kind == IR_NODE_IF && n->in == &p->u.ifs.then_body &&
        cond_says_multiple(ctx, p->u.ifs.cond, e, m)) {
      /* the fact holds in the branch while nothing in it writes what e
       * reads (`if (k % 8 == 0) { k = 3; ... }` says nothing of k after) */
      writes_of w = {e, false};
      ir_walk_block((ir_block *)&p->u.ifs.then_body, writes_cb, &w);
      if (!w.hit)
        return true;
    }
  }
  return false;
}

bool xf_isa_fits_target(scc_ctx *ctx, const ir_node *loop, ir_isa isa) {
  if (!ctx->enabled_isa || isa == IR_ISA_SCALAR)
    return true;
  bool arm = strcmp(ctx->enabled_isa, "neon") == 0;
  if ((isa == IR_ISA_NEON) == arm)
    return true;
  bool scalar = strcmp(ctx->enabled_isa, "scalar") == 0;
  scc_fail(ctx, loop->loc,
           "loop '%s': isa \"%s\" is %s's, and the compile flags target %s "
           "(isa %s); use %s%s%s\"scalar\" or no isa (the target's)%s",
           xf_iv_name(loop), ir_isa_name(isa),
           isa == IR_ISA_NEON ? "AArch64" : "x86", arm ? "AArch64" : "x86",
           ctx->enabled_isa, scalar ? "" : "isa \"",
           scalar ? "" : ctx->enabled_isa, scalar ? "isa " : "\", ",
           arm ? "" : ", or --target=aarch64-linux-gnu after -- for NEON");
  return false;
}

/* ---- value ranges of bound expressions ----------------------------------
 * Interval arithmetic over the IR's integer expressions (Cousot and
 * Cousot, "Abstract interpretation", POPL 1977, the interval domain):
 * constants; an iv of a loop around `at` between its bounds; any other
 * variable, a read of memory or a call anywhere in its type's range; sums,
 * differences, negation, products and floor/ceil quotients by constants,
 * min and max, casts (the operand's range when it fits the target type,
 * else the target type's).  A bound that overflows int64 or whose type's
 * range does not fit int64 (an unsigned 64-bit maximum) is unknown. */

static bool type_range(ir_type t, int64_t *lo, int64_t *hi) {
  switch (t) {
  case IR_TY_BOOL:
    *lo = 0, *hi = 1;
    return true;
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
    *lo = INT8_MIN, *hi = INT8_MAX;
    return true;
  case IR_TY_UCHAR:
    *lo = 0, *hi = UINT8_MAX;
    return true;
  case IR_TY_SHORT:
    *lo = INT16_MIN, *hi = INT16_MAX;
    return true;
  case IR_TY_USHORT:
    *lo = 0, *hi = UINT16_MAX;
    return true;
  case IR_TY_INT:
    *lo = INT32_MIN, *hi = INT32_MAX;
    return true;
  case IR_TY_UINT:
    *lo = 0, *hi = UINT32_MAX;
    return true;
  case IR_TY_LONG:
  case IR_TY_LLONG:
    *lo = INT64_MIN, *hi = INT64_MAX;
    return true;
  default: /* unsigned 64-bit: its maximum is no int64 */
    return false;
  }
}

static bool range(scc_ctx *ctx, const ir_node *at, const ir_expr *e, bool up,
                  int64_t *out, int depth);
static ir_expr *extreme(scc_ctx *ctx, const ir_node *at, ir_expr *e, bool up,
                        int depth);

static bool is_minmax(const ir_expr *e) {
  return e->kind == IR_EXPR_BINARY &&
         (e->u.bin.op == IR_OP_MIN || e->u.bin.op == IR_OP_MAX);
}

/* The bound of a variable: an enclosing loop's iv between its bounds (ub
 * exclusive, in the direction of the step), else its type's range. */
static bool var_range(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                      bool up, int64_t *out, int depth) {
  int64_t lo, hi, v;
  for (const ir_node *p = at ? ir_parent(at) : NULL; p; p = ir_parent(p)) {
    if (p->kind != IR_NODE_LOOP || p->u.loop.iv != e->u.var)
      continue;
    int64_t s = p->u.loop.step;
    if (s > 0 ? up : !up) /* toward ub: one step short of it */
      return range(ctx, p, p->u.loop.ub, up, &v, depth + 1) &&
             !__builtin_add_overflow(v, up ? -1 : 1, out);
    if (range(ctx, p, p->u.loop.lb, up, out, depth + 1))
      return true;
    break;
  }
  if (!type_range(e->type, &lo, &hi))
    return false;
  *out = up ? hi : lo;
  return true;
}

static bool range(scc_ctx *ctx, const ir_node *at, const ir_expr *e, bool up,
                  int64_t *out, int depth) {
  int64_t a, b, lo, hi;
  if (depth > 16)
    return false;
  if (ir_expr_const_value(ctx, (ir_expr *)e, out))
    return true;
  switch (e->kind) {
  case IR_EXPR_VAR:
    return var_range(ctx, at, e, up, out, depth);
  case IR_EXPR_CAST:
    if (range(ctx, at, e->u.cast.a, false, &lo, depth + 1) &&
        range(ctx, at, e->u.cast.a, true, &hi, depth + 1) &&
        xf_fits_type(e->u.cast.to, lo) && xf_fits_type(e->u.cast.to, hi)) {
      *out = up ? hi : lo;
      return true;
    }
    break;
  case IR_EXPR_UNARY:
    if (e->u.un.op == IR_OP_NEG)
      return range(ctx, at, e->u.un.a, !up, &a, depth + 1) &&
             !__builtin_sub_overflow((int64_t)0, a, out);
    break;
  case IR_EXPR_BINARY: {
    const ir_expr *x = e->u.bin.a, *y = e->u.bin.b;
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB: {
      bool sub = e->u.bin.op == IR_OP_SUB;
      /* through min and max: min(a, b) - y = min(a - y, b - y),
       * x - max(a, b) = min(x - a, x - b), ... (the parts simplify:
       * min(j_t + 16, n) - j_t has the part 16) */
      const ir_expr *mm = is_minmax(x) ? x : is_minmax(y) ? y : NULL;
      if (mm) {
        ir_op op = mm->u.bin.op;
        if (mm == y && sub)
          op = op == IR_OP_MIN ? IR_OP_MAX : IR_OP_MIN;
        ir_expr *p[2];
        for (int q = 0; q < 2; q++) {
          ir_expr *part = q ? mm->u.bin.b : mm->u.bin.a;
          ir_expr *l = ir_expr_clone(ctx, mm == x ? part : x, NULL);
          ir_expr *r = ir_expr_clone(ctx, mm == x ? y : part, NULL);
          p[q] = sub ? ir_sub(ctx, l, r) : ir_add(ctx, l, r);
        }
        return range(ctx, at, ir_binary(ctx, op, p[0], p[1], e->type), up, out,
                     depth + 1);
      }
      /* x - c * floordiv(x, c): the remainder, 0 .. c - 1 */
      const ir_expr *q = NULL;
      int64_t c = 0;
      if (sub && y->kind == IR_EXPR_BINARY && y->u.bin.op == IR_OP_MUL) {
        if (ir_expr_const_value(ctx, y->u.bin.a, &c))
          q = y->u.bin.b;
        else if (ir_expr_const_value(ctx, y->u.bin.b, &c))
          q = y->u.bin.a;
      }
      if (q && c > 0 && q->kind == IR_EXPR_BINARY &&
          q->u.bin.op == IR_OP_FLOORDIV && ir_expr_equal(q->u.bin.a, x) &&
          ir_expr_const_value(ctx, q->u.bin.b, &b) && b == c) {
        *out = up ? c - 1 : 0;
        return true;
      }
      bool ka = range(ctx, at, x, up, &a, depth + 1) &&
                range(ctx, at, y, sub ? !up : up, &b, depth + 1) &&
                !(sub ? __builtin_sub_overflow(a, b, out)
                      : __builtin_add_overflow(a, b, out));
      /* an affine sum over the loops around: its extreme as an
       * expression of parameters keeps what intervals lose (i < n in
       * n - i: at least 1) */
      ir_expr *ex = depth < 8 ? extreme(ctx, at, (ir_expr *)e, up, 0) : NULL;
      int64_t v;
      if (ex && !ir_expr_equal(ex, e) &&
          range(ctx, at, ex, up, &v, depth + 1) &&
          (!ka || (up ? v < *out : v > *out))) {
        *out = v;
        return true;
      }
      return ka;
    }
    case IR_OP_MUL: {
      /* by a constant, on either side */
      const ir_expr *f = x;
      if (!ir_expr_const_value(ctx, (ir_expr *)y, &b))
        f = y;
      if (f == y && !ir_expr_const_value(ctx, (ir_expr *)x, &b))
        break;
      if (b == 0) {
        *out = 0;
        return true;
      }
      return range(ctx, at, f, b > 0 ? up : !up, &a, depth + 1) &&
             !__builtin_mul_overflow(a, b, out);
    }
    case IR_OP_DIV: /* C's quotient truncates: monotone for b > 0 */
      if (!ir_type_is_unsigned(e->type) &&
          ir_expr_const_value(ctx, (ir_expr *)y, &b) && b > 0 &&
          range(ctx, at, x, up, &a, depth + 1)) {
        *out = a / b;
        return true;
      }
      break;
    case IR_OP_FLOORDIV:
    case IR_OP_CEILDIV:
      if (ir_expr_const_value(ctx, (ir_expr *)y, &b) && b > 0 &&
          range(ctx, at, x, up, &a, depth + 1)) {
        int64_t q = a / b, r = a % b;
        if (e->u.bin.op == IR_OP_FLOORDIV)
          *out = r != 0 && a < 0 ? q - 1 : q;
        else
          *out = r != 0 && a > 0 ? q + 1 : q;
        return true;
      }
      break;
    case IR_OP_MIN:
    case IR_OP_MAX: {
      bool ka = range(ctx, at, x, up, &a, depth + 1),
           kb = range(ctx, at, y, up, &b, depth + 1);
      bool wants_both = (e->u.bin.op == IR_OP_MIN) != up;
      if (ka && kb)
        *out = (e->u.bin.op == IR_OP_MIN) ? (a < b ? a : b) : (a > b ? a : b);
      else if (!wants_both && (ka || kb))
        *out = ka ? a : b;
      else
        break;
      return true;
    }
    default:
      break;
    }
    break;
  }
  default:
    break;
  }
  if (!ir_type_is_integer(e->type) || !type_range(e->type, &lo, &hi))
    return false;
  *out = up ? hi : lo;
  return true;
}

bool xf_value_range(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                    int64_t *lo, int64_t *hi) {
  return range(ctx, at, e, false, lo, 0) && range(ctx, at, e, true, hi, 0);
}

bool xf_upper_bound(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                    int64_t *hi) {
  return range(ctx, at, e, true, hi, 0);
}

ir_expr *xf_widen(scc_ctx *ctx, const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_UNARY:
    if (e->u.un.op == IR_OP_NEG)
      return ir_unary(ctx, IR_OP_NEG, xf_widen(ctx, e->u.un.a), IR_TY_LLONG);
    break;
  case IR_EXPR_BINARY:
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
    case IR_OP_MUL:
    case IR_OP_MIN:
    case IR_OP_MAX:
    case IR_OP_FLOORDIV:
    case IR_OP_CEILDIV:
      if (!ir_type_is_unsigned(e->type))
        return ir_binary(ctx, e->u.bin.op, xf_widen(ctx, e->u.bin.a),
                         xf_widen(ctx, e->u.bin.b), IR_TY_LLONG);
      break;
    default:
      break;
    }
    break;
  case IR_EXPR_INT:
    return ir_int(ctx, e->u.ival);
  default:
    break;
  }
  return ir_cast(ctx, IR_TY_LLONG, ir_expr_clone(ctx, e, NULL));
}

ir_expr *xf_bound_for_iv(scc_ctx *ctx, const ir_expr *ub, ir_type t) {
  if (t != IR_TY_LLONG || ub->type == t || ub->kind == IR_EXPR_VAR ||
      ub->kind == IR_EXPR_INT)
    return ir_expr_clone(ctx, ub, NULL);
  return xf_widen(ctx, ub);
}

static void note_non_param(ir_expr *e, void *data) {
  if ((e->kind == IR_EXPR_VAR && e->u.var->kind != IR_VAR_PARAM) ||
      e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL)
    *(bool *)data = true;
}

/* INT64_MIN / INT64_MAX-style limits of t as an IR constant of long long
 * (t narrower than 64 bits) or of t itself (64 bits). */
static ir_expr *limit_of(scc_ctx *ctx, ir_type t, bool up) {
  int64_t lo, hi;
  if (!type_range(t, &lo, &hi)) /* unsigned 64-bit */
    return ir_cast(ctx, t, ir_int(ctx, up ? -1 : 0));
  return ir_int(ctx, up ? hi : lo);
}

/* The largest (up) or smallest value of the affine e over the loops
 * around `at`, as an expression of the kernel's parameters: each iv with
 * a positive coefficient replaced by its loop's last value (ub - 1, step
 * 1) and with a negative one by its first (for up; the other way round
 * for the smallest), again for the ivs those bounds read (a box around
 * the iteration domain: the true extreme is never beyond it).  NULL when
 * e is not affine, or reads a variable that is neither a parameter nor
 * the iv of a loop of step 1 or -1 around `at`. */
static ir_expr *extreme(scc_ctx *ctx, const ir_node *at, ir_expr *e, bool up,
                        int depth) {
  ir_affine a;
  if (depth > 32 || !ir_expr_to_affine(ctx, e, &a))
    return NULL;
  ir_subst s = {0};
  for (int t = 0; t < a.nterms; t++) {
    ir_var *v = a.vars[t];
    if (v->kind == IR_VAR_PARAM)
      continue;
    const ir_node *p = at ? ir_parent(at) : NULL;
    while (p && !(p->kind == IR_NODE_LOOP && p->u.loop.iv == v))
      p = ir_parent(p);
    if (!p || (p->u.loop.step != 1 && p->u.loop.step != -1))
      return NULL;
    const ir_loop *l = &p->u.loop;
    /* first value lb; last value ub - step (ub exclusive either way);
     * the largest of them is the last when the loop counts up */
    bool want_max = (a.coefs[t] > 0) == up;
    bool last = (l->step > 0) == want_max;
    ir_expr *x =
        last ? ir_add_const(ctx, ir_expr_clone(ctx, l->ub, NULL), -l->step)
             : ir_expr_clone(ctx, l->lb, NULL);
    ir_expr *y = extreme(ctx, p, x, want_max, depth + 1);
    if (!y)
      return NULL;
    ir_subst_add(ctx, &s, v, y);
  }
  return s.n ? ir_simplify(ctx, ir_expr_clone(ctx, e, &s))
             : ir_expr_clone(ctx, e, NULL);
}

/* Whether the smallest (up false) or largest value of e at `at` is
 * proven to be a value of t: by interval bounds of e, else of its
 * extreme over the loops around (which keeps what intervals lose, such
 * as i < n in n - i); *ex, that extreme (or NULL). */
static bool side_fits(scc_ctx *ctx, const ir_node *at, ir_expr *e, ir_type t,
                      bool up, ir_expr **ex) {
  int64_t v;
  *ex = NULL;
  if (range(ctx, at, e, up, &v, 0) && xf_fits_type(t, v))
    return true;
  *ex = extreme(ctx, at, e, up, 0);
  return *ex && range(ctx, at, *ex, up, &v, 0) && xf_fits_type(t, v);
}

bool xf_fits_everywhere(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                        ir_type t) {
  ir_expr *ex;
  return side_fits(ctx, at, (ir_expr *)e, t, false, &ex) &&
         side_fits(ctx, at, (ir_expr *)e, t, true, &ex);
}

/* Whether every value of e at `at` is a value of t: FITS_PROVEN by
 * interval bounds; FITS_CHECKABLE when the extremes that are not proven
 * are affine expressions of the kernel's parameters (*cond: the run-time
 * check, computed wide for types narrower than 64 bits); FITS_UNKNOWN
 * otherwise. */
enum { FITS_PROVEN, FITS_CHECKABLE, FITS_UNKNOWN };

static int fits_plan(scc_ctx *ctx, const ir_node *at, ir_expr *e, ir_type t,
                     ir_expr **cond) {
  ir_expr *ex[2];
  *cond = NULL;
  bool klo = side_fits(ctx, at, e, t, false, &ex[0]);
  bool khi = side_fits(ctx, at, e, t, true, &ex[1]);
  if (klo && khi)
    return FITS_PROVEN;
  /* over the loops around: the extremes as expressions of parameters */
  bool other = (!klo && !ex[0]) || (!khi && !ex[1]);
  for (int side = 0; side < 2 && !other; side++)
    if (ex[side])
      ir_walk_expr(ex[side], note_non_param, &other);
  if (other)
    return FITS_UNKNOWN;
  /* every value of e at kernel entry: checked there, computed wide */
  bool wide = !xf_type_is_64bit(t);
  for (int side = 0; side < 2; side++) {
    bool up = side == 1;
    if (up ? khi : klo)
      continue;
    ir_expr *w = wide ? xf_widen(ctx, ex[side]) : ex[side];
    ir_expr *c = ir_binary(ctx, up ? IR_OP_LE : IR_OP_GE, w,
                           limit_of(ctx, t, up), IR_TY_INT);
    *cond = *cond ? ir_binary(ctx, IR_OP_LAND, *cond, c, IR_TY_INT) : c;
  }
  return FITS_CHECKABLE;
}

bool xf_require_fits(scc_ctx *ctx, ir_kernel *k, const ir_node *at, ir_expr *e,
                     ir_type t, const char *what) {
  ir_expr *cond;
  switch (fits_plan(ctx, at, e, t, &cond)) {
  case FITS_PROVEN:
    return true;
  case FITS_UNKNOWN:
    scc_fail(ctx, at ? at->loc : (scc_loc){0},
             "%s: the bound it forms could leave the type '%s' (interval "
             "bounds do not prove it fits, and it is no affine expression "
             "of the kernel's parameters that a run-time check could "
             "test); give the loop a wider induction variable or smaller "
             "bounds",
             what, ir_type_name(t));
    return false;
  }
  if (e->kind == IR_EXPR_INT) {
    /* a constant that does not fit: a run-time check would always fail
     * (and `i >= 2147483648L` of an int i is a -Wtype-limits warning) */
    scc_fail(ctx, at ? at->loc : (scc_loc){0},
             "%s: the bound it forms, %lld, leaves the type '%s'; give the "
             "loop a wider induction variable or a smaller shift or factor",
             what, (long long)e->u.ival, ir_type_name(t));
    return false;
  }
  xf_assume_cond(ctx, k, cond,
                 scc_arena_printf(ctx->arena,
                                  "%s (line %d) forms a bound that must stay "
                                  "within '%s'",
                                  what, at ? at->loc.line : 0,
                                  ir_type_name(t)));
  return true;
}

/* ---- intermediate values of substituted expressions --------------------- */

typedef struct guard {
  scc_ctx *ctx;
  ir_kernel *k;
  const ir_node *at; /* the statement the expressions belong to */
  const ir_var *v;
  bool scaled_only; /* only trees that scale a part reading v */
  scc_vec conds;    /* checks planned for the current subtree */
} guard;

/* Whether the affine tree e multiplies a part that reads v by a constant
 * other than 1 and -1 (the product `3 * k` of `3 * (k + 1)` simplified). */
static bool scales_var(const ir_expr *e, const ir_var *v) {
  if (e->kind == IR_EXPR_UNARY)
    return scales_var(e->u.un.a, v);
  if (e->kind != IR_EXPR_BINARY)
    return false;
  if (e->u.bin.op == IR_OP_MUL) {
    const ir_expr *c =
        e->u.bin.a->kind == IR_EXPR_INT ? e->u.bin.a : e->u.bin.b;
    const ir_expr *x = c == e->u.bin.a ? e->u.bin.b : e->u.bin.a;
    if (c->u.ival != 1 && c->u.ival != -1 && ir_expr_uses_var(x, v))
      return true;
  }
  return scales_var(e->u.bin.a, v) || scales_var(e->u.bin.b, v);
}

/* An integer expression of +, -, unary -, and * by a constant over
 * variables and constants: the shape ir_simplify gives an affine form. */
static bool affine_tree(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_INT:
  case IR_EXPR_VAR:
    return ir_type_is_integer(e->type);
  case IR_EXPR_UNARY:
    return e->u.un.op == IR_OP_NEG && affine_tree(e->u.un.a);
  case IR_EXPR_BINARY:
    if (e->u.bin.op == IR_OP_MUL && e->u.bin.a->kind != IR_EXPR_INT &&
        e->u.bin.b->kind != IR_EXPR_INT)
      return false;
    return (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB ||
            e->u.bin.op == IR_OP_MUL) &&
           affine_tree(e->u.bin.a) && affine_tree(e->u.bin.b);
  default:
    return false;
  }
}

/* Plans a check for every operation of the affine tree e that interval
 * bounds do not prove within its type; false when one cannot be checked. */
static bool plan_tree(guard *g, ir_expr *e) {
  if (e->kind != IR_EXPR_UNARY && e->kind != IR_EXPR_BINARY)
    return true;
  ir_expr *cond;
  switch (fits_plan(g->ctx, g->at, e, e->type, &cond)) {
  case FITS_UNKNOWN:
    return false;
  case FITS_CHECKABLE:
    scc_vec_push(g->ctx->arena, &g->conds, cond);
    break;
  }
  if (e->kind == IR_EXPR_UNARY)
    return plan_tree(g, e->u.un.a);
  return plan_tree(g, e->u.bin.a) && plan_tree(g, e->u.bin.b);
}

static ir_expr *guard_expr(guard *g, ir_expr *e);

static bool cond_implied(scc_ctx *ctx, const ir_kernel *k, ir_expr *c);
static bool cmp_implied(scc_ctx *ctx, ir_expr *c, ir_expr *d);

/* The comparisons of the conjunction c, appended to out. */
static void flatten_and(scc_ctx *ctx, ir_expr *c, scc_vec *out) {
  if (c->kind == IR_EXPR_BINARY && c->u.bin.op == IR_OP_LAND) {
    flatten_and(ctx, c->u.bin.a, out);
    flatten_and(ctx, c->u.bin.b, out);
  } else
    scc_vec_push(ctx->arena, out, c);
}

/* The planned checks assumed comparison by comparison, without those
 * another of them or an assumed condition implies (the parts of the
 * expressions give `x - 1 <= MAX`, `x - 2 <= MAX`, ...: one check is
 * left).
 * Assumptions are only ever appended: a snapshot restores them by
 * length. */
static void assume_batch(scc_ctx *ctx, ir_kernel *k, scc_vec *conds,
                         const char *why) {
  scc_vec cmp = {0};
  for (int i = 0; i < conds->len; i++)
    flatten_and(ctx, conds->items[i], &cmp);
  for (int i = 0; i < cmp.len; i++) {
    ir_expr *c = cmp.items[i];
    bool weaker = false;
    for (int j = 0; j < cmp.len && !weaker; j++)
      if (j != i && cmp_implied(ctx, c, cmp.items[j]) &&
          (j < i || !cmp_implied(ctx, cmp.items[j], c)))
        weaker = true; /* (of two equivalent ones, the first stays) */
    if (!weaker && !cond_implied(ctx, k, c))
      xf_assume_cond(ctx, k, c, why);
  }
}

static ir_expr *guard_kid(ir_expr *e, void *data) {
  return guard_expr(data, e);
}

/* Whether the affine tree e has a sum or difference of two variables or
 * more that does not read v (`ldb - lo` of `ldb - lo + l + 2`, simplified
 * from `ldb + (l + 1 - lo) + 1`: a value the program never formed). */
static int count_vars(const ir_expr *e, const ir_var **first) {
  if (e->kind == IR_EXPR_VAR) {
    if (!*first || *first == e->u.var) {
      *first = e->u.var;
      return 1;
    }
    return 2;
  }
  if (e->kind == IR_EXPR_UNARY)
    return count_vars(e->u.un.a, first);
  if (e->kind != IR_EXPR_BINARY)
    return 0;
  int a = count_vars(e->u.bin.a, first);
  return a >= 2 ? a : a + count_vars(e->u.bin.b, first) > 1 ? 2 : 1;
}

static bool sums_others(const ir_expr *e, const ir_var *v) {
  if (e->kind == IR_EXPR_UNARY)
    return sums_others(e->u.un.a, v);
  if (e->kind != IR_EXPR_BINARY)
    return false;
  const ir_var *first = NULL;
  if ((e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB) &&
      !ir_expr_uses_var(e, v) && count_vars(e, &first) >= 2)
    return true;
  return sums_others(e->u.bin.a, v) || sums_others(e->u.bin.b, v);
}

static ir_expr *guard_expr(guard *g, ir_expr *e) {
  if (!e)
    return e;
  bool compound = e->kind == IR_EXPR_UNARY || e->kind == IR_EXPR_BINARY;
  if (compound && ir_type_is_integer(e->type) &&
      !ir_type_is_unsigned(e->type) && !xf_type_is_64bit(e->type) &&
      e->lanes <= 1 && affine_tree(e) && ir_expr_uses_var(e, g->v) &&
      (!g->scaled_only || scales_var(e, g->v) || sums_others(e, g->v))) {
    int planned = g->conds.len;
    if (plan_tree(g, e))
      return e; /* checked at entry (xf_guard_substituted) */
    g->conds.len = planned;
    /* its value is the program's own (it fits); the parts are not */
    return ir_cast(g->ctx, e->type, xf_widen(g->ctx, e));
  }
  ir_expr_map_children(e, guard_kid, g);
  return e;
}

static bool guard_cb(ir_node *n, void *data) {
  guard *g = data;
  g->at = n;
  switch (n->kind) {
  case IR_NODE_LOOP:
    n->u.loop.lb = guard_expr(g, n->u.loop.lb);
    n->u.loop.ub = guard_expr(g, n->u.loop.ub);
    break;
  case IR_NODE_IF:
    n->u.ifs.cond = guard_expr(g, n->u.ifs.cond);
    break;
  case IR_NODE_ASSIGN:
    n->u.assign.lhs = guard_expr(g, n->u.assign.lhs);
    n->u.assign.rhs = guard_expr(g, n->u.assign.rhs);
    break;
  case IR_NODE_DECL:
    n->u.decl.init = guard_expr(g, n->u.decl.init);
    break;
  default:
    break;
  }
  return true;
}

/* Whether every signed integer operation of e narrower than 64 bits is
 * proven within its type at `at`. */
static bool parts_fit(scc_ctx *ctx, const ir_node *at, const ir_expr *e) {
  if (!e)
    return true;
  bool compound = e->kind == IR_EXPR_UNARY || e->kind == IR_EXPR_BINARY;
  if (compound && ir_type_is_integer(e->type) &&
      !ir_type_is_unsigned(e->type) && !xf_type_is_64bit(e->type) &&
      e->lanes <= 1 && !xf_fits_everywhere(ctx, at, e, e->type))
    return false;
  switch (e->kind) {
  case IR_EXPR_UNARY:
    return parts_fit(ctx, at, e->u.un.a);
  case IR_EXPR_BINARY:
    return parts_fit(ctx, at, e->u.bin.a) && parts_fit(ctx, at, e->u.bin.b);
  case IR_EXPR_SELECT:
    return parts_fit(ctx, at, e->u.sel.cond) &&
           parts_fit(ctx, at, e->u.sel.a) && parts_fit(ctx, at, e->u.sel.b);
  case IR_EXPR_CAST:
    return parts_fit(ctx, at, e->u.cast.a);
  default:
    return true;
  }
}

ir_expr *xf_fit_or_widen(scc_ctx *ctx, const ir_node *at, ir_expr *e) {
  if (!e || !ir_type_is_integer(e->type) || ir_type_is_unsigned(e->type) ||
      xf_type_is_64bit(e->type) || e->lanes > 1 || parts_fit(ctx, at, e))
    return e;
  return ir_cast(ctx, e->type, xf_widen(ctx, e));
}

void xf_guard_substituted(scc_ctx *ctx, ir_kernel *k, ir_block *body,
                          const ir_var *v, bool scaled_only, const char *what) {
  guard g = {.ctx = ctx, .k = k, .v = v, .scaled_only = scaled_only};
  ir_walk_block(body, guard_cb, &g);
  assume_batch(ctx, k, &g.conds,
               scc_arena_printf(ctx->arena,
                                "%s forms intermediate values (the parts of "
                                "simplified expressions) that must stay "
                                "within their types",
                                what));
}

/* Whether the comparison c (`x <= L` or `x >= L`) follows from d, a
 * comparison or a conjunction of them: some `y <= L` with y - x a
 * constant >= 0 (`y >= L`: <= 0). */
static bool cmp_implied(scc_ctx *ctx, ir_expr *c, ir_expr *d) {
  if (d->kind != IR_EXPR_BINARY)
    return false;
  if (d->u.bin.op == IR_OP_LAND)
    return cmp_implied(ctx, c, d->u.bin.a) || cmp_implied(ctx, c, d->u.bin.b);
  int64_t delta;
  if (d->u.bin.op != c->u.bin.op || !ir_expr_equal(d->u.bin.b, c->u.bin.b) ||
      !xf_const_diff(ctx, c->u.bin.a, d->u.bin.a, &delta))
    return false;
  return c->u.bin.op == IR_OP_LE ? delta >= 0 : delta <= 0;
}

/* Whether every comparison of the conjunction c follows from an assumed
 * condition of k (the checks on the parts of `3 * j - 6 * t` that a
 * check on `j`'s bound already covers). */
static bool cond_implied(scc_ctx *ctx, const ir_kernel *k, ir_expr *c) {
  if (c->kind == IR_EXPR_BINARY && c->u.bin.op == IR_OP_LAND)
    return cond_implied(ctx, k, c->u.bin.a) && cond_implied(ctx, k, c->u.bin.b);
  if (c->kind != IR_EXPR_BINARY ||
      (c->u.bin.op != IR_OP_LE && c->u.bin.op != IR_OP_GE))
    return false;
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *o = k->assumptions.items[i];
    if (o->kind == IR_ASSUME_COND && cmp_implied(ctx, c, o->cond))
      return true;
  }
  return false;
}

/* Whether c is a conjunct of the assumed condition a. */
static bool conjunct_of(const ir_expr *c, const ir_expr *a) {
  if (a->kind == IR_EXPR_BINARY && a->u.bin.op == IR_OP_LAND)
    return conjunct_of(c, a->u.bin.a) || conjunct_of(c, a->u.bin.b);
  return ir_expr_equal(c, a);
}

bool xf_cond_assumed(scc_ctx *ctx, const ir_kernel *k, ir_expr *cond) {
  bool other = false;
  ir_walk_expr(cond, note_non_param, &other);
  if (other)
    return false;
  if (cond->kind == IR_EXPR_BINARY && cond->u.bin.op == IR_OP_LAND)
    return xf_cond_assumed(ctx, k, cond->u.bin.a) &&
           xf_cond_assumed(ctx, k, cond->u.bin.b);
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *o = k->assumptions.items[i];
    if (o->kind == IR_ASSUME_COND && conjunct_of(cond, o->cond))
      return true;
  }
  return cond_implied(ctx, k, cond);
}

void xf_assume_cond(scc_ctx *ctx, ir_kernel *k, ir_expr *cond,
                    const char *reason) {
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *o = k->assumptions.items[i];
    if (o->kind == IR_ASSUME_COND && ir_expr_equal(o->cond, cond))
      return;
  }
  if (cond_implied(ctx, k, cond))
    return;
  ir_assumption *as = scc_arena_alloc(ctx->arena, sizeof *as);
  *as = (ir_assumption){.kind = IR_ASSUME_COND, .cond = cond};
  scc_buf b = {0};
  ir_print_c_expr(&b, cond);
  as->text = scc_arena_printf(ctx->arena, "%s", b.data);
  scc_buf_free(&b);
  as->reason = reason;
  scc_vec_push(ctx->arena, &k->assumptions, as);
}

/* ---- the generic form's arguments (xf.h) -------------------------------- */

static int args_find(const xf_args *a, const char *key) {
  for (int i = 0; i < a->nattrs; i++)
    if (strcmp(a->keys[i], key) == 0)
      return i;
  return -1;
}

bool xf_args_num(const xf_args *a, const char *key, int64_t *out) {
  int i = args_find(a, key);
  if (i < 0 || a->strs[i])
    return false;
  *out = a->nums[i];
  return true;
}

bool xf_args_has(const xf_args *a, const char *key) {
  return args_find(a, key) >= 0;
}

ir_expr *xf_exchanged_bounds_guard(scc_ctx *ctx, const ir_kernel *k,
                                   const ir_node *outer, const ir_node *inner,
                                   ir_expr *const *new_bounds) {
  ir_type t = inner->u.loop.iv->type;
  if (xf_fits_everywhere(ctx, outer, new_bounds[0], t) &&
      xf_fits_everywhere(ctx, outer, new_bounds[1], t))
    return NULL;
  return xf_runs_test(ctx, k, outer);
}

ir_expr *xf_runs_test(scc_ctx *ctx, const ir_kernel *k, const ir_node *loop) {
  const ir_loop *l = &loop->u.loop;
  ir_expr *runs = ir_binary(ctx, l->step > 0 ? IR_OP_LT : IR_OP_GT,
                            ir_expr_clone(ctx, l->lb, NULL),
                            ir_expr_clone(ctx, l->ub, NULL), IR_TY_INT);
  return xf_cond_assumed(ctx, k, runs) ? NULL : runs;
}

ir_node *xf_wrap_in_if(scc_ctx *ctx, ir_node *node, ir_expr *cond) {
  ir_node *g = ir_if_new(ctx, cond, node->loc);
  ir_replace(node, g);
  ir_block_append(&g->u.ifs.then_body, node);
  return g;
}

/* The coefficient of iv in an integer subscript: handles sums, products
 * with a constant, and products of iv-free terms (`j*n + i` has
 * coefficient 1).  False when e reads iv in any other way. */
bool xf_iv_coef(scc_ctx *ctx, const ir_expr *e, const ir_var *iv, int64_t *c) {
  if (!ir_expr_uses_var(e, iv)) {
    *c = 0;
    return true;
  }
  int64_t a, b, k;
  switch (e->kind) {
  case IR_EXPR_VAR:
    *c = 1;
    return true;
  case IR_EXPR_CAST:
    return ir_type_is_integer(e->u.cast.to) &&
           xf_iv_coef(ctx, e->u.cast.a, iv, c);
  case IR_EXPR_UNARY:
    if (e->u.un.op != IR_OP_NEG || !xf_iv_coef(ctx, e->u.un.a, iv, &a))
      return false;
    *c = -a;
    return true;
  case IR_EXPR_BINARY:
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
      if (!xf_iv_coef(ctx, e->u.bin.a, iv, &a) ||
          !xf_iv_coef(ctx, e->u.bin.b, iv, &b))
        return false;
      *c = e->u.bin.op == IR_OP_ADD ? a + b : a - b;
      return true;
    case IR_OP_MUL:
      if (ir_expr_const_value(ctx, e->u.bin.a, &k) &&
          xf_iv_coef(ctx, e->u.bin.b, iv, &b)) {
        *c = k * b;
        return true;
      }
      if (ir_expr_const_value(ctx, e->u.bin.b, &k) &&
          xf_iv_coef(ctx, e->u.bin.a, iv, &a)) {
        *c = k * a;
        return true;
      }
      return false;
    default:
      return false;
    }
  default:
    return false;
  }
}

/* The upper bounds an expression gives: itself, or the operands of a min
 * (recursively); up to 8. */
static int upper_terms(const ir_expr *e, const ir_expr **out, int n) {
  if (e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MIN) {
    n = upper_terms(e->u.bin.a, out, n);
    return upper_terms(e->u.bin.b, out, n);
  }
  if (n < 8)
    out[n] = e;
  return n + 1;
}

/* Whether ub - lb is a constant of at least 1 in a type where it cannot
 * wrap: signed bounds and iv (an overflow there is the program's own
 * undefined behaviour), or two constants (`u .. u + 4u` is empty for u
 * near UINT_MAX). */
static bool const_gap(scc_ctx *ctx, const ir_loop *l, const ir_expr *lo,
                      const ir_expr *hi) {
  int64_t a, b, c;
  if (ir_expr_const_value(ctx, lo, &a) && ir_expr_const_value(ctx, hi, &b))
    return b - a >= 1;
  if (ir_type_is_unsigned(l->iv->type) || ir_type_is_unsigned(lo->type) ||
      ir_type_is_unsigned(hi->type))
    return false;
  ir_affine la, ua;
  if (!ir_expr_to_affine(ctx, lo, &la) || !ir_expr_to_affine(ctx, hi, &ua))
    return false;
  ir_expr *d = ir_simplify(ctx, ir_sub(ctx, ir_expr_clone(ctx, hi, NULL),
                                       ir_expr_clone(ctx, lo, NULL)));
  return ir_expr_const_value(ctx, d, &c) && c >= 1;
}

bool xf_surely_runs(scc_ctx *ctx, const ir_node *n) {
  const ir_loop *l = &n->u.loop;
  if (l->step < 0) /* `lb > ub` counting down */
    return const_gap(ctx, l, l->ub, l->lb);
  if (l->step == 0)
    return false;
  const ir_expr *ub[8];
  int nub = upper_terms(l->ub, ub, 0);
  if (nub > 8)
    return false;
  const ir_node *q = NULL; /* the enclosing loop whose iv l starts at */
  if (l->lb->kind == IR_EXPR_VAR)
    for (const ir_node *p = ir_parent((ir_node *)n); p && !q;
         p = ir_parent((ir_node *)p))
      if (p->kind == IR_NODE_LOOP && p->u.loop.iv == l->lb->u.var &&
          p->u.loop.step > 0)
        q = p;
  for (int i = 0; i < nub; i++) {
    if (const_gap(ctx, l, l->lb, ub[i]))
      continue;
    bool found = false;
    if (q) {
      const ir_expr *qub[8];
      int nq = upper_terms(q->u.loop.ub, qub, 0);
      for (int j = 0; j < nq && j < 8 && !found; j++)
        found = ir_expr_equal(qub[j], ub[i]);
    }
    if (!found)
      return false;
  }
  return true;
}
