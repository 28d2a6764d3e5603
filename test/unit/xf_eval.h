/* xf_eval.h — a tiny IR interpreter and IR comparison helpers for the
 * transform and IR unit tests (header only; included by test/unit/xf_*.c
 * and ir_*.c).
 *
 * The interpreter runs a kernel over int64 integer variables and double
 * scalars/arrays: loops, ifs, assignments (plain and compound) and
 * declarations; integer ops including min/max/floordiv/ceildiv; double
 * + - * /.  Arrays are dense row-major buffers whose extents the test
 * gives.  Out-of-range subscripts and runaway loops make the evaluation
 * fail (ev->error set), so a wrong bound shows up as a test failure. */
#ifndef XF_EVAL_H
#define XF_EVAL_H

#include "ir/ir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { XF_EVAL_MAX_VARS = 64, XF_EVAL_MAX_ARRAYS = 8 };

typedef struct xf_eval {
  int64_t ivals[XF_EVAL_MAX_VARS]; /* integer variables by id */
  double fvals[XF_EVAL_MAX_VARS];  /* floating variables by id */
  double *arr[XF_EVAL_MAX_ARRAYS]; /* array storage by id */
  int64_t ext[XF_EVAL_MAX_ARRAYS][4];
  long steps; /* executed assignments */
  const char *error;
} xf_eval;

static inline int64_t xf_ev_int(xf_eval *ev, const ir_expr *e);
static inline double xf_ev_fp(xf_eval *ev, const ir_expr *e);

static inline int64_t xf_floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static inline double *xf_ev_elem(xf_eval *ev, const ir_expr *e) {
  const ir_array *a = e->u.access.array;
  int64_t off = 0;
  for (int d = 0; d < e->u.access.n; d++) {
    int64_t x = xf_ev_int(ev, e->u.access.idx[d]);
    if (x < 0 || x >= ev->ext[a->id][d]) {
      ev->error = "subscript out of range";
      static double dummy;
      return &dummy;
    }
    off = off * ev->ext[a->id][d] + x;
  }
  return &ev->arr[a->id][off];
}

static inline int64_t xf_ev_int(xf_eval *ev, const ir_expr *e) {
  if (!ir_type_is_integer(e->type))
    return (int64_t)xf_ev_fp(ev, e);
  switch (e->kind) {
  case IR_EXPR_INT:
    return e->u.ival;
  case IR_EXPR_VAR:
    return ev->ivals[e->u.var->id];
  case IR_EXPR_UNARY: {
    int64_t a = xf_ev_int(ev, e->u.un.a);
    return e->u.un.op == IR_OP_NEG ? -a : !a;
  }
  case IR_EXPR_CAST:
    return xf_ev_int(ev, e->u.cast.a);
  case IR_EXPR_SELECT:
    return xf_ev_int(ev, e->u.sel.cond) ? xf_ev_int(ev, e->u.sel.a)
                                        : xf_ev_int(ev, e->u.sel.b);
  case IR_EXPR_BINARY: {
    if (!ir_type_is_integer(e->u.bin.a->type) ||
        !ir_type_is_integer(e->u.bin.b->type)) {
      double a = xf_ev_fp(ev, e->u.bin.a), b = xf_ev_fp(ev, e->u.bin.b);
      switch (e->u.bin.op) {
      case IR_OP_LT:
        return a < b;
      case IR_OP_GT:
        return a > b;
      default:
        ev->error = "unsupported mixed comparison";
        return 0;
      }
    }
    int64_t a = xf_ev_int(ev, e->u.bin.a), b = xf_ev_int(ev, e->u.bin.b);
    switch (e->u.bin.op) {
    case IR_OP_ADD:
      return a + b;
    case IR_OP_SUB:
      return a - b;
    case IR_OP_MUL:
      return a * b;
    case IR_OP_DIV:
      return b ? a / b : (ev->error = "division by 0", 0);
    case IR_OP_MOD:
      return b ? a % b : (ev->error = "division by 0", 0);
    case IR_OP_LT:
      return a < b;
    case IR_OP_LE:
      return a <= b;
    case IR_OP_GT:
      return a > b;
    case IR_OP_GE:
      return a >= b;
    case IR_OP_EQ:
      return a == b;
    case IR_OP_NE:
      return a != b;
    case IR_OP_LAND:
      return a && b;
    case IR_OP_LOR:
      return a || b;
    case IR_OP_MIN:
      return a < b ? a : b;
    case IR_OP_MAX:
      return a > b ? a : b;
    case IR_OP_FLOORDIV:
      return b > 0 ? xf_floordiv(a, b) : (ev->error = "bad floordiv", 0);
    case IR_OP_CEILDIV:
      return b > 0 ? -xf_floordiv(-a, b) : (ev->error = "bad ceildiv", 0);
    default:
      ev->error = "unsupported integer operator";
      return 0;
    }
  }
  default:
    ev->error = "unsupported integer expression";
    return 0;
  }
}

