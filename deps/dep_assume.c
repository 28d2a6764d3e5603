/* dep_assume.c — what the transformed code of a kernel assumes and the
 * compiler cannot prove: the run-time checks of kernel versioning.
 *
 * Two kinds of fact make the dependence analysis (dep_build.c) exact on
 * real C code but cannot always be proven at compile time:
 *
 *  - Arrays with different names do not overlap.  Two pointer parameters
 *    `float *a, float *b` may point into the same buffer (`shift(x, x,
 *    32)`).  The analysis treats them as distinct, so every transformed
 *    kernel that writes one of two arrays that may overlap runs only after
 *    a check that the address ranges it touches are disjoint.  Proof that
 *    needs no check: `restrict` on either array (C11 6.7.3.1: an object
 *    modified through a restrict pointer is accessed through no other
 *    name, so restrict on one of the two suffices), two array objects
 *    (declared arrays are distinct objects), an automatic array of the
 *    function and a pointer parameter (the parameter existed before the
 *    array), a buffer of the generated code (loop.pack).
 *  - A delinearized subscript stays within its row (dep_delin.c):
 *    `C[i*ldc + j]` read as C[i][j] needs 0 <= j < ldc for every executed
 *    access.  Proven from the iteration domain when it can be (jacobi's
 *    `out[i*n + j]`, 1 <= j < n - 1), else a check over the parameters
 *    (gemm_nn, 0 <= j < N: `N <= ldc`, or the loops do not run).
 *
 * Polly's scheme (Grosser, Größlinger, Lengauer, "Polly — performing
 * polyhedral optimizations on a low-level intermediate representation",
 * PPL 2012; Doerfert, Grosser et al., "Runtime alias checks for
 * polyhedral loop optimizations", 2016-17): the range of elements each
 * array is accessed at is computed with isl from the iteration domains
 * and the access relations (the minimum and maximum of each subscript over
 * the domain, piecewise quasi-affine functions of the parameters, turned
 * into C expressions with isl's AST generator), and the kernel is
 * versioned: `if (checks) { transformed } else { original }`, the
 * original being a copy of the IR taken before the schedule ran.
 *
 * Precision (docs/legality.md "Run-time checks"): a kernel the schedule
 * left unchanged gets no check; no check between two arrays that are only
 * read; a delinearization check only for the arrays the analysis actually
 * delinearized during the schedule.  A disjointness check is added for
 * every pair that may overlap in a transformed kernel, whether or not the
 * transform's legality depended on it (the analysis does not record which
 * fact each answer used).  Nothing is assumed silently: when a range or
 * condition cannot be computed (a subscript that is neither affine nor a
 * delinearizable product: `x[idx[i]]`), the kernel is left untransformed
 * with a warning that names the array and the fix.
 */
#include "dep_int.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>
#include <stdlib.h>
#include <string.h>

/* ---- before the schedule ----------------------------------------------- */

void dep_assume_begin(scc_ctx *ctx, ir_kernel *k) {
  k->original = scc_arena_alloc(ctx->arena, sizeof *k->original);
  ir_block_init(k->original, NULL);
  ir_block_clone_into(ctx, k->original, &k->body, NULL);
  k->assumptions = (scc_vec){0};
  k->delinearized = (scc_vec){0};
}

/* ---- isl AST expressions to IR ------------------------------------------ */

typedef struct asm_ctx {
  scc_ctx *ctx;
  ir_kernel *k;
  dep_graph *g;
  isl_ast_build *build; /* params_build's; whoever sets it frees it */
  const char *fail;     /* why a range or condition cannot be built */
  bool plain;           /* parameters as they are (conditions), not as long */
} asm_ctx;

static ir_var *param_named(asm_ctx *a, const char *name) {
  for (int i = 0; i < a->g->params.len; i++) {
    ir_var *v = a->g->params.items[i];
    if (strcmp(v->name, name) == 0)
      return v;
  }
  return NULL;
}

/* An integer parameter read as long (the checks compute addresses). */
static ir_expr *param_long(scc_ctx *ctx, ir_var *v) {
  ir_expr *x = ir_var_ref(ctx, v);
  return v->type == IR_TY_LONG ? x : ir_cast(ctx, IR_TY_LONG, x);
}

