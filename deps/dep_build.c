/* dep_build.c — from a kernel's current IR to isl: iteration domains,
 * access relations, the 2d+1 schedule, and the memory-based flow, anti and
 * output dependences between statement instances.
 *
 * Model (see docs/legality.md):
 *  - A statement is an IR_NODE_ASSIGN or IR_NODE_DECL.  Its domain has one
 *    dimension per enclosing loop (named by the iv), and the kernel's
 *    integer parameters stay symbolic.  Loop bounds (affine, min, max,
 *    floordiv, ceildiv, C division and remainder by a positive constant)
 *    give `lb <= iv < ub` (or `ub < iv <= lb` counting down), steps other
 *    than +-1 an existentially quantified stride constraint, if conditions
 *    (their negation in else branches) further constraints.  A bound or
 *    condition isl cannot represent is dropped: the domain grows, which
 *    only adds (may-)dependences.
 *  - Accesses: an affine subscript tuple is an exact map; anything else
 *    (`A[i*lda + k]`, `x[idx[i]]`) maps to every element of the array.
 *    Local scalars are 0-dimensional arrays, one per declaration (the
 *    declaration in scope by C's rules, or none: the variable declared
 *    outside the kernel); a declaration inside loops gives each iteration
 *    of those loops its own copy, so the object is indexed by their ivs.
 *    Reads in enclosing loop bounds and if conditions count as reads of
 *    the statement.
 *  - Schedule: the 2d+1 encoding [p0, i0, p1, i1, ..., pd] where pk is the
 *    position in the enclosing block (then/else bodies numbered one after
 *    the other under their if) and ik the iv, negated for loops counting
 *    down; vectors are padded with zeros to one length.
 *  - Dependences are memory-based (no kills): a flow dependence joins a
 *    write and a later read of the same element, an anti dependence a read
 *    and a later write, an output dependence two writes.  This is the
 *    classic condition for reordering without renaming storage (Allen &
 *    Kennedy 2001, ch. 2; Feautrier 1991 for the polyhedral form); isl
 *    computes it exactly as (W . R^-1) intersected with the strict
 *    lexicographic order of the schedule, which is what
 *    isl_union_access_info_compute_flow returns for may-accesses only.
 *    It is built pair of statements by pair (order_map, conflict): first
 *    without the domains, which empties most pairs of a jammed body at
 *    once, and, for the queries, only within one iteration of the loops
 *    enclosing the scope (dep_graph_build_in).
 *    The flow dependences of local scalars are value-based instead
 *    (dep_scalar.c: must-sources are the writes of statements whose
 *    domain dropped no bound or condition).
 */
#include "dep_int.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/flow.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>
#include <stdlib.h>
#include <string.h>

/* A memory object: an array or a local scalar, with its accesses. */
typedef struct mem {
  const void *obj;   /* ir_array * or ir_var * */
  const void *scope; /* a scalar's declaration (ir_node *) or NULL */
  const char *name;
  int rank;
  isl_map **w, **r; /* [statement index]: its writes / reads, NULL: none */
  const ir_expr *nonaffine; /* first access represented as any element */
  const ir_node *nonaffine_stmt;
  isl_union_map *wmust; /* scalars: the writes of exact statements */
  bool scalar;          /* obj is an ir_var * */
} mem;

typedef struct bld {
  scc_ctx *ctx;
  ir_kernel *k;
  isl_ctx *isl;
  scc_vec params; /* ir_var *, integer parameters */
  scc_vec mems;   /* mem * */
  int nstmts;
  /* the statement being built */
  dep_stmt *st;
  isl_space *space; /* its domain's set space */
  /* Where the statement's expressions are evaluated (borrowed): the
   * domain built so far, then the whole domain; the range of a narrowing
   * cast's operand is checked on it (see cast_fits). */
  isl_set *where;
  /* delinearization decisions (dep_delin.c), per array met */
  scc_vec delin_arr;   /* ir_array * */
  scc_vec delin_shape; /* dep_shape *, NULL: not delinearized */
  bool dropped;        /* a bound or condition of the statement dropped */
  const ir_node *at;   /* where the accesses being added are (scoping) */
} bld;

const char *dep_kind_name(dep_kind kind) {
  return kind == DEP_FLOW ? "flow" : kind == DEP_ANTI ? "anti" : "output";
}

int dep_loop_depth(const ir_node *n) {
  int d = 0;
  for (const ir_node *p = ir_parent(n); p; p = ir_parent(p))
    d += p->kind == IR_NODE_LOOP;
  return d;
}

int dep_common_loops(const dep_stmt *a, const dep_stmt *b) {
  int c = 0;
  while (c < a->depth && c < b->depth && a->loops[c] == b->loops[c])
    c++;
  return c;
}

/* ---- expressions to isl ------------------------------------------------- */

/* The map space from the statement's domain to an anonymous (or named)
 * set of n dims, with the same parameters. */
static __isl_give isl_space *map_space(bld *b, int n, const char *name) {
  isl_space *r =
      isl_space_set_from_params(isl_space_params(isl_space_copy(b->space)));
  r = isl_space_add_dims(r, isl_dim_set, (unsigned)n);
  if (name)
    r = isl_space_set_tuple_name(r, isl_dim_set, name);
  return isl_space_map_from_domain_and_range(isl_space_copy(b->space), r);
}

static __isl_give isl_pw_aff *pa_const(bld *b, int64_t v) {
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(b->space));
  return isl_pw_aff_from_aff(
      isl_aff_val_on_domain(ls, isl_val_int_from_si(b->isl, (long)v)));
}

static __isl_give isl_pw_aff *pa_dim(bld *b, enum isl_dim_type t, int pos) {
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(b->space));
  return isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, t, (unsigned)pos));
}

static __isl_give isl_pw_aff *pa_of(bld *b, const ir_expr *e);
static __isl_give isl_set *cond_set(bld *b, const ir_expr *e, bool neg);

/* The values of integer type t, [*lo, *hi].  `as_target`: plain char is
 * [0, 127] (what it holds whether it is signed or not); otherwise
 * [-128, 255] (what it may hold).  long is 64 bits (LP64). */
static void type_range(ir_type t, bool as_target, int64_t *lo, uint64_t *hi) {
  switch (t) {
  case IR_TY_BOOL:
    *lo = 0, *hi = 1;
    return;
  case IR_TY_CHAR:
    *lo = as_target ? 0 : -128, *hi = as_target ? 127 : 255;
    return;
  case IR_TY_SCHAR:
    *lo = -128, *hi = 127;
    return;
  case IR_TY_UCHAR:
    *lo = 0, *hi = 255;
    return;
  case IR_TY_SHORT:
    *lo = INT16_MIN, *hi = INT16_MAX;
    return;
  case IR_TY_USHORT:
    *lo = 0, *hi = UINT16_MAX;
    return;
  case IR_TY_INT:
    *lo = INT32_MIN, *hi = INT32_MAX;
    return;
  case IR_TY_UINT:
    *lo = 0, *hi = UINT32_MAX;
    return;
  case IR_TY_ULONG:
  case IR_TY_ULLONG:
    *lo = 0, *hi = UINT64_MAX;
    return;
  default: /* long, long long */
    *lo = INT64_MIN, *hi = INT64_MAX;
    return;
  }
}

/* An integer conversion of a value `a` (its operand's function) to type
 * `to` keeps the value when every value of the operand's type fits in
 * `to` (a widening conversion), or when the operand provably stays within
 * `to`'s range wherever the statement runs (b->where).  Otherwise the
 * conversion may wrap (`(unsigned char)j` with j up to 511): the result
 * is not an affine function of the ivs. */