static inline double xf_ev_fp(xf_eval *ev, const ir_expr *e) {
  if (ir_type_is_integer(e->type))
    return (double)xf_ev_int(ev, e);
  switch (e->kind) {
  case IR_EXPR_FP:
    return e->u.fp.val;
  case IR_EXPR_VAR:
    return ev->fvals[e->u.var->id];
  case IR_EXPR_ACCESS:
    return *xf_ev_elem(ev, e);
  case IR_EXPR_UNARY:
    return -xf_ev_fp(ev, e->u.un.a);
  case IR_EXPR_CAST:
    return xf_ev_fp(ev, e->u.cast.a);
  case IR_EXPR_BINARY: {
    double a = xf_ev_fp(ev, e->u.bin.a), b = xf_ev_fp(ev, e->u.bin.b);
    switch (e->u.bin.op) {
    case IR_OP_ADD:
      return a + b;
    case IR_OP_SUB:
      return a - b;
    case IR_OP_MUL:
      return a * b;
    case IR_OP_DIV:
      return a / b;
    default:
      ev->error = "unsupported floating operator";
      return 0;
    }
  }
  default:
    ev->error = "unsupported floating expression";
    return 0;
  }
}

static inline void xf_ev_block(xf_eval *ev, const ir_block *b);

static inline void xf_ev_store(xf_eval *ev, const ir_expr *lhs, ir_op op,
                               double v) {
  double *p = lhs->kind == IR_EXPR_ACCESS ? xf_ev_elem(ev, lhs)
                                          : &ev->fvals[lhs->u.var->id];
  switch (op) {
  case IR_OP_NONE:
    *p = v;
    break;
  case IR_OP_ADD:
    *p += v;
    break;
  case IR_OP_SUB:
    *p -= v;
    break;
  case IR_OP_MUL:
    *p *= v;
    break;
  default:
    ev->error = "unsupported compound assignment";
  }
}

static inline void xf_ev_node(xf_eval *ev, const ir_node *n) {
  if (ev->error)
    return;
  switch (n->kind) {
  case IR_NODE_LOOP: {
    const ir_loop *l = &n->u.loop;
    int64_t lb = xf_ev_int(ev, l->lb), ub = xf_ev_int(ev, l->ub);
    long guard = 0;
    for (int64_t i = lb; l->step > 0 ? i < ub : i > ub; i += l->step) {
      ev->ivals[l->iv->id] = i;
      xf_ev_block(ev, &l->body);
      if (++guard > 10000000 || ev->error) {
        if (!ev->error)
          ev->error = "runaway loop";
        return;
      }
    }
    break;
  }
  case IR_NODE_IF:
    if (xf_ev_int(ev, n->u.ifs.cond))
      xf_ev_block(ev, &n->u.ifs.then_body);
    else
      xf_ev_block(ev, &n->u.ifs.else_body);
    break;
  case IR_NODE_ASSIGN: {
    const ir_expr *lhs = n->u.assign.lhs;
    ev->steps++;
    if (ir_type_is_integer(lhs->type)) {
      ev->ivals[lhs->u.var->id] = xf_ev_int(ev, n->u.assign.rhs);
      break;
    }
    xf_ev_store(ev, lhs, n->u.assign.op, xf_ev_fp(ev, n->u.assign.rhs));
    break;
  }
  case IR_NODE_DECL:
    if (n->u.decl.init) {
      if (ir_type_is_integer(n->u.decl.var->type))
        ev->ivals[n->u.decl.var->id] = xf_ev_int(ev, n->u.decl.init);
      else
        ev->fvals[n->u.decl.var->id] = xf_ev_fp(ev, n->u.decl.init);
    }
    break;
  }
}