static ir_expr *from_ast(asm_ctx *a, __isl_keep isl_ast_expr *e) {
  scc_ctx *ctx = a->ctx;
  ir_expr *r = NULL;
  switch (isl_ast_expr_get_type(e)) {
  case isl_ast_expr_int: {
    isl_val *v = isl_ast_expr_get_val(e);
    r = ir_int(ctx, isl_val_get_num_si(v));
    isl_val_free(v);
    break;
  }
  case isl_ast_expr_id: {
    isl_id *id = isl_ast_expr_get_id(e);
    ir_var *v = param_named(a, isl_id_get_name(id));
    isl_id_free(id);
    r = !v ? NULL : a->plain ? ir_var_ref(ctx, v) : param_long(ctx, v);
    break;
  }
  case isl_ast_expr_op: {
    enum isl_ast_expr_op_type op = isl_ast_expr_op_get_type(e);
    int n = (int)isl_ast_expr_op_get_n_arg(e);
    ir_expr *x[3] = {0};
    ir_expr *acc = NULL;
    if (op == isl_ast_expr_op_min || op == isl_ast_expr_op_max ||
        op == isl_ast_expr_op_and || op == isl_ast_expr_op_and_then ||
        op == isl_ast_expr_op_or || op == isl_ast_expr_op_or_else) {
      for (int i = 0; i < n; i++) {
        isl_ast_expr *s = isl_ast_expr_op_get_arg(e, i);
        ir_expr *y = from_ast(a, s);
        isl_ast_expr_free(s);
        if (!y)
          return NULL;
        if (!acc) {
          acc = y;
          continue;
        }
        switch (op) {
        case isl_ast_expr_op_min:
          acc = ir_binary(ctx, IR_OP_MIN, acc, y, IR_TY_LONG);
          break;
        case isl_ast_expr_op_max:
          acc = ir_binary(ctx, IR_OP_MAX, acc, y, IR_TY_LONG);
          break;
        case isl_ast_expr_op_and:
        case isl_ast_expr_op_and_then:
          acc = ir_binary(ctx, IR_OP_LAND, acc, y, IR_TY_INT);
          break;
        default:
          acc = ir_binary(ctx, IR_OP_LOR, acc, y, IR_TY_INT);
          break;
        }
      }
      return acc;
    }
    if (n > 3)
      return NULL;
    for (int i = 0; i < n; i++) {
      isl_ast_expr *s = isl_ast_expr_op_get_arg(e, i);
      x[i] = from_ast(a, s);
      isl_ast_expr_free(s);
      if (!x[i])
        return NULL;
    }
    int64_t c;
    switch (op) {
    case isl_ast_expr_op_minus:
      return ir_unary(ctx, IR_OP_NEG, x[0], x[0]->type);
    case isl_ast_expr_op_add:
      return ir_binary(ctx, IR_OP_ADD, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_sub:
      return ir_binary(ctx, IR_OP_SUB, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_mul:
      return ir_binary(ctx, IR_OP_MUL, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_pdiv_q:
      return ir_binary(ctx, IR_OP_DIV, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_fdiv_q:
      if (!ir_expr_const_value(ctx, x[1], &c) || c <= 0)
        return NULL;
      return ir_binary(ctx, IR_OP_FLOORDIV, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r:
      return ir_binary(ctx, IR_OP_MOD, x[0], x[1], IR_TY_LONG);
    case isl_ast_expr_op_cond:
    case isl_ast_expr_op_select:
      return ir_select(ctx, x[0], x[1], x[2], IR_TY_LONG);
    case isl_ast_expr_op_eq:
      return ir_binary(ctx, IR_OP_EQ, x[0], x[1], IR_TY_INT);
    case isl_ast_expr_op_le:
      return ir_binary(ctx, IR_OP_LE, x[0], x[1], IR_TY_INT);
    case isl_ast_expr_op_lt:
      return ir_binary(ctx, IR_OP_LT, x[0], x[1], IR_TY_INT);
    case isl_ast_expr_op_ge:
      return ir_binary(ctx, IR_OP_GE, x[0], x[1], IR_TY_INT);
    case isl_ast_expr_op_gt:
      return ir_binary(ctx, IR_OP_GT, x[0], x[1], IR_TY_INT);
    default:
      return NULL;
    }
  }
  default:
    break;
  }
  return r;
}

/* A pw_aff over the parameters as an IR expression (taken); NULL when it
 * is unbounded somewhere (NaN) or not expressible. */
static ir_expr *expr_of_pw_aff(asm_ctx *a, __isl_take isl_pw_aff *pa) {
  if (!pa || isl_pw_aff_involves_nan(pa) != isl_bool_false ||
      isl_pw_aff_n_piece(pa) == 0) {
    isl_pw_aff_free(pa);
    return NULL;
  }
  isl_ast_expr *e = isl_ast_build_expr_from_pw_aff(a->build, pa);
  ir_expr *r = e ? from_ast(a, e) : NULL;
  isl_ast_expr_free(e);
  return r ? ir_simplify(a->ctx, r) : NULL;
}

/* A set over the parameters (taken) as an IR condition, or NULL. */
static ir_expr *expr_of_set(asm_ctx *a, __isl_take isl_set *s) {
  isl_ast_expr *e = isl_ast_build_expr_from_set(a->build, s);
  a->plain = true;
  ir_expr *r = e ? from_ast(a, e) : NULL;
  a->plain = false;
  isl_ast_expr_free(e);
  return r;
}

/* ---- the accesses of an array ------------------------------------------- */

typedef struct acc {
  dep_stmt *st;
  const ir_expr *e;
} acc;

typedef struct acc_walk {
  asm_ctx *a;
  dep_stmt *st;
  const ir_array *arr;
  scc_vec *out; /* acc * */
  bool written;
} acc_walk;

static void acc_cb(ir_expr *e, void *data) {
  acc_walk *w = data;
  if (e->kind != IR_EXPR_ACCESS || e->u.access.array != w->arr)
    return;
  acc *x = scc_arena_alloc(w->a->ctx->arena, sizeof *x);
  x->st = w->st;
  x->e = e;
  scc_vec_push(w->a->ctx->arena, w->out, x);
}

/* Every access of arr in the graph's statements (the enclosing bounds and
 * conditions included, evaluated in the statement's domain). */
static void accesses_of(asm_ctx *a, const ir_array *arr, scc_vec *out,
                        bool *written) {
  acc_walk w = {.a = a, .arr = arr, .out = out};
  for (int s = 0; s < a->g->nstmts; s++) {
    dep_stmt *st = &a->g->stmts[s];
    w.st = st;
    ir_node *n = st->node;
    ir_walk_node_exprs(n, acc_cb, &w);
    if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_ACCESS &&
        n->u.assign.lhs->u.access.array == arr)
      w.written = true;
    for (ir_node *p = ir_parent(n); p; p = ir_parent(p)) {
      if (p->kind == IR_NODE_LOOP) {
        ir_walk_expr(p->u.loop.lb, acc_cb, &w);
        ir_walk_expr(p->u.loop.ub, acc_cb, &w);
      } else if (p->kind == IR_NODE_IF) {
        ir_walk_expr(p->u.ifs.cond, acc_cb, &w);
      }
    }
  }
  *written = w.written;
}

static const char *access_text(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *s = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return s;
}

/* The image of st's domain under a list of n pw_affs (taken): a set of n
 * dims over the parameters. */
static __isl_give isl_set *image(dep_stmt *st, __isl_take isl_pw_aff **f,
                                 int n) {
  isl_ctx *ic = isl_set_get_ctx(st->domain);
  isl_pw_aff_list *list = isl_pw_aff_list_alloc(ic, n);
  for (int d = 0; d < n; d++)
    list = isl_pw_aff_list_add(list, f[d]);
  isl_space *sp = isl_set_get_space(st->domain);
  isl_space *rs =
      isl_space_set_from_params(isl_space_params(isl_space_copy(sp)));
  rs = isl_space_add_dims(rs, isl_dim_set, (unsigned)n);
  isl_space *ms = isl_space_map_from_domain_and_range(sp, rs);
  isl_map *m =
      isl_map_from_multi_pw_aff(isl_multi_pw_aff_from_pw_aff_list(ms, list));
  return isl_set_apply(isl_set_copy(st->domain), m);
}

/* u (NULL: none yet) united with s, both taken. */
static __isl_give isl_set *unite(__isl_take isl_set *u, __isl_take isl_set *s) {
  return u ? isl_set_union(u, s) : s;
}

static __isl_give isl_ast_build *params_build(dep_graph *g);

/* ---- element ranges ------------------------------------------------------ */

typedef struct range {
  const ir_array *arr;
  bool done, ok;
  ir_expr *lo, *hi; /* [lo, hi) elements from the base, row-major */
} range;

static ir_expr *mul(scc_ctx *ctx, ir_expr *x, ir_expr *y) {
  int64_t c;
  if (ir_expr_const_value(ctx, x, &c) && c == 0)
    return x;
  if (ir_expr_const_value(ctx, x, &c) && c == 1)
    return y;
  return ir_binary(ctx, IR_OP_MUL, x, y, IR_TY_LONG);
}

static ir_expr *lmin(scc_ctx *ctx, ir_expr *x, ir_expr *y) {
  return ir_simplify(ctx, ir_binary(ctx, IR_OP_MIN, x, y, IR_TY_LONG));
}

static ir_expr *lmax(scc_ctx *ctx, ir_expr *x, ir_expr *y) {
  return ir_simplify(ctx, ir_binary(ctx, IR_OP_MAX, x, y, IR_TY_LONG));
}

/* ---- interval bounds of subscripts isl cannot represent ---------------
 * A subscript that is neither affine nor a delinearizable product (`ws[(i*n
 * + j*GS) / GS]`, a product of two parameters and an iv) still touches a
 * bounded set of elements: interval arithmetic over its operands (Moore,
 * Interval Analysis, 1966), each iv bounded by isl over the statement's
 * domain, gives a range [lo, hi] that contains every value it takes, which
 * is all a disjointness check needs (a wider range only makes the check
 * fail more often, and the original code run).  Divisions and remainders
 * by any integer keep |x / y| <= |x| and |x % y| <= |x|. */

static bool interval(asm_ctx *a, dep_stmt *st, const ir_expr *e, ir_expr **lo,
                     ir_expr **hi);

static ir_expr *lneg(scc_ctx *ctx, ir_expr *x) {
  return ir_unary(ctx, IR_OP_NEG, x, IR_TY_LONG);
}

static ir_expr *clone(scc_ctx *ctx, ir_expr *x) {
  return ir_expr_clone(ctx, x, NULL);
}

static bool interval(asm_ctx *a, dep_stmt *st, const ir_expr *e, ir_expr **lo,
                     ir_expr **hi) {
  scc_ctx *ctx = a->ctx;
  if (!e || !ir_type_is_integer(e->type) || e->lanes > 1)
    return false;
  /* affine: exact bounds from isl (when the domain bounds it) */
  isl_pw_aff *pa = dep_graph_pw_aff(a->g, st, e);
  if (pa) {
    isl_pw_aff *f[1] = {pa};
    isl_set *im = image(st, f, 1);
    *lo = expr_of_pw_aff(a, isl_set_dim_min(isl_set_copy(im), 0));
    *hi = expr_of_pw_aff(a, isl_set_dim_max(im, 0));
    if (*lo && *hi)
      return true;
  }
  ir_expr *l1, *h1, *l2, *h2;
  switch (e->kind) {
  case IR_EXPR_INT:
    *lo = ir_int(ctx, e->u.ival);
    *hi = ir_int(ctx, e->u.ival);
    return true;
  case IR_EXPR_VAR: {
    const ir_var *v = e->u.var;
    if (v->kind == IR_VAR_PARAM) {
      *lo = param_long(ctx, (ir_var *)v);
      *hi = param_long(ctx, (ir_var *)v);
      return true;
    }
    /* an iv whose bounds isl does not represent (`obt < B * T`): within
     * its loop's bounds, themselves bounded by intervals */
    for (int d = st->depth - 1; d >= 0; d--) {
      const ir_loop *l = &st->loops[d]->u.loop;
      if (l->iv != v)
        continue;
      if (l->step > 0) {
        if (!interval(a, st, l->lb, lo, &h1) ||
            !interval(a, st, l->ub, &l2, hi))
          return false;
        *hi = ir_simplify(ctx, ir_add_const(ctx, *hi, -1));
      } else {
        if (!interval(a, st, l->ub, lo, &h1) ||
            !interval(a, st, l->lb, &l2, hi))
          return false;
        *lo = ir_simplify(ctx, ir_add_const(ctx, *lo, 1));
      }
      return true;
    }
    return false; /* a local: any value */
  }
  case IR_EXPR_CAST: {
    ir_type from = e->u.cast.a->type, to = e->u.cast.to;
    /* a conversion that keeps every value: to a type at least as wide of
     * the same signedness, or from unsigned to a wider type */
    if (!ir_type_is_integer(from) ||
        (ir_type_is_unsigned(from) != ir_type_is_unsigned(to) &&
         !(ir_type_is_unsigned(from) && to == IR_TY_LONG)))
      return false;
    return interval(a, st, e->u.cast.a, lo, hi);
  }
  case IR_EXPR_UNARY:
    if (e->u.un.op != IR_OP_NEG || !interval(a, st, e->u.un.a, &l1, &h1))
      return false;
    *lo = lneg(ctx, h1);
    *hi = lneg(ctx, l1);
    return true;
  case IR_EXPR_SELECT:
    if (!interval(a, st, e->u.sel.a, &l1, &h1) ||
        !interval(a, st, e->u.sel.b, &l2, &h2))
      return false;
    *lo = lmin(ctx, l1, l2);
    *hi = lmax(ctx, h1, h2);
    return true;
  case IR_EXPR_BINARY:
    break;
  default:
    return false; /* an array element, a call: any value */
  }
  ir_op op = e->u.bin.op;
  if (!interval(a, st, e->u.bin.a, &l1, &h1))
    return false;
  if (op == IR_OP_DIV || op == IR_OP_MOD || op == IR_OP_FLOORDIV ||
      op == IR_OP_CEILDIV) {
    if (!ir_type_is_integer(e->u.bin.b->type))
      return false;
    ir_expr *z = ir_int(ctx, 0);
    *lo = lmin(ctx, l1, z);
    *hi = lmax(ctx, h1, clone(ctx, z));
    return true;
  }
  if (!interval(a, st, e->u.bin.b, &l2, &h2))
    return false;
  switch (op) {
  case IR_OP_ADD:
    *lo = ir_simplify(ctx, ir_add(ctx, l1, l2));
    *hi = ir_simplify(ctx, ir_add(ctx, h1, h2));
    return true;
  case IR_OP_SUB:
    *lo = ir_simplify(ctx, ir_add(ctx, l1, lneg(ctx, h2)));
    *hi = ir_simplify(ctx, ir_add(ctx, h1, lneg(ctx, l2)));
    return true;
  case IR_OP_MIN:
    *lo = lmin(ctx, l1, l2);
    *hi = lmin(ctx, h1, h2);
    return true;
  case IR_OP_MAX:
    *lo = lmax(ctx, l1, l2);
    *hi = lmax(ctx, h1, h2);
    return true;
  case IR_OP_MUL: {
    ir_expr *p[4] = {mul(ctx, l1, l2), mul(ctx, clone(ctx, l1), h2),
                     mul(ctx, h1, clone(ctx, l2)),
                     mul(ctx, clone(ctx, h1), clone(ctx, h2))};
    ir_expr *mn = p[0], *mx = clone(ctx, p[0]);
    for (int i = 1; i < 4; i++) {
      mn = lmin(ctx, mn, p[i]);
      mx = lmax(ctx, mx, clone(ctx, p[i]));
    }
    *lo = mn;
    *hi = mx;
    return true;
  }
  default:
    return false;
  }
}

/* The elements of arr the original kernel touches, as [lo, hi). */
static void compute_range(asm_ctx *a, range *r) {
  scc_ctx *ctx = a->ctx;
  const ir_array *arr = r->arr;
  r->done = true;
  scc_vec accs = {0};
  bool written;
  accesses_of(a, arr, &accs, &written);
  if (accs.len == 0)
    return;
  isl_set *u = NULL;
  if (arr->rank == 1) {
    /* every access split with the deepest shape any of them has
     * (dep_delin.c; zero quotients without a product): the union of their
     * parts, then the offsets' bounds level by level */
    dep_shape want = {0}, sh;
    ir_expr *parts[IR_DELIN_MAX + 1];
    for (int i = 0; i < accs.len; i++) {
      acc *x = accs.items[i];
      if (dep_delin_split(ctx, x->e->u.access.idx[0], NULL, &sh, parts) !=
              DEP_DELIN_FAIL &&
          sh.n > want.n)
        want = sh;
    }
    int np = want.n + 1;
    ir_expr *xlo = NULL, *xhi = NULL; /* interval bounds (above) */
    for (int i = 0; i < accs.len; i++) {
      acc *x = accs.items[i];
      isl_pw_aff *f[IR_DELIN_MAX + 1] = {NULL};
      bool ok = dep_delin_split(ctx, x->e->u.access.idx[0], &want, &sh,
                                parts) != DEP_DELIN_FAIL;
      for (int d = 0; d < np && ok; d++) {
        f[d] = dep_graph_pw_aff(a->g, x->st, parts[d]);
        ok = f[d] != NULL;
      }
      if (!ok) {
        for (int d = 0; d < np; d++)
          isl_pw_aff_free(f[d]);
        ir_expr *il, *ih;
        if (interval(a, x->st, x->e->u.access.idx[0], &il, &ih)) {
          xlo = xlo ? lmin(ctx, xlo, il) : il;
          xhi = xhi ? lmax(ctx, xhi, ih) : ih;
          continue;
        }
        isl_set_free(u);
        a->fail = scc_arena_printf(
            ctx->arena,
            "the elements of '%s' it touches cannot be bounded: `%s` is "
            "neither affine nor a sum of products of parameters and affine "
            "expressions, and reads a value the analysis cannot bound",
            arr->name, access_text(ctx, x->e));
        return;
      }
      u = unite(u, image(x->st, f, np));
    }
    if (!u) { /* every access bounded by intervals */
      r->lo = ir_simplify(ctx, xlo);
      r->hi = ir_simplify(ctx, ir_add_const(ctx, xhi, 1));
      r->ok = true;
      return;
    }
    u = isl_set_coalesce(u);
    ir_expr *lo = NULL, *hi = NULL;
    for (int d = 0; d < np; d++) {
      ir_expr *dl = expr_of_pw_aff(a, isl_set_dim_min(isl_set_copy(u), d));
      ir_expr *dh = expr_of_pw_aff(a, isl_set_dim_max(isl_set_copy(u), d));
      if (!dl || !dh) {
        /* a loop bound isl does not represent: every access by intervals */
        isl_set_free(u);
        for (int i = 0; i < accs.len; i++) {
          acc *x = accs.items[i];
          ir_expr *il, *ih;
          if (!interval(a, x->st, x->e->u.access.idx[0], &il, &ih)) {
            a->fail = scc_arena_printf(
                ctx->arena,
                "the elements of '%s' it touches cannot be bounded (a loop "
                "bound is not affine, and `%s` cannot be bounded through it)",
                arr->name, access_text(ctx, x->e));
            return;
          }
          xlo = xlo ? lmin(ctx, xlo, il) : il;
          xhi = xhi ? lmax(ctx, xhi, ih) : ih;
        }
        r->lo = ir_simplify(ctx, xlo);
        r->hi = ir_simplify(ctx, ir_add_const(ctx, xhi, 1));
        r->ok = true;
        return;
      }
      if (d == 0) {
        lo = dl;
        hi = dh;
        continue;
      }
      /* [lo, hi] * P + [dl, dh], P the size of this level (any sign) */
      ir_expr *p = param_long(ctx, want.size[want.n - d]);
      ir_expr *x0 = mul(ctx, lo, p), *x1 = mul(ctx, hi, p);
      lo = ir_simplify(ctx, ir_add(ctx, lmin(ctx, x0, x1), dl));
      hi = ir_simplify(ctx, ir_add(ctx,
                                   lmax(ctx, ir_expr_clone(ctx, x0, NULL),
                                        ir_expr_clone(ctx, x1, NULL)),
                                   dh));
    }
    isl_set_free(u);
    if (xlo) {
      lo = lmin(ctx, lo, xlo);
      hi = lmax(ctx, hi, xhi);
    }
    r->lo = lo;
    r->hi = ir_simplify(ctx, ir_add_const(ctx, hi, 1));
    r->ok = true;
    return;
  }
  /* several dimensions: each subscript affine; row-major offsets with the
   * declared extents */
  int n = arr->rank;
  for (int d = 1; d < n; d++)
    if (!arr->dims || !arr->dims[d]) {
      a->fail = scc_arena_printf(
          ctx->arena,
          "the extent of dimension %d of '%s' is not known, so the "
          "addresses it touches cannot be computed",
          d + 1, arr->name);
      return;
    }
  for (int i = 0; i < accs.len; i++) {
    acc *x = accs.items[i];
    isl_pw_aff **f =
        scc_arena_alloc(ctx->arena, sizeof(isl_pw_aff *) * (size_t)n);
    bool ok = x->e->u.access.n == n;
    for (int d = 0; d < n; d++)
      f[d] = ok ? dep_graph_pw_aff(a->g, x->st, x->e->u.access.idx[d]) : NULL;
    for (int d = 0; d < n; d++)
      ok = ok && f[d];
    if (!ok) {
      for (int d = 0; d < n; d++)
        isl_pw_aff_free(f[d]);
      isl_set_free(u);
      a->fail = scc_arena_printf(
          ctx->arena,
          "the elements of '%s' it touches cannot be bounded: `%s` is not "
          "affine",
          arr->name, access_text(ctx, x->e));
      return;
    }
    u = unite(u, image(x->st, f, n));
  }
  u = isl_set_coalesce(u);
  ir_expr *lo = ir_int(ctx, 0), *hi = ir_int(ctx, 0);
  for (int d = 0; d < n && a->fail == NULL; d++) {
    ir_expr *dl = expr_of_pw_aff(a, isl_set_dim_min(isl_set_copy(u), d));
    ir_expr *dh = expr_of_pw_aff(a, isl_set_dim_max(isl_set_copy(u), d));
    if (!dl || !dh) {
      a->fail = scc_arena_printf(
          ctx->arena,
          "the elements of '%s' it touches cannot be bounded (a loop bound "
          "is not affine)",
          arr->name);
      break;
    }
    ir_expr *stride = ir_int(ctx, 1);
    for (int e = d + 1; e < n; e++) {
      ir_expr *x = ir_expr_clone(ctx, arr->dims[e], NULL);
      stride = mul(ctx, stride, ir_cast(ctx, IR_TY_LONG, x));
    }
    lo = ir_add(ctx, lo, mul(ctx, dl, stride));
    hi = ir_add(ctx, hi, mul(ctx, dh, stride));
  }
  isl_set_free(u);
  if (a->fail)
    return;
  r->lo = ir_simplify(ctx, lo);
  r->hi = ir_simplify(ctx, ir_add_const(ctx, hi, 1));
  r->ok = true;
}

/* A kernel of its own over the body the schedule started from: the nodes
 * of k->original moved into t->body (k's own body when there is none), no
 * assumptions, no delinearization; the caller moves them back. */
static void source_kernel(ir_kernel *t, ir_kernel *k) {
  *t = *k;
  if (k->original) {
    ir_block_init(&t->body, NULL);
    ir_block_move_all(&t->body, k->original);
  }
  t->delinearized = (scc_vec){0};
  t->assumptions = (scc_vec){0};
  t->original = NULL;
}

/* ---- element ranges for transforms ----------------------------------------
 */

bool dep_array_range(scc_ctx *ctx, ir_kernel *k, const ir_array *arr,
                     ir_expr **lo, ir_expr **hi) {
  /* the accesses as the source wrote them when the schedule keeps them
   * (k->original): the elements the program touches */
  ir_kernel t;
  source_kernel(&t, k);
  dep_graph *g = dep_graph_build(ctx, &t, NULL, 0);
  asm_ctx a = {.ctx = ctx, .k = k, .g = g};
  a.build = params_build(g);
  range r = {.arr = arr};
  compute_range(&a, &r);
  isl_ast_build_free(a.build);
  dep_graph_free(g);
  if (k->original)
    ir_block_move_all(k->original, &t.body);
  if (a.fail || !r.ok)
    return false;
  *lo = r.lo;
  *hi = r.hi;
  return true;
}

/* ---- aliasing ------------------------------------------------------------ */

/* True when nothing proves that a and b are distinct storage. */
static bool may_alias(const ir_array *a, const ir_array *b) {
  if (a == b || a->is_local || b->is_local)
    return false;
  if (a->is_restrict || b->is_restrict)
    return false;
  bool oa = a->storage == IR_STORE_AUTO || a->storage == IR_STORE_STATIC;
  bool ob = b->storage == IR_STORE_AUTO || b->storage == IR_STORE_STATIC;
  if (oa && ob)
    return false;
  if ((a->storage == IR_STORE_AUTO && b->storage == IR_STORE_PARAM) ||
      (b->storage == IR_STORE_AUTO && a->storage == IR_STORE_PARAM))
    return false;
  return true;
}

static bool array_written(asm_ctx *a, const ir_array *arr, bool *used) {
  scc_vec accs = {0};
  bool written;
  accesses_of(a, arr, &accs, &written);
  *used = accs.len > 0;
  return written;
}

/* ---- delinearization ---------------------------------------------------- */

/* The condition under which every access of d->array stays within its row
 * (0 <= r < size) in the original kernel: adds an assumption, or nothing
 * when the domain proves it; false (a->fail) when it cannot be built. */
static bool delin_check(asm_ctx *a, const ir_delin *d, const ir_block *orig) {
  scc_ctx *ctx = a->ctx;
  dep_shape sh, want = {.n = d->nsizes};
  for (int i = 0; i < d->nsizes; i++)
    want.size[i] = d->sizes[i];
  if (!dep_delin_size(ctx, orig, d->array, &sh) ||
      !dep_shape_equal(&sh, &want)) {
    a->fail = scc_arena_printf(ctx->arena,
                               "the subscripts of '%s' could not be "
                               "delinearized in the original code",
                               d->array->name);
    return false;
  }
  scc_vec accs = {0};
  bool written;
  accesses_of(a, d->array, &accs, &written);
  isl_set *viol = NULL;
  const char *example = NULL;
  for (int i = 0; i < accs.len; i++) {
    acc *x = accs.items[i];
    ir_expr *parts[IR_DELIN_MAX + 1];
    dep_shape got;
    dep_delin_result res =
        dep_delin_split(ctx, x->e->u.access.idx[0], &want, &got, parts);
    if (res == DEP_DELIN_FAIL)
      continue; /* cannot happen: dep_delin_size accepted it */
    if (!example && res == DEP_DELIN_SPLIT)
      example = access_text(ctx, x->e);
    /* each remainder within its dimension: 0 <= parts[n - k] < size[k] */
    for (int k = 0; k < want.n; k++) {
      ir_var *size = want.size[k];
      isl_pw_aff *r = dep_graph_pw_aff(a->g, x->st, parts[want.n - k]);
      isl_pw_aff *pp = dep_graph_pw_aff(
          a->g, x->st,
          &(ir_expr){.kind = IR_EXPR_VAR, .type = size->type, .u.var = size});
      if (!r || !pp) {
        /* an access of the view at any element: needs size >= 1 */
        isl_pw_aff_free(r);
        if (!pp)
          continue;
        isl_local_space *ls =
            isl_local_space_from_space(isl_set_get_space(x->st->domain));
        r = isl_pw_aff_from_aff(isl_aff_zero_on_domain(ls));
      }
      isl_local_space *ls =
          isl_local_space_from_space(isl_set_get_space(x->st->domain));
      isl_pw_aff *zero = isl_pw_aff_from_aff(isl_aff_zero_on_domain(ls));
      isl_set *below = isl_pw_aff_lt_set(isl_pw_aff_copy(r), zero);
      isl_set *past = isl_pw_aff_ge_set(r, pp);
      isl_set *bad = isl_set_union(below, past);
      bad = isl_set_intersect(bad, isl_set_copy(x->st->domain));
      viol = unite(viol, isl_set_params(bad));
    }
  }
  if (!viol)
    return true;
  viol = isl_set_coalesce(viol);
  if (isl_set_is_empty(viol) == isl_bool_true) {
    isl_set_free(viol);
    return true; /* proven by the iteration domain */
  }
  scc_buf sizes = {0};
  for (int k = want.n - 1; k >= 0; k--)
    scc_buf_printf(&sizes, "%s'%s'", k == want.n - 1 ? "" : " x ",
                   want.size[k]->name);
  const char *sz =
      scc_arena_strndup(ctx->arena, sizes.data ? sizes.data : "", sizes.len);
  scc_buf_free(&sizes);
  isl_set *holds = isl_set_coalesce(
      isl_set_complement(viol)); /* params where no access leaves its row */
  if (isl_set_is_empty(holds) != isl_bool_false) {
    isl_set_free(holds);
    a->fail = scc_arena_printf(
        ctx->arena,
        "the subscripts of '%s' never stay within rows of %s elements",
        d->array->name, sz);
    return false;
  }
  ir_expr *cond = expr_of_set(a, holds);
  if (!cond) {
    a->fail = scc_arena_printf(
        ctx->arena, "the row bound of '%s' cannot be checked", d->array->name);
    return false;
  }
  ir_assumption *as = scc_arena_alloc(ctx->arena, sizeof *as);
  as->kind = IR_ASSUME_COND;
  as->cond = cond;
  scc_buf b = {0};
  ir_print_c_expr(&b, cond);
  as->text = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  if (want.n == 1)
    as->reason = scc_arena_printf(
        ctx->arena,
        "`%s` is analysed as the two-dimensional %s[..][..] with rows of "
        "'%s' elements (delinearization), exact when every subscript stays "
        "within its row",
        example ? example : d->array->name, d->array->name, want.size[0]->name);
  else
    as->reason = scc_arena_printf(
        ctx->arena,
        "`%s` is analysed as the %d-dimensional %s[..] with inner extents "
        "%s (delinearization), exact when every subscript stays within its "
        "extent",
        example ? example : d->array->name, want.n + 1, d->array->name, sz);
  scc_vec_push(ctx->arena, &a->k->assumptions, as);
  return true;
}

/* ---- after the schedule -------------------------------------------------- */

static const char *body_text(scc_ctx *ctx, const ir_block *b) {
  scc_buf t = {0};
  for (const ir_node *n = b->first; n; n = n->next)
    ir_print_node(&t, ctx, n, 0);
  const char *s = scc_arena_strndup(ctx->arena, t.data ? t.data : "", t.len);
  scc_buf_free(&t);
  return s;
}

/* The loops of a block with their prefetch lists taken off, and back. */
typedef struct pf_saved {
  scc_arena *arena;
  scc_vec loops; /* ir_node * */
  scc_vec lists; /* scc_vec * pairs: prefetch, prefetchw (copies) */
} pf_saved;

static bool take_prefetches(ir_node *n, void *data) {
  pf_saved *p = data;
  if (n->kind != IR_NODE_LOOP)
    return true;
  ir_loop *l = &n->u.loop;
  if (l->prefetch.len || l->prefetchw.len) {
    scc_vec *v = scc_arena_alloc(p->arena, sizeof(scc_vec) * 2);
    v[0] = l->prefetch;
    v[1] = l->prefetchw;
    scc_vec_push(p->arena, &p->loops, n);
    scc_vec_push(p->arena, &p->lists, v);
    l->prefetch = (scc_vec){0};
    l->prefetchw = (scc_vec){0};
  }
  return true;
}

/* True when b differs from the original (its text: orig) only by
 * loop.prefetch's hints, which access nothing (their addresses are clamped
 * into the arrays): such a kernel needs no run-time check. */
static bool only_prefetches(scc_ctx *ctx, ir_block *b, const char *orig) {
  pf_saved p = {.arena = ctx->arena};
  ir_walk_block(b, take_prefetches, &p);
  if (p.loops.len == 0)
    return false;
  bool same = strcmp(body_text(ctx, b), orig) == 0;
  for (int i = 0; i < p.loops.len; i++) {
    ir_node *n = p.loops.items[i];
    scc_vec *v = p.lists.items[i];
    n->u.loop.prefetch = v[0];
    n->u.loop.prefetchw = v[1];
  }
  return same;
}

/* Puts the original body back (the transformed code cannot be guarded). */
/* The most C text the run-time checks of one kernel may take, in bytes:
 * isl's exact conditions over skewed, parametric-step or clamped bounds can
 * be a disjunction of many pieces, each naming trip counts that print as
 * whole expressions (a random schedule of skew, tile, peel and split on
 * loops with a step `st` gave a 635 KB condition that clang-19 took 44 s
 * to compile), which costs more than the transformation could gain. */
enum { DEP_ASSUME_TEXT_MAX = 64 * 1024 };

/* NULL, or why the kernel's checks are too large to build. */
static const char *too_large(asm_ctx *a) {
  /* printed up to the limit only: nested min/max print to text
   * exponential in their depth (2.7 GB in 20 s: fuzz seed 20261140) */
  size_t n = 0;
  for (int i = 0; i < a->k->assumptions.len && n <= DEP_ASSUME_TEXT_MAX;
       i++) {
    ir_assumption *as = a->k->assumptions.items[i];
    ir_expr *parts[5] = {as->a_lo, as->a_hi, as->b_lo, as->b_hi, as->cond};
    for (int p = 0; p < 5 && n <= DEP_ASSUME_TEXT_MAX; p++) {
      if (!parts[p])
        continue;
      scc_buf b = {0};
      ir_print_c_expr_capped(&b, parts[p], DEP_ASSUME_TEXT_MAX + 1 - n);
      n += b.len;
      scc_buf_free(&b);
    }
  }
  if (n <= DEP_ASSUME_TEXT_MAX)
    return NULL;
  return scc_arena_printf(
      a->ctx->arena,
      "the checks would be more than %d KB of C (the limit), more than the "
      "transformed code can gain; declaring the pointers restrict drops the "
      "overlap checks",
      DEP_ASSUME_TEXT_MAX / 1024);
}

static void revert(scc_ctx *ctx, ir_kernel *k, const char *why) {
  scc_warning(ctx, k->loc,
              "kernel '%s' is left untransformed: the run-time check that "
              "its transformed code needs cannot be built: %s",
              k->name, why);
  ir_block_init(&k->body, NULL);
  ir_block_move_all(&k->body, k->original);
  k->original = NULL;
  k->assumptions = (scc_vec){0};
  /* the original has no vector code */
  k->isa = IR_ISA_DEFAULT;
}

/* An AST build over the graph's parameters, unsigned ones non-negative:
 * the checks need no piece for a negative unsigned value (`(long)lo <=
 * -1` is always false, and -Wtype-limits says so). */
static __isl_give isl_ast_build *params_build(dep_graph *g) {
  isl_space *ps = isl_space_params_alloc(g->isl, (unsigned)g->params.len);
  for (int p = 0; p < g->params.len; p++)
    ps = isl_space_set_dim_name(ps, isl_dim_param, (unsigned)p,
                                ((ir_var *)g->params.items[p])->name);
  isl_set *context = isl_set_universe(ps);
  for (int p = 0; p < g->params.len; p++)
    if (ir_type_is_unsigned(((ir_var *)g->params.items[p])->type))
      context = isl_set_lower_bound_si(context, isl_dim_param, (unsigned)p, 0);
  return isl_ast_build_from_context(context);
}

bool dep_assume_finish(scc_ctx *ctx, ir_kernel *k) {
  if (!k->original)
    return true;
  const char *orig = body_text(ctx, k->original);
  if (strcmp(body_text(ctx, &k->body), orig) == 0 ||
      only_prefetches(ctx, &k->body, orig)) {
    k->original = NULL; /* nothing reordered: nothing to check */
    k->delinearized = (scc_vec){0};
    k->assumptions = (scc_vec){0};
    return true;
  }
  if (ctx->unsafe) {
    /* no alias or row checks; what a transform recorded (loop.sink: a loop
     * runs at least once) is a precondition of its rewrite, not a
     * dependence check, and stays */
    if (k->assumptions.len == 0)
      k->original = NULL;
    return true;
  }
  /* the analysis of the original body, in a kernel of its own */
  ir_kernel t;
  source_kernel(&t, k);
  dep_graph *g = dep_graph_build(ctx, &t, NULL, 0);
  asm_ctx a = {.ctx = ctx, .k = k, .g = g};
  a.build = params_build(g);
  /* k->assumptions holds what the transforms recorded during the schedule
   * (loop.sink: a loop runs at least once); the checks computed here are
   * added to them */

  /* delinearized arrays: their rows */
  for (int i = 0; i < k->delinearized.len && !a.fail; i++)
    delin_check(&a, k->delinearized.items[i], &t.body);

  /* pairs of arrays that may overlap, one of them written */
  int na = k->arrays.len;
  range *ranges = scc_arena_alloc(ctx->arena, sizeof(range) * (size_t)(na + 1));
  bool *used = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(na + 1));
  bool *wr = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(na + 1));
  for (int i = 0; i < na; i++) {
    ranges[i] = (range){.arr = k->arrays.items[i]};
    wr[i] = array_written(&a, k->arrays.items[i], &used[i]);
  }
  for (int i = 0; i < na && !a.fail; i++) {
    for (int j = i + 1; j < na && !a.fail; j++) {
      ir_array *x = k->arrays.items[i], *y = k->arrays.items[j];
      if (!used[i] || !used[j] || (!wr[i] && !wr[j]) || !may_alias(x, y))
        continue;
      if (!ranges[i].done)
        compute_range(&a, &ranges[i]);
      if (!a.fail && !ranges[j].done)
        compute_range(&a, &ranges[j]);
      if (a.fail) {
        a.fail = scc_arena_printf(
            ctx->arena,
            "%s; declaring '%s' or '%s' restrict makes the overlap check "
            "unnecessary",
            a.fail, x->name, y->name);
        break;
      }
      ir_assumption *as = scc_arena_alloc(ctx->arena, sizeof *as);
      as->kind = IR_ASSUME_DISJOINT;
      as->a = x;
      as->b = y;
      as->a_lo = ranges[i].lo;
      as->a_hi = ranges[i].hi;
      as->b_lo = ranges[j].lo;
      as->b_hi = ranges[j].hi;
      as->text = scc_arena_printf(ctx->arena, "'%s' and '%s' do not overlap",
                                  x->name, y->name);
      as->reason = scc_arena_printf(
          ctx->arena,
          "'%s' is written and both are pointers that may point into the "
          "same storage; declare '%s' and '%s' restrict (either one "
          "suffices) to drop the run-time check",
          wr[i] ? x->name : y->name, x->name, y->name);
      scc_vec_push(ctx->arena, &k->assumptions, as);
    }
  }
  if (!a.fail)
    a.fail = too_large(&a);
  isl_ast_build_free(a.build);
  dep_graph_free(g);
  /* the original body back in its block */
  k->original = scc_arena_alloc(ctx->arena, sizeof *k->original);
  ir_block_init(k->original, NULL);
  ir_block_move_all(k->original, &t.body);

  if (a.fail) {
    revert(ctx, k, a.fail);
    return false;
  }
  if (k->assumptions.len == 0) {
    k->original = NULL;
    return true;
  }
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *as = k->assumptions.items[i];
    scc_remark(ctx, k->loc,
               "kernel '%s' is versioned: the transformed code runs when %s "
               "(checked at run time), the original code otherwise; %s",
               k->name, as->text, as->reason);
  }
  return true;
}

void dep_assume_print(scc_buf *out, const ir_kernel *k) {
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *as = k->assumptions.items[i];
    scc_buf_printf(out, "  assume %s (run-time check)\n", as->text);
    if (as->kind == IR_ASSUME_DISJOINT) {
      scc_buf_printf(out, "    %s[", as->a->name);
      ir_print_c_expr(out, as->a_lo);
      scc_buf_puts(out, " .. ");
      ir_print_c_expr(out, as->a_hi);
      scc_buf_printf(out, ") and %s[", as->b->name);
      ir_print_c_expr(out, as->b_lo);
      scc_buf_puts(out, " .. ");
      ir_print_c_expr(out, as->b_hi);
      scc_buf_puts(out, ") are disjoint\n");
    }
    scc_buf_printf(out, "    because %s\n", as->reason);
  }
}