static bool cast_fits(bld *b, const ir_expr *e, __isl_keep isl_pw_aff *a) {
  int64_t flo, tlo;
  uint64_t fhi, thi;
  type_range(e->u.cast.a->type, false, &flo, &fhi);
  type_range(e->u.cast.to, true, &tlo, &thi);
  if (flo >= tlo && fhi <= thi)
    return true;
  if (!b->where)
    return false;
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(b->space));
  isl_pw_aff *lo = isl_pw_aff_from_aff(isl_aff_val_on_domain(
      isl_local_space_copy(ls), isl_val_int_from_si(b->isl, (long)tlo)));
  isl_pw_aff *hi = isl_pw_aff_from_aff(isl_aff_val_on_domain(
      ls, isl_val_int_from_ui(b->isl, (unsigned long)thi)));
  isl_set *out = isl_set_union(isl_pw_aff_lt_set(isl_pw_aff_copy(a), lo),
                               isl_pw_aff_gt_set(isl_pw_aff_copy(a), hi));
  out = isl_set_intersect(out, isl_set_copy(b->where));
  isl_bool empty = isl_set_is_empty(out);
  isl_set_free(out);
  return empty == isl_bool_true;
}

/* Both operands, or NULL for both (and nothing leaked). */
static bool pa_pair(bld *b, const ir_expr *x, const ir_expr *y,
                    __isl_give isl_pw_aff **px, __isl_give isl_pw_aff **py) {
  *px = pa_of(b, x);
  *py = *px ? pa_of(b, y) : NULL;
  if (!*py) {
    isl_pw_aff_free(*px);
    *px = NULL;
    return false;
  }
  return true;
}

/* The positive constant divisor of a division, or 0. */
static int64_t pos_const(bld *b, const ir_expr *e) {
  int64_t v;
  return ir_expr_const_value(b->ctx, e, &v) && v > 0 ? v : 0;
}

/* An integer expression as a piecewise quasi-affine function of the
 * statement's ivs and the parameters; NULL when isl cannot represent it. */
static __isl_give isl_pw_aff *pa_of(bld *b, const ir_expr *e) {
  if (!e || !ir_type_is_integer(e->type) || e->lanes > 1)
    return NULL;
  switch (e->kind) {
  case IR_EXPR_INT:
    return pa_const(b, e->u.ival);
  case IR_EXPR_VAR: {
    const ir_var *v = e->u.var;
    if (v->kind == IR_VAR_IV) {
      for (int d = b->st->depth - 1; d >= 0; d--)
        if (b->st->loops[d]->u.loop.iv == v)
          return pa_dim(b, isl_dim_set, d);
      return NULL;
    }
    for (int p = 0; p < b->params.len; p++)
      if (b->params.items[p] == v)
        return pa_dim(b, isl_dim_param, p);
    return NULL;
  }
  case IR_EXPR_CAST: {
    isl_pw_aff *a =
        ir_type_is_integer(e->u.cast.a->type) ? pa_of(b, e->u.cast.a) : NULL;
    if (a && !cast_fits(b, e, a)) {
      isl_pw_aff_free(a);
      return NULL;
    }
    return a;
  }
  case IR_EXPR_UNARY:
    if (e->u.un.op == IR_OP_NEG) {
      isl_pw_aff *a = pa_of(b, e->u.un.a);
      return a ? isl_pw_aff_neg(a) : NULL;
    }
    return NULL;
  case IR_EXPR_BINARY: {
    ir_op op = e->u.bin.op;
    int64_t c = 0;
    isl_pw_aff *x, *y;
    switch (op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
    case IR_OP_MIN:
    case IR_OP_MAX:
      if (!pa_pair(b, e->u.bin.a, e->u.bin.b, &x, &y))
        return NULL;
      return op == IR_OP_ADD   ? isl_pw_aff_add(x, y)
             : op == IR_OP_SUB ? isl_pw_aff_sub(x, y)
             : op == IR_OP_MIN ? isl_pw_aff_min(x, y)
                               : isl_pw_aff_max(x, y);
    case IR_OP_MUL:
      if (!pa_pair(b, e->u.bin.a, e->u.bin.b, &x, &y))
        return NULL;
      if (isl_pw_aff_is_cst(x) != isl_bool_true &&
          isl_pw_aff_is_cst(y) != isl_bool_true) {
        isl_pw_aff_free(x);
        isl_pw_aff_free(y);
        return NULL;
      }
      return isl_pw_aff_mul(x, y);
    case IR_OP_FLOORDIV:
    case IR_OP_CEILDIV:
    case IR_OP_DIV:
    case IR_OP_MOD:
      c = pos_const(b, e->u.bin.b);
      x = c ? pa_of(b, e->u.bin.a) : NULL;
      if (!x)
        return NULL;
      if (op == IR_OP_DIV)
        return isl_pw_aff_tdiv_q(x, pa_const(b, c));
      if (op == IR_OP_MOD)
        return isl_pw_aff_tdiv_r(x, pa_const(b, c));
      x = isl_pw_aff_scale_down_val(x, isl_val_int_from_si(b->isl, (long)c));
      return op == IR_OP_FLOORDIV ? isl_pw_aff_floor(x) : isl_pw_aff_ceil(x);
    default:
      return NULL;
    }
  }
  case IR_EXPR_SELECT: {
    /* c ? x : y with an affine condition (a clamped subscript, `x == 0 ?
     * c : c - 1`): exact only when the whole condition is representable */
    bool dropped = b->dropped;
    b->dropped = false;
    isl_set *c = cond_set(b, e->u.sel.cond, false);
    bool exact = c && !b->dropped;
    b->dropped = dropped;
    isl_pw_aff *x, *y;
    if (!exact || !pa_pair(b, e->u.sel.a, e->u.sel.b, &x, &y)) {
      isl_set_free(c);
      return NULL;
    }
    return isl_pw_aff_cond(isl_set_indicator_function(c), x, y);
  }
  default:
    return NULL;
  }
}

/* The set where an integer condition holds (neg: where it does not); NULL
 * when isl cannot represent it (the caller then ignores the condition). */
static __isl_give isl_set *cond_set(bld *b, const ir_expr *e, bool neg) {
  if (!e)
    return NULL;
  if (e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NOT)
    return cond_set(b, e->u.un.a, !neg);
  if (e->kind == IR_EXPR_BINARY) {
    ir_op op = e->u.bin.op;
    if (op == IR_OP_LAND || op == IR_OP_LOR) {
      isl_set *x = cond_set(b, e->u.bin.a, neg);
      isl_set *y = cond_set(b, e->u.bin.b, neg);
      bool meet = (op == IR_OP_LAND) != neg;
      if (!x || !y)
        b->dropped = true;
      if (meet)
        return !x ? y : !y ? x : isl_set_intersect(x, y);
      if (x && y)
        return isl_set_union(x, y);
      isl_set_free(x);
      isl_set_free(y);
      return NULL;
    }
    if (op >= IR_OP_LT && op <= IR_OP_NE) {
      isl_pw_aff *x, *y;
      if (!pa_pair(b, e->u.bin.a, e->u.bin.b, &x, &y)) {
        b->dropped = true;
        return NULL;
      }
      if (neg)
        op = op == IR_OP_LT   ? IR_OP_GE
             : op == IR_OP_LE ? IR_OP_GT
             : op == IR_OP_GT ? IR_OP_LE
             : op == IR_OP_GE ? IR_OP_LT
             : op == IR_OP_EQ ? IR_OP_NE
                              : IR_OP_EQ;
      switch (op) {
      case IR_OP_LT:
        return isl_pw_aff_lt_set(x, y);
      case IR_OP_LE:
        return isl_pw_aff_le_set(x, y);
      case IR_OP_GT:
        return isl_pw_aff_gt_set(x, y);
      case IR_OP_GE:
        return isl_pw_aff_ge_set(x, y);
      case IR_OP_EQ:
        return isl_pw_aff_eq_set(x, y);
      default:
        return isl_pw_aff_ne_set(x, y);
      }
    }
  }
  isl_pw_aff *x = pa_of(b, e);
  if (!x) {
    b->dropped = true;
    return NULL;
  }
  return neg ? isl_pw_aff_zero_set(x) : isl_pw_aff_non_zero_set(x);
}

