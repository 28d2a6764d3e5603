/* dep_delin.c — delinearization of linearized subscripts: `A[i*lda + k]`
 * read as the two-dimensional access A[i][k] of an array whose rows have
 * `lda` elements.
 *
 * Source: Grosser, Ramanujam, Pouchet, Sadayappan, Pop, "Optimistic
 * Delinearization of Parametrically Sized Arrays", ICS 2015.  Their
 * algorithm recovers the sizes of several dimensions from the products of
 * parameters in the subscripts of all accesses of an array and checks at
 * run time that each remaining subscript stays within its dimension.  This
 * is its one-parameter case: every access of the array is
 *
 *     q * P + r          (P an integer parameter of the kernel, the same
 *                          for every access; q and r expressions that do
 *                          not multiply by P)
 *
 * and the analysis uses A[q][r].  The view is exact, two elements are the
 * same iff their (q, r) are, when every executed access has 0 <= r < P:
 * deps/dep_assume.c proves that from the iteration domain (jacobi's
 * `out[i*n + j]` with 1 <= j < n - 1) or makes it a run-time check
 * (gemm_nn's `C[i*ldc + j]` with 0 <= j < N needs N <= ldc).  Products of
 * several parameters (`i*n*m + j*m + k`) are not delinearized.
 */
#include "dep_int.h"

#include <string.h>

/* The parameter factor of a product, or NULL: `x * P` / `P * x` with P an
 * integer parameter (or `want` when given) and x not a constant. */
static ir_var *product_param(scc_ctx *ctx, const ir_expr *e, ir_var *want,
                             const ir_expr **other) {
  if (e->kind != IR_EXPR_BINARY || e->u.bin.op != IR_OP_MUL)
    return NULL;
  for (int side = 0; side < 2; side++) {
    const ir_expr *p = side ? e->u.bin.b : e->u.bin.a;
    const ir_expr *x = side ? e->u.bin.a : e->u.bin.b;
    if (p->kind == IR_EXPR_CAST && ir_type_is_integer(p->u.cast.a->type))
      p = p->u.cast.a; /* (long)lda */
    int64_t c;
    if (p->kind != IR_EXPR_VAR || p->u.var->kind != IR_VAR_PARAM ||
        !ir_type_is_integer(p->u.var->type) || (want && p->u.var != want) ||
        ir_expr_const_value(ctx, x, &c) || ir_expr_uses_var(x, p->u.var))
      continue;
    *other = x;
    return p->u.var;
  }
  return NULL;
}

typedef struct split {
  scc_ctx *ctx;
  ir_var *size;
  ir_type t;
  ir_expr *q, *r;
  bool fail;
} split;

static ir_expr *add_signed(split *s, ir_expr *acc, const ir_expr *term,
                           int sign) {
  ir_expr *x = ir_expr_clone(s->ctx, term, NULL);
  if (!acc)
    return sign > 0 ? x : ir_unary(s->ctx, IR_OP_NEG, x, s->t);
  return ir_binary(s->ctx, sign > 0 ? IR_OP_ADD : IR_OP_SUB, acc, x, s->t);
}

/* First pass: the parameter of the first product with one. */
static ir_var *find_size(scc_ctx *ctx, const ir_expr *e) {
  const ir_expr *x;
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB)) {
    ir_var *v = find_size(ctx, e->u.bin.a);
    return v ? v : find_size(ctx, e->u.bin.b);
  }
  if (e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NEG)
    return find_size(ctx, e->u.un.a);
  return product_param(ctx, e, NULL, &x);
}

static void walk(split *s, const ir_expr *e, int sign) {
  const ir_expr *x;
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB)) {
    walk(s, e->u.bin.a, sign);
    walk(s, e->u.bin.b, e->u.bin.op == IR_OP_SUB ? -sign : sign);
    return;
  }
  if (e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NEG) {
    walk(s, e->u.un.a, -sign);
    return;
  }
  if (e->kind == IR_EXPR_VAR && e->u.var == s->size) {
    s->q = add_signed(s, s->q, ir_int(s->ctx, 1), sign);
    return;
  }
  if (product_param(s->ctx, e, s->size, &x)) {
    s->q = add_signed(s, s->q, x, sign);
    return;
  }
  if (ir_expr_uses_var(e, s->size)) {
    s->fail = true; /* P in another form: P*P, i*P*m, P/2, ... */
    return;
  }
  s->r = add_signed(s, s->r, e, sign);
}

dep_delin_result dep_delin_split(scc_ctx *ctx, const ir_expr *sub, ir_var *want,
                                 ir_var **size, ir_expr **q, ir_expr **r) {
  *q = NULL;
  *r = (ir_expr *)sub;
  *size = NULL;
  if (!sub || !ir_type_is_integer(sub->type))
    return DEP_DELIN_FAIL;
  ir_var *p = want ? want : find_size(ctx, sub);
  if (!p)
    return DEP_DELIN_NONE;
  split s = {.ctx = ctx, .size = p, .t = sub->type};
  walk(&s, sub, 1);
  if (s.fail)
    return DEP_DELIN_FAIL;
  if (!s.q)
    return ir_expr_uses_var(sub, p) ? DEP_DELIN_FAIL : DEP_DELIN_NONE;
  *size = p;
  *q = s.q;
  *r = s.r ? s.r : ir_int(ctx, 0);
  return DEP_DELIN_SPLIT;
}

typedef struct decide {
  scc_ctx *ctx;
  const ir_array *a;
  ir_var *size;
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
  ir_var *p;
  ir_expr *q, *r;
  switch (dep_delin_split(d->ctx, e->u.access.idx[0], d->size, &p, &q, &r)) {
  case DEP_DELIN_FAIL:
    d->fail = true;
    break;
  case DEP_DELIN_SPLIT:
    d->size = p;
    d->split = true;
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

ir_var *dep_delin_size(scc_ctx *ctx, const ir_block *body, const ir_array *a) {
  if (a->rank != 1 || a->is_local)
    return NULL;
  decide d = {.ctx = ctx, .a = a};
  /* two passes: the first fixes the size from the first product met */
  ir_walk_block((ir_block *)body, decide_node, &d);
  if (d.fail || !d.split || !d.written)
    return NULL;
  d.fail = d.split = false;
  ir_walk_block((ir_block *)body, decide_node, &d);
  return d.fail || !d.split ? NULL : d.size;
}
