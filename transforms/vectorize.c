/* vectorize.c — loop.vectorize: executes an innermost loop's iterations
 * W at a time with explicit vector IR (see "vectors" in ir/ir.h).
 *
 * Shape of the result, for `for (i = lb; i < ub; i++) body` and width W:
 *
 *   decl T<W> s_acc = broadcast(0)          one per reduction (reassoc)
 *   for i = lb to split step W vectorized(W) { vector body }
 *   for i = split to ub { body }            scalar epilogue, or (AVX-512)
 *                                           the vector body with every
 *                                           access masked to the ub - i
 *                                           remaining lanes (a reduction
 *                                           only when its operand is 0
 *                                           where its loads are 0:
 *                                           zero_at_zero)
 *   s += reduce_add(s_acc)                  one per reduction, after the
 *                                           last vector loop (before a
 *                                           scalar epilogue); W of them
 *                                           into W consecutive elements
 *                                           are one transposed reduction
 *                                           (below)
 *
 * With {interleave = K} the vector loop steps by K * W with K accumulators
 * per reduction, and the remainder's whole vectors run in a loop of one
 * vector (W at a time, into the first accumulators) before the K
 * accumulators are folded in a tree and reduced: at most W - 1
 * iterations are left to the epilogue, not K * W - 1.
 *
 * split = max(lb, lb + floordiv(ub - lb, W) * W) (xf_split); with a
 * constant trip count that is a multiple of W there is no remainder loop.
 * A loop counting down by 1 is first reversed (its iterations are
 * independent, so their order does not matter).
 *
 * In the vector body: an access whose subscripts do not read i is invariant
 * and broadcast (so is every invariant subexpression); an access whose last
 * subscript has coefficient 1 in i and whose other subscripts do not read i
 * becomes a contiguous vector load or store; with coefficient -1 (stride
 * -1: durbin's y[k - i - 1]) a reversed one, the contiguous access at the
 * address of lane W - 1 (the lowest) under an IR_EXPR_SHUFFLE reversing
 * the lanes (a store stores the reversed value there); such a loop gets a
 * scalar remainder, never a masked one (a mask keeps the first lanes, a
 * reversed access would need the last); a scalar local assigned before
 * any read in each iteration (or declared in the body) becomes a vector
 * variable; `s op= e` / `s = s op e` (op +, -, *) on a scalar local or an
 * invariant array element that nothing else in the loop touches (for an
 * element, other accesses to its array are allowed when isl proves they
 * touch other elements: dep_access_lhs_private) is a reduction: a vector
 * accumulator and a horizontal reduction after the loop, only with
 * reassoc.  Each reduction statement is its own reduction with its own
 * accumulator (s[i], s[i + 1], ... after unroll-and-jam).  Lane-wise: + - * /
 * unary -, sqrt/sqrtf.  With contract (and an ISA with FMA: avx2, avx512), x*y
 * + z, z + x*y, x*y - z, z - x*y and `z += x*y` / `z -= x*y` become fused
 * multiply-adds (CALL fmaf/fma, negated operands for the subtracting forms).
 *
 * Refused (silenceable, payload untouched): not a loop, a step other than
 * ±1, an inner loop or an if in the body, an element type other than
 * float/double or a loop mixing them, an access with a stride other than
 * 0, 1 or -1 in i (or i in a non-last subscript), i used as a value, a call
 * other than sqrt, a comparison/select/cast of loop-variant values, a
 * scalar carrying a value across iterations that is not a recognized
 * reduction, a written array accessed through different subscripts that
 * may touch the written elements (dep_access_disjoint), a reduction into
 * an element another access may touch, a reduction without reassoc, a temporary
 * read after the loop, a width the ISA does not have for the element type, an
 * ISA of another architecture than the target's (xf_isa_fits_target), a
 * kernel already vectorized for another ISA, an iv whose value after
 * the loop is read (xf_final_value_unread) when the loop counts down (it is
 * reversed; an iv read after the loop gets a scalar remainder instead of a
 * masked one, which would step past ub), and whatever dep_check_parallel
 * refuses.
 *
 * Sources: Allen and Kennedy, Optimizing Compilers for Modern
 * Architectures, 2001, ch. 5 (vectorization, strip-mining with a remainder
 * loop); Larsen and Amarasinghe's and LLVM's loop vectorizer for the
 * accumulator/horizontal-reduction scheme.
 */
#include "../deps/dep.h"
#include "xf_util.h"

#include <string.h>

enum { VX_TEMP, VX_RED };

/* A scalar local or invariant element the loop writes. */
typedef struct vx_def {
  int kind;         /* VX_TEMP or VX_RED */
  ir_expr *target;  /* IR_EXPR_VAR (temps, reductions) or invariant access */
  ir_node *stmt;    /* reductions: the update statement */
  ir_op op;         /* reductions: ADD, SUB (s -= e, s = s - e) or MUL */
  ir_expr *operand; /* reductions: e */
  ir_var *vvar;     /* the vector variable (after checking) */
} vx_def;

typedef struct vx {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node *loop;
  ir_var *iv;
  int W;
  ir_type T;
  bool have_type;
  bool fma; /* contract and the ISA has FMA */
  /* {fma_adds}: the vector of ones (broadcast of a volatile 1.0), and
   * whether the copy being built adds its sums through it */
  ir_var *ones;
  bool on_fma;
  bool build;
  ir_expr *mask;  /* build: the mask of every vector access, or NULL */
  bool head_fits; /* {align}: the masked head's i += W stays in its type */
  bool reversed;  /* an access has stride -1 (a load or store reversed) */
  scc_vec defs;   /* vx_def * */
  scc_vec writes; /* ir_expr *: lhs accesses of non-reduction writes */
  dep_access *da; /* element queries on the loop (deps/dep_access.c) */
  /* the test that the loop runs (xf_runs_test), which guards each
   * reduction's final update of its target, or NULL when it surely runs */
  ir_expr *runs;
  const char *why;
  scc_loc why_loc;
} vx;

static void fail_at(vx *st, scc_loc loc, const char *fmt, ...) SCC_PRINTF(3, 4);
static void fail_at(vx *st, scc_loc loc, const char *fmt, ...) {
  if (st->why)
    return;
  va_list ap;
  va_start(ap, fmt);
  st->why = scc_arena_vprintf(st->ctx->arena, fmt, ap);
  va_end(ap);
  st->why_loc = loc.file ? loc : st->loop->loc;
}

/* The C spelling of e, for messages. */
static const char *text(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  char *s = scc_arena_strdup(ctx->arena, b.data ? b.data : "");
  scc_buf_free(&b);
  return s;
}

static vx_def *def_of_var(const vx *st, const ir_var *v) {
  for (int i = 0; i < st->defs.len; i++) {
    vx_def *d = st->defs.items[i];
    if (d->target->kind == IR_EXPR_VAR && d->target->u.var == v)
      return d;
  }
  return NULL;
}

typedef struct uses_ctx {
  const vx *st;
  bool variant;
} uses_ctx;

static void note_variant(ir_expr *e, void *data) {
  uses_ctx *u = data;
  if (e->kind == IR_EXPR_VAR &&
      (e->u.var == u->st->iv || def_of_var(u->st, e->u.var)))
    u->variant = true;
}

/* True when e's value may differ between iterations of the loop. */
static bool is_variant(const vx *st, ir_expr *e) {
  uses_ctx u = {st, false};
  ir_walk_expr(e, note_variant, &u);
  return u.variant;
}

static ir_expr *new_vexpr(scc_ctx *ctx, ir_expr_kind kind, ir_type t, int W,
                          scc_loc loc) {
  ir_expr *e = scc_arena_alloc(ctx->arena, sizeof *e);
  e->kind = kind;
  e->type = t;
  e->lanes = W;
  e->loc = loc;
  return e;
}

static ir_expr *broadcast(vx *st, ir_expr *a) {
  ir_expr *e = new_vexpr(st->ctx, IR_EXPR_BROADCAST, st->T, st->W, a->loc);
  e->u.un.a = ir_expr_clone(st->ctx, a, NULL);
  return e;
}

/* The lanes of the vector a in reverse order: a shuffle picking lane
 * W - 1 - l of a for lane l (its second operand, unused, a broadcast
 * 0).  A
 * stride -1 access of lanes l = 0 .. W-1 (elements e - l) is this of the
 * contiguous access at the address of lane W - 1 (e - W + 1 .. e); a
 * store into one stores the reversed value there. */
static ir_expr *reverse(vx *st, ir_expr *a) {
  ir_expr *e = new_vexpr(st->ctx, IR_EXPR_SHUFFLE, a->type, st->W, a->loc);
  int *mask = scc_arena_alloc(st->ctx->arena, sizeof(int) * (size_t)st->W);
  for (int l = 0; l < st->W; l++)
    mask[l] = st->W - 1 - l;
  e->u.shuf.a = a;
  e->u.shuf.b = broadcast(st, ir_fp(st->ctx, a->type, 0.0, NULL));
  e->u.shuf.mask = mask;
  return e;
}

static ir_expr *fma_of(vx *st, ir_expr *a, ir_expr *b, ir_expr *c,
                       scc_loc loc) {
  ir_expr *args[3] = {a, b, c};
  ir_expr *e =
      ir_call(st->ctx, st->T == IR_TY_FLOAT ? "fmaf" : "fma", 3, args, st->T);
  e->lanes = st->W;
  e->loc = loc;
  return e;
}

static ir_expr *vneg(vx *st, ir_expr *a) {
  ir_expr *e = ir_unary(st->ctx, IR_OP_NEG, a, st->T);
  e->lanes = st->W;
  e->loc = a->loc;
  return e;
}

static bool is_vmul(const ir_expr *e) {
  return e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MUL && e->lanes > 1;
}

/* With contract: x*y + z, z + x*y -> fma(x, y, z); x*y - z -> fma(x, y, -z);
 * z - x*y -> fma(-x, y, z).  Other expressions unchanged. */