static __isl_give isl_set *meet(__isl_take isl_set *dom,
                                __isl_take isl_set *c) {
  return c ? isl_set_intersect(dom, c) : dom;
}

/* ---- statements --------------------------------------------------------- */

/* The ancestors of n (loops and ifs), outermost first, and for each the
 * child on the path to n. */
static int ancestors(const ir_node *n, const ir_node **anc,
                     const ir_node **child, int cap) {
  int len = 0;
  for (const ir_node *p = ir_parent(n); p; p = ir_parent(p))
    len++;
  int i = len;
  for (const ir_node *c = n, *p = ir_parent(n); p; c = p, p = ir_parent(p))
    if (--i < cap) {
      anc[i] = p;
      child[i] = c;
    }
  return len < cap ? len : cap;
}

/* Position of n in its block; else-branch nodes follow the then branch. */
static int position(const ir_node *n) {
  int pos = 0;
  for (const ir_node *p = n->prev; p; p = p->prev)
    pos++;
  const ir_node *o = ir_parent(n);
  if (o && o->kind == IR_NODE_IF && n->in == &o->u.ifs.else_body)
    pos += ir_block_len(&o->u.ifs.then_body);
  return pos;
}

enum { MAX_ANC = 256 };

static __isl_give isl_set *build_domain(bld *b) {
  dep_stmt *st = b->st;
  const ir_node *anc[MAX_ANC], *child[MAX_ANC];
  int na = ancestors(st->node, anc, child, MAX_ANC);
  isl_set *dom = isl_set_universe(isl_space_copy(b->space));
  int d = 0;
  for (int i = 0; i < na; i++) {
    const ir_node *p = anc[i];
    b->where = dom;
    if (p->kind == IR_NODE_IF) {
      bool in_else = child[i]->in == &p->u.ifs.else_body;
      dom = meet(dom, cond_set(b, p->u.ifs.cond, in_else));
      continue;
    }
    const ir_loop *l = &p->u.loop;
    isl_pw_aff *lb = pa_of(b, l->lb), *ub = pa_of(b, l->ub);
    if (!lb || !ub)
      b->dropped = true;
    isl_pw_aff *iv = pa_dim(b, isl_dim_set, d);
    if (l->step > 0) {
      if (lb)
        dom = meet(dom,
                   isl_pw_aff_le_set(isl_pw_aff_copy(lb), isl_pw_aff_copy(iv)));
      if (ub)
        dom = meet(dom,
                   isl_pw_aff_lt_set(isl_pw_aff_copy(iv), isl_pw_aff_copy(ub)));
    } else {
      if (lb)
        dom = meet(dom,
                   isl_pw_aff_le_set(isl_pw_aff_copy(iv), isl_pw_aff_copy(lb)));
      if (ub)
        dom = meet(dom,
                   isl_pw_aff_lt_set(isl_pw_aff_copy(ub), isl_pw_aff_copy(iv)));
    }
    if (lb && l->step != 1 && l->step != -1) {
      int64_t s = l->step > 0 ? l->step : -l->step;
      isl_pw_aff *diff =
          isl_pw_aff_sub(isl_pw_aff_copy(iv), isl_pw_aff_copy(lb));
      dom = meet(dom, isl_pw_aff_zero_set(isl_pw_aff_mod_val(
                          diff, isl_val_int_from_si(b->isl, (long)s))));
    }
    isl_pw_aff_free(lb);
    isl_pw_aff_free(ub);
    isl_pw_aff_free(iv);
    d++;
  }
  b->where = NULL;
  return dom;
}

/* The schedule vector of the statement as (is_iv, value) pairs: value is a
 * position, or the loop index d (sign in *neg). */
typedef struct sched_item {
  bool is_iv;
  int v;
  bool neg;
} sched_item;

static int sched_items(const dep_stmt *st, sched_item *out, int cap) {
  const ir_node *anc[MAX_ANC], *child[MAX_ANC];
  int na = ancestors(st->node, anc, child, MAX_ANC);
  int len = 0, d = 0;
  for (int i = 0; i < na && len + 2 < cap; i++) {
    if (i == 0)
      out[len++] = (sched_item){false, position(anc[0]), false};
    if (anc[i]->kind == IR_NODE_LOOP) {
      out[len++] = (sched_item){true, d++, anc[i]->u.loop.step < 0};
    }
    out[len++] = (sched_item){false, position(child[i]), false};
  }
  if (na == 0)
    out[len++] = (sched_item){false, position(st->node), false};
  return len;
}

/* The statement's schedule with its last item (its own position in its
 * block, *last the index of that dimension) left free: what every
 * statement of the block shares (the caller fixes the position). */
static __isl_give isl_map *build_sched(bld *b, int dim, int *last) {
  sched_item items[2 * MAX_ANC + 2];
  int len = sched_items(b->st, items, 2 * MAX_ANC + 2);
  *last = len - 1 < dim ? len - 1 : -1;
  isl_space *sp = map_space(b, dim, NULL);
  isl_multi_aff *ma = isl_multi_aff_zero(sp);
  for (int i = 0; i < len && i < dim; i++) {
    isl_local_space *ls = isl_local_space_from_space(isl_space_copy(b->space));
    isl_aff *a;
    if (items[i].is_iv) {
      a = isl_aff_var_on_domain(ls, isl_dim_set, (unsigned)items[i].v);
      if (items[i].neg)
        a = isl_aff_neg(a);
    } else {
      a = isl_aff_val_on_domain(ls, isl_val_int_from_si(b->isl, items[i].v));
    }
    ma = isl_multi_aff_set_aff(ma, i, a);
  }
  isl_map *m = isl_map_from_multi_aff(ma);
  if (*last >= 0)
    m = isl_map_drop_constraints_involving_dims(m, isl_dim_out, (unsigned)*last,
                                                1);
  return isl_map_intersect_domain(m, isl_set_copy(b->st->domain));
}

/* The position of the statement in its block (the last schedule item). */
static int own_position(const dep_stmt *st) {
  sched_item items[2 * MAX_ANC + 2];
  int len = sched_items(st, items, 2 * MAX_ANC + 2);
  return items[len - 1].v;
}

/* ---- accesses ----------------------------------------------------------- */

static mem *mem_of(bld *b, const void *obj, const void *scope, const char *name,
                   int rank) {
  for (int i = 0; i < b->mems.len; i++) {
    mem *m = b->mems.items[i];
    if (m->obj == obj && m->scope == scope)
      return m;
  }
  mem *m = scc_arena_alloc(b->ctx->arena, sizeof *m);
  m->obj = obj;
  m->scope = scope;
  m->name = name;
  m->rank = rank;
  m->w = scc_arena_alloc(b->ctx->arena, sizeof *m->w * (size_t)(b->nstmts + 1));
  m->r = scc_arena_alloc(b->ctx->arena, sizeof *m->r * (size_t)(b->nstmts + 1));
  m->wmust = isl_union_map_empty(isl_space_params_alloc(b->isl, 0));
  scc_vec_push(b->ctx->arena, &b->mems, m);
  return m;
}

/* The declaration of v that an access at node n refers to (C scoping: a
 * declaration of v earlier in n's block or in the block of an enclosing
 * node, n itself when it declares v), or NULL: the variable declared
 * outside the kernel. */
static ir_node *decl_in_scope(const ir_node *n, const ir_var *v) {
  for (const ir_node *c = n; c; c = ir_parent(c))
    for (const ir_node *p = c; p; p = p->prev)
      if (p->kind == IR_NODE_DECL && p->u.decl.var == v)
        return (ir_node *)p;
  return NULL;
}