static inline void xf_ev_block(xf_eval *ev, const ir_block *b) {
  for (const ir_node *p = b->first; p; p = p->next)
    xf_ev_node(ev, p);
}

/* ---- structural equality and counting ----------------------------------- */

static inline bool xf_expr_eq(const ir_expr *a, const ir_expr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  switch (a->kind) {
  case IR_EXPR_INT:
    return a->u.ival == b->u.ival;
  case IR_EXPR_FP:
    return a->u.fp.val == b->u.fp.val;
  case IR_EXPR_VAR:
    return a->u.var == b->u.var;
  case IR_EXPR_ACCESS:
    if (a->u.access.array != b->u.access.array ||
        a->u.access.n != b->u.access.n)
      return false;
    for (int i = 0; i < a->u.access.n; i++)
      if (!xf_expr_eq(a->u.access.idx[i], b->u.access.idx[i]))
        return false;
    return true;
  case IR_EXPR_UNARY:
    return a->u.un.op == b->u.un.op && xf_expr_eq(a->u.un.a, b->u.un.a);
  case IR_EXPR_BINARY:
    return a->u.bin.op == b->u.bin.op && xf_expr_eq(a->u.bin.a, b->u.bin.a) &&
           xf_expr_eq(a->u.bin.b, b->u.bin.b);
  case IR_EXPR_CAST:
    return a->u.cast.to == b->u.cast.to && xf_expr_eq(a->u.cast.a, b->u.cast.a);
  case IR_EXPR_SELECT:
    return xf_expr_eq(a->u.sel.cond, b->u.sel.cond) &&
           xf_expr_eq(a->u.sel.a, b->u.sel.a) &&
           xf_expr_eq(a->u.sel.b, b->u.sel.b);
  default:
    return false;
  }
}

static inline bool xf_block_eq(const ir_block *a, const ir_block *b);

static inline bool xf_node_eq(const ir_node *a, const ir_node *b) {
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case IR_NODE_LOOP:
    return a->u.loop.iv == b->u.loop.iv && a->u.loop.step == b->u.loop.step &&
           xf_expr_eq(a->u.loop.lb, b->u.loop.lb) &&
           xf_expr_eq(a->u.loop.ub, b->u.loop.ub) &&
           xf_block_eq(&a->u.loop.body, &b->u.loop.body);
  case IR_NODE_IF:
    return xf_expr_eq(a->u.ifs.cond, b->u.ifs.cond) &&
           xf_block_eq(&a->u.ifs.then_body, &b->u.ifs.then_body) &&
           xf_block_eq(&a->u.ifs.else_body, &b->u.ifs.else_body);
  case IR_NODE_ASSIGN:
    return a->u.assign.id == b->u.assign.id &&
           a->u.assign.op == b->u.assign.op &&
           xf_expr_eq(a->u.assign.lhs, b->u.assign.lhs) &&
           xf_expr_eq(a->u.assign.rhs, b->u.assign.rhs);
  case IR_NODE_DECL:
    return a->u.decl.var == b->u.decl.var &&
           xf_expr_eq(a->u.decl.init, b->u.decl.init);
  }
  return false;
}

static inline bool xf_block_eq(const ir_block *a, const ir_block *b) {
  const ir_node *p = a->first, *q = b->first;
  for (; p && q; p = p->next, q = q->next)
    if (!xf_node_eq(p, q))
      return false;
  return !p && !q;
}

