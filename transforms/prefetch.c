/* prefetch.c — loop.prefetch %l "X" {distance = D}: software prefetching
 * of the elements of array X that a later iteration of loop l accesses.
 *
 *  1. Accesses.  The accesses of X in l's body outside its inner loops,
 *     looking through inner loops of at most one iteration (lb .. lb + d
 *     by s with 0 < d <= s, or min(lb + d, e): the column strip and the
 *     row tile of a register tile that a micro-kernel leaves behind):
 *     their iv stands for its lower bound.
 *     Loops of several iterations are not entered (their elements change
 *     within one iteration of l: prefetch them with loop.prefetch on that
 *     loop), and an access whose subscripts read a variable that l's body
 *     changes (a local assigned in it, an inner loop's iv) is left out:
 *     its address is not known at the start of the iteration; so is one
 *     whose subscripts load from an array, call a function or divide by a
 *     variable (idx[i + D] may lie past idx, a divisor may be 0 in a
 *     later iteration: nothing is evaluated ahead that could fault).
 *  2. Addresses.  Each access with its lanes dropped (the first element of
 *     a vector: one cache line for a 64-byte vector at a 64-byte
 *     boundary), l's iv advanced by D * step, and each subscript clamped
 *     into the array's declared extent, so that no
 *     address outside the array is ever formed (the last D iterations
 *     prefetch elements of the array's edge again).  Structurally equal
 *     addresses are prefetched once.  The clamp is max(0, min(s, E - 1)):
 *     an extent of 0 gives the array's start, never an address before
 *     it.  An unsigned subscript gets E > 0 ? min(s, E - 1) : 0.  A
 *     pointer parameter `T *X` (no extent: `X[i*lda + k]`) is not clamped;
 *     the iteration is: l's iv becomes min(iv + D, ub - 1) (step s > 0:
 *     iv + s * min(D, floordiv(ub - 1 - iv, s))), an iteration that runs,
 *     so the address (and every value its subscripts compute) is one the
 *     kernel computes and accesses in that iteration.  That holds only for
 *     accesses that run in every iteration: X's accesses under an if, or
 *     in a one-iteration loop that may be empty, are left out, and a loop
 *     counting down is refused for X; unless the elements the kernel
 *     touches can be bounded (dep_array_range: [lo, hi) from isl, the
 *     range the run-time overlap checks use), then such an access is kept
 *     with its subscript clamped into max(lo, min(s, hi - 1)) (the C tile
 *     of the next row tile, in the main loop of an unroll-and-jam that may
 *     not run for the last rows).  A one-iteration loop runs in every
 *     iteration of its parent when each upper bound it has (its ub, or an
 *     operand of a min) exceeds its lower bound L by a positive constant,
 *     or L is the iv of an enclosing loop counting up and the bound is one
 *     of that loop's upper bounds (the row tile `i = i_t .. min(i_t + 14,
 *     M)` under `i_t = 0 .. M by 14`: i_t < M wherever it runs).
 *  3. The loop keeps them (ir_loop.prefetch, or ir_loop.prefetchw when
 *     l's body stores into X: the intent to write, rw 1, PREFETCHW on
 *     x86); the backends emit them at the start of each iteration:
 *     __builtin_prefetch(&X[..], rw, 3) in C, llvm.prefetch in LLVM IR.
 *     An address already on the loop (an earlier loop.prefetch) is not
 *     added again.
 * Prefetches are hints: no value changes (the output is bit-identical) and
 * the dependence analysis does not see them.  Clones of the loop (unroll,
 * unroll-and-jam, ir_node_substitute) carry them with their substitutions;
 * after every later op, xf_prefetch_prune drops (with a warning naming the
 * op) those that read a variable no longer in scope at their loop (the
 * loop interchanged out of an iv's loop, a one-iteration loop inlined, a
 * local expanded into an array): apply loop.prefetch last.
 * Refused (payload untouched): unknown array, a dimension of X without a
 * declared extent in an array of rank 2 or more (`T X[][n]`, `T (*X)[n]`),
 * a pointer X on a loop counting down or whose every access is under an
 * if or a one-iteration loop, no access of X that the start of an
 * iteration can address, a distance below 1.
 * Source: Mowry, Lam and Gupta, "Design and Evaluation of a Compiler
 * Algorithm for Prefetching", ASPLOS 1992 (prefetch one iteration ahead of
 * the loop whose iterations touch new lines); the prefetch of the next
 * register tile of C in BLIS and OpenBLAS micro-kernels (Van Zee and van
 * de Geijn, "BLIS", TOMS 41(3), 2015, section 4).
 */
