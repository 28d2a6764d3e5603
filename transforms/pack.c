/* pack.c — loop.pack %l "X": BLIS/GotoBLAS packing of the tile of array X
 * that a loop reads.
 *
 *  1. Footprint.  Every load X[s0]...[sn-1] in the loop has affine
 *     subscripts.  When the loop also stores into X, the stores stay on X
 *     and isl must prove that they never touch an element a load reads
 *     (dep_access_unwritten, within one execution of the loop).  Each
 *     induction variable v of the loop or of a loop nested in it is
 *     bounded as base_v + [lo, hi] with base_v affine in variables outside
 *     the loop and lo, hi constants: lb (expanded recursively) gives base
 *     and lo; an upper bound ub (or one operand of a min) with the same
 *     base gives hi = ub - 1 (tile loops i_t .. min(i_t + 32, n) give
 *     [0, 31]).  Each subscript then expands to base_d + [lo_d, hi_d] (a
 *     vector access adds lanes - 1 to the last); all accesses must agree
 *     on base_d.
 *  2. Buffer.  `_Alignas(64) T X_p[E..]` (an ir_array with is_local) over
 *     the dimensions whose extent E_d = hi_d - lo_d + 1 exceeds 1, ordered
 *     as the loops read them: by the depth of the innermost loop whose iv
 *     the subscript reads, the dimension of a vector access last (so vector
 *     loads stay contiguous).  At most 2 MiB.
 *  3. Copy.  A loop nest `X_p[t..] = X[base_d + lo_d + t_d]`, each t_d
 *     clamped to the array's declared extent (partial tiles at the edges
 *     read nothing out of bounds); a dimension of extent 1 gets no copy
 *     loop, its subscript clamped into the array instead (a tile that
 *     does not move in the loop is one assignment, always run).  The copy
 *     is placed before the loop and hoisted out of every enclosing loop
 *     that changes no variable a base_d reads (its iv, inner ivs, locals
 *     assigned in it) and does not write X: the copy runs once per
 *     footprint.
 *  4. Rewrite.  Each load becomes X_p[s_d - base_d - lo_d] (lanes and
 *     mask kept).
 *  5. Prefetch ({prefetch = D}).  When the copy nest has a row loop r and
 *     an innermost loop c along X's contiguous subscript, each iteration
 *     of r first runs `for (X_pf = lb_c; X_pf < ub_c; X_pf += L)` (L the
 *     elements of a 64-byte line, c's own bounds) whose iterations
 *     prefetch X at row min(r + D, ub_r - 1) and column X_pf: the lines of
 *     the row the copy reads D rows later, each an element the copy itself
 *     reads (the column bounds do not depend on the row), so no address
 *     outside what the kernel reads is formed.  The rows of a packed tile
 *     of B lie a leading dimension apart, each run of the copy in another
 *     page, where the hardware prefetchers, which follow streams within a
 *     page, fetch nothing ahead; GotoBLAS's and OpenBLAS's packing
 *     routines prefetch their source the same way.
 *  Pointers.  A one-dimensional array with linearized subscripts
 *     (`float *B` read as B[k*ldb + j]) is packed through its
 *     delinearized view (dep_delin_view: B[k][j] over rows of ldb): the
 *     steps above run on the view's subscripts, the copy reads B at the
 *     linearized subscript again, and each copy dimension is clamped by the
 *     largest subscript the loop bounds allow (`min(k_t + 256, K)`: the
 *     loops' own bounds, not the row length, so a partial tile reads no
 *     element the loops do not reach) instead of a declared extent.  The
 *     view is an identity of integers, not an assumption: no run-time
 *     check is added.
 *  Panels ({panel = N[, dim = D]}): the outermost buffer dimension p (or
 *  the one of subscript D) (extent E) is cut into ceil(E / N) micro-panels
 *  of N: X_p[ceil(E / N)][..][N], the element t_p of that dimension at
 *  [t_p / N][..][t_p % N] (t_p >= 0, so C division is floor division);
 *  when the buffer's last dimension is one vectors load along and not the
 *  cut one, it stays last: X_p[ceil(E / N)][..][N][V].  A register tile of N
 * rows of A[i][k] then reads, at each k, N consecutive elements: one stream
 * instead of N rows a leading dimension apart (BLIS's packed A: Van Zee and van
 * de Geijn 2015, Fig. 2; Goto and van de Geijn 2008, section 6). Values are
 * copied, not recomputed: the result is bit-identical. Refused (payload
 * untouched): unknown array, a pointer array whose subscripts have no
 * product with a parameter (no rows), a load of X that a store in the
 * loop may overwrite, no load, a non-affine subscript, a loop whose extent is
 * not bounded by a constant, accesses that disagree on the base, an extent the
 * declaration does not give, a buffer over 2 MiB, a copy that would run inside
 * a parallel loop (the buffer is shared between its threads). Source: Goto and
 * van de Geijn, "Anatomy of High-Performance Matrix Multiplication", ACM TOMS
 * 34(3), 2008; Van Zee and van de Geijn, "BLIS", ACM TOMS 41(3), 2015.
 */
#include "../deps/dep.h"
#include "xf_reg.h"

#include <string.h>

enum { PACK_MAX_BYTES = 2 << 20, PACK_MAX_DEPTH = 32 };

typedef struct span {
  ir_affine base; /* over variables outside the packed loop */
  int64_t lo, hi;
} span;

typedef struct packer {
  scc_ctx *ctx;
  ir_node *loop;
  scc_vec inner; /* ir_node *: the loop and the loops nested in it */
  const char *why;
  scc_loc why_loc;
} packer;

static ir_node *inner_loop_of(packer *p, const ir_var *v) {
  for (int i = 0; i < p->inner.len; i++) {
    ir_node *n = p->inner.items[i];
    if (n->u.loop.iv == v)
      return n;
  }
  return NULL;
}

static bool inner_cb(ir_node *n, void *data) {
  packer *p = data;
  if (n->kind == IR_NODE_LOOP)
    scc_vec_push(p->ctx->arena, &p->inner, n);
  return true;
}