/* { S[x] -> name[rank dims] } with no constraint (any element). */
static __isl_give isl_map *any_elem(bld *b, const char *name, int rank) {
  return isl_map_universe(map_space(b, rank, name));
}

/* Widens an access to `lanes` consecutive elements of its last dimension. */
static __isl_give isl_map *widen(__isl_take isl_map *m, int rank, int lanes) {
  if (lanes <= 1 || rank < 1)
    return m;
  isl_space *rs = isl_space_range(isl_map_get_space(m));
  isl_map *w = isl_map_universe(isl_space_map_from_set(rs));
  for (int d = 0; d + 1 < rank; d++)
    w = isl_map_equate(w, isl_dim_in, d, isl_dim_out, d);
  isl_local_space *ls = isl_local_space_from_space(isl_map_get_space(w));
  isl_constraint *lo = isl_constraint_alloc_inequality(
      isl_local_space_copy(ls)); /* out - in >= 0 */
  lo = isl_constraint_set_coefficient_si(lo, isl_dim_out, rank - 1, 1);
  lo = isl_constraint_set_coefficient_si(lo, isl_dim_in, rank - 1, -1);
  isl_constraint *hi = isl_constraint_alloc_inequality(ls);
  hi = isl_constraint_set_coefficient_si(hi, isl_dim_out, rank - 1, -1);
  hi = isl_constraint_set_coefficient_si(hi, isl_dim_in, rank - 1, 1);
  hi = isl_constraint_set_constant_si(hi, lanes - 1);
  w = isl_map_add_constraint(w, lo);
  w = isl_map_add_constraint(w, hi);
  return isl_map_apply_range(m, w);
}

/* The shape with which array a is delinearized in this kernel, or NULL
 * (decided once per graph; recorded on the kernel when used). */
static const dep_shape *delin_shape(bld *b, const ir_array *a) {
  for (int i = 0; i < b->delin_arr.len; i++)
    if (b->delin_arr.items[i] == a)
      return b->delin_shape.items[i];
  dep_shape *sh = scc_arena_alloc(b->ctx->arena, sizeof *sh);
  if (!dep_delin_size(b->ctx, &b->k->body, a, sh))
    sh = NULL;
  scc_vec_push(b->ctx->arena, &b->delin_arr, (void *)a);
  scc_vec_push(b->ctx->arena, &b->delin_shape, sh);
  if (sh) {
    bool seen = false;
    for (int i = 0; i < b->k->delinearized.len && !seen; i++) {
      const ir_delin *d = b->k->delinearized.items[i];
      seen = d->array == a && d->nsizes == sh->n &&
             !memcmp(d->sizes, sh->size, sizeof(ir_var *) * (size_t)sh->n);
    }
    if (!seen) {
      ir_delin *d = scc_arena_alloc(b->ctx->arena, sizeof *d);
      d->array = (ir_array *)a;
      d->nsizes = sh->n;
      for (int i = 0; i < sh->n; i++)
        d->sizes[i] = sh->size[i];
      scc_vec_push(b->ctx->arena, &b->k->delinearized, d);
    }
  }
  return sh;
}

/* A[(q*Pn + rn)...*P1 + r1] as { S[x] -> A[q, rn, ..., r1] } (any element
 * of the view when a part is not representable), widened to the vector's
 * lanes. */
static __isl_give isl_map *delin_access(bld *b, const ir_expr *e,
                                        const dep_shape *sh) {
  const ir_array *a = e->u.access.array;
  dep_shape got;
  ir_expr *parts[IR_DELIN_MAX + 1];
  int n = sh->n + 1;
  if (dep_delin_split(b->ctx, e->u.access.idx[0], sh, &got, parts) ==
      DEP_DELIN_FAIL)
    return NULL;
  isl_pw_aff_list *list = isl_pw_aff_list_alloc(b->isl, n);
  for (int i = 0; i < n; i++) {
    isl_pw_aff *p = pa_of(b, parts[i]);
    if (!p) {
      isl_pw_aff_list_free(list);
      return NULL;
    }
    list = isl_pw_aff_list_add(list, p);
  }
  isl_map *m = isl_map_from_multi_pw_aff(
      isl_multi_pw_aff_from_pw_aff_list(map_space(b, n, a->name), list));
  return widen(m, n, e->lanes);
}

/* The access relation of an array element or local scalar read/written by
 * the current statement. */
static void add_access(bld *b, const ir_expr *e, bool write) {
  isl_map *m = NULL;
  mem *me;
  const dep_shape *dsh = NULL;
  if (e->kind == IR_EXPR_ACCESS &&
      (dsh = delin_shape(b, e->u.access.array)) != NULL) {
    const ir_array *a = e->u.access.array;
    me = mem_of(b, a, NULL, a->name, dsh->n + 1);
    m = delin_access(b, e, dsh);
    if (!m) {
      m = any_elem(b, a->name, dsh->n + 1);
      if (!me->nonaffine) {
        me->nonaffine = e;
        me->nonaffine_stmt = b->st->node;
      }
    }
  } else if (e->kind == IR_EXPR_ACCESS) {
    const ir_array *a = e->u.access.array;
    int rank = e->u.access.n;
    me = mem_of(b, a, NULL, a->name, rank);
    isl_pw_aff_list *list = isl_pw_aff_list_alloc(b->isl, rank);
    bool ok = rank == me->rank;
    for (int d = 0; d < rank && ok; d++) {
      isl_pw_aff *p = pa_of(b, e->u.access.idx[d]);
      if (!p)
        ok = false;
      else
        list = isl_pw_aff_list_add(list, p);
    }
    if (ok) {
      isl_space *sp = map_space(b, rank, a->name);
      m = isl_map_from_multi_pw_aff(
          isl_multi_pw_aff_from_pw_aff_list(sp, list));
      m = widen(m, rank, e->lanes);
    } else {
      isl_pw_aff_list_free(list);
      m = any_elem(b, a->name, me->rank);
      if (!me->nonaffine) {
        me->nonaffine = e;
        me->nonaffine_stmt = b->st->node;
      }
    }
  } else {
    /* Each declaration is its own object, with one copy per iteration of
     * the loops around it (C scoping privatizes it). */
    const ir_var *v = e->u.var;
    ir_node *decl = decl_in_scope(b->at ? b->at : b->st->node, v);
    int rank = decl ? dep_loop_depth(decl) : 0;
    me = mem_of(b, v, decl, v->name, rank);
    me->scalar = true;
    m = any_elem(b, v->name, rank);
    if (rank <= b->st->depth)
      for (int d = 0; d < rank; d++)
        m = isl_map_equate(m, isl_dim_in, d, isl_dim_out, d);
  }
  if (write && e->kind == IR_EXPR_VAR && !b->dropped)
    me->wmust = isl_union_map_add_map(
        me->wmust,
        isl_map_intersect_domain(isl_map_copy(m), isl_set_copy(b->st->domain)));
  isl_map **u = write ? &me->w[b->st->index] : &me->r[b->st->index];
  *u = *u ? isl_map_union(*u, m) : m;
}

static void read_cb(ir_expr *e, void *data) {
  bld *b = data;
  if (e->kind == IR_EXPR_ACCESS ||
      (e->kind == IR_EXPR_VAR && e->u.var->kind == IR_VAR_LOCAL))
    add_access(b, e, false);
}