/* A snapshot of a kernel body (deep clone) to compare against later. */
static inline ir_block *xf_snapshot(scc_ctx *ctx, const ir_block *b) {
  ir_block *s = scc_arena_alloc(ctx->arena, sizeof *s);
  ir_block_init(s, NULL);
  ir_block_clone_into(ctx, s, b, NULL);
  return s;
}

/* The constant value of an expression, or a sentinel when not constant. */
static inline int64_t xf_cval(scc_ctx *ctx, const ir_expr *e) {
  int64_t v;
  return ir_expr_const_value(ctx, e, &v) ? v : INT64_MIN;
}

/* The C spelling of an expression (arena copy). */
static inline const char *xf_cstr(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *s = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return s;
}

/* ---- a standard test kernel --------------------------------------------- */

/* A kernel "t" with a param n, ivs i, j, k (ids 1..3, declared in their
 * for-inits) and arrays A, B, C (double [128][128]) and x, a (double
 * [512]).  Tests add loops to k->body with the builders of ir.h. */
typedef struct xf_kb {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_var *n, *i, *j, *kk;
  ir_array *A, *B, *C, *x, *a;
} xf_kb;

static inline xf_kb xf_kb_new(scc_ctx *ctx) {
  xf_kb b = {0};
  scc_loc loc = {"t.c", 1, 1};
  ir_module *m = ir_module_new(ctx, "t.c", "", 0);
  b.ctx = ctx;
  b.k = ir_kernel_new(ctx, m, "t");
  b.n = ir_var_new(ctx, b.k, "n", IR_TY_INT, IR_VAR_PARAM, loc);
  b.n->declared_outside = true;
  b.i = ir_var_new(ctx, b.k, "i", IR_TY_INT, IR_VAR_IV, loc);
  b.j = ir_var_new(ctx, b.k, "j", IR_TY_INT, IR_VAR_IV, loc);
  b.kk = ir_var_new(ctx, b.k, "k", IR_TY_INT, IR_VAR_IV, loc);
  b.A = ir_array_new(ctx, b.k, "A", IR_TY_DOUBLE, 2, loc);
  b.B = ir_array_new(ctx, b.k, "B", IR_TY_DOUBLE, 2, loc);
  b.C = ir_array_new(ctx, b.k, "C", IR_TY_DOUBLE, 2, loc);
  b.x = ir_array_new(ctx, b.k, "x", IR_TY_DOUBLE, 1, loc);
  b.a = ir_array_new(ctx, b.k, "a", IR_TY_DOUBLE, 1, loc);
  return b;
}

static inline ir_expr *xf_v(xf_kb *b, ir_var *v) {
  return ir_var_ref(b->ctx, v);
}
static inline ir_expr *xf_i(xf_kb *b, int64_t c) { return ir_int(b->ctx, c); }
static inline ir_expr *xf_bin(xf_kb *b, ir_op op, ir_expr *x, ir_expr *y) {
  ir_type t = ir_type_is_float(x->type) || ir_type_is_float(y->type)
                  ? IR_TY_DOUBLE
                  : IR_TY_INT;
  return ir_binary(b->ctx, op, x, y, t);
}
static inline ir_expr *xf_at1(xf_kb *b, ir_array *arr, ir_expr *s) {
  return ir_access(b->ctx, arr, 1, &s);
}
static inline ir_expr *xf_at2(xf_kb *b, ir_array *arr, ir_expr *s, ir_expr *t) {
  ir_expr *idx[2] = {s, t};
  return ir_access(b->ctx, arr, 2, idx);
}
static inline ir_node *xf_loop(xf_kb *b, ir_var *iv, ir_expr *lb, ir_expr *ub,
                               int64_t step) {
  return ir_loop_new(b->ctx, iv, lb, ub, step, (scc_loc){"t.c", 2, 3});
}
static inline ir_node *xf_assign(xf_kb *b, ir_expr *lhs, ir_op op,
                                 ir_expr *rhs) {
  return ir_assign_new(b->ctx, b->k, lhs, op, rhs, (scc_loc){"t.c", 3, 5});
}