/* base += c * add (affine forms). */
static void aff_add(scc_ctx *ctx, ir_affine *base, const ir_affine *add,
                    int64_t c) {
  int n = base->nterms + add->nterms;
  ir_var **vars = scc_arena_alloc(ctx->arena, sizeof *vars * (size_t)(n + 1));
  int64_t *coefs = scc_arena_alloc(ctx->arena, sizeof *coefs * (size_t)(n + 1));
  int m = 0;
  for (int i = 0; i < base->nterms; i++) {
    vars[m] = base->vars[i];
    coefs[m++] = base->coefs[i];
  }
  for (int i = 0; i < add->nterms; i++) {
    int j = 0;
    while (j < m && vars[j] != add->vars[i])
      j++;
    if (j == m) {
      vars[m] = add->vars[i];
      coefs[m++] = 0;
    }
    coefs[j] += c * add->coefs[i];
  }
  /* drop zeros, sort by id */
  int q = 0;
  for (int i = 0; i < m; i++)
    if (coefs[i]) {
      vars[q] = vars[i];
      coefs[q++] = coefs[i];
    }
  for (int i = 1; i < q; i++)
    for (int j = i; j > 0 && vars[j - 1]->id > vars[j]->id; j--) {
      ir_var *tv = vars[j];
      vars[j] = vars[j - 1];
      vars[j - 1] = tv;
      int64_t tc = coefs[j];
      coefs[j] = coefs[j - 1];
      coefs[j - 1] = tc;
    }
  base->nterms = q;
  base->vars = vars;
  base->coefs = coefs;
  base->constant += c * add->constant;
}

static bool aff_equal(const ir_affine *a, const ir_affine *b) {
  if (a->constant != b->constant || a->nterms != b->nterms)
    return false;
  for (int i = 0; i < a->nterms; i++)
    if (a->vars[i] != b->vars[i] || a->coefs[i] != b->coefs[i])
      return false;
  return true;
}

static bool expand_expr(packer *p, const ir_expr *e, span *out, int depth);

/* The span of inner iv v. */
static bool expand_var(packer *p, const ir_node *l, span *out, int depth) {
  const ir_loop *lp = &l->u.loop;
  if (lp->step <= 0) {
    p->why = scc_arena_printf(p->ctx->arena,
                              "loop '%s' does not count up by a positive step",
                              lp->iv->name);
    p->why_loc = l->loc;
    return false;
  }
  span lo;
  if (!expand_expr(p, lp->lb, &lo, depth + 1))
    return false;
  /* ub = lb + d (d constant: the point loop j_t1 = j_t .. j_t + 64 by 64
   * of a tile whose start moves): the iv is lb + 0, step, ... up to d - 1,
   * whatever lb is, so it spans lb's span widened by the last multiple of
   * the step below d (0 for one iteration), not lb's span plus d - 1 */
  ir_affine la, ua;
  if (ir_expr_to_affine(p->ctx, lp->lb, &la) &&
      ir_expr_to_affine(p->ctx, lp->ub, &ua)) {
    aff_add(p->ctx, &ua, &la, -1);
    if (ua.nterms == 0 && ua.constant >= 1) {
      *out = lo;
      out->hi += (ua.constant - 1) / lp->step * lp->step;
      return true;
    }
  }
  /* candidates for the upper bound: ub, or the operands of a min */
  const ir_expr *stack[16];
  int n = 0;
  stack[n++] = lp->ub;
  for (int i = 0; i < n; i++) {
    const ir_expr *u = stack[i];
    if (u->kind == IR_EXPR_BINARY && u->u.bin.op == IR_OP_MIN && n + 2 <= 16) {
      stack[n++] = u->u.bin.a;
      stack[n++] = u->u.bin.b;
      continue;
    }
    span hi;
    const char *saved = p->why;
    if (!expand_expr(p, u, &hi, depth + 1)) {
      p->why = saved;
      continue;
    }
    if (aff_equal(&hi.base, &lo.base)) {
      out->base = lo.base;
      out->lo = lo.lo;
      out->hi = hi.hi - 1;
      /* a fixed start: the iv takes lo, lo + step, ... up to at most
       * hi.hi - 1, so its last value is the largest of those (whether
       * the end is fixed or only bounded: i_t .. max(i_t, i_t + 6 *
       * floordiv(..)) by 6 within i_t + 192 ends at i_t + 186) */
      if (lo.lo == lo.hi && hi.hi > lo.lo)
        out->hi = lo.lo + (hi.hi - 1 - lo.lo) / lp->step * lp->step;
      if (out->hi < out->lo)
        out->hi = out->lo;
      return true;
    }
  }
  p->why = scc_arena_printf(
      p->ctx->arena,
      "the extent of loop '%s' is not bounded by a constant (its upper "
      "bound is not its lower bound plus a constant)",
      lp->iv->name);
  p->why_loc = l->loc;
  return false;
}

static bool expand_affine(packer *p, const ir_expr *e, span *out, int depth);

/* A non-affine subscript or bound (max(j_t, j_t + 16 * floordiv(...)) after
 * a vector remainder was inlined): the span between an affine lower and an
 * affine upper candidate bound that agree on the base. */
static bool expand_expr(packer *p, const ir_expr *e, span *out, int depth) {
  ir_affine a;
  if (depth > PACK_MAX_DEPTH || ir_expr_to_affine(p->ctx, e, &a))
    return expand_affine(p, e, out, depth);
  ir_expr *lo[8], *hi[8];
  int nlo = xfr_bound_candidates(p->ctx, (ir_expr *)e, false, lo);
  int nhi = xfr_bound_candidates(p->ctx, (ir_expr *)e, true, hi);
  for (int i = 0; i < nlo; i++)
    for (int j = 0; j < nhi; j++) {
      span sl, sh;
      if (expand_affine(p, lo[i], &sl, depth + 1) &&
          expand_affine(p, hi[j], &sh, depth + 1) &&
          aff_equal(&sl.base, &sh.base)) {
        *out = sl;
        out->hi = sh.hi > sl.hi ? sh.hi : sl.hi;
        return true;
      }
    }
  return expand_affine(p, e, out, depth);
}

/* The span of inner iv v over every loop of the packed region that has it
 * as its iv (loop.unroll and loop.unroll_and_jam leave copies of a loop
 * that share the iv, each over its own range: the union of their spans,
 * which must agree on the base). */