static void build_accesses(bld *b) {
  ir_node *n = b->st->node;
  if (n->kind == IR_NODE_ASSIGN) {
    ir_expr *lhs = n->u.assign.lhs;
    add_access(b, lhs, true);
    if (n->u.assign.op != IR_OP_NONE)
      add_access(b, lhs, false);
    if (lhs->kind == IR_EXPR_ACCESS) {
      for (int i = 0; i < lhs->u.access.n; i++)
        ir_walk_expr(lhs->u.access.idx[i], read_cb, b);
      ir_walk_expr(lhs->u.access.mask, read_cb, b);
    }
    ir_walk_expr(n->u.assign.rhs, read_cb, b);
  } else {
    if (n->u.decl.init) {
      ir_expr v = {.kind = IR_EXPR_VAR,
                   .type = n->u.decl.var->type,
                   .u.var = n->u.decl.var};
      add_access(b, &v, true);
      ir_walk_expr(n->u.decl.init, read_cb, b);
    }
  }
  /* reads that control whether and how often the statement runs */
  for (ir_node *p = ir_parent(n); p; p = ir_parent(p)) {
    b->at = p;
    if (p->kind == IR_NODE_LOOP) {
      ir_walk_expr(p->u.loop.lb, read_cb, b);
      ir_walk_expr(p->u.loop.ub, read_cb, b);
    } else if (p->kind == IR_NODE_IF) {
      ir_walk_expr(p->u.ifs.cond, read_cb, b);
    }
  }
  b->at = NULL;
}

/* ---- the graph ---------------------------------------------------------- */

typedef struct collect {
  bld *b;
  ir_node **scope;
  int nscope;
  scc_vec nodes; /* ir_node *, statements in scope */
  scc_vec names, labels;
  int ndecl;
} collect;

/* n is within one of scope[0..nscope-1]. */
static bool within_scope(ir_node *const *scope, int nscope, const ir_node *n) {
  for (int i = 0; i < nscope; i++)
    if (scope[i] && ir_node_within(n, scope[i]))
      return true;
  return false;
}

static bool in_scope(const collect *c, const ir_node *n) {
  return c->nscope == 0 || within_scope(c->scope, c->nscope, n);
}

static bool collect_cb(ir_node *n, void *data) {
  collect *c = data;
  scc_arena *ar = c->b->ctx->arena;
  if (n->kind == IR_NODE_DECL) {
    const char *label = scc_arena_printf(ar, "D%d", c->ndecl++);
    if (in_scope(c, n)) {
      scc_vec_push(ar, &c->nodes, n);
      scc_vec_push(ar, &c->names, (void *)label);
      scc_vec_push(ar, &c->labels, (void *)label);
    }
  } else if (n->kind == IR_NODE_ASSIGN) {
    const char *label = scc_arena_printf(ar, "S%d", n->u.assign.id);
    /* clones keep their id: number the copies */
    int copies = 0;
    for (int i = 0; i < c->labels.len; i++)
      copies += strcmp(c->labels.items[i], label) == 0;
    const char *name =
        copies ? scc_arena_printf(ar, "%s_%d", label, copies) : label;
    if (in_scope(c, n)) {
      scc_vec_push(ar, &c->nodes, n);
      scc_vec_push(ar, &c->names, (void *)name);
      scc_vec_push(ar, &c->labels, (void *)label);
    } else {
      /* keep the numbering of clones independent of the scope */
      scc_vec_push(ar, &c->labels, (void *)label);
      scc_vec_push(ar, &c->names, NULL);
      scc_vec_push(ar, &c->nodes, NULL);
    }
  }
  return true;
}

/* True when a node of the kernel outside the scope reads v (its value
 * after the scope may be used). */
typedef struct outside_read {
  const collect *c;
  const ir_var *v;
  bool hit;
} outside_read;

static void outside_expr_cb(ir_expr *e, void *data) {
  outside_read *o = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == o->v)
    o->hit = true;
}

static bool outside_cb(ir_node *n, void *data) {
  outside_read *o = data;
  if (o->hit || (o->c->nscope > 0 && in_scope(o->c, n)))
    return false;
  if (n->kind == IR_NODE_DECL) {
    if (n->u.decl.init)
      ir_walk_expr(n->u.decl.init, outside_expr_cb, o);
  } else if (n->kind == IR_NODE_ASSIGN) {
    ir_expr *lhs = n->u.assign.lhs;
    if (lhs->kind != IR_EXPR_VAR || n->u.assign.op != IR_OP_NONE)
      ir_walk_expr(lhs, outside_expr_cb, o);
    ir_walk_expr(n->u.assign.rhs, outside_expr_cb, o);
  } else {
    ir_walk_node_exprs(n, outside_expr_cb, o);
  }
  return !o->hit;
}

static bool scalar_read_outside(const collect *c, const ir_var *v) {
  if (c->nscope == 0)
    return false;
  outside_read o = {c, v, false};
  ir_walk_block(&c->b->k->body, outside_cb, &o);
  return o.hit;
}

static int edge_cmp(const void *x, const void *y) {
  const dep_edge *a = *(dep_edge *const *)x, *b = *(dep_edge *const *)y;
  if (a->kind != b->kind)
    return (int)a->kind - (int)b->kind;
  if (a->src->index != b->src->index)
    return a->src->index - b->src->index;
  if (a->dst->index != b->dst->index)
    return a->dst->index - b->dst->index;
  return a->mem_index - b->mem_index;
}

/* The order of the instances of s before those of t, as a map
 * { s[x] -> t[y] } in space sp: x and y in the same iteration of the first
 * `outer` loops (both share them) and x before y, either carried by a
 * common loop l >= outer (equal ivs before l, x_l before y_l in the loop's
 * direction) or, with all common loops equal, s before t in the text (the
 * loop-independent case).  level >= 0: only the part carried by loop
 * `level`.  This is the strict lexicographic order of the 2d+1 schedule
 * (build_sched) restricted to those iterations: the position dims of two
 * distinct statements first differ after their common loops, in textual
 * order.  NULL when empty. */
static __isl_give isl_map *order_map(__isl_keep isl_space *sp,
                                     const dep_stmt *s, const dep_stmt *t,
                                     int outer, int level) {
  int c = dep_common_loops(s, t);
  isl_map *u = NULL;
  for (int l = outer; l <= c; l++) {
    if ((level >= 0 && l != level) || (l == c && s->index >= t->index))
      continue;
    isl_map *m = isl_map_universe(isl_space_copy(sp));
    for (int j = 0; j < l; j++)
      m = isl_map_equate(m, isl_dim_in, j, isl_dim_out, j);
    if (l < c)
      m = s->loops[l]->u.loop.step > 0
              ? isl_map_order_lt(m, isl_dim_in, l, isl_dim_out, l)
              : isl_map_order_gt(m, isl_dim_in, l, isl_dim_out, l);
    u = u ? isl_map_union(u, m) : m;
  }
  return u;
}

/* { x -> y in s's and t's domains : src(x) and dst(y) touch the same
 * element, order(x, y) }; src and dst map s and t to the same array
 * (their accesses, not yet restricted to the domains); order consumed.
 * Without the domains (whose strides bring existential variables), the
 * subscripts and the order are equalities and a few inequalities, so that
 * conflicting subscripts (C[i][.] against C[i + 1][.] in the same
 * iteration) make it empty at once; the domains are intersected with the
 * pairs that remain.  NULL when empty. */
static __isl_give isl_map *conflict(__isl_keep isl_map *src,
                                    __isl_keep isl_map *dst,
                                    __isl_take isl_map *order,
                                    const dep_stmt *s, const dep_stmt *t) {
  isl_map *rel = isl_map_apply_range(isl_map_copy(src),
                                     isl_map_reverse(isl_map_copy(dst)));
  rel = isl_map_intersect(rel, order);
  if (isl_map_is_empty(rel) != isl_bool_false) {
    isl_map_free(rel);
    return NULL;
  }
  rel = isl_map_intersect_domain(rel, isl_set_copy(s->domain));
  rel = isl_map_intersect_range(rel, isl_set_copy(t->domain));
  if (isl_map_is_empty(rel) != isl_bool_false) {
    isl_map_free(rel);
    return NULL;
  }
  return rel;
}