/* for (i = lb; i < ub; i += step) x[i + 9] = x[i + 8] * 0.5 + a[i + 8]
 * (for step < 0: x[i + 8] = x[i + 9] * 0.5 + a[i + 8]): an order-dependent
 * recurrence, valid for i >= -8.  lb/ub NULL means the param n. */
static inline ir_node *xf_mk_rec(xf_kb *b, ir_expr *lb, ir_expr *ub,
                                 int64_t step) {
  ir_expr *i8 = xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 8));
  ir_expr *i9 = xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 9));
  ir_expr *dst = xf_at1(b, b->x, step > 0 ? i9 : i8);
  ir_expr *src = xf_at1(b, b->x, step > 0 ? i8 : i9);
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD,
             xf_bin(b, IR_OP_MUL, src, ir_fp(b->ctx, IR_TY_DOUBLE, 0.5, "0.5")),
             xf_at1(b, b->a, xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 8))));
  ir_node *l =
      xf_loop(b, b->i, lb ? lb : xf_v(b, b->n), ub ? ub : xf_v(b, b->n), step);
  ir_block_append(&l->u.loop.body, xf_assign(b, dst, IR_OP_NONE, rhs));
  ir_block_append(&b->k->body, l);
  return l;
}

/* Fills the arrays deterministically (small integers, so sums are exact
 * in any order), sets n, runs the kernel.  Arrays are malloc'ed. */
static inline void xf_run(xf_kb *b, int64_t n, xf_eval *ev) {
  memset(ev, 0, sizeof *ev);
  for (int id = 0; id < 5; id++) {
    int rank = id < 3 ? 2 : 1;
    int64_t size = rank == 2 ? 128 * 128 : 512;
    ev->arr[id] = malloc(sizeof(double) * (size_t)size);
    ev->ext[id][0] = rank == 2 ? 128 : 512;
    ev->ext[id][1] = 128;
    for (int64_t e = 0; e < size; e++)
      ev->arr[id][e] = (double)((e * (id + 3) + id) % 7);
  }
  ev->ivals[b->n->id] = n;
  xf_ev_block(ev, &b->k->body);
}

static inline void xf_run_free(xf_eval *ev) {
  for (int id = 0; id < 5; id++)
    free(ev->arr[id]);
}

/* Runs two kernels built over xf_kb_new with the same n and reports
 * whether they ran without error, executed the same number of assignments
 * and produced identical arrays. */
static inline bool xf_same(xf_kb *x, xf_kb *y, int64_t n) {
  xf_eval e1, e2;
  xf_run(x, n, &e1);
  xf_run(y, n, &e2);
  bool ok = !e1.error && !e2.error && e1.steps == e2.steps;
  if (e1.error || e2.error)
    fprintf(stderr, "evaluation error (n=%lld): %s\n", (long long)n,
            e1.error ? e1.error : e2.error);
  else if (e1.steps != e2.steps)
    fprintf(stderr, "n=%lld: %ld vs %ld assignments\n", (long long)n, e1.steps,
            e2.steps);
  for (int id = 0; ok && id < 5; id++) {
    size_t size = id < 3 ? 128 * 128 : 512;
    if (memcmp(e1.arr[id], e2.arr[id], sizeof(double) * size) != 0) {
      fprintf(stderr, "n=%lld: array %d differs\n", (long long)n, id);
      ok = false;
    }
  }
  xf_run_free(&e1);
  xf_run_free(&e2);
  return ok;
}

static inline int xf_count_nodes(const ir_block *b) {
  int c = 0;
  for (const ir_node *p = b->first; p; p = p->next) {
    c++;
    if (p->kind == IR_NODE_LOOP)
      c += xf_count_nodes(&p->u.loop.body);
    else if (p->kind == IR_NODE_IF)
      c += xf_count_nodes(&p->u.ifs.then_body) +
           xf_count_nodes(&p->u.ifs.else_body);
  }
  return c;
}

#endif