static ir_expr *contract(vx *st, ir_expr *e) {
  if (!st->fma || e->kind != IR_EXPR_BINARY || e->lanes <= 1)
    return e;
  ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
  if (e->u.bin.op == IR_OP_ADD) {
    if (is_vmul(a))
      return fma_of(st, a->u.bin.a, a->u.bin.b, b, e->loc);
    if (is_vmul(b))
      return fma_of(st, b->u.bin.a, b->u.bin.b, a, e->loc);
  } else if (e->u.bin.op == IR_OP_SUB) {
    if (is_vmul(a))
      return fma_of(st, a->u.bin.a, a->u.bin.b, vneg(st, b), e->loc);
    if (is_vmul(b))
      return fma_of(st, vneg(st, b->u.bin.a), b->u.bin.b, a, e->loc);
  }
  return e;
}

static void want_type(vx *st, const ir_expr *e) {
  if (st->why)
    return;
  if (!st->have_type) {
    if (e->type != IR_TY_FLOAT && e->type != IR_TY_DOUBLE) {
      fail_at(st, e->loc,
              "loop '%s' computes with %s ('%s'): loop.vectorize handles "
              "float and double only",
              st->iv->name, ir_type_name(e->type), text(st->ctx, e));
      return;
    }
    st->T = e->type;
    st->have_type = true;
  } else if (e->type != st->T) {
    fail_at(st, e->loc,
            "loop '%s' mixes %s and %s ('%s'): loop.vectorize needs one "
            "element type per loop",
            st->iv->name, ir_type_name(st->T), ir_type_name(e->type),
            text(st->ctx, e));
  }
}

/* Checks (st->build false) or builds (true) the vector form of a
 * loop-variant or invariant expression.  Check mode returns e or NULL
 * (st->why set). */
static ir_expr *vexpr(vx *st, ir_expr *e) {
  if (st->why)
    return NULL;
  if (!is_variant(st, e)) {
    if (st->build)
      return broadcast(st, e);
    /* invariant reads of arrays the loop writes are refused elsewhere */
    return e;
  }
  scc_ctx *ctx = st->ctx;
  if (e->kind == IR_EXPR_VAR && e->u.var == st->iv) {
    fail_at(st, e->loc,
            "loop '%s' uses its induction variable as a value: only as a "
            "subscript can it be vectorized",
            st->iv->name);
    return NULL;
  }
  want_type(st, e);
  if (st->why)
    return NULL;
  switch (e->kind) {
  case IR_EXPR_VAR: {
    if (!st->build)
      return e;
    vx_def *d = def_of_var(st, e->u.var);
    ir_expr *r = ir_var_ref(ctx, d->vvar);
    r->lanes = st->W;
    r->loc = e->loc;
    return r;
  }
  case IR_EXPR_ACCESS: {
    int n = e->u.access.n;
    int64_t c = 0;
    for (int d = 0; d < n; d++) {
      bool ok = xf_iv_coef(ctx, e->u.access.idx[d], st->iv, &c);
      if (!ok || (d < n - 1 && c != 0) || (d == n - 1 && c != 1 && c != -1)) {
        fail_at(st, e->loc,
                "access '%s' is neither unit-stride nor invariant in loop "
                "'%s'%s",
                text(ctx, e), st->iv->name,
                !ok         ? " (its subscript is not affine in it)"
                : d < n - 1 ? " (it is not in the last subscript)"
                            : scc_arena_printf(ctx->arena, " (stride %lld)",
                                               (long long)c));
        return NULL;
      }
    }
    if (c == -1)
      st->reversed = true;
    if (!st->build)
      return e;
    if (c == -1) { /* the lanes run down from the element of lane 0 */
      ir_subst last = {0};
      ir_subst_add(ctx, &last, st->iv,
                   ir_add_const(ctx, ir_var_ref(ctx, st->iv), st->W - 1));
      ir_expr *r = ir_expr_clone(ctx, e, &last);
      r->u.access.idx[n - 1] = ir_simplify(ctx, r->u.access.idx[n - 1]);
      r->lanes = st->W;
      r->u.access.mask = NULL; /* no masked iteration: checked */
      return reverse(st, r);
    }
    ir_expr *r = ir_expr_clone(ctx, e, NULL);
    r->lanes = st->W;
    r->u.access.mask = st->mask ? ir_expr_clone(ctx, st->mask, NULL) : NULL;
    return r;
  }
  case IR_EXPR_BINARY: {
    ir_op op = e->u.bin.op;
    if (op != IR_OP_ADD && op != IR_OP_SUB && op != IR_OP_MUL &&
        op != IR_OP_DIV) {
      fail_at(st, e->loc,
              "loop '%s': operator '%s' in '%s' cannot be vectorized (only "
              "+, -, *, / on float or double)",
              st->iv->name, ir_op_name(op), text(ctx, e));
      return NULL;
    }
    ir_expr *a = vexpr(st, e->u.bin.a);
    ir_expr *b = vexpr(st, e->u.bin.b);
    if (!a || !b)
      return NULL;
    if (!st->build)
      return e;
    ir_expr *r = ir_binary(ctx, op, a, b, st->T);
    r->lanes = st->W;
    r->loc = e->loc;
    return contract(st, r);
  }
  case IR_EXPR_UNARY: {
    if (e->u.un.op != IR_OP_NEG) {
      fail_at(st, e->loc, "loop '%s': '%s' cannot be vectorized", st->iv->name,
              text(ctx, e));
      return NULL;
    }
    ir_expr *a = vexpr(st, e->u.un.a);
    if (!a)
      return NULL;
    return st->build ? vneg(st, a) : e;
  }
  case IR_EXPR_CALL: {
    const char *want = st->T == IR_TY_FLOAT ? "sqrtf" : "sqrt";
    if (strcmp(e->u.call.fn, want) != 0 || e->u.call.n != 1) {
      fail_at(st, e->loc,
              "loop '%s': the call '%s' cannot be vectorized (only %s)",
              st->iv->name, text(ctx, e), want);
      return NULL;
    }
    ir_expr *a = vexpr(st, e->u.call.args[0]);
    if (!a)
      return NULL;
    if (!st->build)
      return e;
    ir_expr *r = ir_call(ctx, want, 1, &a, st->T);
    r->lanes = st->W;
    r->loc = e->loc;
    return r;
  }
  default:
    fail_at(st, e->loc,
            "loop '%s': '%s' cannot be vectorized (comparisons, selects and "
            "casts of values that change in the loop are not supported)",
            st->iv->name, text(ctx, e));
    return NULL;
  }
}

/* ---- analysis -------------------------------------------------------------
 */

typedef struct mention {
  const ir_var *v;
  const ir_array *arr;
  bool found;
} mention;

static void find_mention(ir_expr *e, void *data) {
  mention *m = data;
  if ((m->v && e->kind == IR_EXPR_VAR && e->u.var == m->v) ||
      (m->arr && e->kind == IR_EXPR_ACCESS && e->u.access.array == m->arr))
    m->found = true;
}

static bool expr_mentions(ir_expr *e, const ir_var *v, const ir_array *arr) {
  if (!e)
    return false;
  mention m = {v, arr, false};
  ir_walk_expr(e, find_mention, &m);
  return m.found;
}

/* True when a node of the body other than `skip` mentions v / arr. */
static bool others_mention(ir_block *body, const ir_node *skip, const ir_var *v,
                           const ir_array *arr) {
  for (ir_node *n = body->first; n; n = n->next) {
    if (n == skip)
      continue;
    if (n->kind == IR_NODE_ASSIGN && (expr_mentions(n->u.assign.lhs, v, arr) ||
                                      expr_mentions(n->u.assign.rhs, v, arr)))
      return true;
    if (n->kind == IR_NODE_DECL &&
        (n->u.decl.var == v || expr_mentions(n->u.decl.init, v, arr)))
      return true;
  }
  return false;
}

/* A reduction statement `s op= e` or `s = s op e` / `s = e op s` (op +,
 * *; `s = s - e`) whose operand e does not read s: sets *op (ADD, SUB,
 * MUL) and *operand. */
static bool reduction_form(const ir_node *n, ir_op *op, ir_expr **operand) {
  const ir_assign *a = &n->u.assign;
  const ir_expr *s = a->lhs;
  ir_var *v = s->kind == IR_EXPR_VAR ? s->u.var : NULL;
  const ir_array *arr = s->kind == IR_EXPR_ACCESS ? s->u.access.array : NULL;
  if (a->op == IR_OP_ADD || a->op == IR_OP_SUB || a->op == IR_OP_MUL) {
    *op = a->op;
    *operand = a->rhs;
  } else if (a->op == IR_OP_NONE && a->rhs->kind == IR_EXPR_BINARY &&
             (a->rhs->u.bin.op == IR_OP_ADD || a->rhs->u.bin.op == IR_OP_SUB ||
              a->rhs->u.bin.op == IR_OP_MUL) &&
             a->rhs->type == s->type) {
    *op = a->rhs->u.bin.op;
    if (ir_expr_equal(a->rhs->u.bin.a, s))
      *operand = a->rhs->u.bin.b;
    else if (*op != IR_OP_SUB && ir_expr_equal(a->rhs->u.bin.b, s))
      *operand = a->rhs->u.bin.a;
    else
      return false;
  } else {
    return false;
  }
  /* other elements of an array target: asked of isl (classify_defs) */
  (void)arr;
  return !expr_mentions(*operand, v, NULL);
}

typedef struct outside {
  const ir_var *v;
  const ir_node *loop;
  bool read;
} outside;

static bool find_outside_read(ir_node *n, void *data) {
  outside *o = data;
  if (n == o->loop)
    return false;
  switch (n->kind) {
  case IR_NODE_LOOP:
    o->read |= expr_mentions(n->u.loop.lb, o->v, NULL) ||
               expr_mentions(n->u.loop.ub, o->v, NULL);
    break;
  case IR_NODE_IF:
    o->read |= expr_mentions(n->u.ifs.cond, o->v, NULL);
    break;
  case IR_NODE_DECL:
    o->read |= expr_mentions(n->u.decl.init, o->v, NULL);
    break;
  case IR_NODE_ASSIGN: {
    const ir_assign *a = &n->u.assign;
    o->read |= expr_mentions(a->rhs, o->v, NULL);
    if (a->lhs->kind == IR_EXPR_VAR)
      o->read |= a->op != IR_OP_NONE && a->lhs->u.var == o->v;
    else
      o->read |= expr_mentions(a->lhs, o->v, NULL);
    break;
  }
  }
  return true;
}