/* The number of loops enclosing every node of scope[0..nscope-1]. */
static int scope_outer(ir_node **scope, int nscope) {
  int outer = -1;
  const ir_node *first = NULL;
  for (int i = 0; i < nscope; i++) {
    if (!scope[i])
      continue;
    if (!first) {
      first = scope[i];
      outer = dep_loop_depth(first);
      continue;
    }
    /* loops enclosing first that also enclose scope[i], outermost first */
    int d = 0, common = 0;
    const ir_node *chain[256];
    int len = 0;
    for (const ir_node *p = ir_parent(first); p && len < 256; p = ir_parent(p))
      if (p->kind == IR_NODE_LOOP)
        chain[len++] = p;
    for (int j = len - 1; j >= 0; j--, d++) {
      if (!ir_node_within(scope[i], chain[j]))
        break;
      common = d + 1;
    }
    if (common < outer)
      outer = common;
  }
  return outer < 0 ? 0 : outer;
}

dep_graph *dep_graph_build(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                           int nscope) {
  return dep_graph_build_in(ctx, k, scope, nscope, false, -1);
}

/* What graph_build computes beyond the statements and their accesses. */
typedef enum build_what {
  BUILD_STMTS,   /* nothing more */
  BUILD_SCALARS, /* the value-based flow of the local scalars */
  BUILD_EDGES,   /* that and every dependence edge */
} build_what;

static dep_graph *graph_build(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                              int nscope, bool same_outer, int level,
                              build_what what);

/* The parameter space of the kernel's integer parameters b->params, the
 * dimensions named after them. */
static __isl_give isl_space *param_space(bld *b) {
  isl_space *pspace = isl_space_params_alloc(b->isl, (unsigned)b->params.len);
  for (int p = 0; p < b->params.len; p++)
    pspace = isl_space_set_dim_name(pspace, isl_dim_param, (unsigned)p,
                                    ((ir_var *)b->params.items[p])->name);
  return pspace;
}

/* Fills g->stmts[0..g->nstmts-1] from the statements c collected (NULL:
 * outside the scope): node, name, label, index, depth and enclosing
 * loops.  Returns the length of the longest schedule vector, at least 1. */
static int make_stmts(dep_graph *g, const collect *c) {
  int dim = 1;
  for (int i = 0, s = 0; i < c->nodes.len; i++) {
    if (!c->nodes.items[i])
      continue;
    dep_stmt *st = &g->stmts[s];
    st->node = c->nodes.items[i];
    st->name = c->names.items[i];
    st->label = c->labels.items[i];
    st->index = s++;
    st->depth = dep_loop_depth(st->node);
    st->loops = scc_arena_alloc(g->ctx->arena,
                                sizeof(ir_node *) * (size_t)(st->depth + 1));
    int d = st->depth;
    for (ir_node *p = ir_parent(st->node); p; p = ir_parent(p))
      if (p->kind == IR_NODE_LOOP)
        st->loops[--d] = p;
    sched_item items[2 * MAX_ANC + 2];
    int len = sched_items(st, items, 2 * MAX_ANC + 2);
    if (len > dim)
      dim = len;
  }
  return dim;
}

/* The domain and schedule of each statement of g (vectors of
 * g->sched_dim) and its accesses, into b->mems; pspace is the parameters'
 * space.  Statements of one block have the same domain (their ancestors'
 * bounds and conditions): built once per block.  Returns the union of
 * every statement's schedule, for the scalars' value-based flow. */
static __isl_give isl_union_map *build_stmts(dep_graph *g, bld *b,
                                             __isl_keep isl_space *pspace) {
  scc_arena *ar = g->ctx->arena;
  int n = g->nstmts, dim = g->sched_dim;
  const ir_block **dom_in =
      scc_arena_alloc(ar, sizeof *dom_in * (size_t)(n + 1));
  isl_set **dom_of = scc_arena_alloc(ar, sizeof *dom_of * (size_t)(n + 1));
  isl_map **sched_of = scc_arena_alloc(ar, sizeof *sched_of * (size_t)(n + 1));
  int *last_of = scc_arena_alloc(ar, sizeof *last_of * (size_t)(n + 1));
  bool *drop_of = scc_arena_alloc(ar, sizeof *drop_of * (size_t)(n + 1));
  int ndom = 0;
  isl_union_map *sched = isl_union_map_empty(isl_space_copy(pspace));
  for (int s = 0; s < n; s++) {
    dep_stmt *st = &g->stmts[s];
    b->st = st;
    isl_space *sp = isl_space_set_from_params(isl_space_copy(pspace));
    sp = isl_space_add_dims(sp, isl_dim_set, (unsigned)st->depth);
    for (int d = 0; d < st->depth; d++)
      sp = isl_space_set_dim_name(sp, isl_dim_set, (unsigned)d,
                                  st->loops[d]->u.loop.iv->name);
    sp = isl_space_set_tuple_name(sp, isl_dim_set, st->name);
    b->space = sp;
    int di = 0;
    while (di < ndom && dom_in[di] != st->node->in)
      di++;
    if (di < ndom) {
      st->domain = isl_set_set_tuple_name(isl_set_copy(dom_of[di]), st->name);
      b->dropped = drop_of[di];
    } else {
      b->dropped = false;
      st->domain = isl_set_coalesce(build_domain(b));
      drop_of[ndom] = b->dropped;
      dom_in[ndom] = st->node->in;
      dom_of[ndom] = isl_set_copy(st->domain);
      sched_of[ndom] = build_sched(b, dim, &last_of[ndom]);
      ndom++;
    }
    st->sched = isl_map_set_tuple_name(isl_map_copy(sched_of[di]), isl_dim_in,
                                       st->name);
    if (last_of[di] >= 0)
      st->sched = isl_map_fix_si(st->sched, isl_dim_out, (unsigned)last_of[di],
                                 own_position(st));
    sched = isl_union_map_add_map(sched, isl_map_copy(st->sched));
    b->where = st->domain;
    build_accesses(b);
    b->where = NULL;
    isl_space_free(sp);
    b->space = NULL;
  }
  for (int i = 0; i < ndom; i++) {
    isl_set_free(dom_of[i]);
    isl_map_free(sched_of[i]);
  }
  return sched;
}

/* The value-based flow of each local scalar of b->mems (dep_scalar.c),
 * whether it is written and whether its value is read after the scope,
 * onto g->scalars; sched is every statement's schedule.  A scalar
 * declared inside loop `level` (level >= 0) is left out. */
static void scalar_flows(dep_graph *g, const bld *b, const collect *c,
                         __isl_keep isl_union_map *sched, int level) {
  scc_ctx *ctx = g->ctx;
  int n = g->nstmts;
  for (int i = 0; i < b->mems.len; i++) {
    mem *me = b->mems.items[i];
    const ir_var *v = me->scalar ? me->obj : NULL;
    if (!v || v->kind != IR_VAR_LOCAL)
      continue;
    /* declared inside the level-th loop: a copy per iteration, so nothing
     * through it is carried by that loop (its edges below are empty
     * whichever way they are computed) */
    if (level >= 0 && me->rank > level)
      continue;
    dep_scalar *sc = scc_arena_alloc(ctx->arena, sizeof *sc);
    sc->var = v;
    sc->mem_index = i;
    /* its accesses over the statements' domains, as union maps */
    isl_union_map *w = isl_union_map_empty(isl_space_params_alloc(g->isl, 0));
    isl_union_map *r = isl_union_map_copy(w);
    for (int s = 0; s < n; s++) {
      if (me->w[s])
        w = isl_union_map_add_map(
            w, isl_map_intersect_domain(isl_map_copy(me->w[s]),
                                        isl_set_copy(g->stmts[s].domain)));
      if (me->r[s])
        r = isl_union_map_add_map(
            r, isl_map_intersect_domain(isl_map_copy(me->r[s]),
                                        isl_set_copy(g->stmts[s].domain)));
    }
    isl_union_map *may = isl_union_map_subtract(isl_union_map_copy(w),
                                                isl_union_map_copy(me->wmust));
    /* the schedule of the statements that touch the scalar only: isl's
     * flow computation then orders tens of statements, not the kernel's
     * hundreds (a register-tiled micro-kernel has one scalar per vector
     * register) */
    isl_union_map *own = isl_union_map_intersect_domain(
        isl_union_map_copy(sched),
        isl_union_set_union(isl_union_map_domain(isl_union_map_copy(w)),
                            isl_union_map_domain(isl_union_map_copy(r))));
    sc->flow = dep_scalar_value_flow(r, me->wmust, may, own, &sc->no_source);
    isl_union_map_free(own);
    isl_union_map_free(may);
    sc->written = isl_union_map_is_empty(w) != isl_bool_true;
    isl_union_map_free(w);
    isl_union_map_free(r);
    sc->read_outside =
        v->live_out ||
        (scalar_read_outside(c, v) &&
         dep_scalar_leaves_scope(ctx, g->k, c->scope, c->nscope, v));
    scc_vec_push(ctx->arena, &g->scalars, sc);
  }
}

