/* dep_delin.c — delinearization of linearized subscripts: `A[i*lda + k]`
 * read as the two-dimensional access A[i][k] of an array whose rows have
 * `lda` elements, and `A[x + y*nx + z*nx*ny]` as the three-dimensional
 * A[z][y][x] of an array of ny x nx planes.
 *
 * Source: Grosser, Ramanujam, Pouchet, Sadayappan, Pop, "Optimistic
 * Delinearization of Parametrically Sized Arrays", ICS 2015.  Their
 * algorithm recovers the sizes of several dimensions from the products of
 * parameters in the subscripts of all accesses of an array and checks at
 * run time that each remaining subscript stays within its dimension.  This
 * is its case of sizes that are single parameters: every access of the
 * array is
 *
 *     (...(q * Pn + rn) ... ) * P1 + r1     (P1 .. Pn integer parameters of
 *                                            the kernel, the same for every
 *                                            access; q, rk expressions that
 *                                            do not multiply by them)
 *
 * and the analysis uses A[q][rn]...[r1].  The innermost size P1 is the
 * parameter that is a factor of the most terms of the subscript (nx in x +
 * y*nx + z*nx*ny, whatever the order of the terms), the next one the same
 * in the quotient, and so on.  The view is exact, two elements are the same
 * iff their (q, rn, ..., r1) are, when every executed access has 0 <= rk <
 * Pk: deps/dep_assume.c proves that from the iteration domain (jacobi's
 * `out[i*n + j]` with 1 <= j < n - 1) or makes it a run-time check
 * (gemm_nn's `C[i*ldc + j]` with 0 <= j < N needs N <= ldc).  An access
 * with fewer levels than the array's shape has zero quotients (`out[t*OC +
 * o]` in a [B][T][OC] view is [0][t][o]).
 */
#include "dep_int.h"

#include <string.h>

/* An integer parameter, through integer casts: `lda`, `(long)lda`. */
static ir_var *param_of(const ir_expr *e) {
  while (e->kind == IR_EXPR_CAST && ir_type_is_integer(e->u.cast.a->type))
    e = e->u.cast.a;
  if (e->kind == IR_EXPR_VAR && e->u.var->kind == IR_VAR_PARAM &&
      ir_type_is_integer(e->u.var->type))
    return e->u.var;
  return NULL;
}

/* The cofactor of P in the product e (e / P, an arena expression that
 * shares e's operands: analysis only, cloned before it goes into the IR;
 * the literal 1 for P itself), or NULL when P is not one of its factors.
 * The cofactor may hold P again (`(o*K + y)*K`: the quotient splits at the
 * next level).  Nothing is copied: the dependence analysis splits every
 * access at every check, and a masked column tile's subscripts hold large
 * min/max expressions. */
static ir_expr *cofactor(scc_ctx *ctx, const ir_expr *e, const ir_var *p) {
  if (param_of(e) == p)
    return ir_int(ctx, 1);
  if (e->kind == IR_EXPR_CAST && ir_type_is_integer(e->u.cast.a->type) &&
      ir_type_is_integer(e->type))
    return cofactor(ctx, e->u.cast.a, p);
  if (e->kind != IR_EXPR_BINARY || e->u.bin.op != IR_OP_MUL)
    return NULL;
  for (int side = 0; side < 2; side++) {
    const ir_expr *x = side ? e->u.bin.b : e->u.bin.a;
    const ir_expr *y = side ? e->u.bin.a : e->u.bin.b;
    /* (y may hold p too: the quotient then splits again, K*K) */
    ir_expr *c = cofactor(ctx, x, p);
    if (!c)
      continue;
    int64_t one;
    ir_expr *yc = (ir_expr *)y;
    if (ir_expr_const_value(ctx, c, &one) && one == 1)
      return yc;
    return ir_binary(ctx, IR_OP_MUL, c, yc, e->type);
  }
  return NULL;
}

/* The terms of a sum with their signs. */
typedef struct terms {
  const ir_expr *t[64];
  int sign[64];
  int n;
  bool overflow;
} terms;

static void collect(terms *ts, const ir_expr *e, int sign) {
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB)) {
    collect(ts, e->u.bin.a, sign);
    collect(ts, e->u.bin.b, e->u.bin.op == IR_OP_SUB ? -sign : sign);
    return;
  }
  if (e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NEG) {
    collect(ts, e->u.un.a, -sign);
    return;
  }
  if (ts->n == 64) {
    ts->overflow = true;
    return;
  }
  ts->t[ts->n] = e;
  ts->sign[ts->n++] = sign;
}

/* The parameters that are factors of a product (flattened, casts
 * skipped). */