static bool expand_var_all(packer *p, const ir_var *v, span *out, int depth) {
  bool any = false;
  for (int i = 0; i < p->inner.len; i++) {
    ir_node *l = p->inner.items[i];
    if (l->u.loop.iv != v)
      continue;
    span w;
    if (!expand_var(p, l, &w, depth))
      return false;
    if (!any) {
      *out = w;
      any = true;
      continue;
    }
    if (!aff_equal(&w.base, &out->base)) {
      p->why = scc_arena_printf(
          p->ctx->arena,
          "the copies of loop '%s' (from an unroll) start from different "
          "variables",
          v->name);
      p->why_loc = l->loc;
      return false;
    }
    out->lo = w.lo < out->lo ? w.lo : out->lo;
    out->hi = w.hi > out->hi ? w.hi : out->hi;
  }
  return any;
}

static bool expand_affine(packer *p, const ir_expr *e, span *out, int depth) {
  ir_affine a;
  if (depth > PACK_MAX_DEPTH || !ir_expr_to_affine(p->ctx, e, &a)) {
    p->why = "a subscript or bound is not affine";
    p->why_loc = e->loc;
    return false;
  }
  memset(out, 0, sizeof *out);
  out->lo = out->hi = a.constant;
  for (int i = 0; i < a.nterms; i++) {
    ir_node *l = inner_loop_of(p, a.vars[i]);
    int64_t c = a.coefs[i];
    if (!l) {
      ir_affine one = {0, 1, &a.vars[i], &a.coefs[i]};
      aff_add(p->ctx, &out->base, &one, 1);
      continue;
    }
    span v;
    if (!expand_var_all(p, a.vars[i], &v, depth))
      return false;
    aff_add(p->ctx, &out->base, &v.base, c);
    out->lo += c > 0 ? c * v.lo : c * v.hi;
    out->hi += c > 0 ? c * v.hi : c * v.lo;
  }
  return true;
}

typedef struct acc_state {
  scc_ctx *ctx;
  const ir_array *x;
  scc_vec slots;
} acc_state;

static void acc_cb(ir_expr **slot, void *data) {
  acc_state *s = data;
  if ((*slot)->kind == IR_EXPR_ACCESS && (*slot)->u.access.array == s->x)
    scc_vec_push(s->ctx->arena, &s->slots, slot);
}

typedef struct lhs_slots {
  scc_ctx *ctx;
  scc_vec lhs; /* ir_expr *: assignment targets */
} lhs_slots;

static bool lhs_cb(ir_node *n, void *data) {
  lhs_slots *s = data;
  if (n->kind == IR_NODE_ASSIGN)
    scc_vec_push(s->ctx->arena, &s->lhs, n->u.assign.lhs);
  return true;
}

/* Depth (within the kernel) of the innermost loop of the packed region
 * whose iv e reads; -1 when none. */
static int driving_depth(packer *p, const ir_expr *e) {
  int best = -1;
  for (int i = 0; i < p->inner.len; i++) {
    ir_node *l = p->inner.items[i];
    if (ir_expr_uses_var(e, l->u.loop.iv) && ir_depth(l) > best)
      best = ir_depth(l);
  }
  return best;
}

/* True when an affine form is >= 0 for every value: nonnegative constant
 * and coefficients, variables that are ivs of loops counting up from a
 * nonnegative constant. */
static bool nonneg(scc_ctx *ctx, ir_node *at, const ir_affine *a) {
  if (a->constant < 0)
    return false;
  for (int i = 0; i < a->nterms; i++) {
    if (a->coefs[i] < 0 || a->vars[i]->kind != IR_VAR_IV)
      return false;
    bool found = false;
    for (ir_node *q = ir_parent(at); q && !found; q = ir_parent(q)) {
      int64_t lb;
      if (q->kind == IR_NODE_LOOP && q->u.loop.iv == a->vars[i])
        found = q->u.loop.step > 0 &&
                ir_expr_const_value(ctx, q->u.loop.lb, &lb) && lb >= 0;
    }
    if (!found)
      return false;
  }
  return true;
}

/* Micro-panels: idx[0..n) indexes the unpanelled buffer; its position q
 * (>= 0) becomes the panel, idx[q] / panel, in front, the other positions
 * follow in their order, and the remainder idx[q] % panel comes last, or
 * just before the last position when `vlast` (the last dimension is the
 * one vectors load along, cut or not: it must stay innermost, contiguous):
 * n + 1 subscripts. */
static void panel_split(scc_ctx *ctx, ir_expr **idx, int n, int q, int panel,
                        bool vlast) {
  ir_expr *t = idx[q];
  for (int i = q; i > 0; i--)
    idx[i] = idx[i - 1];
  idx[0] = ir_binary(ctx, IR_OP_DIV, t, ir_int(ctx, panel), IR_TY_INT);
  ir_expr *rem = ir_binary(ctx, IR_OP_MOD, t, ir_int(ctx, panel), IR_TY_INT);
  if (vlast && q != n - 1) {
    idx[n] = idx[n - 1];
    idx[n - 1] = rem;
  } else {
    idx[n] = rem;
  }
}

/* An expression M over variables outside the packed loop with e <= M
 * wherever the loop runs (e an integer subscript of the packed region):
 * each iv of a loop inside it replaced by its largest value, from its upper
 * bound (the operands of a min that read no such iv: `min(j_t + 64, N)`
 * gives N - 1 when j_t is inside).  NULL when e is not affine in them
 * with nonnegative coefficients of the inner ivs. */
static ir_expr *max_of(packer *p, const ir_expr *e, int depth) {
  if (depth > PACK_MAX_DEPTH)
    return NULL;
  bool inner = false;
  for (int i = 0; i < p->inner.len && !inner; i++)
    inner = ir_expr_uses_var(e, ((ir_node *)p->inner.items[i])->u.loop.iv);
  if (!inner)
    return ir_expr_clone(p->ctx, e, NULL);
  if (e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MIN) {
    ir_expr *a = max_of(p, e->u.bin.a, depth + 1);
    ir_expr *b = max_of(p, e->u.bin.b, depth + 1);
    return a && b ? ir_min(p->ctx, a, b) : a ? a : b;
  }
  ir_affine a;
  if (!ir_expr_to_affine(p->ctx, e, &a))
    return NULL;
  ir_expr *m = ir_int(p->ctx, a.constant);
  for (int i = 0; i < a.nterms; i++) {
    ir_node *l = inner_loop_of(p, a.vars[i]);
    ir_expr *t = NULL;
    if (!l) {
      t = ir_var_ref(p->ctx, a.vars[i]);
    } else {
      /* the largest value over every copy of the loop (an unroll's) */
      for (int c = 0; c < p->inner.len; c++) {
        ir_node *lc = p->inner.items[c];
        if (lc->u.loop.iv != a.vars[i])
          continue;
        if (a.coefs[i] < 0 || lc->u.loop.step <= 0)
          return NULL;
        ir_expr *ub = max_of(p, lc->u.loop.ub, depth + 1);
        if (!ub)
          return NULL;
        ub = ir_add_const(p->ctx, ub, -1);
        t = t ? ir_max(p->ctx, t, ub) : ub;
      }
    }
    if (a.coefs[i] != 1)
      t = ir_binary(p->ctx, IR_OP_MUL, ir_int(p->ctx, a.coefs[i]), t,
                    IR_TY_INT);
    m = ir_add(p->ctx, m, t);
  }
  return ir_simplify(p->ctx, m);
}