static bool read_outside(ir_kernel *k, const ir_node *loop, const ir_var *v) {
  outside o = {v, loop, false};
  ir_walk_block(&k->body, find_outside_read, &o);
  return o.read;
}

/* Classifies the scalars and invariant elements the body writes. */
static void classify_defs(vx *st, bool reassoc) {
  scc_ctx *ctx = st->ctx;
  ir_block *body = &st->loop->u.loop.body;
  for (ir_node *n = body->first; n && !st->why; n = n->next) {
    if (n->kind == IR_NODE_DECL) {
      vx_def *d = scc_arena_alloc(ctx->arena, sizeof *d);
      d->kind = VX_TEMP;
      d->target = ir_var_ref(ctx, n->u.decl.var);
      scc_vec_push(ctx->arena, &st->defs, d);
      continue;
    }
    ir_expr *lhs = n->u.assign.lhs;
    bool var = lhs->kind == IR_EXPR_VAR;
    if (!var && is_variant(st, lhs))
      continue; /* a store through an iv-dependent subscript */
    if (var && def_of_var(st, lhs->u.var))
      continue; /* a later write of a temporary */
    ir_var *v = var ? lhs->u.var : NULL;
    const ir_array *arr = var ? NULL : lhs->u.access.array;
    ir_op op;
    ir_expr *operand;
    vx_def *d = scc_arena_alloc(ctx->arena, sizeof *d);
    d->target = lhs;
    bool red = reduction_form(n, &op, &operand);
    if (red && arr &&
        (others_mention(body, n, NULL, arr) ||
         expr_mentions(operand, NULL, arr))) {
      /* other accesses to the target's array: a private reduction when
       * isl proves they never touch its element (cholesky's
       * A[i][j] -= A[i][k] * A[j][k] over k < j; one row sum per jammed
       * row: s[i] += ...; s[i + 1] += ...) */
      if (!dep_access_lhs_private(st->da, n)) {
        fail_at(st, n->loc,
                "loop '%s' reduces into the invariant element '%s', which "
                "another access to '%s' in the loop may touch (a dependence "
                "carried by the loop): a reduction gets a vector accumulator "
                "only when nothing else in the loop touches its element",
                st->iv->name, text(ctx, lhs), arr->name);
        return;
      }
    } else if (red && v && others_mention(body, n, v, NULL)) {
      red = false;
    }
    if (red) {
      if (!reassoc) {
        fail_at(st, n->loc,
                "loop '%s' has a reduction into '%s': add {reassoc} to "
                "allow reassociating it into vector accumulators",
                st->iv->name, text(ctx, lhs));
        return;
      }
      d->kind = VX_RED;
      d->stmt = n;
      d->op = op;
      d->operand = operand;
      want_type(st, lhs);
      scc_vec_push(ctx->arena, &st->defs, d);
      continue;
    }
    if (!var) {
      fail_at(st, n->loc,
              "loop '%s' writes the invariant element '%s' in every "
              "iteration (a dependence carried by the loop)",
              st->iv->name, text(ctx, lhs));
      return;
    }
    /* a temporary: written (plainly, from values of this iteration) before
     * anything in the body reads it, and not read after the loop */
    bool first = true;
    for (ir_node *p = body->first; p != n; p = p->next)
      if (p->kind == IR_NODE_ASSIGN && expr_mentions(p->u.assign.rhs, v, NULL))
        first = false;
    if (!first || n->u.assign.op != IR_OP_NONE ||
        expr_mentions(n->u.assign.rhs, v, NULL)) {
      fail_at(st, n->loc,
              "loop '%s': scalar '%s' carries a value from one iteration to "
              "the next and is not a recognized reduction",
              st->iv->name, v->name);
      return;
    }
    if (read_outside(st->k, st->loop, v)) {
      fail_at(st, n->loc,
              "loop '%s': scalar '%s' is read after the loop; its last value "
              "would not be kept by loop.vectorize",
              st->iv->name, v->name);
      return;
    }
    d->kind = VX_TEMP;
    scc_vec_push(ctx->arena, &st->defs, d);
  }
}

typedef struct acc_check {
  vx *st;
  const ir_expr *w; /* a written access */
} acc_check;

static void check_same_access(ir_expr *e, void *data) {
  acc_check *c = data;
  if (c->st->why || e->kind != IR_EXPR_ACCESS ||
      e->u.access.array != c->w->u.access.array)
    return;
  if (!ir_expr_equal(e, c->w) && !dep_access_disjoint(c->st->da, c->w, e))
    fail_at(c->st, e->loc,
            "loop '%s' writes '%s' and accesses '%s', which may touch the "
            "same element in different iterations: a dependence may be "
            "carried by the loop",
            c->st->iv->name, text(c->st->ctx, c->w), text(c->st->ctx, e));
}

/* Every access to an array the loop stores into (other than reductions) has
 * the subscripts of the store (dependences are then loop-independent), or
 * isl proves that it never touches an element the store writes within the
 * loop (dep_access_disjoint: trmm's B[i][j] and B[k][j] with k > i, lu's
 * A[i][j], A[i][k] and A[k][j] with k < i <= j). */
static void check_writes(vx *st) {
  ir_block *body = &st->loop->u.loop.body;
  for (ir_node *n = body->first; n; n = n->next) {
    if (n->kind != IR_NODE_ASSIGN || n->u.assign.lhs->kind != IR_EXPR_ACCESS)
      continue;
    bool red = false;
    for (int i = 0; i < st->defs.len; i++)
      red |= ((vx_def *)st->defs.items[i])->stmt == n;
    if (!red)
      scc_vec_push(st->ctx->arena, &st->writes, n->u.assign.lhs);
  }
  for (int i = 0; i < st->writes.len && !st->why; i++) {
    acc_check c = {st, st->writes.items[i]};
    for (ir_node *n = body->first; n && !st->why; n = n->next) {
      if (n->kind == IR_NODE_ASSIGN) {
        ir_walk_expr(n->u.assign.lhs, check_same_access, &c);
        ir_walk_expr(n->u.assign.rhs, check_same_access, &c);
      } else if (n->u.decl.init) {
        ir_walk_expr(n->u.decl.init, check_same_access, &c);
      }
    }
  }
}

/* ---- building -------------------------------------------------------------
 */

static ir_expr *vvar_ref(vx *st, ir_var *v, scc_loc loc) {
  ir_expr *r = ir_var_ref(st->ctx, v);
  r->lanes = st->W;
  r->loc = loc;
  return r;
}

/* The vector form of one body node, appended to `to`. */
static void build_node(vx *st, ir_block *to, ir_node *n) {
  scc_ctx *ctx = st->ctx;
  if (n->kind == IR_NODE_DECL) {
    vx_def *d = def_of_var(st, n->u.decl.var);
    ir_expr *init = n->u.decl.init ? vexpr(st, n->u.decl.init) : NULL;
    ir_block_append(to, ir_decl_new(ctx, d->vvar, init, n->loc));
    return;
  }
  ir_assign *a = &n->u.assign;
  ir_expr *lhs;
  ir_op op = a->op;
  ir_expr *rhs;
  vx_def *red = NULL;
  for (int i = 0; i < st->defs.len; i++)
    if (((vx_def *)st->defs.items[i])->stmt == n)
      red = st->defs.items[i];
  if (red) {
    lhs = vvar_ref(st, red->vvar, a->lhs->loc);
    op = red->op == IR_OP_MUL ? IR_OP_MUL : red->op;
    rhs = vexpr(st, red->operand);
  } else if (a->lhs->kind == IR_EXPR_VAR) {
    lhs = vvar_ref(st, def_of_var(st, a->lhs->u.var)->vvar, a->lhs->loc);
    rhs = vexpr(st, a->rhs);
  } else {
    lhs = vexpr(st, a->lhs);
    rhs = vexpr(st, a->rhs);
  }
  /* z += x*y -> z = fma(x, y, z); z -= x*y -> z = fma(-x, y, z) */
  if (st->fma && (op == IR_OP_ADD || op == IR_OP_SUB) && is_vmul(rhs)) {
    ir_expr *x = rhs->u.bin.a;
    rhs = fma_of(st, op == IR_OP_SUB ? vneg(st, x) : x, rhs->u.bin.b,
                 ir_expr_clone(ctx, lhs, NULL), rhs->loc);
    op = IR_OP_NONE;
  }
  /* {fma_adds}: acc += e -> acc = fma(e, 1, acc); acc -= e ->
   * acc = fma(-e, 1, acc): e * 1 is exact, so the one rounding is the
   * addition's and the value is the same; the FMA units execute it */
  if (red && st->on_fma && (op == IR_OP_ADD || op == IR_OP_SUB)) {
    rhs = fma_of(st, op == IR_OP_SUB ? vneg(st, rhs) : rhs,
                 vvar_ref(st, st->ones, rhs->loc),
                 ir_expr_clone(ctx, lhs, NULL), rhs->loc);
    op = IR_OP_NONE;
  }
  /* a store with stride -1: the contiguous store at the address of lane
   * W - 1 of the reversed value (lane-wise compound ops alike) */
  if (lhs->kind == IR_EXPR_SHUFFLE) {
    lhs = lhs->u.shuf.a;
    rhs = reverse(st, rhs);
  }
  ir_node *s = ir_assign_new(ctx, st->k, lhs, op, rhs, n->loc);
  s->u.assign.id = a->id;
  ir_block_append(to, s);
}

/* Replaces the body of `loop` by the vector form of the original body
 * nodes `orig` (ir_node *, unchanged by building), declaring the vector
 * temporaries that are assigned (not declared) in the body at its top. */
static void vectorize_body(vx *st, ir_node *loop, const scc_vec *orig) {
  ir_block nb;
  ir_block_init(&nb, loop);
  for (int i = 0; i < st->defs.len; i++) {
    vx_def *d = st->defs.items[i];
    if (d->kind != VX_TEMP)
      continue;
    bool declared = false;
    for (int j = 0; j < orig->len; j++) {
      const ir_node *n = orig->items[j];
      declared |= n->kind == IR_NODE_DECL && n->u.decl.var == d->target->u.var;
    }
    if (!declared)
      ir_block_append(&nb, ir_decl_new(st->ctx, d->vvar, NULL, loop->loc));
  }
  for (int j = 0; j < orig->len; j++)
    build_node(st, &nb, orig->items[j]);
  ir_block *body = &loop->u.loop.body;
  while (body->first)
    ir_remove(body->first);
  ir_block_move_all(body, &nb);
  loop->u.loop.attrs |= IR_LOOP_VECTORIZED;
  loop->u.loop.vwidth = st->W;
}