static int factors(const ir_expr *e, ir_var **out, int n, int cap) {
  ir_var *p = param_of(e);
  if (p) {
    if (n < cap)
      out[n++] = p;
    return n;
  }
  if (e->kind == IR_EXPR_CAST && ir_type_is_integer(e->u.cast.a->type))
    return factors(e->u.cast.a, out, n, cap);
  if (e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MUL) {
    n = factors(e->u.bin.a, out, n, cap);
    return factors(e->u.bin.b, out, n, cap);
  }
  return n;
}

/* The innermost size of a subscript: the parameter that is a factor of
 * the most terms with a non-constant cofactor (the first met on a tie), or
 * NULL. */
static ir_var *find_size(scc_ctx *ctx, const ir_expr *e) {
  terms ts = {0};
  collect(&ts, e, 1);
  ir_var *best = NULL;
  int best_n = 0;
  for (int i = 0; i < ts.n; i++) {
    ir_var *fs[16];
    int nf = factors(ts.t[i], fs, 0, 16);
    for (int f = 0; f < nf; f++) {
      ir_var *p = fs[f];
      int cnt = 0;
      for (int j = 0; j < ts.n; j++) {
        ir_expr *c = cofactor(ctx, ts.t[j], p);
        int64_t v;
        if (c && !ir_expr_const_value(ctx, c, &v))
          cnt++;
      }
      if (cnt > best_n) {
        best = p;
        best_n = cnt;
      }
    }
  }
  return best;
}

static ir_expr *add_signed(scc_ctx *ctx, ir_type t, ir_expr *acc, ir_expr *x,
                           int sign) {
  if (!acc)
    return sign > 0 ? x : ir_unary(ctx, IR_OP_NEG, x, t);
  return ir_binary(ctx, sign > 0 ? IR_OP_ADD : IR_OP_SUB, acc, x, t);
}

/* One level: e = q * p + r.  NONE when p is no factor of any term (*q
 * NULL, *r = e), FAIL when p occurs otherwise (p*p, p/2, ...). */
static dep_delin_result split1(scc_ctx *ctx, const ir_expr *e, ir_var *p,
                               ir_expr **q, ir_expr **r) {
  terms ts = {0};
  collect(&ts, e, 1);
  if (ts.overflow)
    return DEP_DELIN_FAIL;
  ir_expr *qq = NULL, *rr = NULL;
  for (int i = 0; i < ts.n; i++) {
    ir_expr *c = cofactor(ctx, ts.t[i], p);
    if (c) /* (c may use p: (o*K + y)*K + x splits again at the next level) */
      qq = add_signed(ctx, e->type, qq, c, ts.sign[i]);
    else if (ir_expr_uses_var(ts.t[i], p))
      return DEP_DELIN_FAIL;
    else
      rr = add_signed(ctx, e->type, rr, (ir_expr *)ts.t[i], ts.sign[i]);
  }
  *q = qq;
  *r = rr ? rr : ir_int(ctx, 0);
  if (!qq) {
    *r = (ir_expr *)e;
    return DEP_DELIN_NONE;
  }
  return DEP_DELIN_SPLIT;
}

/* c ? x : y (a clamped subscript): both arms split with one shape, the
 * parts selected by the same condition. */
static dep_delin_result split_select(scc_ctx *ctx, const ir_expr *sub,
                                     const dep_shape *want, dep_shape *shape,
                                     ir_expr **parts) {
  const ir_expr *c = sub->u.sel.cond;
  dep_shape sa, sb;
  ir_expr *pa[IR_DELIN_MAX + 1], *pb[IR_DELIN_MAX + 1];
  if (!want) {
    dep_delin_result ra = dep_delin_split(ctx, sub->u.sel.a, NULL, &sa, pa);
    dep_delin_result rb = dep_delin_split(ctx, sub->u.sel.b, NULL, &sb, pb);
    if (ra == DEP_DELIN_FAIL || rb == DEP_DELIN_FAIL)
      return DEP_DELIN_FAIL;
    if (sa.n == 0 && sb.n == 0) {
      shape->n = 0;
      parts[0] = (ir_expr *)sub;
      return DEP_DELIN_NONE;
    }
    return split_select(ctx, sub, sa.n >= sb.n ? &sa : &sb, shape, parts);
  }
  dep_delin_result ra = dep_delin_split(ctx, sub->u.sel.a, want, &sa, pa);
  dep_delin_result rb = dep_delin_split(ctx, sub->u.sel.b, want, &sb, pb);
  if (ra == DEP_DELIN_FAIL || rb == DEP_DELIN_FAIL)
    return DEP_DELIN_FAIL;
  *shape = *want;
  for (int i = 0; i <= want->n; i++)
    parts[i] =
        ir_select(ctx, ir_expr_clone(ctx, c, NULL), pa[i], pb[i], sub->type);
  return ra == DEP_DELIN_SPLIT || rb == DEP_DELIN_SPLIT ? DEP_DELIN_SPLIT
                                                        : DEP_DELIN_NONE;
}