#include "xf_reg.h"

#include "../deps/dep.h"

typedef struct pf_state {
  scc_ctx *ctx;
  ir_node *loop;
  const ir_array *x;
  bool ptr;  /* X is a pointer without extent: no clamp, the
                iteration is clamped instead (see the top) */
  int cond;  /* enclosing ifs and one-iteration loops: an access
                under them may not run in an iteration of l */
  int conds; /* pointer accesses left out for that */
  const ir_expr *cond_at;
  ir_kernel *k;
  int range;          /* for a pointer: 0 not computed, 1 known, -1 not */
  ir_expr *rlo, *rhi; /* [rlo, rhi): the elements the kernel touches */
  scc_vec changed;    /* ir_var *: what l's body changes (xfr_loop_defs) */
  scc_vec out;        /* ir_expr *: the prefetched addresses */
  int found;          /* accesses of X met at l's level */
  int skipped;        /* of those, left out: a subscript changes in l */
  int dups;           /* of those, prefetched already (an earlier op) */
  const ir_expr *skipped_at;
} pf_state;

typedef struct pf_expr {
  pf_state *s;
  const ir_subst *subst;
} pf_expr;

/* True when e reads no variable that l's body changes, other than the
 * ivs that the substitution replaces (l's own, one-iteration loops'). */
typedef struct reads_changed {
  const pf_state *s;
  const ir_subst *subst;
  bool hit;
} reads_changed;

static void changed_cb(ir_expr *e, void *data) {
  reads_changed *r = data;
  /* a load (idx[i + D] may lie past idx), a call, or a division by a
   * variable (zero in a later iteration): not evaluated ahead */
  if (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL ||
      (e->kind == IR_EXPR_BINARY &&
       (e->u.bin.op == IR_OP_DIV || e->u.bin.op == IR_OP_MOD) &&
       e->u.bin.b->kind != IR_EXPR_INT)) {
    r->hit = true;
    return;
  }
  if (e->kind != IR_EXPR_VAR || !xfr_vec_has(&r->s->changed, e->u.var))
    return;
  for (int i = 0; i < r->subst->n; i++)
    if (r->subst->from[i] == e->u.var)
      return;
  r->hit = true;
}

static void access_cb(ir_expr *e, void *data) {
  pf_expr *p = data;
  pf_state *s = p->s;
  if (e->kind != IR_EXPR_ACCESS || e->u.access.array != s->x)
    return;
  s->found++;
  reads_changed r = {s, p->subst, false};
  for (int d = 0; d < e->u.access.n; d++)
    ir_walk_expr(e->u.access.idx[d], changed_cb, &r);
  if (r.hit) {
    if (!s->skipped++)
      s->skipped_at = e;
    return;
  }
  if (s->ptr && s->cond && s->range == 0)
    s->range = dep_array_range(s->ctx, s->k, s->x, &s->rlo, &s->rhi) ? 1 : -1;
  if (s->ptr && s->cond && s->range < 0) {
    /* may not run in the iteration the address is taken from */
    if (!s->conds++)
      s->cond_at = e;
    return;
  }
  ir_expr **idx =
      scc_arena_alloc(s->ctx->arena, sizeof *idx * (size_t)e->u.access.n);
  for (int d = 0; d < e->u.access.n; d++) {
    ir_expr *sub = ir_expr_clone(s->ctx, e->u.access.idx[d], p->subst);
    if (s->ptr && s->cond) {
      /* an access that may not run in that iteration: its subscript
       * clamped into the elements the kernel touches */
      sub =
          ir_max(s->ctx, ir_expr_clone(s->ctx, s->rlo, NULL),
                 ir_min(s->ctx, ir_cast(s->ctx, IR_TY_LONG, sub),
                        ir_add_const(s->ctx,
                                     ir_expr_clone(s->ctx, s->rhi, NULL), -1)));
      idx[d] = ir_simplify(s->ctx, sub);
      continue;
    }
    if (s->ptr) { /* the iteration is clamped: the access as it runs */
      idx[d] = ir_simplify(s->ctx, sub);
      continue;
    }
    /* min first, then max: an extent of 0 gives 0, the array's start; an
     * unsigned subscript is never negative (and `0 > s` would be a
     * -Wtype-limits warning): E > 0 ? min(s, E - 1) : 0 */
    ir_expr *ext = s->x->dims[d];
    sub = ir_min(s->ctx, sub, ir_add_const(s->ctx, ext, -1));
    if (ir_type_is_unsigned(sub->type))
      sub = ir_select(s->ctx,
                      ir_binary(s->ctx, IR_OP_GT,
                                ir_expr_clone(s->ctx, ext, NULL),
                                ir_int(s->ctx, 0), IR_TY_INT),
                      sub, ir_int(s->ctx, 0), sub->type);
    else
      sub = ir_max(s->ctx, ir_int(s->ctx, 0), sub);
    idx[d] = ir_simplify(s->ctx, sub);
  }
  ir_expr *a = ir_access(s->ctx, (ir_array *)s->x, e->u.access.n, idx);
  a->loc = e->loc;
  const ir_loop *l = &s->loop->u.loop;
  const scc_vec *have[3] = {&s->out, &l->prefetch, &l->prefetchw};
  for (int h = 0; h < 3; h++)
    for (int i = 0; i < have[h]->len; i++)
      if (ir_expr_equal(have[h]->items[i], a)) {
        s->dups += h > 0;
        return;
      }
  scc_vec_push(s->ctx->arena, &s->out, a);
}