/* {align}: the access the vector loop aligns, in the original body: the
 * lhs of the first store into an array that is not a reduction, else the
 * first loop-variant array read.  Every such access is contiguous (checked
 * before).  NULL when the body has none (only invariant accesses). */
typedef struct align_find {
  const vx *st;
  ir_expr *found;
} align_find;

static void note_variant_access(ir_expr *e, void *data) {
  align_find *f = data;
  if (!f->found && e->kind == IR_EXPR_ACCESS && is_variant(f->st, e))
    f->found = e;
}

static ir_expr *align_ref(const vx *st, const scc_vec *orig) {
  for (int j = 0; j < orig->len; j++) {
    ir_node *n = orig->items[j];
    if (n->kind != IR_NODE_ASSIGN || n->u.assign.lhs->kind != IR_EXPR_ACCESS ||
        !is_variant(st, n->u.assign.lhs))
      continue;
    bool red = false;
    for (int i = 0; i < st->defs.len; i++)
      red |= ((vx_def *)st->defs.items[i])->stmt == n;
    if (!red)
      return n->u.assign.lhs;
  }
  align_find f = {st, NULL};
  for (int j = 0; j < orig->len && !f.found; j++)
    ir_walk_node_exprs(orig->items[j], note_variant_access, &f);
  return f.found;
}

/* The instruction set when the schedule names none. */
static ir_isa host_isa(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return IR_ISA_AVX512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return IR_ISA_AVX2;
  if (__builtin_cpu_supports("sse4.2"))
    return IR_ISA_SSE42;
#endif
  return IR_ISA_SCALAR;
}

static ir_isa resolve_isa(scc_ctx *ctx, const ir_kernel *k, ir_isa isa) {
  if (isa != IR_ISA_DEFAULT)
    return isa;
  if (k->isa != IR_ISA_DEFAULT)
    return k->isa;
  ir_isa t;
  if (ctx->target_isa && ir_isa_parse(ctx->target_isa, &t))
    return t;
  return host_isa();
}

/* {fma_adds = F}: refused (false, with the reason) unless the ISA has FMA,
 * 1 <= F <= interleave, the element type is floating point (checked by the
 * caller's type rules) and some sum reduction (s += e, s -= e) is not
 * already contracted into fused multiply-adds. */
static bool check_fma_adds(vx *st, ir_isa isa, int interleave, int fma_adds) {
  const char *ivn = xf_iv_name(st->loop);
  if (!ir_isa_has_fma(st->ctx, isa)) {
    scc_fail(st->ctx, st->loop->loc,
             "loop '%s' {fma_adds = %d}: %s has no fused multiply-add%s; use "
             "isa \"avx2\" or \"avx512\", or vectorize without fma_adds",
             ivn, fma_adds, ir_isa_name(isa),
             isa == IR_ISA_AVX2 ? " with these compile flags (-mavx2 without "
                                  "-mfma: add -mfma or -march=haswell)"
                                : "");
    return false;
  }
  if (fma_adds > interleave) {
    scc_fail(st->ctx, st->loop->loc,
             "loop '%s' {fma_adds = %d}: more than the %d accumulator%s of "
             "each reduction ({interleave = %d}); use at most %d",
             ivn, fma_adds, interleave, interleave == 1 ? "" : "s", interleave,
             interleave);
    return false;
  }
  int sums = 0, contracted = 0;
  for (int i = 0; i < st->defs.len; i++) {
    const vx_def *d = st->defs.items[i];
    if (d->kind != VX_RED || (d->op != IR_OP_ADD && d->op != IR_OP_SUB))
      continue;
    sums++;
    /* build_node contracts a product that changes in the loop (an
     * invariant one is broadcast and added) */
    contracted += st->fma && d->operand->kind == IR_EXPR_BINARY &&
                  d->operand->u.bin.op == IR_OP_MUL &&
                  is_variant(st, d->operand);
  }
  if (sums == 0 || contracted == sums) {
    scc_fail(st->ctx, st->loop->loc,
             "loop '%s' {fma_adds = %d}: %s, so there is no addition to move "
             "to the FMA units; vectorize without fma_adds",
             ivn, fma_adds,
             sums == 0 ? "the loop has no sum reduction (s += e)"
                       : "every sum reduction is already a fused multiply-add "
                         "(contract)");
    return false;
  }
  return true;
}

ir_isa xf_vector_isa(scc_ctx *ctx, const ir_kernel *k, ir_isa isa) {
  return resolve_isa(ctx, k, isa);
}

/* What the checks of xf_vectorize_interleaved settle, for the rewrite. */
typedef struct vplan {
  ir_isa isa;       /* resolved (resolve_isa) */
  int width;        /* W, 0 until chosen */
  int interleave;   /* K, at least 1 once checked */
  int fma_adds;     /* 0 also when the vector loop never runs */
  bool contract_ok; /* {contract} asked */
  bool align;       /* {align} asked */
  int esize;        /* the element's size in bytes */
  int64_t chunk;    /* K * W, the vector loop's step */
  bool exact;       /* no remainder: the trip count is a multiple of K*W */
  bool want_masked; /* {masked}: a masked remainder on avx2 too */
  bool masked;      /* the remainder (and head) is one masked iteration */
  scc_vec orig;     /* the original body nodes (kept intact) */
  ir_expr *ref;     /* {align}: the access aligned (align_ref), or NULL */
} vplan;

/* The checks on the loop before its body is analyzed: a loop, an isa of
 * the target's architecture that is the kernel's, not vectorized yet, step 1 or
 * -1, an innermost straight-line non-empty body.  *isa is resolved
 * (resolve_isa).  False, reported, when refused. */
static bool check_loop(scc_ctx *ctx, ir_kernel *k, ir_node *loop, ir_isa *isa) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return false;
  }
  ir_loop *l = &loop->u.loop;
  const char *ivn = xf_iv_name(loop);
  *isa = resolve_isa(ctx, k, *isa);
  if (!xf_isa_fits_target(ctx, loop, *isa))
    return false;
  if (k->isa != IR_ISA_DEFAULT && k->isa != *isa) {
    scc_fail(ctx, loop->loc,
             "loop '%s': kernel '%s' already has vector code for %s; one "
             "kernel uses one isa (asked for %s)",
             ivn, k->name, ir_isa_name(k->isa), ir_isa_name(*isa));
    return false;
  }
  if (l->attrs & IR_LOOP_VECTORIZED) {
    scc_fail(ctx, loop->loc, "loop '%s' is already vectorized", ivn);
    return false;
  }
  if (l->step != 1 && l->step != -1) {
    scc_fail(ctx, loop->loc,
             "loop '%s' has step %lld: loop.vectorize needs a step of 1 or "
             "-1",
             ivn, (long long)l->step);
    return false;
  }
  for (ir_node *n = l->body.first; n; n = n->next) {
    if (n->kind == IR_NODE_LOOP) {
      scc_fail(ctx, n->loc,
               "loop '%s' is not innermost: it contains loop '%s'; "
               "loop.vectorize applies to innermost loops",
               ivn, xf_iv_name(n));
      return false;
    }
    if (n->kind == IR_NODE_IF) {
      scc_fail(ctx, n->loc,
               "loop '%s' has an if in its body: loop.vectorize handles "
               "straight-line bodies (assignments and declarations) only",
               ivn);
      return false;
    }
  }
  if (ir_block_empty(&l->body)) {
    scc_fail(ctx, loop->loc, "loop '%s' has an empty body", ivn);
    return false;
  }
  return true;
}

/* The analysis of the body: its scalar definitions (temporaries and
 * reductions, classify_defs), the disjointness of its writes
 * (check_writes), then the element type and the vector form of each
 * statement in a trial run (want_type, vexpr), into st->defs, st->T and
 * st->reversed.  False, reported, when refused. */
static bool analyze_body(vx *st, bool reassoc) {
  scc_ctx *ctx = st->ctx;
  ir_loop *l = &st->loop->u.loop;
  st->W = 2; /* placeholder until the element type is known */
  st->da = dep_access_open(ctx, st->k, st->loop);
  classify_defs(st, reassoc);
  if (!st->why)
    check_writes(st);
  dep_access_close(st->da);
  st->da = NULL;
  for (ir_node *n = l->body.first; n && !st->why; n = n->next) {
    if (n->kind == IR_NODE_DECL) {
      want_type(st, ir_var_ref(ctx, n->u.decl.var));
      if (n->u.decl.init)
        vexpr(st, n->u.decl.init);
      continue;
    }
    vx_def *red = NULL;
    for (int i = 0; i < st->defs.len; i++)
      if (((vx_def *)st->defs.items[i])->stmt == n)
        red = st->defs.items[i];
    want_type(st, n->u.assign.lhs);
    if (red) {
      vexpr(st, red->operand);
    } else {
      if (n->u.assign.lhs->kind == IR_EXPR_ACCESS)
        vexpr(st, n->u.assign.lhs);
      vexpr(st, n->u.assign.rhs);
    }
  }
  if (st->why) {
    scc_fail(ctx, st->why_loc, "%s", st->why);
    return false;
  }
  return true;
}

/* {interleave = K}: p->interleave raised to at least 1; K > 1 needs a
 * body without vector temporaries and without declarations.  False,
 * reported, when refused. */
static bool check_interleave(vx *st, vplan *p) {
  const char *ivn = xf_iv_name(st->loop);
  if (p->interleave < 1)
    p->interleave = 1;
  for (int i = 0; i < st->defs.len && p->interleave > 1; i++)
    if (((vx_def *)st->defs.items[i])->kind != VX_RED) {
      scc_fail(st->ctx, st->loop->loc,
               "loop '%s': {interleave = %d} needs a body without vector "
               "temporaries (it writes '%s' before reading it); write the "
               "temporary's expression into its uses, or vectorize without "
               "interleave",
               ivn, p->interleave,
               text(st->ctx, ((vx_def *)st->defs.items[i])->target));
      return false;
    }
  for (ir_node *n = st->loop->u.loop.body.first; n && p->interleave > 1;
       n = n->next)
    if (n->kind == IR_NODE_DECL) {
      scc_fail(st->ctx, n->loc,
               "loop '%s': {interleave = %d} needs a body without "
               "declarations; vectorize without interleave",
               ivn, p->interleave);
      return false;
    }
  return true;
}