/* The subscripts loop.pack works on, per access slot: the array's own, or
 * for a pointer with linearized subscripts the parts of its delinearized
 * view (sizes innermost first).  False after scc_fail. */
static bool pack_subscripts(scc_ctx *ctx, const ir_array *x, scc_vec *slots,
                            ir_node *loop, int *rank, ir_expr ****subs,
                            ir_var **sizes, bool *view) {
  *subs = scc_arena_alloc(ctx->arena, sizeof **subs * (size_t)slots->len);
  *view = x->rank == 1 && (x->is_pointer || !x->dims[0]);
  *rank = x->rank;
  if (!*view) {
    if (x->is_pointer || x->rank < 1) {
      scc_fail(ctx, loop->loc,
               "loop.pack: array '%s' is a pointer whose shape is not known "
               "(only one-dimensional pointers with linearized subscripts, "
               "`A[i*lda + k]`, are read as rows)",
               x->name);
      return false;
    }
    for (int i = 0; i < slots->len; i++)
      (*subs)[i] = (*(ir_expr **)slots->items[i])->u.access.idx;
    return true;
  }
  ir_expr **flat =
      scc_arena_alloc(ctx->arena, sizeof *flat * (size_t)slots->len);
  for (int i = 0; i < slots->len; i++)
    flat[i] = (*(ir_expr **)slots->items[i])->u.access.idx[0];
  if (!dep_delin_view(ctx, flat, slots->len, rank, sizes, *subs)) {
    scc_fail(ctx, loop->loc,
             "loop.pack: array '%s' is a pointer whose subscripts in loop "
             "'%s' are not rows of a parameter's length (`%s[i*ld + j]` with "
             "ld an integer parameter): only such a view, or an array "
             "declared with dimensions, can be packed",
             x->name, xf_iv_name(loop), x->name);
    return false;
  }
  return true;
}

/* What loop.pack finds out before it changes anything: the request, the
 * loads of X it redirects, the tile they read, the buffer's shape and
 * where the copy goes.  Filled in by the analysis helpers, in order; read
 * by the build helpers. */
typedef struct pack_plan {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node *loop;
  const char *array;
  int panel, panel_dim;
  int prefetch; /* {prefetch = D}: rows ahead, 0 for none */
  /* collect_reads */
  const char *iv;
  ir_array *x;
  scc_vec vars; /* ir_var *: the variables the loop assigns */
  acc_state as; /* the slots of the loads of x */
  /* bound_tile */
  packer p;
  int rank;
  ir_expr ***subs; /* per load, its subscripts (the view's for a pointer) */
  ir_var *vsizes[IR_DELIN_MAX];
  bool view;
  span *dim;        /* per subscript: the span the loads read */
  int *depth;       /* per subscript: the depth of the loop driving it */
  bool *vector_dim; /* per subscript: vectors load along it */
  ir_expr **lim;    /* per subscript: its end (NULL when unknown) */
  /* order_buffer */
  int *order; /* per buffer position: its subscript */
  int nkept;
  int q; /* the buffer position cut into panels */
  bool vlast;
  /* check_origin */
  ir_expr **origin; /* per subscript: the tile's corner */
  /* place_copy */
  ir_node *at; /* the copy goes before it */
} pack_plan;

/* The loads of X that loop.pack redirects, into pl->as (and pl->iv, pl->x,
 * pl->vars): every access of X in the loop, or when the loop writes X the
 * loads that isl proves no store in the loop touches.  False after
 * scc_fail: not a loop, no such array, a load that a store may overwrite,
 * no load. */
static bool collect_reads(pack_plan *pl) {
  scc_ctx *ctx = pl->ctx;
  ir_kernel *k = pl->k;
  ir_node *loop = pl->loop;
  const char *array = pl->array;
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return false;
  }
  const char *iv = pl->iv = xf_iv_name(loop);
  ir_array *x = pl->x = ir_kernel_find_array(k, array);
  if (!x) {
    scc_fail(ctx, loop->loc, "loop.pack: kernel '%s' has no array '%s'",
             k->name, array);
    return false;
  }
  /* a copy nobody reads (gcc: -Wunused-but-set-variable) */
  if (xf_never_runs(ctx, loop, "loop.pack", "there is nothing to pack"))
    return false;
  scc_vec written = {0};
  xfr_loop_defs(ctx, loop, &pl->vars, &written);
  acc_state *as = &pl->as;
  *as = (acc_state){ctx, x, {0}};
  xfr_walk_block_slots(&loop->u.loop.body, acc_cb, as);
  if (xfr_vec_has(&written, x)) {
    /* The loop writes X: its stores stay on X, and the loads are packed
     * when isl proves that no store in the loop touches what they read
     * (dep_access_unwritten: trmm's B[k][j], k > i, in the loops that
     * write B[i][j]). */
    lhs_slots ls = {ctx, {0}};
    ir_walk_block(&loop->u.loop.body, lhs_cb, &ls);
    scc_vec reads = {0};
    for (int i = 0; i < as->slots.len; i++)
      if (!xfr_vec_has(&ls.lhs, *(ir_expr **)as->slots.items[i]))
        scc_vec_push(ctx->arena, &reads, as->slots.items[i]);
    if (reads.len == 0) {
      scc_fail(ctx, loop->loc,
               "loop.pack: loop '%s' writes array '%s' and reads it only "
               "where it writes it; only elements the loop reads and does "
               "not write can be packed",
               iv, array);
      return false;
    }
    dep_access *da = dep_access_open(ctx, k, loop);
    const ir_expr *bad = NULL;
    for (int i = 0; i < reads.len && !bad; i++)
      if (!dep_access_unwritten(da, *(ir_expr **)reads.items[i]))
        bad = *(ir_expr **)reads.items[i];
    dep_access_close(da);
    if (bad) {
      scc_buf b = {0};
      ir_print_c_expr(&b, bad);
      scc_fail(ctx, bad->loc,
               "loop.pack: loop '%s' writes array '%s' and reads '%s', "
               "which those writes may touch; only elements the loop does "
               "not write can be packed",
               iv, array, b.data ? b.data : "");
      scc_buf_free(&b);
      return false;
    }
    as->slots = reads;
  }
  if (as->slots.len == 0) {
    scc_fail(ctx, loop->loc, "loop.pack: loop '%s' does not read array '%s'",
             iv, array);
    return false;
  }
  return true;
}