/* The dependence from statement s's instances to statement t's in the
 * order of the schedule (order_map, within g->outer and `level`): the
 * value-based flow `value` restricted to that order when given, else the
 * conflicting accesses src of s and dst of t (conflict).  NULL when
 * empty. */
static __isl_give isl_map *pair_dep(dep_graph *g, __isl_keep isl_map *src,
                                    __isl_keep isl_map *dst, int s, int t,
                                    const dep_scalar *value, int level) {
  isl_space *sp = isl_space_map_from_domain_and_range(
      isl_set_get_space(g->stmts[s].domain),
      isl_set_get_space(g->stmts[t].domain));
  isl_map *order = order_map(sp, &g->stmts[s], &g->stmts[t], g->outer, level);
  isl_map *rel = NULL;
  if (order && value) {
    rel = isl_map_intersect(
        isl_union_map_extract_map(value->flow, isl_space_copy(sp)), order);
    if (isl_map_is_empty(rel) != isl_bool_false)
      rel = isl_map_free(rel);
  } else if (order) {
    rel = conflict(src, dst, order, &g->stmts[s], &g->stmts[t]);
  }
  isl_space_free(sp);
  return rel;
}

/* The flow, anti and output edges onto g->edges: per memory object of
 * b->mems and pair of statements, the conflicting accesses in the order of
 * the schedule (Allen & Kennedy 2001, ch. 2), only within loop `level`
 * when level >= 0; pairs are built one at a time, so only the non-empty
 * relations stay. */
static void build_edges(dep_graph *g, const bld *b, int level) {
  int n = g->nstmts;
  for (int kind = DEP_FLOW; kind <= DEP_OUTPUT; kind++) {
    for (int i = 0; i < b->mems.len; i++) {
      mem *me = b->mems.items[i];
      isl_map **src = kind == DEP_ANTI ? me->r : me->w;
      isl_map **dst = kind == DEP_FLOW ? me->r : me->w;
      /* a local scalar's flow dependences are value-based (dep_scalar.c) */
      const dep_scalar *value = kind == DEP_FLOW ? dep_scalar_of(g, i) : NULL;
      if (value && !value->flow)
        value = NULL;
      for (int s = 0; s < n; s++) {
        if (!src[s])
          continue;
        for (int t = 0; t < n; t++) {
          if (!dst[t])
            continue;
          isl_map *rel = pair_dep(g, src[s], dst[t], s, t, value, level);
          if (!rel)
            continue;
          dep_edge *e = scc_arena_alloc(g->ctx->arena, sizeof *e);
          e->kind = (dep_kind)kind;
          e->src = &g->stmts[s];
          e->dst = &g->stmts[t];
          e->array = me->name;
          e->mem_obj = me->obj;
          e->mem_index = i;
          e->nonaffine = me->nonaffine;
          e->nonaffine_stmt = me->nonaffine_stmt;
          e->rel = isl_map_coalesce(rel);
          scc_vec_push(g->ctx->arena, &g->edges, e);
        }
      }
    }
  }
}

/* Frees the access relations (of the n statements) and the exact writes
 * of b's memory objects. */
static void free_mems(bld *b, int n) {
  for (int i = 0; i < b->mems.len; i++) {
    mem *me = b->mems.items[i];
    for (int s = 0; s < n; s++) {
      isl_map_free(me->w[s]);
      isl_map_free(me->r[s]);
    }
    isl_union_map_free(me->wmust);
  }
}

static dep_graph *graph_build(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                              int nscope, bool same_outer, int level,
                              build_what what) {
  bool edges = what != BUILD_STMTS;
  dep_graph *g = scc_arena_alloc(ctx->arena, sizeof *g);
  g->ctx = ctx;
  g->k = k;
  g->isl = isl_ctx_alloc();
  isl_options_set_on_error(g->isl, ISL_ON_ERROR_CONTINUE);
  bld b = {.ctx = ctx, .k = k, .isl = g->isl};
  for (int i = 0; i < k->vars.len; i++) {
    ir_var *v = k->vars.items[i];
    if (v->kind == IR_VAR_PARAM && ir_type_is_integer(v->type))
      scc_vec_push(ctx->arena, &b.params, v);
  }
  collect c = {.b = &b, .scope = scope, .nscope = nscope};
  ir_walk_block(&k->body, collect_cb, &c);
  int n = 0;
  for (int i = 0; i < c.nodes.len; i++)
    n += c.nodes.items[i] != NULL;
  g->nstmts = n;
  b.nstmts = n;
  g->outer = same_outer ? scope_outer(scope, nscope) : 0;
  g->level = level;
  g->stmts = scc_arena_alloc(ctx->arena, sizeof(dep_stmt) * (size_t)(n + 1));
  isl_space *pspace = param_space(&b);
  /* statements, domains */
  g->sched_dim = make_stmts(g, &c);
  isl_union_map *sched = build_stmts(g, &b, pspace);
  isl_space_free(pspace);
  g->params = b.params;
  /* dependences: value-based flow for local scalars (dep_scalar.c) */
  if (edges)
    scalar_flows(g, &b, &c, sched, level);
  isl_union_map_free(sched);
  /* dependences: per memory object and pair of statements */
  if (what == BUILD_EDGES)
    build_edges(g, &b, level);
  free_mems(&b, n);
  if (g->edges.len > 1)
    qsort(g->edges.items, (size_t)g->edges.len, sizeof(void *), edge_cmp);
  return g;
}

dep_graph *dep_graph_build_in(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                              int nscope, bool same_outer, int level) {
  return graph_build(ctx, k, scope, nscope, same_outer, level, BUILD_EDGES);
}

dep_graph *dep_graph_build_scalars(scc_ctx *ctx, ir_kernel *k) {
  return graph_build(ctx, k, NULL, 0, false, -1, BUILD_SCALARS);
}

dep_graph *dep_graph_build_stmts(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                                 int nscope) {
  return graph_build(ctx, k, scope, nscope, false, -1, BUILD_STMTS);
}

__isl_give isl_pw_aff *dep_graph_pw_aff(dep_graph *g, const dep_stmt *st,
                                        const ir_expr *e) {
  bld b = {.ctx = g->ctx, .k = g->k, .isl = g->isl, .params = g->params};
  b.st = (dep_stmt *)st;
  b.space = isl_set_get_space(st->domain);
  b.where = st->domain;
  isl_pw_aff *p = pa_of(&b, e);
  isl_space_free(b.space);
  return p;
}