/* The width: p->width (the isa's vector of the element type when 0) must
 * be that vector and 2 to 64 lanes; sets p->esize, st->W and st->fma, and
 * checks {fma_adds} (check_fma_adds).  False, reported, when refused. */
static bool choose_width(vx *st, vplan *p) {
  scc_ctx *ctx = st->ctx;
  const char *ivn = xf_iv_name(st->loop);
  p->esize = st->T == IR_TY_FLOAT ? 4 : 8;
  int bytes = ir_isa_vector_bytes(p->isa);
  if (p->width == 0)
    p->width = bytes ? bytes / p->esize : 8;
  if (bytes && p->width * p->esize != bytes) {
    scc_fail(ctx, st->loop->loc,
             "loop '%s': width %d is not a vector of %s for %s (use width "
             "= %d)",
             ivn, p->width, ir_type_name(st->T), ir_isa_name(p->isa),
             bytes / p->esize);
    return false;
  }
  if (p->width < 2 || p->width > 64) {
    scc_fail(ctx, st->loop->loc,
             "loop '%s': width %d is out of range (2 to 64 lanes)", ivn,
             p->width);
    return false;
  }
  st->W = p->width;
  st->fma = p->contract_ok && ir_isa_has_fma(ctx, p->isa);
  if (p->fma_adds > 0 &&
      !check_fma_adds(st, p->isa, p->interleave, p->fma_adds))
    return false;
  return true;
}

/* The dependences (dep_check_parallel) and the remainder: p->chunk,
 * p->exact, p->masked, p->fma_adds dropped when the vector loop never
 * runs; a loop counting down must not have its iv's final value read.
 * False, reported, when refused. */

/* Whether a masked remainder loop `for (i = x; i < ub; i += W)` (one
 * iteration) can step past ub within the iv's type: ub's interval bound
 * plus W - 1 is a value of it. */
static bool tail_step_fits(scc_ctx *ctx, const ir_node *loop, int w) {
  int64_t hi;
  return xf_upper_bound(ctx, loop, loop->u.loop.ub, &hi) &&
         !__builtin_add_overflow(hi, (int64_t)w - 1, &hi) &&
         xf_fits_type(loop->u.loop.iv->type, hi);
}

/* True when e, the operand of a reduction, is 0 in every lane where each
 * loop-variant access reads 0: the lanes past the end of a masked
 * iteration, whose loads are zero-filled, then leave the accumulator as
 * it is (acc + 0 and acc - 0 are acc: an accumulator that starts at +0
 * never becomes -0 under round-to-nearest additions).  Variant accesses,
 * and -, +, *, sqrt of such operands (0 * 0, sqrt(0)); not an invariant
 * (broadcast: 0 * inf is NaN), a temporary, a division (0 / 0). */
static bool zero_at_zero(const vx *st, ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_ACCESS:
    return is_variant(st, e);
  case IR_EXPR_UNARY:
    return e->u.un.op == IR_OP_NEG && zero_at_zero(st, e->u.un.a);
  case IR_EXPR_BINARY:
    return (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB ||
            e->u.bin.op == IR_OP_MUL) &&
           zero_at_zero(st, e->u.bin.a) && zero_at_zero(st, e->u.bin.b);
  case IR_EXPR_CALL:
    return e->u.call.n == 1 && strncmp(e->u.call.fn, "sqrt", 4) == 0 &&
           zero_at_zero(st, e->u.call.args[0]);
  default:
    return false;
  }
}

/* Whether the reductions allow a masked remainder: each adds or subtracts
 * an operand that is 0 in the lanes a masked iteration does not load
 * (zero_at_zero).  Products (the identity 1) and the others keep the
 * scalar remainder. */
static bool reductions_maskable(const vx *st) {
  for (int i = 0; i < st->defs.len; i++) {
    const vx_def *d = st->defs.items[i];
    if (d->kind == VX_RED && ((d->op != IR_OP_ADD && d->op != IR_OP_SUB) ||
                              !zero_at_zero(st, d->operand)))
      return false;
  }
  return true;
}

static bool plan_remainder(vx *st, vplan *p, bool reassoc) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  ir_node *loop = st->loop;
  ir_loop *l = &loop->u.loop;
  const char *ivn = xf_iv_name(loop);
  scc_vec reds = {0};
  const char *why = NULL;
  if (!dep_check_parallel(ctx, k, loop, reassoc, &reds, &why)) {
    scc_fail(ctx, loop->loc, "loop.vectorize of '%s' %s", ivn,
             why ? why : "would violate a dependence carried by the loop");
    return false;
  }

  /* The iv's value after the loop changes when the loop is reversed or its
   * remainder is a masked vector iteration (which steps by W past ub): an
   * iv read after the loop gets a scalar remainder loop instead of the
   * masked one, which leaves it at ub as the original does. */
  int64_t trip;
  p->chunk = (int64_t)p->width * p->interleave;
  /* no remainder: a constant trip count that is a multiple of K*W, or a
   * condition around the loop saying so (loop.specialize "n % 16 == 0") */
  p->exact = !p->align &&
             (ir_loop_const_trip_count(ctx, loop, &trip)
                  ? trip % p->chunk == 0
                  : l->step == 1 &&
                        xf_known_multiple(ctx, loop, ir_sub(ctx, l->ub, l->lb),
                                          p->chunk));
  /* a vector loop that never runs (a constant trip count below K*W; the C
   * backend drops it) has no additions to move: no `ones` to declare */
  if (p->fma_adds > 0 && ir_loop_const_trip_count(ctx, loop, &trip) &&
      trip < p->chunk)
    p->fma_adds = 0;
  bool has_red = false;
  for (int i = 0; i < st->defs.len; i++)
    has_red |= ((vx_def *)st->defs.items[i])->kind == VX_RED;
  /* a masked access loads or stores its first m lanes: a reversed one
   * would need its last m, so stride -1 gets a scalar remainder; a
   * reduction is masked when its operand is 0 past the end
   * (reductions_maskable); with a peeled head its accumulators are
   * declared before the head, which adds into the first of them */
  p->masked =
      !p->exact && ir_isa_has_masked_access(p->isa) &&
      (p->isa == IR_ISA_AVX512 || p->want_masked) &&
      (!has_red || reductions_maskable(st)) && !st->reversed &&
      !xf_iv_read_after(k, loop, l->iv) &&
      (tail_step_fits(ctx, loop, p->width) || !xf_type_is_64bit(l->iv->type));
  if (l->step == -1 &&
      !xf_final_value_unread(
          ctx, k, loop, l->iv,
          scc_arena_printf(ctx->arena, "loop.vectorize of '%s'", ivn)))
    return false;
  /* counted up instead (rewrite), from ub + 1 while below lb + 1: both
   * values of the iv's type (lb = INT_MAX would step past it; ub = INT_MAX,
   * an empty loop, would start past it) */
  if (l->step == -1) {
    const char *what = scc_arena_printf(
        ctx->arena,
        "loop.vectorize of '%s' (counted up, from its end + 1 to "
        "its start + 1)",
        ivn);
    if (!xf_require_fits(ctx, k, loop,
                         ir_add_const(ctx, ir_expr_clone(ctx, l->ub, NULL), 1),
                         l->iv->type, what) ||
        !xf_require_fits(ctx, k, loop,
                         ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL), 1),
                         l->iv->type, what))
      return false;
  }
  return true;
}

/* Records the original body nodes in p->orig and, with {align}, the
 * access to align in p->ref, refusing a vector size that is not a power
 * of two, a loop marked parallel and a body with no loop-variant access.
 * False, reported, when refused. */
static bool plan_align(vx *st, vplan *p) {
  scc_ctx *ctx = st->ctx;
  ir_node *loop = st->loop;
  ir_loop *l = &loop->u.loop;
  const char *ivn = xf_iv_name(loop);
  for (ir_node *n = l->body.first; n; n = n->next)
    scc_vec_push(ctx->arena, &p->orig, n);
  p->ref = p->align ? align_ref(st, &p->orig) : NULL;
  int vbytes = p->width * p->esize;
  if (p->align && (vbytes & (vbytes - 1))) {
    scc_fail(ctx, loop->loc,
             "loop '%s' {align}: a vector of %d %ss is %d bytes, not a power "
             "of two, so no address is aligned to it; use a width of 2, 4, "
             "8, ... lanes, or vectorize without align",
             ivn, p->width, ir_type_name(st->T), vbytes);
    return false;
  }
  if (p->align && (l->attrs & IR_LOOP_PARALLEL)) {
    /* its start, iv_al, is a run-time value the dependence analysis cannot
     * represent: the parallel mark's re-check would see the vector
     * iterations overlap */
    scc_fail(ctx, loop->loc,
             "loop '%s' {align}: the loop is marked parallel (loop.parallel), "
             "and its aligned start is known only at run time, so the "
             "parallel mark could no longer be checked; vectorize it without "
             "align, or run an outer loop in parallel",
             ivn);
    return false;
  }
  if (p->align && !p->ref) {
    scc_fail(ctx, loop->loc,
             "loop '%s' {align}: the body accesses no array element that "
             "changes with '%s', so there is nothing to align; vectorize "
             "without align",
             ivn, ivn);
    return false;
  }
  return true;
}

/* Creates the vector variable of each definition (d->vvar: s_acc for a
 * reduction, t_v for a temporary) and, {interleave = K}, the K
 * accumulators of each reduction; returns them as accs[i][u], accs[i][0]
 * being defs[i]'s vvar. */