/* The tile the loads read: per subscript its span (pl->dim), the depth of
 * the loop driving it, whether vectors load along it, and its end
 * (pl->lim: the declared extent, or for a pointer's view the largest value
 * the loop bounds allow plus one, NULL when unknown).  False after
 * scc_fail: a pointer without rows, a subscript that cannot be bounded,
 * loads that disagree on the base. */
static bool bound_tile(pack_plan *pl) {
  scc_ctx *ctx = pl->ctx;
  ir_node *loop = pl->loop;
  ir_array *x = pl->x;
  acc_state *as = &pl->as;
  pl->p = (packer){.ctx = ctx, .loop = loop};
  packer *p = &pl->p;
  ir_walk_node(loop, inner_cb, p);

  if (!pack_subscripts(ctx, x, &as->slots, loop, &pl->rank, &pl->subs,
                       pl->vsizes, &pl->view))
    return false;
  int rank = pl->rank;
  ir_expr ***subs = pl->subs;
  span *dim = pl->dim = scc_arena_alloc(ctx->arena, sizeof *dim * (size_t)rank);
  int *depth = pl->depth =
      scc_arena_alloc(ctx->arena, sizeof *depth * (size_t)rank);
  bool *vector_dim = pl->vector_dim =
      scc_arena_alloc(ctx->arena, sizeof *vector_dim * rank);
  for (int d = 0; d < rank; d++)
    depth[d] = -1;
  for (int i = 0; i < as->slots.len; i++) {
    ir_expr *a = *(ir_expr **)as->slots.items[i];
    for (int d = 0; d < rank; d++) {
      span s;
      if (!expand_expr(p, subs[i][d], &s, 0)) {
        scc_fail(ctx, p->why_loc.file ? p->why_loc : a->loc,
                 "loop.pack: cannot bound the tile of '%s' that loop '%s' "
                 "reads: %s",
                 pl->array, pl->iv, p->why);
        return false;
      }
      if (d == rank - 1 && a->lanes > 1) {
        s.hi += a->lanes - 1;
        vector_dim[d] = true;
      }
      int dd = driving_depth(p, subs[i][d]);
      if (dd > depth[d])
        depth[d] = dd;
      if (i == 0) {
        dim[d] = s;
      } else if (!aff_equal(&dim[d].base, &s.base)) {
        scc_fail(ctx, a->loc,
                 "loop.pack: the accesses of '%s' in loop '%s' do not cover "
                 "one tile (subscript %d moves with different outer "
                 "variables)",
                 pl->array, pl->iv, d + 1);
        return false;
      } else {
        if (s.lo < dim[d].lo)
          dim[d].lo = s.lo;
        if (s.hi > dim[d].hi)
          dim[d].hi = s.hi;
      }
    }
  }
  /* The end of each dimension: its declared extent, or for a pointer's
   * view the largest subscript the loop bounds allow, plus one. */
  ir_expr **lim = pl->lim =
      scc_arena_alloc(ctx->arena, sizeof *lim * (size_t)rank);
  for (int d = 0; d < rank; d++) {
    lim[d] = pl->view ? NULL : x->dims[d];
    for (int i = 0; pl->view && i < as->slots.len; i++) {
      ir_expr *m = max_of(p, subs[i][d], 0);
      if (!m) {
        lim[d] = NULL;
        break;
      }
      m = ir_add_const(ctx, m, 1);
      lim[d] = lim[d] ? ir_max(ctx, lim[d], m) : m;
    }
  }
  return true;
}

/* The buffer's shape: the subscripts it keeps (extent over 1, or the last
 * when none is) in pl->order, by driving depth with the vector dimension
 * last, the position cut into panels (pl->q) and whether the vector
 * dimension stays last (pl->vlast).  False after scc_fail: an end the
 * declaration or the loop bounds do not give, panels of a one-dimensional
 * tile, a panel dimension the tile does not have, a buffer over
 * PACK_MAX_BYTES. */