void dep_graph_free(dep_graph *g) {
  if (!g)
    return;
  for (int i = 0; i < g->scalars.len; i++) {
    dep_scalar *sc = g->scalars.items[i];
    isl_union_map_free(sc->flow);
    isl_union_map_free(sc->no_source);
  }
  for (int i = 0; i < g->edges.len; i++)
    isl_map_free(((dep_edge *)g->edges.items[i])->rel);
  for (int s = 0; s < g->nstmts; s++) {
    isl_set_free(g->stmts[s].domain);
    isl_map_free(g->stmts[s].sched);
  }
  isl_ctx_free(g->isl);
}

/* ---- distances ---------------------------------------------------------- */

__isl_give isl_set *dep_edge_deltas(const dep_edge *e, int c) {
  isl_map *m = isl_map_copy(e->rel);
  int ni = (int)isl_map_dim(m, isl_dim_in),
      no = (int)isl_map_dim(m, isl_dim_out);
  m = isl_map_project_out(m, isl_dim_in, (unsigned)c, (unsigned)(ni - c));
  m = isl_map_project_out(m, isl_dim_out, (unsigned)c, (unsigned)(no - c));
  isl_space *sp = isl_space_set_alloc(isl_map_get_ctx(m), 0, (unsigned)c);
  sp = isl_space_align_params(sp, isl_map_get_space(m));
  sp = isl_space_map_from_set(sp);
  isl_space *msp = isl_map_get_space(m);
  /* drop tuple and dimension names so the two sides match */
  isl_map *to_anon_in = isl_map_universe(isl_space_map_from_domain_and_range(
      isl_space_domain(isl_space_copy(msp)),
      isl_space_domain(isl_space_copy(sp))));
  isl_map *to_anon_out = isl_map_universe(isl_space_map_from_domain_and_range(
      isl_space_range(msp), isl_space_range(sp)));
  for (int d = 0; d < c; d++) {
    to_anon_in = isl_map_equate(to_anon_in, isl_dim_in, d, isl_dim_out, d);
    to_anon_out = isl_map_equate(to_anon_out, isl_dim_in, d, isl_dim_out, d);
  }
  m = isl_map_apply_domain(m, to_anon_in);
  m = isl_map_apply_range(m, to_anon_out);
  return isl_set_coalesce(isl_map_deltas(m));
}

void dep_representative(__isl_keep isl_set *deltas, int c, int64_t *v,
                        bool *have_v) {
  isl_set *s = isl_set_coalesce(isl_set_copy(deltas));
  for (int d = 0; d < c; d++) {
    isl_val *m = isl_set_dim_min_val(isl_set_copy(s), d);
    if (m && isl_val_is_int(m) == isl_bool_true) {
      v[d] = isl_val_get_num_si(m);
      have_v[d] = true;
      s = isl_set_fix_si(s, isl_dim_set, (unsigned)d, (int)v[d]);
    } else {
      v[d] = 0;
      have_v[d] = false;
    }
    isl_val_free(m);
  }
  if (isl_set_is_empty(s) != isl_bool_false) {
    /* should not happen; fall back to any point of the set */
    isl_point *p = isl_set_sample_point(isl_set_copy(deltas));
    for (int d = 0; d < c; d++) {
      isl_val *x = isl_point_get_coordinate_val(p, isl_dim_set, d);
      have_v[d] = x && isl_val_is_int(x) == isl_bool_true;
      v[d] = have_v[d] ? isl_val_get_num_si(x) : 0;
      isl_val_free(x);
    }
    isl_point_free(p);
  }
  isl_set_free(s);
}

/* ---- one access (deps/dep_access.c) ------------------------------------- */

__isl_give isl_map *dep_access_relation(dep_graph *g, const dep_stmt *st,
                                        const ir_expr *e) {
  /* the parameters the graph was built with, in its order (positions name
   * them) */
  bld b = {.ctx = g->ctx,
           .k = g->k,
           .isl = g->isl,
           .params = g->params,
           .nstmts = g->nstmts};
  isl_size np = isl_set_dim(st->domain, isl_dim_param);
  if (np < 0 || np != b.params.len)
    return NULL;
  b.st = (dep_stmt *)st;
  b.space = isl_set_get_space(st->domain);
  b.where = st->domain;
  add_access(&b, e, false);
  isl_space_free(b.space);
  isl_map *m = NULL;
  for (int i = 0; i < b.mems.len; i++) {
    mem *me = b.mems.items[i];
    for (int j = 0; j <= b.nstmts; j++) {
      if (!m && me->r[j])
        m = isl_map_intersect_domain(isl_map_copy(me->r[j]),
                                     isl_set_copy(st->domain));
      isl_map_free(me->w[j]);
      isl_map_free(me->r[j]);
    }
    isl_union_map_free(me->wmust);
  }
  return m;
}

/* ---- scalars: value-based flow (the queries: dep_scalar.c) ------------- */

__isl_give isl_union_map *dep_scalar_value_flow(
    __isl_keep isl_union_map *reads, __isl_keep isl_union_map *must_writes,
    __isl_keep isl_union_map *may_writes, __isl_keep isl_union_map *sched,
    __isl_give isl_union_map **no_source) {
  isl_union_access_info *ai =
      isl_union_access_info_from_sink(isl_union_map_copy(reads));
  ai = isl_union_access_info_set_must_source(ai,
                                             isl_union_map_copy(must_writes));
  ai = isl_union_access_info_set_may_source(ai, isl_union_map_copy(may_writes));
  ai = isl_union_access_info_set_schedule_map(ai, isl_union_map_copy(sched));
  isl_union_flow *f = isl_union_access_info_compute_flow(ai);
  if (!f) {
    *no_source = NULL;
    return NULL;
  }
  isl_union_map *dep = isl_union_flow_get_may_dependence(f);
  *no_source = isl_union_flow_get_may_no_source(f);
  isl_union_flow_free(f);
  return dep;
}

dep_stmt *dep_stmt_named(dep_graph *g, const char *name) {
  for (int i = 0; i < g->nstmts; i++)
    if (name && strcmp(g->stmts[i].name, name) == 0)
      return &g->stmts[i];
  return NULL;
}

const dep_scalar *dep_scalar_of(const dep_graph *g, int mem_index) {
  for (int i = 0; i < g->scalars.len; i++) {
    const dep_scalar *x = g->scalars.items[i];
    if (x->mem_index == mem_index)
      return x;
  }
  return NULL;
}

typedef struct escape_data {
  dep_graph *g;
  ir_node **scope;
  int nscope;
  bool hit;
} escape_data;

static bool node_in(const escape_data *x, const ir_node *n) {
  return within_scope(x->scope, x->nscope, n);
}

/* A flow relation from a statement in the scope to one outside it, not
 * empty (or of an unknown statement). */
static isl_stat escape_cb(__isl_take isl_map *m, void *user) {
  escape_data *x = user;
  dep_stmt *s = dep_stmt_named(x->g, isl_map_get_tuple_name(m, isl_dim_in));
  dep_stmt *t = dep_stmt_named(x->g, isl_map_get_tuple_name(m, isl_dim_out));
  if (!s || !t || (node_in(x, s->node) && !node_in(x, t->node)))
    x->hit = x->hit || isl_map_is_empty(m) != isl_bool_true;
  isl_map_free(m);
  return isl_stat_ok;
}

bool dep_scalar_leaves_scope(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                             int nscope, const ir_var *v) {
  dep_graph *g = dep_graph_build_scalars(ctx, k);
  escape_data x = {g, scope, nscope, false};
  bool seen = false;
  for (int i = 0; i < g->scalars.len && !x.hit; i++) {
    const dep_scalar *sc = g->scalars.items[i];
    if (sc->var != v)
      continue;
    seen = true;
    if (!sc->flow)
      x.hit = true;
    else
      isl_union_map_foreach_map(sc->flow, escape_cb, &x);
  }
  dep_graph_free(g);
  return x.hit || !seen;
}