static ir_var ***make_vector_vars(vx *st, const vplan *p) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  ir_node *loop = st->loop;
  for (int i = 0; i < st->defs.len; i++) {
    vx_def *d = st->defs.items[i];
    const char *base =
        d->target->kind == IR_EXPR_VAR
            ? scc_arena_printf(ctx->arena, "%s_%s", d->target->u.var->name,
                               d->kind == VX_RED ? "acc" : "v")
            : scc_arena_printf(ctx->arena, "%s_acc",
                               d->target->u.access.array->name);
    d->vvar = ir_var_new(ctx, k, ir_fresh_name(ctx, k, base), st->T,
                         IR_VAR_LOCAL, loop->loc);
    d->vvar->lanes = p->width;
    d->vvar->declared_outside = true;
  }
  /* {interleave = K}: K accumulators per reduction (accs[i][u]) */
  ir_var ***accs = scc_arena_alloc(
      ctx->arena,
      sizeof(ir_var **) * (size_t)(st->defs.len ? st->defs.len : 1));
  for (int i = 0; i < st->defs.len; i++) {
    vx_def *d = st->defs.items[i];
    accs[i] =
        scc_arena_alloc(ctx->arena, sizeof(ir_var *) * (size_t)p->interleave);
    accs[i][0] = d->vvar;
    for (int u = 1; u < p->interleave; u++) {
      accs[i][u] = ir_var_new(ctx, k, ir_fresh_name(ctx, k, d->vvar->name),
                              st->T, IR_VAR_LOCAL, loop->loc);
      accs[i][u]->lanes = p->width;
      accs[i][u]->declared_outside = true;
    }
  }
  return accs;
}

/* The masked vector iteration m, `for (i = x; i < ub; i += W)` (at most
 * one iteration: the remainder after the vector loops, or the head of
 * {align}), vectorized with every access masked to ub - i lanes.  When
 * `i += W` could pass the largest value of the iv's type (not `fits`: for
 * the remainder tail_step_fits of its ub; for the head, whose iv_al is at
 * most the loop's ub, that of the loop or lb + W in the type), m counts in
 * a long long iv of its own. */
static void vectorize_masked(vx *st, const vplan *p, ir_node *m, bool fits) {
  scc_ctx *ctx = st->ctx;
  ir_var *iv = st->loop->u.loop.iv;
  ir_expr *ivr = ir_var_ref(ctx, iv);
  ir_var *wide = NULL;
  if (!fits) {
    ir_var *v = ir_var_new(
        ctx, st->k,
        ir_fresh_name(ctx, st->k,
                      scc_arena_printf(ctx->arena, "%s_r", iv->name)),
        IR_TY_LLONG, IR_VAR_IV, m->loc);
    v->declared_outside = false;
    ivr = ir_var_ref(ctx, v);
    wide = v;
  }
  ir_expr *ub = ir_expr_clone(ctx, m->u.loop.ub, NULL);
  st->mask = ir_binary(ctx, IR_OP_SUB, ub, ivr,
                       wide                    ? IR_TY_LLONG
                       : ub->type == IR_TY_INT ? iv->type
                                               : ub->type);
  m->u.loop.step = p->width;
  vectorize_body(st, m, &p->orig);
  if (wide) {
    ir_subst sub = {0};
    ir_subst_add(ctx, &sub, iv, ir_var_ref(ctx, wide));
    for (ir_node *q = m->u.loop.body.first; q; q = q->next)
      ir_node_substitute(ctx, q, &sub);
    m->u.loop.iv = wide;
    m->u.loop.ub = xf_bound_for_iv(ctx, m->u.loop.ub, IR_TY_LLONG);
  }
}

/* {align}: peeling for alignment.  iv_al = min(ub, lb + the elements
 * from ref's address at lb to the next multiple of the vector's size);
 * the head [lb, iv_al) is one masked vector iteration (or a scalar loop
 * where the remainder could not be masked), and the vector loop starts
 * at iv_al, where ref is aligned.  Inserts the declaration of iv_al and
 * the head (still scalar) before the loop and returns the head. */
static ir_node *peel_head(vx *st, const vplan *p) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  ir_node *loop = st->loop;
  ir_loop *l = &loop->u.loop;
  const char *ivn = xf_iv_name(loop);
  /* the head's one `i += W` runs from lb < iv_al <= ub: it stays in the
   * type when lb + W or ub + W - 1 does */
  int64_t lb_hi;
  bool lb_fits = xf_upper_bound(ctx, loop, l->lb, &lb_hi) &&
                 !__builtin_add_overflow(lb_hi, (int64_t)p->width, &lb_hi) &&
                 xf_fits_type(l->iv->type, lb_hi);
  st->head_fits = lb_fits || tail_step_fits(ctx, loop, p->width);
  ir_subst at_lb = {0};
  ir_subst_add(ctx, &at_lb, l->iv, l->lb);
  ir_expr *gap = ir_align_gap(ctx, ir_expr_clone(ctx, p->ref, &at_lb),
                              p->width * p->esize);
  ir_var *al = ir_var_new(
      ctx, k, ir_fresh_name(ctx, k, scc_arena_printf(ctx->arena, "%s_al", ivn)),
      l->iv->type, IR_VAR_LOCAL, loop->loc);
  /* lb < ub ? min(ub, lb + gap) : lb: the address of ref at lb is only
   * formed when the loop runs (and so accesses it).  Where lb + W could
   * pass the iv's type, (unsigned long long)ub - lb > gap ? lb + gap : ub
   * instead: the distance is exact in unsigned long long (lb < ub) where it
   * could pass the type (lb = INT_MIN, ub = INT_MAX), and lb + gap is
   * formed only below ub (lb near INT_MAX) */
  ir_expr *start;
  if (lb_fits) /* lb + gap < lb + W stays in the type: min(ub, lb + gap) */
    start = ir_min(ctx, ir_expr_clone(ctx, l->ub, NULL),
                   ir_add(ctx, ir_expr_clone(ctx, l->lb, NULL),
                          l->iv->type == IR_TY_INT
                              ? gap
                              : ir_cast(ctx, l->iv->type, gap)));
  else {
    ir_expr *dist =
        ir_binary(ctx, IR_OP_SUB,
                  ir_cast(ctx, IR_TY_ULLONG, ir_expr_clone(ctx, l->ub, NULL)),
                  ir_cast(ctx, IR_TY_ULLONG, ir_expr_clone(ctx, l->lb, NULL)),
                  IR_TY_ULLONG);
    start = ir_select(
        ctx,
        ir_binary(ctx, IR_OP_GT, dist,
                  ir_cast(ctx, IR_TY_ULLONG, ir_expr_clone(ctx, gap, NULL)),
                  IR_TY_INT),
        ir_binary(ctx, IR_OP_ADD, ir_expr_clone(ctx, l->lb, NULL),
                  l->iv->type == IR_TY_INT ? gap
                                           : ir_cast(ctx, l->iv->type, gap),
                  l->iv->type),
        ir_expr_clone(ctx, l->ub, NULL), l->iv->type);
  }
  ir_expr *runs = ir_binary(ctx, IR_OP_LT, ir_expr_clone(ctx, l->lb, NULL),
                            ir_expr_clone(ctx, l->ub, NULL), IR_TY_INT);
  ir_insert_before(
      loop, ir_decl_new(ctx, al,
                        ir_select(ctx, runs, start,
                                  ir_expr_clone(ctx, l->lb, NULL), l->iv->type),
                        loop->loc));
  ir_node *head =
      ir_loop_new(ctx, l->iv, l->lb, ir_var_ref(ctx, al), 1, loop->loc);
  head->u.loop.attrs = l->attrs;
  ir_block_clone_into(ctx, &head->u.loop.body, &l->body, NULL);
  xf_rename_decls(ctx, k, &head->u.loop.body);
  ir_insert_before(loop, head);
  l->lb = ir_var_ref(ctx, al);
  return head;
}

/* {fma_adds}: declares `volatile T one = 1; T<W> ones = broadcast(one)`
 * at the start of the kernel, st->ones the vector. */
static void declare_ones(vx *st) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  ir_node *loop = st->loop;
  /* at the start of the kernel: read once per call, not once per
   * iteration of an outer loop (measured: a volatile load per row of
   * samples/rowsum.c halved its bandwidth at L2 sizes), and not between
   * two statements of the kernel, which later ops may need adjacent
   * (loop.fuse, loop.sink) */
  ir_node *top = k->body.first;
  ir_var *one = ir_var_new(ctx, k, ir_fresh_name(ctx, k, "one"), st->T,
                           IR_VAR_LOCAL, loop->loc);
  one->declared_outside = true;
  one->is_volatile = true;
  st->ones = ir_var_new(ctx, k, ir_fresh_name(ctx, k, "ones"), st->T,
                        IR_VAR_LOCAL, loop->loc);
  st->ones->lanes = st->W;
  st->ones->declared_outside = true;
  ir_insert_before(
      top, ir_decl_new(ctx, one, ir_fp(ctx, st->T, 1.0, NULL), loop->loc));
  ir_insert_before(top,
                   ir_decl_new(ctx, st->ones,
                               broadcast(st, ir_var_ref(ctx, one)), loop->loc));
}

/* The body of the main vector loop `main`: the vector body, or with
 * {interleave = K} K copies of it at i, i + W, ..., each copy with its own
 * accumulators accs[.][u] (no temporaries: checked before); the last
 * fma_adds copies add through st->ones. */
static void build_main_body(vx *st, const vplan *p, ir_node *main,
                            ir_var ***accs) {
  scc_ctx *ctx = st->ctx;
  ir_var *iv = st->loop->u.loop.iv;
  if (p->interleave == 1) {
    st->on_fma = p->fma_adds > 0;
    vectorize_body(st, main, &p->orig);
    st->on_fma = false;
    return;
  }
  ir_block nb;
  ir_block_init(&nb, main);
  for (int u = 0; u < p->interleave; u++) {
    for (int i = 0; i < st->defs.len; i++)
      ((vx_def *)st->defs.items[i])->vvar = accs[i][u];
    st->on_fma = u >= p->interleave - p->fma_adds; /* the last fma_adds */
    ir_node *before = nb.last;
    for (int j = 0; j < p->orig.len; j++)
      build_node(st, &nb, p->orig.items[j]);
    ir_subst s = {0};
    ir_subst_add(ctx, &s, iv,
                 ir_add_const(ctx, ir_var_ref(ctx, iv), (int64_t)u * p->width));
    for (ir_node *n = before ? before->next : nb.first; n && u > 0; n = n->next)
      ir_node_substitute(ctx, n, &s);
  }
  st->on_fma = false;
  for (int i = 0; i < st->defs.len; i++)
    ((vx_def *)st->defs.items[i])->vvar = accs[i][0];
  ir_block *body = &main->u.loop.body;
  while (body->first)
    ir_remove(body->first);
  ir_block_move_all(body, &nb);
  main->u.loop.attrs |= IR_LOOP_VECTORIZED;
  main->u.loop.vwidth = p->width;
}