static bool order_buffer(pack_plan *pl) {
  scc_ctx *ctx = pl->ctx;
  ir_node *loop = pl->loop;
  ir_array *x = pl->x;
  const char *array = pl->array, *iv = pl->iv;
  int rank = pl->rank, panel = pl->panel, panel_dim = pl->panel_dim;
  span *dim = pl->dim;
  int *depth = pl->depth;
  bool *vector_dim = pl->vector_dim;
  /* Buffer dimensions and order. */
  int *order = pl->order =
      scc_arena_alloc(ctx->arena, sizeof *order * (size_t)rank);
  int nkept = 0;
  int64_t elems = 1;
  for (int d = 0; d < rank; d++) {
    int64_t e = dim[d].hi - dim[d].lo + 1;
    if (e > 1 || (d == rank - 1 && nkept == 0)) {
      if (!pl->lim[d]) {
        if (pl->view)
          scc_fail(ctx, loop->loc,
                   "loop.pack: the loop bounds give no largest value for "
                   "subscript %d of '%s' (read as rows), so the copy cannot "
                   "be kept within what the loops read",
                   d + 1, array);
        else
          scc_fail(ctx, loop->loc,
                   "loop.pack: array '%s' declares no extent for dimension "
                   "%d, so the copy cannot be kept within the array",
                   array, d + 1);
        return false;
      }
      order[nkept++] = d;
      elems =
          e > 0 && elems <= (int64_t)PACK_MAX_BYTES / e ? elems * e : INT64_MAX;
    }
  }
  pl->nkept = nkept;
  int64_t esize = ir_type_size(x->elem) < 4 ? 4 : ir_type_size(x->elem);
  if (panel > 0 && nkept < 2) {
    scc_fail(ctx, loop->loc,
             "loop.pack: {panel = %d} cuts one of two or more dimensions "
             "into micro-panels, but the tile of '%s' that loop '%s' reads "
             "has one dimension: pack over a loop that reads several rows "
             "(one enclosing the loop of the tile's rows), or drop {panel}",
             panel, array, iv);
    return false;
  }
  /* stable sort: vector dimension last, then by driving depth */
  for (int i = 1; i < nkept; i++)
    for (int j = i; j > 0; j--) {
      int a = order[j - 1], b = order[j];
      int ka = vector_dim[a] ? 1000 : depth[a],
          kb = vector_dim[b] ? 1000 : depth[b];
      if (ka <= kb)
        break;
      order[j - 1] = b;
      order[j] = a;
    }
  /* the buffer position q of the dimension cut into panels: the
   * outermost, or the one of subscript panel_dim */
  int q = 0;
  if (panel > 0 && panel_dim >= 0) {
    if (panel_dim >= rank) {
      scc_fail(ctx, loop->loc,
               "loop.pack: {dim = %d} names a subscript of '%s', which has "
               "%d",
               panel_dim + 1, array, rank);
      return false;
    }
    q = -1;
    for (int i = 0; i < nkept; i++)
      if (order[i] == panel_dim)
        q = i;
    if (q < 0) {
      scc_fail(ctx, loop->loc,
               "loop.pack: {dim = %d}: the tile of '%s' that loop '%s' "
               "reads has one element along subscript %d, nothing to cut "
               "into micro-panels",
               panel_dim + 1, array, iv, panel_dim + 1);
      return false;
    }
  }
  pl->q = q;
  /* the buffer's last dimension is the one vectors load along: it stays
   * innermost, the position within a panel goes just before it */
  pl->vlast = nkept > 0 && vector_dim[order[nkept - 1]];
  if (panel > 0 && elems != INT64_MAX) {
    /* the panelled dimension rounded up to whole panels */
    int64_t e0 = dim[order[q]].hi - dim[order[q]].lo + 1;
    int64_t padded = (e0 + panel - 1) / panel * panel;
    elems = elems / e0 * padded;
  }
  if (elems == INT64_MAX || elems * esize > PACK_MAX_BYTES) {
    scc_fail(ctx, loop->loc,
             "loop.pack: the tile of '%s' that loop '%s' reads is larger "
             "than %d bytes (tile the loops first)",
             array, iv, (int)PACK_MAX_BYTES);
    return false;
  }
  return true;
}

/* The tile's corner per subscript (pl->origin: base + lo), which must not
 * move in the loop, and with panels along the vector dimension, that no
 * vector straddles two panels.  False after scc_fail: a corner reading a
 * variable the loop assigns, panels along a pointer view's vector
 * dimension, a vector that may straddle. */
static bool check_origin(pack_plan *pl) {
  scc_ctx *ctx = pl->ctx;
  ir_node *loop = pl->loop;
  const char *array = pl->array;
  int rank = pl->rank, panel = pl->panel;
  ir_expr **origin = pl->origin =
      scc_arena_alloc(ctx->arena, sizeof *origin * rank);
  for (int d = 0; d < rank; d++) {
    ir_affine o = pl->dim[d].base;
    o.constant += pl->dim[d].lo;
    origin[d] = ir_affine_to_expr(ctx, &o, IR_TY_INT);
  }
  for (int d = 0; d < rank; d++)
    if (!xfr_invariant(origin[d], &pl->vars, NULL)) {
      scc_fail(ctx, loop->loc,
               "loop.pack: subscript %d of '%s' reads a variable that loop "
               "'%s' assigns",
               d + 1, array, pl->iv);
      return false;
    }
  /* Panels along the dimension of vector accesses: a vector of L lanes
   * must lie in one panel, so N is a multiple of L and every vector
   * starts at a multiple of L from the tile's corner (isl: over the
   * iteration domains; B[k][j_t1 + 16] with j_t1 moving by 64 from
   * j_t_t does, B[k][j + 1] does not). */
  bool vcut = panel > 0 && pl->vector_dim[pl->order[pl->q]];
  if (vcut && pl->view) {
    scc_fail(ctx, loop->loc,
             "loop.pack: {panel = %d} cuts the dimension along which "
             "vectors load '%s', a pointer read as rows: not supported "
             "(cut another dimension with {dim = D}, or drop {panel})",
             panel, array);
    return false;
  }
  if (vcut) {
    int d = pl->order[pl->q];
    dep_access *pda = NULL;
    for (int i = 0; i < pl->as.slots.len; i++) {
      ir_expr *a = *(ir_expr **)pl->as.slots.items[i];
      if (a->lanes <= 1)
        continue;
      bool ok = panel % a->lanes == 0;
      if (ok) {
        if (!pda)
          pda = dep_access_open(ctx, pl->k, loop);
        ok = dep_access_offset_multiple(pda, a, d, origin[d], a->lanes);
      }
      if (!ok) {
        dep_access_close(pda);
        scc_buf b = {0};
        ir_print_c_expr(&b, a);
        scc_fail(ctx, a->loc,
                 "loop.pack: {panel = %d} cuts subscript %d of '%s', along "
                 "which '%s' loads %d lanes at once, and %s: the vector "
                 "would straddle two micro-panels (make the panel a "
                 "multiple of the vector's lanes and the tile loops move "
                 "by it)",
                 panel, d + 1, array, b.data ? b.data : "", a->lanes,
                 panel % a->lanes
                     ? "the panel is not a multiple of the lanes"
                     : "isl cannot prove that every vector starts at a "
                       "multiple of the lanes from the tile's corner");
        scc_buf_free(&b);
        return false;
      }
    }
    dep_access_close(pda);
  }
  return true;
}

/* {prefetch = D} needs a copy of rows: two copy loops or more, the
 * innermost along X's contiguous (last) subscript.  False after scc_fail. */