dep_delin_result dep_delin_split(scc_ctx *ctx, const ir_expr *sub,
                                 const dep_shape *want, dep_shape *shape,
                                 ir_expr **parts) {
  shape->n = 0;
  parts[0] = (ir_expr *)sub;
  if (!sub || !ir_type_is_integer(sub->type))
    return DEP_DELIN_FAIL;
  if (sub->kind == IR_EXPR_SELECT) {
    return split_select(ctx, sub, want, shape, parts);
  }
  ir_expr *rs[IR_DELIN_MAX];
  ir_expr *cur = (ir_expr *)sub;
  bool any = false;
  int n = 0;
  for (;;) {
    ir_var *p;
    if (want) {
      if (n == want->n)
        break;
      p = want->size[n];
    } else {
      p = n < IR_DELIN_MAX ? find_size(ctx, cur) : NULL;
      if (!p)
        break;
    }
    ir_expr *q, *r;
    dep_delin_result res = split1(ctx, cur, p, &q, &r);
    if (res == DEP_DELIN_FAIL)
      return DEP_DELIN_FAIL;
    if (res == DEP_DELIN_NONE && !want)
      break;
    if (res == DEP_DELIN_SPLIT)
      any = true;
    shape->size[n] = p;
    rs[n++] = r;
    cur = q ? q : ir_int(ctx, 0);
  }
  /* no size left may be a factor of the quotient */
  for (int i = 0; i < n; i++)
    if (ir_expr_uses_var(cur, shape->size[i]))
      return DEP_DELIN_FAIL;
  shape->n = n;
  parts[0] = cur;
  for (int i = 0; i < n; i++)
    parts[i + 1] = rs[n - 1 - i];
  return any ? DEP_DELIN_SPLIT : DEP_DELIN_NONE;
}

typedef struct decide {
  scc_ctx *ctx;
  const ir_array *a;
  const dep_shape *want;
  dep_shape best;
  bool written, fail, split;
} decide;

static void decide_expr(ir_expr *e, void *data) {
  decide *d = data;
  if (d->fail || e->kind != IR_EXPR_ACCESS || e->u.access.array != d->a)
    return;
  if (e->u.access.n != 1) {
    d->fail = true;
    return;
  }
  dep_shape sh;
  ir_expr *parts[IR_DELIN_MAX + 1];
  switch (dep_delin_split(d->ctx, e->u.access.idx[0], d->want, &sh, parts)) {
  case DEP_DELIN_FAIL:
    d->fail = true;
    break;
  case DEP_DELIN_SPLIT:
    d->split = true;
    if (!d->want && sh.n > d->best.n)
      d->best = sh;
    break;
  case DEP_DELIN_NONE:
    break;
  }
}

static bool decide_node(ir_node *n, void *data) {
  decide *d = data;
  if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_ACCESS &&
      n->u.assign.lhs->u.access.array == d->a)
    d->written = true;
  ir_walk_node_exprs(n, decide_expr, d);
  return !d->fail;
}

bool dep_delin_size(scc_ctx *ctx, const ir_block *body, const ir_array *a,
                    dep_shape *out) {
  out->n = 0;
  if (a->rank != 1 || a->is_local)
    return false;
  decide d = {.ctx = ctx, .a = a};
  /* two passes: the first finds the deepest shape an access has, the
   * second splits every access with it */
  ir_walk_block((ir_block *)body, decide_node, &d);
  if (d.fail || !d.split || !d.written || d.best.n == 0)
    return false;
  dep_shape best = d.best;
  d.want = &best;
  d.fail = d.split = false;
  ir_walk_block((ir_block *)body, decide_node, &d);
  if (d.fail || !d.split)
    return false;
  *out = best;
  return true;
}

bool dep_shape_equal(const dep_shape *a, const dep_shape *b) {
  if (a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++)
    if (a->size[i] != b->size[i])
      return false;
  return true;
}

bool dep_delin_view(scc_ctx *ctx, ir_expr *const *subs, int n, int *rank,
                    ir_var **sizes, ir_expr ***parts) {
  dep_shape best = {0}, sh;
  ir_expr *tmp[IR_DELIN_MAX + 1];
  for (int i = 0; i < n; i++) {
    if (dep_delin_split(ctx, subs[i], NULL, &sh, tmp) == DEP_DELIN_FAIL)
      return false;
    if (sh.n > best.n)
      best = sh;
  }
  if (best.n == 0)
    return false;
  for (int i = 0; i < n; i++) {
    parts[i] =
        scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(best.n + 1));
    if (dep_delin_split(ctx, subs[i], &best, &sh, parts[i]) == DEP_DELIN_FAIL)
      return false;
    for (int d = 0; d <= best.n; d++)
      parts[i][d] = ir_simplify(ctx, ir_expr_clone(ctx, parts[i][d], NULL));
  }
  *rank = best.n + 1;
  for (int d = 0; d < best.n; d++)
    sizes[d] = best.size[d];
  return true;
}