/* ---- the transposed reduction ---------------------------------------------
 * W reductions into W consecutive elements X[..][c], X[..][c + 1], ...,
 * X[..][c + W - 1] (those of an unroll-and-jam by W of the loop around a
 * row sum, W the vector's lanes) end in one vector statement instead of W
 * horizontal reductions: the W accumulators are added pairwise in a tree
 * of log2 W levels, each pair (x, y) into one vector by two shuffles and
 * one add (W - 1 pairs in all: 15 at 16 lanes, against 16 reductions of
 * 4 shuffles and 4 adds each), whose lane l holds the sum of the
 * accumulator of X[..][c + l]; then X[..][c : W] op= that vector.  A
 * level whose halves are at least a 128-bit block apart moves whole
 * halves of segments across the register (vshuff32x4, vperm2f128), a
 * level within a block picks lanes per block (shufps, unpcklpd); the
 * order in which the leaves enter the tree is chosen so that the last
 * level leaves the sums in element order.  Where the ISA has masked
 * stores, R such reductions (R a power of two, 4 <= R < W) make a partial
 * group: the pair levels of a tree of R leaves, then self levels adding
 * the halves of each sum's lanes within the one vector left, and a
 * masked update of the first R lanes.  The sums are associated
 * differently from W horizontal reductions (only where reassociation is
 * allowed, as those).  Each level is a step of a register transpose
 * (loop.transpose_block's unpack/shuffle steps) that adds the two halves
 * it would interleave instead of keeping both; the instructions'
 * semantics: Intel 64 and IA-32 Architectures Software Developer's
 * Manual, vol. 2 (VSHUFF32X4, VPERM2F128, SHUFPS, UNPCKLPD).
 */

/* The masks (lanes W, over a || b) of one tree level whose result segments
 * (the lanes of one sum) are g lanes wide: lo picks each pair segment's
 * first half, hi (= lo + g) its second; blk = the lanes in a 128-bit
 * block. */
static void tree_masks(int W, int g, int blk, int *lo, int *hi) {
  for (int l = 0; l < W; l++) {
    int src;
    if (g >= blk) { /* a's segments, then b's, each its first half */
      int S = W / g, q = l / g, half = S / 2;
      src = (q % half) * 2 * g + l % g + (q >= half ? W : 0);
    } else { /* per block: half from a, half from b */
      int b = l / blk * blk, p = l % blk, h = blk / 2;
      int pp = p < h ? p : p - h;
      src = b + pp / g * 2 * g + pp % g + (p < h ? 0 : W);
    }
    lo[l] = src;
    hi[l] = src + g;
  }
}

/* The tree of R leaves (R a power of two, 2 <= R <= W): log2 R pair
 * levels, whose result segments are g = W/2, W/4, ..., W/R lanes wide,
 * each adding pairs of vectors; then, when R < W, log2 (W/R) self levels,
 * g = W/(2R) ... 1, each adding the halves of every segment of the one
 * vector left (both operands that vector, a's segments first: blk 1), so
 * that its first R lanes hold the R sums.  level_blk gives the block size
 * of tree_masks for the level of segment width g. */
static int level_blk(int W, int R, int g, int blk) {
  return g < W / R ? 1 : blk;
}

/* The leaf (index into the tree's first level) whose sum the tree leaves
 * in lane l, for each l < R: simulated on leaf labels. */
static void tree_order(scc_ctx *ctx, int W, int R, int blk, int *leaf_of_lane) {
  int *lab = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)(R * W));
  int *nxt = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)(R * W));
  int *lo = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)W);
  int *hi = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)W);
  for (int v = 0; v < R; v++)
    for (int l = 0; l < W; l++)
      lab[v * W + l] = v;
  int n = R;
  for (int g = W / 2; g >= 1; g /= 2) {
    tree_masks(W, g, level_blk(W, R, g, blk), lo, hi);
    int pairs = n > 1 ? n / 2 : 1;
    for (int v = 0; v < pairs; v++) {
      int a = n > 1 ? 2 * v : 0, b = n > 1 ? 2 * v + 1 : 0;
      for (int l = 0; l < W; l++) {
        int s = lo[l];
        nxt[v * W + l] = s < W ? lab[a * W + s] : lab[b * W + s - W];
      }
    }
    n = pairs;
    memcpy(lab, nxt, sizeof(int) * (size_t)(n * W));
  }
  memcpy(leaf_of_lane, lab, sizeof(int) * (size_t)R);
}

/* True when d is a reduction that may end in a transposed reduction with
 * base: both into elements of one array, all subscripts equal but the
 * last, which differ by the constant *off (d's minus base's). */
static bool tree_partner(vx *st, const vx_def *base, const vx_def *d,
                         int64_t *off) {
  const ir_expr *a = base->target, *b = d->target;
  if (d->kind != VX_RED || b->kind != IR_EXPR_ACCESS || b->lanes > 1 ||
      b->type != st->T || b->u.access.array != a->u.access.array ||
      b->u.access.n != a->u.access.n ||
      (d->op == IR_OP_MUL) != (base->op == IR_OP_MUL))
    return false;
  int n = a->u.access.n;
  for (int s = 0; s + 1 < n; s++)
    if (!ir_expr_equal(a->u.access.idx[s], b->u.access.idx[s]))
      return false;
  /* an unsigned int subscript wraps: s[u + 1] may be s[0], not the
   * element after s[u] */
  if (a->u.access.idx[n - 1]->type == IR_TY_UINT ||
      b->u.access.idx[n - 1]->type == IR_TY_UINT)
    return false;
  return xf_const_diff(st->ctx, a->u.access.idx[n - 1], b->u.access.idx[n - 1],
                       off);
}

/* The smallest group of a transposed reduction: W, or 4 where the ISA
 * stores the first lanes of a vector alone (a masked store). */
static int tree_min_group(const vplan *p) {
  return ir_isa_has_masked_access(p->isa) && p->width > 4 ? 4 : p->width;
}

/* Groups the reductions of st->defs into transposed reductions: lane[i]
 * is def i's lane in its group's vector, grp[i] its group (-1: none) and
 * size[g] the number of reductions of group g (a power of two from
 * tree_min_group to W, the longest runs first).  Returns the number of
 * groups.  None for the scalar ISA. */
static int tree_groups(vx *st, const vplan *p, int *lane, int *grp, int *size) {
  int n = st->defs.len, groups = 0, W = p->width, Rmin = tree_min_group(p);
  for (int i = 0; i < n; i++)
    grp[i] = -1;
  /* (the scalar ISA's vectors are lane loops in C: no shuffles) */
  if (p->isa == IR_ISA_SCALAR || W < 2 || (W & (W - 1)) != 0 || n < Rmin)
    return 0;
  int *cand = scc_arena_alloc(st->ctx->arena, sizeof(int) * (size_t)n);
  int64_t *off = scc_arena_alloc(st->ctx->arena, sizeof(int64_t) * (size_t)n);
  for (int i = 0; i < n; i++) {
    vx_def *base = st->defs.items[i];
    if (grp[i] >= 0 || base->kind != VX_RED ||
        base->target->kind != IR_EXPR_ACCESS || base->target->lanes > 1 ||
        base->target->type != st->T)
      continue;
    /* the ungrouped partners of base, by offset from base */
    int c = 0;
    for (int j = 0; j < n; j++) {
      int64_t o;
      if (grp[j] < 0 && tree_partner(st, base, st->defs.items[j], &o))
        cand[c] = j, off[c++] = o;
    }
    for (int x = 1; x < c; x++) /* insertion sort by offset */
      for (int y = x; y > 0 && off[y - 1] > off[y]; y--) {
        int t = cand[y];
        int64_t to = off[y];
        cand[y] = cand[y - 1], off[y] = off[y - 1];
        cand[y - 1] = t, off[y - 1] = to;
      }
    /* runs of R consecutive offsets, R as large as the run allows (the
     * targets are distinct elements: classify_defs refuses a reduction
     * into an element another access may touch) */
    for (int s = 0; s + Rmin <= c;) {
      int R = W;
      while (R >= Rmin && (s + R > c || off[s + R - 1] - off[s] != R - 1))
        R /= 2;
      if (R < Rmin) {
        s++;
        continue;
      }
      for (int l = 0; l < R; l++)
        grp[cand[s + l]] = groups, lane[cand[s + l]] = l;
      size[groups++] = R;
      s += R;
    }
  }
  return groups;
}

/* A reduction's final update of its target (`s[i] += hsum`, `s[i:W] +=
 * root`) touches the target even when the loop runs zero times, where the
 * loop as written does not (an `out[slot[i]]` whose slot is garbage for an
 * empty row): unless the loop surely runs, it goes under the test that it
 * runs (st->runs; the accumulators and their folds stay outside: they
 * touch no memory). */
static void guard_final(vx *st, ir_node *fin) {
  if (st->runs)
    xf_wrap_in_if(st->ctx, fin, ir_expr_clone(st->ctx, st->runs, NULL));
}

/* The transposed reduction of group g of R reductions (see above),
 * inserted after `at`: the tree's declarations, then X[..][c : W] op= its
 * root, its first R lanes only (a masked load and store) when R < W. */
