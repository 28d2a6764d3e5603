/* ir_gemm.c — recognizing a matrix product (xGEMM) in a loop nest: see
 * ir_gemm.h for the forms accepted.
 *
 * Method: the element offset of each access (sum over its subscripts of
 * subscript * row-major stride) is taken apart into coefficients of the
 * band's three induction variables, loop-invariant expressions (symbolic:
 * `lda` in `A[i*lda + k]`, 2305 in `A[b][i][k]`).  C's two nonzero
 * coefficients name i (the leading dimension) and j (coefficient 1); the
 * third loop is k; A must use exactly i and k, B exactly k and j, each with
 * one coefficient 1 (its contiguous dimension: a transposed operand when it
 * is the other one).  This is the access-function view of a contraction
 * that linalg's named-op matchers take on indexing maps (MLIR
 * `linalg::isaContractionOpInterface`), on C subscripts.
 */
#include "ir_gemm.h"

#include <string.h>

typedef struct gm {
  scc_ctx *ctx;
  ir_var *iv[3];
  const char *why;
  scc_loc where;
} gm;

static bool no(gm *m, scc_loc loc, const char *why) {
  m->why = why;
  m->where = loc;
  return false;
}

/* a and b are accesses of the same element: the same array, and each
 * subscript's difference folds to 0 (the scaling loop's clone prints
 * `C[j + i * ldc]` for the band's `C[i * ldc + j]`). */
static bool same_element(gm *m, const ir_expr *a, const ir_expr *b) {
  if (a->kind != IR_EXPR_ACCESS || b->kind != IR_EXPR_ACCESS ||
      a->u.access.array != b->u.access.array || a->u.access.n != b->u.access.n)
    return false;
  for (int d = 0; d < a->u.access.n; d++) {
    int64_t diff;
    if (!ir_expr_const_value(
            m->ctx, ir_sub(m->ctx, a->u.access.idx[d], b->u.access.idx[d]),
            &diff) ||
        diff != 0)
      return false;
  }
  return true;
}

static const char *text(gm *m, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *s =
      scc_arena_printf(m->ctx->arena, "%.*s", (int)b.len, b.data ? b.data : "");
  scc_buf_free(&b);
  return s;
}

static bool uses_band(const gm *m, const ir_expr *e) {
  for (int d = 0; d < 3; d++)
    if (ir_expr_uses_var(e, m->iv[d]))
      return true;
  return false;
}

static bool is_const(gm *m, const ir_expr *e, int64_t v) {
  int64_t c;
  return e && ir_expr_const_value(m->ctx, e, &c) && c == v;
}

static bool wide(ir_type t) {
  return t == IR_TY_LONG || t == IR_TY_ULONG || t == IR_TY_LLONG ||
         t == IR_TY_ULLONG;
}

/* a * b for integer expressions, constants folded. */
static ir_expr *mul(gm *m, ir_expr *a, ir_expr *b) {
  int64_t c;
  if (ir_expr_const_value(m->ctx, a, &c))
    return ir_mul_const(m->ctx, b, c);
  if (ir_expr_const_value(m->ctx, b, &c))
    return ir_mul_const(m->ctx, a, c);
  ir_type t = wide(a->type) || wide(b->type) ? IR_TY_LONG : IR_TY_INT;
  return ir_simplify(m->ctx, ir_binary(m->ctx, IR_OP_MUL, a, b, t));
}

/* The coefficient of v in the integer expression e: *out NULL for 0.
 * False when e is not linear in v. */
