/* xf_util.c — helpers shared by the transforms: perfect bands, bound
 * dependences, band permutation and split points. */
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
  if (l->step > 0) {
    ir_expr *q = ir_floordiv(ctx, ir_sub(ctx, l->ub, l->lb), m);
    return ir_max(ctx, lbc, ir_add(ctx, l->lb, ir_mul_const(ctx, q, m)));
  }
  ir_expr *q = ir_floordiv(ctx, ir_sub(ctx, l->lb, l->ub), m);
  return ir_min(ctx, lbc, ir_sub(ctx, l->lb, ir_mul_const(ctx, q, m)));
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

bool xf_fits_type(ir_type t, int64_t v) {
  switch (t) {
  case IR_TY_BOOL:
    return v >= 0 && v <= 1;
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
    return v >= INT8_MIN && v <= INT8_MAX;
  case IR_TY_UCHAR:
    return v >= 0 && v <= UINT8_MAX;
  case IR_TY_SHORT:
    return v >= INT16_MIN && v <= INT16_MAX;
  case IR_TY_USHORT:
    return v >= 0 && v <= UINT16_MAX;
  case IR_TY_INT:
    return v >= INT32_MIN && v <= INT32_MAX;
  case IR_TY_UINT:
    return v >= 0 && v <= (int64_t)UINT32_MAX;
  default: /* long, long long and their unsigned kinds: 64 bits here */
    return true;
  }
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