static void tree_reduce(vx *st, const vplan *p, ir_var ***accs, const int *lane,
                        const int *grp, int g, int R, ir_node *at) {
  scc_ctx *ctx = st->ctx;
  int W = p->width, n = st->defs.len;
  int blk = 16 / (st->T == IR_TY_DOUBLE ? 8 : 4);
  int *leaf_of_lane = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)R);
  tree_order(ctx, W, R, blk, leaf_of_lane);
  ir_var **cur = scc_arena_alloc(ctx->arena, sizeof(ir_var *) * (size_t)R);
  vx_def *first = NULL;
  for (int i = 0; i < n; i++)
    if (grp[i] == g) {
      cur[leaf_of_lane[lane[i]]] = accs[i][0];
      if (lane[i] == 0)
        first = st->defs.items[i];
    }
  scc_loc loc = first->stmt->loc;
  ir_op op = first->op == IR_OP_MUL ? IR_OP_MUL : IR_OP_ADD;
  const char *base = scc_arena_printf(ctx->arena, "%s_sums",
                                      first->target->u.access.array->name);
  ir_node *last = at;
  for (int g2 = W / 2, m = R; g2 >= 1; g2 /= 2, m = m > 1 ? m / 2 : 1) {
    /* one level's masks, shared by its pairs' shuffles */
    int *lo = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)W);
    int *hi = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)W);
    tree_masks(W, g2, level_blk(W, R, g2, blk), lo, hi);
    if (m == 1) /* a self level: both operands one vector, read as a */
      for (int l = 0; l < W; l++)
        lo[l] %= W, hi[l] %= W;
    for (int v = 0; v < (m > 1 ? m / 2 : 1); v++) {
      ir_expr *sh[2];
      for (int h = 0; h < 2; h++) {
        sh[h] = new_vexpr(ctx, IR_EXPR_SHUFFLE, st->T, W, loc);
        sh[h]->u.shuf.a = vvar_ref(st, cur[m > 1 ? 2 * v : 0], loc);
        sh[h]->u.shuf.b = vvar_ref(st, cur[m > 1 ? 2 * v + 1 : 0], loc);
        sh[h]->u.shuf.mask = h ? hi : lo;
      }
      ir_expr *sum = ir_binary(ctx, op, sh[0], sh[1], st->T);
      sum->lanes = W;
      ir_var *t = ir_var_new(ctx, st->k, ir_fresh_name(ctx, st->k, base), st->T,
                             IR_VAR_LOCAL, loc);
      t->lanes = W;
      t->declared_outside = true;
      ir_node *decl = ir_decl_new(ctx, t, sum, loc);
      ir_insert_after(last, decl);
      last = decl;
      cur[v] = t;
    }
  }
  ir_expr *lhs = ir_expr_clone(ctx, first->target, NULL);
  lhs->lanes = W;
  if (R < W)
    lhs->u.access.mask = ir_int(ctx, R);
  ir_node *fin =
      ir_assign_new(ctx, st->k, lhs, op, vvar_ref(st, cur[0], loc), loc);
  fin->u.assign.id = first->stmt->u.assign.id;
  ir_insert_after(last, fin);
  guard_final(st, fin);
}

/* Each reduction's ends around the vector loops: its K accumulators
 * declared as the identity (1 for products; -0.0 for sums, IEEE
 * addition's identity: -0.0 + x is x for x = +0.0 too, so an empty sum
 * into -0.0 stays -0.0) before `first` (the first vector loop: the
 * masked head of {align}, else the main loop), and after `vlast` (the last
 * vector loop) their tree fold into the first and the horizontal
 * reduction into the target. */
static void finish_reductions(vx *st, const vplan *p, ir_node *first,
                              ir_node *vlast, ir_var ***accs) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  int n = st->defs.len ? st->defs.len : 1;
  int *lane = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  int *grp = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  int *size = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  int groups = tree_groups(st, p, lane, grp, size);
  ir_node *after = vlast->next; /* the node after the reductions' ends */
  for (int i = 0; i < st->defs.len; i++) {
    vx_def *d = st->defs.items[i];
    if (d->kind != VX_RED)
      continue;
    ir_expr *id = ir_fp(ctx, st->T, d->op == IR_OP_MUL ? 1.0 : -0.0, NULL);
    for (int u = 0; u < p->interleave; u++)
      ir_insert_before(
          first, ir_decl_new(ctx, accs[i][u], broadcast(st, id), d->stmt->loc));
    if (grp[i] < 0) { /* else in its group's transposed reduction */
      ir_expr *red = new_vexpr(ctx, IR_EXPR_REDUCE, st->T, 0, d->stmt->loc);
      red->u.un.op = d->op == IR_OP_MUL ? IR_OP_MUL : IR_OP_ADD;
      red->u.un.a = vvar_ref(st, d->vvar, d->stmt->loc);
      ir_node *fin = ir_assign_new(ctx, k, ir_expr_clone(ctx, d->target, NULL),
                                   red->u.un.op, red, d->stmt->loc);
      fin->u.assign.id = d->stmt->u.assign.id;
      ir_insert_after(vlast, fin);
      guard_final(st, fin);
    }
    /* interleaved accumulators folded into the first, lane-wise, in a
     * tree (acc += acc1, acc2 += acc3, then acc += acc2: log2 K dependent
     * steps, not K - 1) before the horizontal reduction; built in order,
     * inserted last first after the vector loop */
    scc_vec folds = {0};
    for (int step = 1; step < p->interleave; step *= 2)
      for (int u = 0; u + step < p->interleave; u += 2 * step) {
        ir_node *fold = ir_assign_new(
            ctx, k, vvar_ref(st, accs[i][u], d->stmt->loc),
            d->op == IR_OP_MUL ? IR_OP_MUL : IR_OP_ADD,
            vvar_ref(st, accs[i][u + step], d->stmt->loc), d->stmt->loc);
        fold->u.assign.id = d->stmt->u.assign.id;
        scc_vec_push(ctx->arena, &folds, fold);
      }
    for (int f = folds.len - 1; f >= 0; f--)
      ir_insert_after(vlast, folds.items[f]);
  }
  /* the transposed reductions after every fold */
  ir_node *end = vlast;
  while (end->next != after)
    end = end->next;
  for (int g = groups - 1; g >= 0; g--)
    tree_reduce(st, p, accs, lane, grp, g, size[g], end);
}

/* The rewrite, once every check passed: the loop reversed when it counts
 * down, the vector variables, the aligned head, the main vector loop (its
 * step K*W) split from the remainder, the remainder's whole vectors
 * ({interleave}), the masked remainder and head, the reductions' ends.
 * *out is the main vector loop. */
static xf_status rewrite(vx *st, vplan *p, ir_node **out) {
  scc_ctx *ctx = st->ctx;
  ir_kernel *k = st->k;
  ir_node *loop = st->loop;
  ir_loop *l = &loop->u.loop;
  k->isa = p->isa;
  if (l->step == -1) { /* iterations independent: count up instead */
    ir_expr *lo = ir_add_const(ctx, l->ub, 1);
    l->ub = ir_add_const(ctx, l->lb, 1);
    l->lb = lo;
    l->step = 1;
  }
  bool reduces = false;
  for (int i = 0; i < st->defs.len; i++)
    reduces |= ((vx_def *)st->defs.items[i])->kind == VX_RED;
  st->runs =
      reduces && !xf_surely_runs(ctx, loop) ? xf_runs_test(ctx, k, loop) : NULL;
  ir_var ***accs = make_vector_vars(st, p);
  ir_node *head = p->ref ? peel_head(st, p) : NULL;

  ir_node *main = loop, *rest = NULL;
  if (!p->exact && xf_split(ctx, k, loop, p->chunk, &main, &rest) != XF_OK)
    return XF_DEFINITE; /* cannot happen: step is 1 */
  main->u.loop.step = p->chunk;
  st->build = true;
  if (p->fma_adds > 0)
    declare_ones(st);
  build_main_body(st, p, main, accs);

  /* {interleave = K}: the remainder's whole vectors in a loop of one
   * vector (into the first accumulators), so at most W - 1 iterations are
   * left to the scalar or masked tail instead of K * W - 1 (a row of 320
   * floats with K = 8 would otherwise end in 64 scalar additions) */
  ir_node *vlast = main; /* the last vector loop: the reductions end there */
  if (rest && p->interleave > 1) {
    ir_node *vrest = NULL, *tail = NULL;
    if (xf_split(ctx, k, rest, p->width, &vrest, &tail) != XF_OK)
      return XF_DEFINITE; /* cannot happen: step is 1 */
    vrest->u.loop.step = p->width;
    vectorize_body(st, vrest, &p->orig);
    vlast = vrest;
    rest = tail;
  }
  if (rest && p->masked) {
    vectorize_masked(st, p, rest, tail_step_fits(ctx, rest, p->width));
    vlast = rest; /* a reduction's masked last iteration adds in too */
  }
  if (head && p->masked) /* at most one iteration: iv_al - lb < W */
    vectorize_masked(st, p, head, st->head_fits);
  /* the accumulators start before the first vector loop: the masked head
   * when there is one */
  finish_reductions(st, p, head && p->masked ? head : main, vlast, accs);
  if (p->contract_ok && p->isa == IR_ISA_AVX2 && !st->fma)
    scc_note(ctx, loop->loc,
             "loop '%s' {contract}: the compile flags enable AVX2 without FMA "
             "(-mavx2 without -mfma), so products and sums stay separate "
             "multiplies and adds; add -mfma or -march=haswell to fuse them",
             xf_iv_name(loop));
  if (out)
    *out = main;
  return XF_OK;
}

xf_status xf_vectorize_interleaved(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                   const xf_vec_opts *o, ir_node **out) {
  ir_isa isa = o->isa;
  if (!check_loop(ctx, k, loop, &isa))
    return XF_SILENCEABLE;
  if (o->masked && !ir_isa_has_masked_access(isa)) {
    scc_fail(ctx, loop->loc,
             "loop '%s' {masked}: %s has no masked vector loads and stores; "
             "use isa \"avx2\" or \"avx512\", or vectorize without masked",
             xf_iv_name(loop), ir_isa_name(isa));
    return XF_SILENCEABLE;
  }
  vx st = {.ctx = ctx, .k = k, .loop = loop, .iv = loop->u.loop.iv};
  vplan p = {.isa = isa,
             .width = o->width,
             .interleave = o->interleave < 1 ? 1 : o->interleave,
             .fma_adds = o->fma_adds,
             .contract_ok = o->contract,
             .align = o->align,
             .want_masked = o->masked};
  if (!analyze_body(&st, o->reassoc) || !check_interleave(&st, &p) ||
      !choose_width(&st, &p) || !plan_remainder(&st, &p, o->reassoc) ||
      !plan_align(&st, &p))
    return XF_SILENCEABLE;
  return rewrite(&st, &p, out);
}

xf_status xf_vectorize(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int width,
                       ir_isa isa, bool contract_ok, bool reassoc,
                       ir_node **out) {
  xf_vec_opts o = {.width = width,
                   .isa = isa,
                   .contract = contract_ok,
                   .reassoc = reassoc,
                   .interleave = 1};
  return xf_vectorize_interleaved(ctx, k, loop, &o, out);
}