static bool lincoef(gm *m, const ir_expr *e, ir_var *v, ir_expr **out) {
  *out = NULL;
  if (!ir_expr_uses_var(e, v))
    return true;
  if (!ir_type_is_integer(e->type))
    return false;
  ir_expr *ca, *cb;
  switch (e->kind) {
  case IR_EXPR_VAR:
    *out = ir_int(m->ctx, 1);
    return true;
  case IR_EXPR_CAST:
    return lincoef(m, e->u.cast.a, v, out);
  case IR_EXPR_UNARY:
    if (e->u.un.op != IR_OP_NEG || !lincoef(m, e->u.un.a, v, &ca))
      return false;
    *out = ca ? ir_mul_const(m->ctx, ca, -1) : NULL;
    return true;
  case IR_EXPR_BINARY:
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
      if (!lincoef(m, e->u.bin.a, v, &ca) || !lincoef(m, e->u.bin.b, v, &cb))
        return false;
      if (cb && e->u.bin.op == IR_OP_SUB)
        cb = ir_mul_const(m->ctx, cb, -1);
      *out = !ca ? cb : !cb ? ca : ir_add(m->ctx, ca, cb);
      return true;
    case IR_OP_MUL:
      if (!uses_band(m, e->u.bin.a)) {
        if (!lincoef(m, e->u.bin.b, v, &cb))
          return false;
        *out = cb ? mul(m, ir_expr_clone(m->ctx, e->u.bin.a, NULL), cb) : NULL;
        return true;
      }
      if (!uses_band(m, e->u.bin.b)) {
        if (!lincoef(m, e->u.bin.a, v, &ca))
          return false;
        *out = ca ? mul(m, ca, ir_expr_clone(m->ctx, e->u.bin.b, NULL)) : NULL;
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

/* The coefficients of the band's ivs in the element offset of access x
 * (row-major strides); coef[d] NULL for 0. */
static bool offset_coefs(gm *m, const ir_expr *x, ir_expr *coef[3]) {
  const ir_array *arr = x->u.access.array;
  for (int d = 0; d < 3; d++) {
    coef[d] = NULL;
    for (int s = 0; s < x->u.access.n; s++) {
      ir_expr *c;
      if (!lincoef(m, x->u.access.idx[s], m->iv[d], &c))
        return no(m, x->loc,
                  scc_arena_printf(
                      m->ctx->arena,
                      "the subscript `%s` of '%s' is not linear in '%s'",
                      text(m, x->u.access.idx[s]), arr->name, m->iv[d]->name));
      if (!c)
        continue;
      for (int e = s + 1; e < x->u.access.n; e++) {
        if (!arr->dims || !arr->dims[e])
          return no(m, x->loc,
                    scc_arena_printf(m->ctx->arena,
                                     "the length of the rows of '%s' is not "
                                     "known from its declaration",
                                     arr->name));
        c = mul(m, c, ir_expr_clone(m->ctx, arr->dims[e], NULL));
      }
      coef[d] = coef[d] ? ir_add(m->ctx, coef[d], c) : c;
    }
    if (coef[d] && is_const(m, coef[d], 0))
      coef[d] = NULL;
  }
  return true;
}

static void has_access_cb(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_ACCESS)
    *(bool *)data = true;
}

static bool has_access(ir_expr *e) {
  bool f = false;
  ir_walk_expr(e, has_access_cb, &f);
  return f;
}

/* A loop-invariant scalar factor of the element type. */
static bool scalar_factor(gm *m, ir_expr *e, ir_type t) {
  return e->type == t && (e->lanes <= 1) && !uses_band(m, e) && !has_access(e);
}

/* Flattens a product of type t into accesses and scalar factors. */
static bool flatten(gm *m, ir_expr *e, ir_type t, scc_vec *acc, scc_vec *fac) {
  if (e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MUL && e->type == t)
    return flatten(m, e->u.bin.a, t, acc, fac) &&
           flatten(m, e->u.bin.b, t, acc, fac);
  if (e->kind == IR_EXPR_ACCESS && e->type == t &&
      e->u.access.array->elem == t && e->lanes <= 1) {
    scc_vec_push(m->ctx->arena, acc, e);
    return true;
  }
  if (scalar_factor(m, e, t)) {
    scc_vec_push(m->ctx->arena, fac, e);
    return true;
  }
  return no(m, e->loc,
            scc_arena_printf(m->ctx->arena,
                             "the factor `%s` is neither an element of a "
                             "matrix nor a loop-invariant %s scalar",
                             text(m, e), ir_type_name(t)));
}

static void varies_cb(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_VAR &&
      (e->u.var->kind == IR_VAR_IV || e->u.var->kind == IR_VAR_LOCAL))
    *(bool *)data = true;
}
bool ir_gemm_varies(const ir_expr *e) {
  bool f = false;
  if (e)
    ir_walk_expr((ir_expr *)e, varies_cb, &f);
  return f;
}

/* Guard `a op b` unless decided now; false when decided false. */
static bool guard(gm *m, ir_gemm *g, ir_expr *a, ir_op op, ir_expr *b) {
  int64_t x, y;
  if (ir_expr_const_value(m->ctx, a, &x) && ir_expr_const_value(m->ctx, b, &y))
    return op == IR_OP_GT ? x > y : x >= y;
  if (op == IR_OP_GE && strcmp(text(m, a), text(m, b)) == 0)
    return true; /* lda >= m when lda is m */
  scc_vec_push(m->ctx->arena, &g->guards,
               ir_binary(m->ctx, op, a, b, IR_TY_INT));
  return true;
}

/* What ir_gemm_match finds out about the nest, phase by phase. */
typedef struct nest {
  ir_node *loops[3];      /* as nested: loops[0] is the root */
  ir_node *scale;         /* the scaling C *= beta, or NULL */
  ir_node *decl;          /* a scale held in a local before the inner loop */
  ir_node *scale_loop;    /* PolyBench's form: for j: C[i][j] *= beta */
  ir_node *stmt;          /* the update (a copy when decl is substituted) */
  ir_expr *cx, *prod;     /* the update's C and the product added to it */
  ir_type t;              /* C's element type */
  const char *ctext;      /* cx printed, for messages */
  bool neg;               /* C -= A * B, C = C - A * B: alpha negated */
  scc_vec acc, fac;       /* the product's matrix elements, scalar factors */
  ir_expr *cc[3];         /* C's offset coefficients per loop */
  ir_expr *ax, *bx;       /* A's and B's accesses */
  ir_expr *ca[3], *cb[3]; /* their offset coefficients per loop */
  int di, dj, dk;         /* the indices in loops of i, j, k */
} nest;

/* The shape of the nest under its root loop n->loops[0]: the three loops,
 * the scaling statement before the inner loop or in a loop of its own, the
 * local declared before the inner loop, and the single update statement
 * (with that local replaced by its value).  False (m->why set) when the
 * nest is not three loops around one statement. */
static bool match_nest(gm *m, nest *n) {
  ir_node *root = n->loops[0];
  const char *shape = "a matrix product is a nest of three loops (i, j, k) "
                      "around one statement C[i][j] += A[i][k] * B[k][j]";
  ir_block *b0 = &root->u.loop.body;
  ir_node *s0 = b0->first;
  if (s0 && s0->kind == IR_NODE_LOOP && s0->next && s0->next == b0->last &&
      s0->next->kind == IR_NODE_LOOP && s0->u.loop.body.first &&
      s0->u.loop.body.first == s0->u.loop.body.last &&
      s0->u.loop.body.first->kind == IR_NODE_ASSIGN) {
    n->scale_loop = s0; /* for i { for j: C *= beta; for k, j: C += ... } */
    n->scale = s0->u.loop.body.first;
    s0 = s0->next;
  } else if (!s0 || s0 != b0->last || s0->kind != IR_NODE_LOOP) {
    return no(m, root->loc, shape);
  }
  n->loops[1] = s0;
  ir_block *b1 = &n->loops[1]->u.loop.body;
  ir_node *f = b1->first;
  if (f && f == b1->last && f->kind == IR_NODE_LOOP)
    n->loops[2] = f;
  else if (!n->scale_loop && f && f->kind == IR_NODE_ASSIGN && f->next &&
           f->next == b1->last && f->next->kind == IR_NODE_LOOP) {
    n->scale = f;
    n->loops[2] = f->next;
  } else if (f && f->kind == IR_NODE_DECL && f->u.decl.init && f->next &&
             f->next == b1->last && f->next->kind == IR_NODE_LOOP &&
             !f->u.decl.var->live_out && f->u.decl.var->lanes <= 1) {
    /* darknet's gemm_nn: register float A_PART = ALPHA * A[i][k];
     * for j: C[i][j] += A_PART * B[k][j].  The local is the value it is
     * declared with in the j loop (nothing there writes it): matched as
     * C[i][j] += (ALPHA * A[i][k]) * B[k][j]. */
    n->decl = f;
    n->loops[2] = f->next;
  } else {
    return no(m, n->loops[1]->loc, shape);
  }
  ir_block *b2 = &n->loops[2]->u.loop.body;
  if (!b2->first || b2->first != b2->last || b2->first->kind != IR_NODE_ASSIGN)
    return no(m, n->loops[2]->loc,
              b2->first && b2->first->kind == IR_NODE_LOOP
                  ? scc_arena_printf(m->ctx->arena,
                                     "the nest has more than three loops "
                                     "(tile or batch loops around the "
                                     "product?); apply loop.to_library to "
                                     "the outermost of the product's three "
                                     "loops, inside '%s'",
                                     root->u.loop.iv->name)
                  : shape);
  n->stmt = b2->first;
  if (n->decl) {
    const ir_var *v = n->decl->u.decl.var;
    const ir_expr *lhs = n->stmt->u.assign.lhs;
    if (lhs->kind == IR_EXPR_VAR && lhs->u.var == v)
      return no(m, n->stmt->loc, shape);
    /* the statement as if the local were its value (a copy: the
     * payload keeps its declaration, and the fallback loops run it) */
    ir_subst sub = {0};
    ir_subst_add(m->ctx, &sub, (ir_var *)v, n->decl->u.decl.init);
    n->stmt = ir_node_clone(m->ctx, n->stmt, &sub);
  }
  return true;
}

/* Sets m->iv to the loops' ivs and checks each loop: step 1, bounds
 * independent of the nest, not already parallel or vectorized. */
static bool check_loops(gm *m, nest *n) {
  for (int d = 0; d < 3; d++)
    m->iv[d] = n->loops[d]->u.loop.iv;
  for (int d = 0; d < 3; d++) {
    const ir_loop *l = &n->loops[d]->u.loop;
    if (l->step != 1)
      return no(m, n->loops[d]->loc,
                scc_arena_printf(m->ctx->arena,
                                 "loop '%s' has step %lld; the loops "
                                 "of a matrix product count up by 1",
                                 l->iv->name, (long long)l->step));
    if (uses_band(m, l->lb) || uses_band(m, l->ub))
      return no(m, n->loops[d]->loc,
                scc_arena_printf(m->ctx->arena,
                                 "the bounds of loop '%s' depend on another "
                                 "loop of the nest (not a rectangular nest)",
                                 l->iv->name));
    if (l->attrs & (IR_LOOP_PARALLEL | IR_LOOP_VECTORIZED))
      return no(m, n->loops[d]->loc,
                scc_arena_printf(m->ctx->arena,
                                 "loop '%s' is already parallel or vectorized",
                                 l->iv->name));
  }
  return true;
}

/* The update statement as C op= product: sets n->cx, n->t, n->ctext,
 * n->prod, n->neg, and the product's two matrix elements (n->acc) and
 * scalar factors (n->fac).  False when the statement is not an
 * accumulation of a product of two elements into a float or double
 * element. */
static bool match_update(gm *m, nest *n) {
  const ir_assign *as = &n->stmt->u.assign;
  ir_expr *cx = as->lhs, *prod = NULL;
  if (cx->kind != IR_EXPR_ACCESS || cx->lanes > 1 ||
      (cx->type != IR_TY_FLOAT && cx->type != IR_TY_DOUBLE) ||
      cx->u.access.array->elem != cx->type)
    return no(m, n->stmt->loc,
              "the statement does not update a float or double matrix "
              "element");
  ir_type t = cx->type;
  n->cx = cx;
  n->t = t;
  n->ctext = text(m, cx);
  n->neg = false;
  if (as->op == IR_OP_ADD || as->op == IR_OP_SUB) {
    prod = as->rhs;
    n->neg = as->op == IR_OP_SUB;
  } else if (as->op == IR_OP_NONE && as->rhs->kind == IR_EXPR_BINARY &&
             as->rhs->u.bin.op == IR_OP_ADD && as->rhs->type == t) {
    if (same_element(m, as->rhs->u.bin.a, cx))
      prod = as->rhs->u.bin.b;
    else if (same_element(m, as->rhs->u.bin.b, cx))
      prod = as->rhs->u.bin.a;
  } else if (as->op == IR_OP_NONE && as->rhs->kind == IR_EXPR_BINARY &&
             as->rhs->u.bin.op == IR_OP_SUB && as->rhs->type == t &&
             same_element(m, as->rhs->u.bin.a, cx)) {
    prod = as->rhs->u.bin.b;
    n->neg = true;
  }
  if (!prod || prod->type != t)
    return no(m, n->stmt->loc,
              scc_arena_printf(m->ctx->arena,
                               "the statement is not an accumulation `%s += "
                               "A * B` (or -=) in %s",
                               n->ctext, ir_type_name(t)));
  n->prod = prod;
  if (!flatten(m, prod, t, &n->acc, &n->fac))
    return false;
  if (n->acc.len != 2)
    return no(m, prod->loc,
              scc_arena_printf(m->ctx->arena,
                               "the product reads %d matrix element%s; a "
                               "matrix product multiplies two",
                               n->acc.len, n->acc.len == 1 ? "" : "s"));
  return true;
}

/* The roles of the loops and of the two factors, from the coefficients of
 * the loops' ivs in the offsets of C and the factors: i and j are C's
 * loops (j with stride 1), k the third; A is the factor using i and k, B
 * the one using k and j, neither of them C's array.  Sets n->cc, n->di,
 * n->dj, n->dk, n->ax, n->ca, n->bx, n->cb. */
static bool match_roles(gm *m, nest *n) {
  ir_expr *cx = n->cx, **cc = n->cc, *c1[3], *c2[3];
  if (!offset_coefs(m, cx, cc))
    return false;
  if (!offset_coefs(m, n->acc.items[0], c1) ||
      !offset_coefs(m, n->acc.items[1], c2))
    return false;
  int di = -1, dj = -1, dk = -1, nz = 0;
  for (int d = 0; d < 3; d++) {
    if (!cc[d])
      continue;
    nz++;
    if (is_const(m, cc[d], 1) && dj < 0)
      dj = d;
    else
      di = d;
  }
  if (nz != 2 || di < 0 || dj < 0)
    return no(m, cx->loc,
              nz != 2
                  ? scc_arena_printf(m->ctx->arena,
                                     "'%s' is indexed by %d of the nest's "
                                     "loops; the result of a matrix product "
                                     "by two",
                                     cx->u.access.array->name, nz)
                  : scc_arena_printf(m->ctx->arena,
                                     "'%s' is not contiguous along either of "
                                     "its indices (no index with stride 1)",
                                     cx->u.access.array->name));
  dk = 3 - di - dj;
  bool first_is_a = c1[di] && !c1[dj];
  n->ax = first_is_a ? n->acc.items[0] : n->acc.items[1];
  n->bx = first_is_a ? n->acc.items[1] : n->acc.items[0];
  ir_expr **ca = first_is_a ? c1 : c2, **cb = first_is_a ? c2 : c1;
  for (int d = 0; d < 3; d++) {
    n->ca[d] = ca[d];
    n->cb[d] = cb[d];
  }
  n->di = di, n->dj = dj, n->dk = dk;
  if (!ca[di] || ca[dj] || !ca[dk] || !cb[dj] || cb[di] || !cb[dk])
    return no(m, n->prod->loc,
              scc_arena_printf(m->ctx->arena,
                               "the factors `%s` and `%s` are not A[%s][%s] "
                               "and B[%s][%s] for C = `%s`",
                               text(m, n->acc.items[0]),
                               text(m, n->acc.items[1]), m->iv[di]->name,
                               m->iv[dk]->name, m->iv[dk]->name,
                               m->iv[dj]->name, n->ctext));
  if (n->ax->u.access.array == cx->u.access.array ||
      n->bx->u.access.array == cx->u.access.array)
    return no(m, n->prod->loc,
              scc_arena_printf(m->ctx->arena,
                               "'%s' is both the result and an operand of "
                               "the product",
                               cx->u.access.array->name));
  return true;
}

/* The operands' layouts and alpha: g->trans_a and g->lda from A's
 * contiguous index, the same for B, g->ldc, g->alpha (the scalar factors'
 * product, negated for C -= A * B) and g->subtracts.  False when A or B
 * has no index with stride 1. */
static bool match_strides(gm *m, nest *n, ir_gemm *g) {
  int di = n->di, dj = n->dj, dk = n->dk;
  if (is_const(m, n->ca[dk], 1)) {
    g->trans_a = false;
    g->lda = n->ca[di];
  } else if (is_const(m, n->ca[di], 1)) {
    g->trans_a = true;
    g->lda = n->ca[dk];
  } else {
    return no(m, n->ax->loc,
              scc_arena_printf(m->ctx->arena,
                               "'%s' is not contiguous along '%s' or '%s' "
                               "(neither index has stride 1)",
                               n->ax->u.access.array->name, m->iv[di]->name,
                               m->iv[dk]->name));
  }
  if (is_const(m, n->cb[dj], 1)) {
    g->trans_b = false;
    g->ldb = n->cb[dk];
  } else if (is_const(m, n->cb[dk], 1)) {
    g->trans_b = true;
    g->ldb = n->cb[dj];
  } else {
    return no(m, n->bx->loc,
              scc_arena_printf(m->ctx->arena,
                               "'%s' is not contiguous along '%s' or '%s' "
                               "(neither index has stride 1)",
                               n->bx->u.access.array->name, m->iv[dk]->name,
                               m->iv[dj]->name));
  }
  g->ldc = n->cc[di];
  for (int f = 0; f < n->fac.len; f++)
    g->alpha =
        g->alpha ? ir_binary(m->ctx, IR_OP_MUL, g->alpha, n->fac.items[f], n->t)
                 : n->fac.items[f];
  g->subtracts = n->neg;
  if (n->neg) /* exact: C - x*y == C + (-1 * x)*y */
    g->alpha = g->alpha ? ir_unary(m->ctx, IR_OP_NEG, g->alpha, n->t)
                        : ir_fp(m->ctx, n->t, -1.0, NULL);
  return true;
}

/* The scaling C *= beta before the k loop (or, PolyBench's gemm, in a j
 * loop of its own before the k loop, in the i loop), when there is one:
 * sets g->beta and g->scale.  False when the statement is not such a
 * scaling of the result by a loop-invariant scalar. */
static bool match_scale(gm *m, nest *n, ir_gemm *g) {
  if (!n->scale)
    return true;
  scc_ctx *ctx = m->ctx;
  ir_assign sc = n->scale->u.assign, *sa = &sc;
  ir_expr *beta = NULL;
  bool placed = n->dk == 2;
  if (n->scale_loop) {
    const ir_loop *sl = &n->scale_loop->u.loop, *jl = &n->loops[n->dj]->u.loop;
    placed = n->di == 0 && sl->step == 1 &&
             strcmp(text(m, sl->lb), text(m, jl->lb)) == 0 &&
             strcmp(text(m, sl->ub), text(m, jl->ub)) == 0;
    ir_subst js = {0};
    ir_subst_add(ctx, &js, sl->iv, ir_var_ref(ctx, jl->iv));
    sc.lhs = ir_expr_clone(ctx, sc.lhs, &js);
    sc.rhs = ir_expr_clone(ctx, sc.rhs, &js);
  }
  const char *before =
      (n->scale_loop ? n->loops[1] : n->loops[2])->u.loop.iv->name;
  if (!placed || !same_element(m, sa->lhs, n->cx))
    return no(m, n->scale->loc,
              scc_arena_printf(ctx->arena,
                               "the statement before loop '%s' is not a "
                               "scaling `%s *= beta` of the result",
                               before, n->ctext));
  if (sa->op == IR_OP_MUL)
    beta = sa->rhs;
  else if (sa->op == IR_OP_NONE && sa->rhs->kind == IR_EXPR_BINARY &&
           sa->rhs->u.bin.op == IR_OP_MUL && sa->rhs->type == n->t) {
    if (same_element(m, sa->rhs->u.bin.a, n->cx))
      beta = sa->rhs->u.bin.b;
    else if (same_element(m, sa->rhs->u.bin.b, n->cx))
      beta = sa->rhs->u.bin.a;
  }
  if (!beta || !scalar_factor(m, beta, n->t))
    return no(m, n->scale->loc,
              scc_arena_printf(ctx->arena,
                               "the statement before loop '%s' is not a "
                               "scaling `%s *= beta` by a loop-invariant %s",
                               before, n->ctext, ir_type_name(n->t)));
  g->beta = beta;
  g->scale = n->scale;
  return true;
}

/* Fills in the rest of g from the matched nest: the type, the update and
 * the loops of i, j and k, the sizes M, N, K (the loops' trip counts), the
 * operands' addresses at the loops' lower bounds, and the guards that the
 * sizes are positive and each leading dimension is at least the length of
 * a row (pushed on g->guards when not decided now).  False when a loop
 * never runs or rows overlap. */
static bool build_gemm(gm *m, nest *n, ir_gemm *g) {
  scc_ctx *ctx = m->ctx;
  ir_node **loops = n->loops;
  ir_expr *ax = n->ax, *bx = n->bx, *cx = n->cx;
  g->type = n->t;
  g->update = n->stmt;
  g->loop_i = loops[n->di];
  g->loop_j = loops[n->dj];
  g->loop_k = loops[n->dk];
  ir_expr **ext[3] = {&g->m, &g->n, &g->k};
  ir_node *lo[3] = {loops[n->di], loops[n->dj], loops[n->dk]};
  for (int d = 0; d < 3; d++) {
    *ext[d] = ir_sub(ctx, lo[d]->u.loop.ub, lo[d]->u.loop.lb);
    if (!guard(m, g, *ext[d], IR_OP_GT, ir_int(ctx, 0)))
      return no(m, lo[d]->loc,
                scc_arena_printf(ctx->arena, "loop '%s' never runs",
                                 lo[d]->u.loop.iv->name));
  }
  ir_subst s = {0};
  for (int d = 0; d < 3; d++)
    ir_subst_add(ctx, &s, m->iv[d], loops[d]->u.loop.lb);
  g->a = ir_expr_clone(ctx, ax, &s);
  g->b = ir_expr_clone(ctx, bx, &s);
  g->c = ir_expr_clone(ctx, cx, &s);
  struct {
    ir_expr *ld, *len;
    const char *name, *lenname;
  } lds[3] = {{g->lda, g->trans_a ? g->m : g->k, "A", g->trans_a ? "M" : "K"},
              {g->ldb, g->trans_b ? g->k : g->n, "B", g->trans_b ? "K" : "N"},
              {g->ldc, g->n, "C", "N"}};
  for (int d = 0; d < 3; d++)
    if (!guard(m, g, lds[d].ld, IR_OP_GE, lds[d].len)) {
      const ir_expr *x = d == 0 ? ax : d == 1 ? bx : cx;
      return no(m, x->loc,
                scc_arena_printf(ctx->arena,
                                 "the rows of %s ('%s') are %s elements apart "
                                 "but %s = %s long: they overlap, which BLAS "
                                 "refuses",
                                 lds[d].name, x->u.access.array->name,
                                 text(m, lds[d].ld), lds[d].lenname,
                                 text(m, lds[d].len)));
    }
  return true;
}

bool ir_gemm_match(scc_ctx *ctx, ir_node *root, ir_gemm *g, const char **why,
                   scc_loc *where) {
  gm m = {.ctx = ctx};
  nest n = {.loops = {root, NULL, NULL}};
  memset(g, 0, sizeof *g);
  bool ok;
  if (!root || root->kind != IR_NODE_LOOP)
    ok = no(&m, root ? root->loc : (scc_loc){0}, "not a loop");
  else
    ok = match_nest(&m, &n) && check_loops(&m, &n) && match_update(&m, &n) &&
         match_roles(&m, &n) && match_strides(&m, &n, g) &&
         match_scale(&m, &n, g) && build_gemm(&m, &n, g);
  if (!ok) {
    *why = m.why;
    *where = m.where;
  }
  return ok;
}

const char *ir_library_link_flags(const char *library) {
  if (strcmp(library, "cblas") == 0)
    return "-lopenblas";
  if (strcmp(library, "libxsmm") == 0)
    return "-lxsmm -lblas -lm -ldl";
  return NULL;
}

const char *ir_library_header(const char *library) {
  return strcmp(library, "libxsmm") == 0 ? "libxsmm.h" : "cblas.h";
}