static void collect_block(pf_state *s, ir_block *b, const ir_subst *subst);

static void collect_node(pf_state *s, ir_node *n, const ir_subst *subst) {
  pf_expr p = {s, subst};
  switch (n->kind) {
  case IR_NODE_ASSIGN:
  case IR_NODE_DECL:
    ir_walk_node_exprs(n, access_cb, &p);
    break;
  case IR_NODE_IF:
    ir_walk_node_exprs(n, access_cb, &p);
    s->cond++;
    collect_block(s, &n->u.ifs.then_body, subst);
    collect_block(s, &n->u.ifs.else_body, subst);
    s->cond--;
    break;
  case IR_NODE_LOOP: {
    const ir_loop *l = &n->u.loop;
    if (!xfr_at_most_once(s->ctx, l))
      break;
    ir_subst inner = *subst;
    ir_subst_add(s->ctx, &inner, l->iv, ir_expr_clone(s->ctx, l->lb, subst));
    int may_skip = !xf_surely_runs(s->ctx, n);
    s->cond += may_skip;
    collect_block(s, &n->u.loop.body, &inner);
    s->cond -= may_skip;
    break;
  }
  }
}

static void collect_block(pf_state *s, ir_block *b, const ir_subst *subst) {
  for (ir_node *n = b->first; n; n = n->next)
    collect_node(s, n, subst);
}

/* ---- scope: what the start of an iteration can read ------------------ */

typedef struct pruner {
  scc_ctx *ctx;
  const char *op;
  scc_vec scope; /* ir_var *: enclosing ivs, declarations before the node */
  const ir_var *bad;
} pruner;

/* In scope: a parameter (read-only scalar), or an iv or local on the
 * scope list (an enclosing loop's iv, a declaration before the node in an
 * enclosing block).  A local declared outside the kernel region is not
 * on the list: its prefetches are neither made nor kept. */
static void scope_cb(ir_expr *e, void *data) {
  pruner *p = data;
  if (e->kind != IR_EXPR_VAR || p->bad)
    return;
  const ir_var *v = e->u.var;
  if (v->kind == IR_VAR_PARAM || xfr_vec_has(&p->scope, v))
    return;
  p->bad = v;
}

/* The scope at the start of an iteration of `loop`: its iv, the ivs of the
 * loops enclosing it, the declarations before it in its block and in the
 * blocks enclosing it. */
static void scope_at(scc_ctx *ctx, ir_node *loop, scc_vec *scope) {
  scc_vec_push(ctx->arena, scope, loop->u.loop.iv);
  for (ir_node *n = loop; n; n = ir_parent(n)) {
    for (ir_node *q = n->prev; q; q = q->prev)
      if (q->kind == IR_NODE_DECL)
        scc_vec_push(ctx->arena, scope, q->u.decl.var);
    ir_node *up = ir_parent(n);
    if (up && up->kind == IR_NODE_LOOP)
      scc_vec_push(ctx->arena, scope, up->u.loop.iv);
  }
}

typedef struct decl_find {
  const ir_var *v;
  bool found;
} decl_find;

static bool decl_find_cb(ir_node *n, void *data) {
  decl_find *f = data;
  if (n->kind == IR_NODE_DECL && n->u.decl.var == f->v)
    f->found = true;
  return !f->found;
}