static bool check_prefetch(pack_plan *pl) {
  if (pl->prefetch <= 0)
    return true;
  int loops = 0, last = -1;
  for (int i = 0; i < pl->nkept; i++) {
    int d = pl->order[i];
    if (pl->dim[d].hi != pl->dim[d].lo)
      loops++, last = d;
  }
  if (loops >= 2 && last == pl->rank - 1)
    return true;
  scc_fail(pl->ctx, pl->loop->loc,
           loops < 2 ? "loop.pack: {prefetch = %d} prefetches the rows of the "
                       "tile of '%s' ahead of the copy, but the tile that loop "
                       "'%s' reads has %s; drop {prefetch}"
                     : "loop.pack: {prefetch = %d} prefetches the rows of the "
                       "tile of '%s' ahead of the copy, but the copy's "
                       "innermost loop walks a subscript of it other than its "
                       "last (contiguous) one in loop '%s'%s; drop {prefetch}",
           pl->prefetch, pl->array, pl->iv,
           loops < 2 ? "no rows (one dimension that moves)" : "");
  return false;
}

/* Where the copy goes (pl->at): before the loop, hoisted out of each
 * enclosing loop that does not move the footprint.  False after scc_fail:
 * the copy would run inside a parallel loop. */
static bool place_copy(pack_plan *pl) {
  /* Placement: hoisted while the footprint does not move: out of a loop q
   * only when the corner reads nothing q changes (its iv, the ivs of the
   * loops in it, the locals assigned in it: `off = r * 8;` in q's body
   * moves the tile of B[off + j]) and q does not write X. */
  ir_node *at = pl->loop;
  for (ir_node *q = ir_parent(at); q && q->kind == IR_NODE_LOOP;
       q = ir_parent(q)) {
    scc_vec qv = {0}, qw = {0};
    xfr_loop_defs(pl->ctx, q, &qv, &qw);
    bool moves = xfr_vec_has(&qw, pl->x);
    for (int d = 0; d < pl->rank && !moves; d++)
      moves = !xfr_invariant(pl->origin[d], &qv, NULL) ||
              (pl->view && !xfr_invariant(pl->lim[d], &qv, NULL));
    if (moves)
      break;
    at = q;
  }
  pl->at = at;

  /* Inside a parallel loop every thread would run the copy into the one
   * buffer (declared at the kernel's start): refused. */
  for (ir_node *q = ir_parent(at); q; q = ir_parent(q))
    if (q->kind == IR_NODE_LOOP && (q->u.loop.attrs & IR_LOOP_PARALLEL)) {
      scc_fail(pl->ctx, pl->loop->loc,
               "loop.pack: the copy of the tile of '%s' that loop '%s' reads "
               "would run inside the parallel loop '%s', whose threads would "
               "all write the one buffer (it is shared: declared at the "
               "kernel's start)",
               pl->array, pl->iv, xf_iv_name(q));
      return false;
    }
  return true;
}

/* Builds the buffer X_p (a local array of the kernel) with its
 * dimensions, the panelled ones cut into micro-panels; returns it. */
static ir_array *new_buffer(pack_plan *pl) {
  scc_ctx *ctx = pl->ctx;
  ir_array *x = pl->x;
  span *dim = pl->dim;
  int *order = pl->order;
  int nkept = pl->nkept, panel = pl->panel, q = pl->q;
  ir_array *buf = ir_array_new(
      ctx, pl->k,
      ir_fresh_name(ctx, pl->k, scc_arena_printf(ctx->arena, "%s_p", x->name)),
      x->elem, nkept + (panel > 0), pl->loop->loc);
  buf->is_local = true;
  for (int i = 0; i < nkept; i++)
    buf->dims[i] = ir_int(ctx, dim[order[i]].hi - dim[order[i]].lo + 1);
  if (panel > 0) {
    int64_t e0 = dim[order[q]].hi - dim[order[q]].lo + 1;
    for (int i = q; i > 0; i--)
      buf->dims[i] = buf->dims[i - 1];
    buf->dims[0] = ir_int(ctx, (e0 + panel - 1) / panel);
    if (pl->vlast && q != nkept - 1) {
      buf->dims[nkept] = buf->dims[nkept - 1];
      buf->dims[nkept - 1] = ir_int(ctx, panel);
    } else {
      buf->dims[nkept] = ir_int(ctx, panel);
    }
  }
  return buf;
}

/* {prefetch = D} (step 5 above): at the start of the copy's row loop
 * `row`, a loop over the innermost copy loop's range by one 64-byte line
 * that prefetches the elements `src` (the copy's source access) reads D
 * rows later, the row clamped to the loop's last.  The new loop has no
 * statement of its own: its prefetches are its body (ir_loop.prefetch,
 * emitted at the start of each iteration). */
static void add_prefetch(pack_plan *pl, ir_node *row, ir_node *inner,
                         ir_expr *src) {
  scc_ctx *ctx = pl->ctx;
  ir_loop *r = &row->u.loop, *c = &inner->u.loop;
  int bytes = ir_type_size(pl->x->elem);
  int line = bytes > 0 && bytes < 64 ? 64 / bytes : 1;
  ir_var *pv = ir_var_new(
      ctx, pl->k,
      ir_fresh_name(ctx, pl->k,
                    scc_arena_printf(ctx->arena, "%s_pf", pl->x->name)),
      IR_TY_INT, IR_VAR_IV, pl->loop->loc);
  ir_node *pf =
      ir_loop_new(ctx, pv, ir_expr_clone(ctx, c->lb, NULL),
                  ir_expr_clone(ctx, c->ub, NULL), line, pl->loop->loc);
  /* the source access with the column at the prefetch loop's iv and the
   * row D ahead, clamped to the last row the copy reads */
  ir_subst sub = {0};
  ir_subst_add(ctx, &sub, c->iv, ir_var_ref(ctx, pv));
  ir_subst_add(ctx, &sub, r->iv,
               ir_min(ctx,
                      ir_add_const(ctx, ir_var_ref(ctx, r->iv), pl->prefetch),
                      ir_add_const(ctx, ir_expr_clone(ctx, r->ub, NULL), -1)));
  ir_expr *a = ir_expr_clone(ctx, src, &sub);
  a->lanes = 1;
  scc_vec_push(ctx->arena, &pf->u.loop.prefetch, a);
  ir_insert_before(inner, pf);
}

/* Builds the copy of the tile into buf, `X_p[t..] = X[origin + t..]` in a
 * nest of one loop per kept dimension of extent over 1 (each clamped to
 * the end of its subscript), and inserts it before pl->at. */
static void build_copy(pack_plan *pl, ir_array *buf) {
  scc_ctx *ctx = pl->ctx;
  ir_kernel *k = pl->k;
  ir_node *loop = pl->loop;
  ir_array *x = pl->x;
  int rank = pl->rank, nkept = pl->nkept;
  span *dim = pl->dim;
  ir_expr **lim = pl->lim, **origin = pl->origin;
  bool view = pl->view;
  /* The copy nest. */
  ir_expr **src_idx = scc_arena_alloc(ctx->arena, sizeof *src_idx * rank);
  ir_expr **dst_idx =
      scc_arena_alloc(ctx->arena, sizeof *dst_idx * (size_t)(nkept + 1));
  ir_var **tv = scc_arena_alloc(ctx->arena, sizeof *tv * nkept);
  for (int d = 0; d < rank; d++)
    src_idx[d] = origin[d];
  ir_node *outer = NULL, *innermost = NULL, *row = NULL;
  int inner_dim = -1;
  for (int i = 0; i < nkept; i++) {
    int d = pl->order[i];
    ir_expr *ext = ir_int(ctx, dim[d].hi - dim[d].lo + 1);
    ir_affine oa;
    bool low_ok =
        ir_expr_to_affine(ctx, origin[d], &oa) && nonneg(ctx, pl->at, &oa);
    if (dim[d].hi == dim[d].lo) {
      /* One element (the tile does not move in the loop): copy it without
       * a loop, its subscript clamped into the array instead of a clamped
       * trip count, so the buffer is always written (a copy loop that may
       * run 0 times leaves it "maybe uninitialized" for the compiler).
       * Where the packed loop reads it, the subscript is within the array
       * and the clamp changes nothing. */
      ir_expr *sub = ir_min(ctx, origin[d], ir_add_const(ctx, lim[d], -1));
      if (!low_ok && !view)
        sub = ir_max(ctx, ir_int(ctx, 0), sub);
      src_idx[d] = sub;
      dst_idx[i] = ir_int(ctx, 0);
      continue;
    }
    tv[i] = ir_var_new(
        ctx, k,
        ir_fresh_name(ctx, k,
                      scc_arena_printf(ctx->arena, "%s_p%d", x->name, i)),
        IR_TY_INT, IR_VAR_IV, loop->loc);
    ir_expr *ub = ir_min(ctx, ext, ir_sub(ctx, lim[d], origin[d]));
    ir_expr *lb = ir_int(ctx, 0);
    if (!low_ok && !view)
      lb = ir_max(ctx, lb, ir_sub(ctx, ir_int(ctx, 0), origin[d]));
    ir_node *l = ir_loop_new(ctx, tv[i], lb, ub, 1, loop->loc);
    if (innermost)
      ir_block_append(&innermost->u.loop.body, l);
    else
      outer = l;
    row = innermost;
    innermost = l;
    inner_dim = d;
    src_idx[d] = ir_add(ctx, origin[d], ir_var_ref(ctx, tv[i]));
    dst_idx[i] = ir_var_ref(ctx, tv[i]);
  }
  if (pl->panel > 0)
    panel_split(ctx, dst_idx, nkept, pl->q, pl->panel, pl->vlast);
  ir_expr *src;
  if (view) {
    /* the linearized subscript again: rows of vsizes[rank - 1 - d] */
    ir_expr *lin = src_idx[0];
    for (int d = 1; d < rank; d++)
      lin = ir_add(ctx,
                   ir_binary(ctx, IR_OP_MUL, lin,
                             ir_var_ref(ctx, pl->vsizes[rank - 1 - d]),
                             IR_TY_INT),
                   src_idx[d]);
    src = ir_access(ctx, x, 1, &lin);
  } else {
    src = ir_access(ctx, x, rank, src_idx);
  }
  ir_expr *dst = ir_access(ctx, buf, buf->rank, dst_idx);
  ir_node *copy = ir_assign_new(ctx, k, dst, IR_OP_NONE, src, loop->loc);
  if (pl->prefetch > 0 && row && inner_dim == rank - 1)
    add_prefetch(pl, row, innermost, src);
  if (innermost) {
    ir_block_append(&innermost->u.loop.body, copy);
    ir_insert_before(pl->at, outer);
  } else {
    ir_insert_before(pl->at, copy);
  }
}

/* Redirects each load of X in the loop to buf: X_p[s_d - origin_d] over
 * the kept subscripts in buffer order (panelled like the buffer), lanes,
 * type, location and mask kept. */
static void redirect_loads(pack_plan *pl, ir_array *buf) {
  scc_ctx *ctx = pl->ctx;
  int nkept = pl->nkept;
  /* Redirect the accesses. */
  for (int i = 0; i < pl->as.slots.len; i++) {
    ir_expr **slot = pl->as.slots.items[i];
    ir_expr *a = *slot;
    ir_expr **idx =
        scc_arena_alloc(ctx->arena, sizeof *idx * (size_t)(nkept + 1));
    for (int j = 0; j < nkept; j++) {
      int d = pl->order[j];
      idx[j] = ir_simplify(ctx, ir_sub(ctx, pl->subs[i][d], pl->origin[d]));
    }
    if (pl->panel > 0)
      panel_split(ctx, idx, nkept, pl->q, pl->panel, pl->vlast);
    ir_expr *na = ir_access(ctx, buf, buf->rank, idx);
    na->lanes = a->lanes;
    na->type = a->type;
    na->loc = a->loc;
    na->u.access.mask = a->u.access.mask;
    *slot = na;
  }
}

xf_status xf_pack(scc_ctx *ctx, ir_kernel *k, ir_node *loop, const char *array,
                  int panel, int panel_dim, int prefetch, ir_node **out) {
  pack_plan pl = {.ctx = ctx,
                  .k = k,
                  .loop = loop,
                  .array = array,
                  .panel = panel,
                  .panel_dim = panel_dim,
                  .prefetch = prefetch};
  /* ---- analysis: every refusal before anything changes ---- */
  if (!collect_reads(&pl) || !bound_tile(&pl) || !order_buffer(&pl) ||
      !check_origin(&pl) || !check_prefetch(&pl) || !place_copy(&pl))
    return XF_SILENCEABLE;

  /* ---- rewrite ---- */
  ir_array *buf = new_buffer(&pl);
  build_copy(&pl, buf);
  redirect_loads(&pl, buf);
  *out = loop;
  return XF_OK;
}