/* True when b (at any depth) declares v. */
static bool declared_in(ir_block *b, const ir_var *v) {
  decl_find f = {v, false};
  ir_walk_block(b, decl_find_cb, &f);
  return f.found;
}

/* Keeps the expressions of *v whose variables are all in scope; returns
 * how many it dropped, the first culprit in p->bad. */
static int prune_list(pruner *p, scc_vec *v, const ir_var **culprit) {
  int kept = 0, dropped = 0;
  for (int i = 0; i < v->len; i++) {
    p->bad = NULL;
    ir_walk_expr(v->items[i], scope_cb, p);
    if (p->bad) {
      if (!*culprit)
        *culprit = p->bad;
      dropped++;
    } else {
      v->items[kept++] = v->items[i];
    }
  }
  v->len = kept;
  return dropped;
}

xf_status xf_prefetch(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                      const char *array, int distance, ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "loop.prefetch: the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  const char *iv = xf_iv_name(loop);
  ir_array *x = ir_kernel_find_array(k, array);
  if (!x) {
    scc_fail(ctx, loop->loc, "loop.prefetch: kernel '%s' has no array '%s'",
             k->name, array);
    return XF_SILENCEABLE;
  }
  /* `T *x`: the iteration is clamped instead of the subscripts */
  bool ptr = x->rank == 1 && !x->dims[0];
  for (int d = 0; d < x->rank && !ptr; d++) {
    if (x->dims[d])
      continue;
    static const char *const ext[] = {"[n]", "[m][n]", "[l][m][n]"};
    const char *example = x->rank <= 3 ? ext[x->rank - 1] : "[n]...";
    scc_fail(ctx, loop->loc,
             "loop.prefetch: array '%s' declares no extent for dimension "
             "%d, so the prefetched addresses cannot be kept within it "
             "(declare the parameter with its extents, as in '%s%s')",
             array, d + 1, array, example);
    return XF_SILENCEABLE;
  }
  if (ptr && loop->u.loop.step < 1) {
    scc_fail(ctx, loop->loc,
             "loop.prefetch: array '%s' is a pointer without extent, whose "
             "prefetches take the address of a later iteration that runs "
             "(min(%s + D, ub - 1)), and loop '%s' counts down; prefetch it "
             "on a loop that counts up, or declare the parameter with its "
             "extent, as in '%s[n]'",
             array, iv, iv, array);
    return XF_SILENCEABLE;
  }
  if (distance < 1) {
    scc_fail(ctx, loop->loc,
             "loop.prefetch: the distance is %d iterations; it must be at "
             "least 1",
             distance);
    return XF_SILENCEABLE;
  }
  pf_state s = {.ctx = ctx, .loop = loop, .x = x, .ptr = ptr, .k = k};
  scc_vec written = {0};
  xfr_loop_defs(ctx, loop, &s.changed, &written);
  ir_loop *l = &loop->u.loop;
  ir_subst subst = {0};
  ir_expr *ahead =
      ir_add_const(ctx, ir_var_ref(ctx, l->iv), (int64_t)distance * l->step);
  if (ptr) {
    /* the last iteration at most: iv + s * min(D, floordiv(ub - 1 - iv,
     * s)), min(iv + D, ub - 1) for s = 1; iv < ub where it runs */
    ir_expr *last = ir_add_const(ctx, ir_expr_clone(ctx, l->ub, NULL), -1);
    if (l->step == 1) {
      ahead = ir_min(ctx, ahead, last);
    } else {
      ir_expr *left = ir_floordiv(
          ctx,
          ir_binary(ctx, IR_OP_SUB, last, ir_var_ref(ctx, l->iv), l->iv->type),
          l->step);
      ahead = ir_add(ctx, ir_var_ref(ctx, l->iv),
                     ir_binary(ctx, IR_OP_MUL, ir_int(ctx, l->step),
                               ir_min(ctx, ir_int(ctx, distance), left),
                               l->iv->type));
    }
    ahead = ir_simplify(ctx, ahead);
  }
  ir_subst_add(ctx, &subst, l->iv, ahead);
  collect_block(&s, &l->body, &subst);
  /* what the start of an iteration can read (a local declared outside the
   * kernel region cannot be told from one whose declaration a transform
   * removed: left out) */
  pruner pr = {.ctx = ctx};
  scope_at(ctx, loop, &pr.scope);
  const ir_var *culprit = NULL;
  int out_of_scope = prune_list(&pr, &s.out, &culprit);
  if (out_of_scope && !s.skipped++)
    s.skipped_at = NULL;
  if (s.out.len == 0 && s.dups == 0) {
    if (s.skipped && !s.skipped_at) {
      bool inside = culprit && declared_in(&l->body, culprit);
      scc_fail(ctx, loop->loc,
               "loop.prefetch: the accesses of '%s' in loop '%s' read '%s', "
               "which is %s, so their addresses are not computed ahead",
               array, iv, culprit ? culprit->name : "?",
               inside ? "declared in the loop's body, after the start of "
                        "an iteration where the prefetches go"
                      : "not declared in the kernel before the loop (a "
                        "variable declared outside the kernel region)");
    } else if (s.skipped) {
      scc_buf b = {0};
      ir_print_c_expr(&b, s.skipped_at);
      scc_fail(ctx, s.skipped_at->loc,
               "loop.prefetch: every access of '%s' in loop '%s' outside "
               "its inner loops has a subscript that the loop's body "
               "changes or that loads, calls or divides by a variable "
               "('%s'), so its address cannot be computed ahead at the "
               "start of an iteration",
               array, iv, b.data ? b.data : "");
      scc_buf_free(&b);
    } else if (s.conds) {
      scc_fail(ctx, s.cond_at->loc,
               "loop.prefetch: array '%s' is a pointer without extent, whose "
               "prefetches take the address of an access as a later "
               "iteration runs it, and every access of it in loop '%s' is "
               "under an if or in a loop of at most one iteration, which may "
               "not run; declare the parameter with its extent, as in "
               "'%s[n]'",
               array, iv, array);
    } else {
      scc_fail(ctx, loop->loc,
               "loop.prefetch: loop '%s' has no access of '%s' outside its "
               "inner loops (loops of one iteration are looked through); "
               "apply loop.prefetch to the loop whose body holds them",
               iv, array);
    }
    return XF_SILENCEABLE;
  }
  scc_vec *to = xfr_vec_has(&written, x) ? &l->prefetchw : &l->prefetch;
  /* the subscripts at the iteration ahead, simplified: their parts within
   * their types, else computed in long long (seed 77, kernel 2: `2 * ldc
   * - lo + ...` with lo near INT_MIN) */
  const ir_node *at = l->body.first ? l->body.first : loop;
  for (int i = 0; i < s.out.len; i++) {
    ir_expr *a = s.out.items[i];
    for (int d = 0; d < a->u.access.n; d++)
      if (ir_expr_uses_var(a->u.access.idx[d], l->iv)) /* (moved ahead) */
        a->u.access.idx[d] = xf_fit_or_widen(ctx, at, a->u.access.idx[d]);
    scc_vec_push(ctx->arena, to, a);
  }
  *out = loop;
  return XF_OK;
}

/* ---- after later ops --------------------------------------------------- */

static int prune_block(pruner *p, ir_block *b) {
  int mark = p->scope.len, dropped = 0;
  for (ir_node *n = b->first; n; n = n->next) {
    switch (n->kind) {
    case IR_NODE_DECL:
      scc_vec_push(p->ctx->arena, &p->scope, n->u.decl.var);
      break;
    case IR_NODE_IF:
      dropped += prune_block(p, &n->u.ifs.then_body);
      dropped += prune_block(p, &n->u.ifs.else_body);
      break;
    case IR_NODE_LOOP: {
      ir_loop *l = &n->u.loop;
      scc_vec_push(p->ctx->arena, &p->scope, l->iv);
      const ir_var *culprit = NULL;
      int d = prune_list(p, &l->prefetch, &culprit) +
              prune_list(p, &l->prefetchw, &culprit);
      if (d)
        scc_warning(p->ctx, n->loc,
                    "%s: %d prefetch%s that loop.prefetch put on loop '%s' "
                    "read%s '%s', which is no longer in scope there; dropped "
                    "(apply loop.prefetch after %s)",
                    p->op, d, d == 1 ? "" : "es", xf_iv_name(n),
                    d == 1 ? "s" : "", culprit->name, p->op);
      dropped += d + prune_block(p, &l->body);
      p->scope.len--;
      break;
    }
    default:
      break;
    }
  }
  p->scope.len = mark;
  return dropped;
}

int xf_prefetch_prune(scc_ctx *ctx, ir_kernel *k, const char *op) {
  pruner p = {.ctx = ctx, .op = op ? op : "a later op"};
  return prune_block(&p, &k->body);
}
