/* parallel.c — loop.parallel: an OpenMP `parallel for` loop.
 *
 * The loop is marked IR_LOOP_PARALLEL; the C backend emits
 *   #pragma omp parallel for [schedule(S)] [reduction(op: x, y)]
 * in front of it.  Before anything changes:
 *  - the loop must carry no dependence (dep_check_parallel); with
 *    `reduction`, dependences between the updates of recognized reductions
 *    are allowed, and the reduced locations become the reduction clause.
 *    They must be scalars (OpenMP reduction clauses take variables, not
 *    array elements) and share one operator (+ for x += e, x -= e and
 *    x = x + e; * for x *= e and x = x * e; min/max for x = fmin(x, e) /
 *    fmax(...));
 *  - no scalar declared outside the loop may be written in it unless it is
 *    reduced (it would be shared between the threads);
 *  - no enclosing or nested loop may already be parallel;
 *  - schedule, when given, is an OpenMP schedule kind: static, dynamic,
 *    guided (each optionally ",N"), auto or runtime.
 * The loops nested in the parallel loop whose induction variable is
 * declared outside (`int i, j;` before a scop) have it listed in a
 * `private(j)` clause: in C an inner loop's iv is otherwise shared between
 * the threads (the parallel loop's own iv is private by OpenMP's rules).
 * After the parallel loop those variables, like the parallel loop's own
 * iv, no longer hold their final values: refused when they are read there
 * (xf_final_value_unread), or in the loop outside the loops they control.
 * xf_parallel_recheck makes the same checks again on every loop still
 * marked after another transform (the schedule interpreter calls it after
 * every transform op and undoes the op when a mark no longer holds).
 * With ctx->unsafe the dependence query answers "legal" (and reports no
 * reductions) and the shared-scalar check is skipped.
 * Source: OpenMP 5.2 specification, §11.5 (worksharing-loop construct),
 * §5.4.6 (reduction clause).
 */
#include <string.h>

#include "../deps/dep.h"
#include "xf_util.h"

static bool schedule_ok(const char *s) {
  static const char *const kinds[] = {"static", "dynamic", "guided"};
  if (strcmp(s, "auto") == 0 || strcmp(s, "runtime") == 0)
    return true;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    size_t n = strlen(kinds[i]);
    if (strncmp(s, kinds[i], n) != 0)
      continue;
    const char *p = s + n;
    if (!*p)
      return true;
    if (*p++ != ',')
      return false;
    while (*p == ' ')
      p++;
    if (*p < '1' || *p > '9')
      return false;
    while (*p >= '0' && *p <= '9')
      p++;
    return !*p;
  }
  return false;
}

typedef struct par_scan {
  ir_node *root;
  const ir_node *bad_loop; /* a nested loop already parallel */
  scc_vec shared_ivs;      /* ir_var *: ivs of nested loops declared outside */
  scc_vec written;         /* ir_expr *: scalar lhs written in the loop */
  scc_vec declared;        /* ir_var *: scalars declared inside */
  scc_arena *arena;
} par_scan;

static void push_unique(scc_arena *a, scc_vec *v, void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return;
  scc_vec_push(a, v, x);
}

static bool scan_cb(ir_node *n, void *data) {
  par_scan *ps = data;
  if (n->kind == IR_NODE_LOOP && n != ps->root) {
    /* a `simd` loop nests in a worksharing one; nothing nests in simd */
    if ((n->u.loop.attrs & IR_LOOP_PARALLEL) &&
        (!ir_omp_simd_only(n->u.loop.omp) ||
         ir_omp_simd_only(ps->root->u.loop.omp)))
      ps->bad_loop = n;
    if (n->u.loop.iv->declared_outside)
      push_unique(ps->arena, &ps->shared_ivs, n->u.loop.iv);
  } else if (n->kind == IR_NODE_ASSIGN &&
             n->u.assign.lhs->kind == IR_EXPR_VAR) {
    scc_vec_push(ps->arena, &ps->written, n->u.assign.lhs);
  } else if (n->kind == IR_NODE_DECL) {
    push_unique(ps->arena, &ps->declared, n->u.decl.var);
  }
  return true;
}

/* True when v is read in `b` outside the loops whose iv it is. */
static bool read_outside(const ir_block *b, const ir_var *v);

static bool node_read_outside(const ir_node *n, const ir_var *v) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    if (n->u.loop.iv == v)
      return false;
    return ir_expr_uses_var(n->u.loop.lb, v) ||
           ir_expr_uses_var(n->u.loop.ub, v) ||
           read_outside(&n->u.loop.body, v);
  case IR_NODE_IF:
    return ir_expr_uses_var(n->u.ifs.cond, v) ||
           read_outside(&n->u.ifs.then_body, v) ||
           read_outside(&n->u.ifs.else_body, v);
  case IR_NODE_ASSIGN:
    return ir_expr_uses_var(n->u.assign.lhs, v) ||
           ir_expr_uses_var(n->u.assign.rhs, v);
  case IR_NODE_DECL:
    return n->u.decl.var == v ||
           (n->u.decl.init && ir_expr_uses_var(n->u.decl.init, v));
  }
  return false;
}

static bool read_outside(const ir_block *b, const ir_var *v) {
  for (const ir_node *p = b->first; p; p = p->next)
    if (node_read_outside(p, v))
      return true;
  return false;
}

typedef struct red_find {
  const ir_expr *loc; /* the reduced location */
  ir_op op;           /* IR_OP_NONE: not found yet; IR_OP_NEG: conflicting */
} red_find;

static bool same_loc(const ir_expr *a, const ir_expr *b) {
  if (a->kind != b->kind)
    return false;
  if (a->kind == IR_EXPR_VAR)
    return a->u.var == b->u.var;
  return false; /* array elements are refused before this is asked */
}

static ir_op update_op(const ir_assign *as) {
  switch (as->op) {
  case IR_OP_ADD:
  case IR_OP_SUB:
    return IR_OP_ADD;
  case IR_OP_MUL:
    return IR_OP_MUL;
  case IR_OP_NONE:
    break;
  default:
    return IR_OP_NEG;
  }
  const ir_expr *r = as->rhs;
  while (r->kind == IR_EXPR_CAST)
    r = r->u.cast.a;
  if (r->kind == IR_EXPR_BINARY) {
    if (r->u.bin.op == IR_OP_ADD || r->u.bin.op == IR_OP_SUB)
      return IR_OP_ADD;
    if (r->u.bin.op == IR_OP_MUL)
      return IR_OP_MUL;
    if (r->u.bin.op == IR_OP_MIN || r->u.bin.op == IR_OP_MAX)
      return r->u.bin.op;
  }
  if (r->kind == IR_EXPR_CALL) {
    const char *f = r->u.call.fn;
    if (strncmp(f, "fmin", 4) == 0)
      return IR_OP_MIN;
    if (strncmp(f, "fmax", 4) == 0)
      return IR_OP_MAX;
  }
  return IR_OP_NEG;
}

static bool red_cb(ir_node *n, void *data) {
  red_find *rf = data;
  if (n->kind == IR_NODE_ASSIGN && same_loc(n->u.assign.lhs, rf->loc)) {
    ir_op op = update_op(&n->u.assign);
    if (rf->op == IR_OP_NONE)
      rf->op = op;
    else if (rf->op != op)
      rf->op = IR_OP_NEG;
  }
  return true;
}

static void expr_str(scc_ctx *ctx, const ir_expr *e, const char **out) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  *out = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
}

/* True when the user's directive o lists v in private, firstprivate,
 * lastprivate or linear (each thread has its own v). */
static bool user_private(const ir_omp *o, const ir_var *v) {
  if (!o)
    return false;
  for (int i = 0; i < o->priv.len; i++)
    if (o->priv.items[i] == v)
      return true;
  for (int i = 0; i < o->priv_kept.len; i++)
    if (o->priv_kept.items[i] == v)
      return true;
  return false;
}

/* The loops a directive with collapse(n) applies to, from `loop` inward,
 * into band (n of them); 0 after scc_fail when they are not a perfect,
 * rectangular nest of n loops (OpenMP's canonical loop nest: the bounds of
 * an inner loop must not use the outer ones' ivs as schedcc writes them,
 * with min/max). */
static int collapse_band(scc_ctx *ctx, ir_node *loop, const char *who,
                         ir_node **band) {
  const ir_omp *o = loop->u.loop.omp;
  int n = o ? o->collapse : 1;
  band[0] = loop;
  for (int l = 1; l < n; l++) {
    ir_node *c = ir_loop_only_child_loop(band[l - 1]);
    if (!c) {
      scc_fail(ctx, loop->loc,
               "%s: collapse(%d) needs %d perfectly nested loops, but the "
               "body of loop '%s' is not a single loop",
               who, n, n, xf_iv_name(band[l - 1]));
      return 0;
    }
    for (int q = 0; q < l; q++) {
      const ir_var *iv = band[q]->u.loop.iv;
      if (ir_expr_uses_var(c->u.loop.lb, iv) ||
          ir_expr_uses_var(c->u.loop.ub, iv)) {
        scc_fail(ctx, loop->loc,
                 "%s: collapse(%d) needs a rectangular nest, but the bounds "
                 "of loop '%s' use '%s'",
                 who, n, xf_iv_name(c), iv->name);
        return 0;
      }
    }
    band[l] = c;
  }
  return n;
}

/* A loop carrying a collapse(n) directive that a transform moved inside
 * its band (loop.interchange swaps the loops, the mark stays with its
 * iv): when the n loops from it are no longer a perfect, rectangular nest
 * but it is the inner loop of a perfect nest of unmarked loops, the
 * directive moves to the outermost of those (at most n - 1 levels up),
 * where the band now starts.  Returns the loop carrying it. */
static ir_node *collapse_rehome(scc_ctx *ctx, ir_node *loop) {
  ir_node *band[16];
  if (collapse_band(ctx, loop, "", band)) {
    return loop;
  }
  scc_fail_clear(ctx);
  ir_node *h = loop;
  for (int d = 1; d < loop->u.loop.omp->collapse; d++) {
    ir_node *p = ir_parent(h);
    if (!p || p->kind != IR_NODE_LOOP || ir_loop_only_child_loop(p) != h ||
        (p->u.loop.attrs & IR_LOOP_PARALLEL))
      break;
    h = p;
  }
  if (h == loop)
    return loop;
  ir_loop *from = &loop->u.loop, *to = &h->u.loop;
  to->attrs |= IR_LOOP_PARALLEL;
  to->omp = from->omp;
  to->omp_schedule = from->omp_schedule;
  to->omp_reductions = from->omp_reductions;
  to->omp_reduction_op = from->omp_reduction_op;
  to->omp_private = from->omp_private;
  from->attrs &= ~(unsigned)IR_LOOP_PARALLEL;
  from->omp = NULL;
  from->omp_schedule = NULL;
  from->omp_reductions = (scc_vec){0};
  from->omp_private = (scc_vec){0};
  return h;
}

/* What the checks of a parallel loop found: the nested ivs declared
 * outside (its private clause), the reduced locations and their
 * operator. */
typedef struct par_plan {
  scc_vec privates; /* ir_var * */
  scc_vec reds;     /* ir_expr *, the statements' own lhs */
  ir_op op;         /* IR_OP_NONE: no reduction */
} par_plan;

/* The checks loop.parallel makes before marking `loop`, and makes again
 * for every loop still marked after another transform (xf_parallel_recheck):
 * no nested parallel loop; nested ivs declared outside not read outside
 * their loops (they become private); no carried dependence
 * (dep_check_parallel, reductions allowed with `reduction`); reductions
 * into scalars with one operator; no scalar declared outside written in
 * the loop unless reduced; the final values of the loop's iv and of the
 * private ivs not read after them (xf_final_value_unread: OpenMP leaves
 * private copies unspecified after the loop).  `who` starts the messages
 * ("loop.parallel of 'i'", "the parallel loop 'i'"). */
static bool check_loop(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                       bool reduction, const char *who, par_plan *plan) {
  *plan = (par_plan){0};
  par_scan ps = {.root = loop, .arena = ctx->arena};
  ir_walk_node(loop, scan_cb, &ps);
  if (ps.bad_loop) {
    scc_fail(ctx, loop->loc, "%s: the nested loop '%s' is already parallel",
             who, xf_iv_name(ps.bad_loop));
    return false;
  }
  for (int i = 0; i < ps.shared_ivs.len; i++) {
    const ir_var *v = ps.shared_ivs.items[i];
    if (v == loop->u.loop.iv || read_outside(&loop->u.loop.body, v)) {
      scc_fail(ctx, loop->loc,
               "%s: '%s' is read outside the loops it controls and cannot be "
               "made private",
               who, v->name);
      return false;
    }
  }
  const char *why = NULL;
  scc_vec reds = {0};
  ir_node *band[16];
  int nband = collapse_band(ctx, loop, who, band);
  if (!nband)
    return false;
  for (int b = 0; b < nband; b++) {
    scc_vec r = {0};
    const ir_omp *o = loop->u.loop.omp;
    scc_vec priv = {0};
    for (int i = 0; o && i < o->priv.len; i++)
      scc_vec_push(ctx->arena, &priv, o->priv.items[i]);
    for (int i = 0; o && i < o->priv_kept.len; i++)
      scc_vec_push(ctx->arena, &priv, o->priv_kept.items[i]);
    for (int i = 0; o && i < o->priv_arrays.len; i++)
      scc_vec_push(ctx->arena, &priv, o->priv_arrays.items[i]);
    if (!dep_check_parallel_private(ctx, k, band[b], reduction, &priv, &r,
                                    &why)) {
      scc_fail(ctx, loop->loc, "%s %s", who,
               why ? why : "would violate a dependence");
      return false;
    }
    for (int i = 0; i < r.len; i++) {
      bool dup = false;
      for (int j = 0; j < reds.len && !dup; j++)
        dup = same_loc(reds.items[j], r.items[i]);
      if (!dup)
        scc_vec_push(ctx->arena, &reds, r.items[i]);
    }
  }
  ir_op op = IR_OP_NONE;
  for (int i = 0; i < reds.len; i++) {
    const ir_expr *r = reds.items[i];
    if (r->kind != IR_EXPR_VAR) {
      const char *str;
      expr_str(ctx, r, &str);
      scc_fail(ctx, loop->loc,
               "%s: the reduction into '%s' is into an array element; OpenMP "
               "reduction clauses only take scalars",
               who, str);
      return false;
    }
    red_find rf = {r, IR_OP_NONE};
    ir_walk_block(&loop->u.loop.body, red_cb, &rf);
    if (rf.op == IR_OP_NEG || rf.op == IR_OP_NONE ||
        (op != IR_OP_NONE && rf.op != op)) {
      scc_fail(ctx, loop->loc, "%s: the reduction into '%s' %s", who,
               r->u.var->name,
               rf.op == IR_OP_NEG || rf.op == IR_OP_NONE
                   ? "has no operator an OpenMP reduction clause can express"
                   : "uses another operator than the other reductions");
      return false;
    }
    op = rf.op;
  }
  if (!ctx->unsafe)
    for (int i = 0; i < ps.written.len; i++) {
      const ir_expr *w = ps.written.items[i];
      bool ok = false;
      for (int d = 0; d < ps.declared.len && !ok; d++)
        ok = ps.declared.items[d] == w->u.var;
      for (int r = 0; r < reds.len && !ok; r++)
        ok = same_loc(reds.items[r], w);
      ok = ok || user_private(loop->u.loop.omp, w->u.var);
      if (!ok) {
        scc_fail(ctx, loop->loc,
                 "%s: the scalar '%s' declared outside the loop is written in "
                 "it (it would be shared between threads)",
                 who, w->u.var->name);
        return false;
      }
    }
  if (!xf_final_value_unread(ctx, k, loop, loop->u.loop.iv, who))
    return false;
  for (int b = 1; b < nband; b++)
    if (!xf_final_value_unread(ctx, k, loop, band[b]->u.loop.iv, who))
      return false;
  for (int i = 0; i < ps.shared_ivs.len; i++)
    if (!xf_final_value_unread(ctx, k, loop, ps.shared_ivs.items[i], who))
      return false;
  plan->privates = ps.shared_ivs;
  plan->reds = reds;
  plan->op = op;
  return true;
}

xf_status xf_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                      const char *schedule, bool reduction, ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return XF_SILENCEABLE;
  }
  const char *iv = xf_iv_name(loop);
  if (schedule && !schedule_ok(schedule)) {
    scc_fail(ctx, loop->loc,
             "loop.parallel of '%s': unknown OpenMP schedule \"%s\" (static, "
             "dynamic, guided, each optionally \",N\", auto or runtime)",
             iv, schedule);
    return XF_SILENCEABLE;
  }
  for (ir_node *p = ir_parent(loop); p; p = ir_parent(p))
    if (p->kind == IR_NODE_LOOP && (p->u.loop.attrs & IR_LOOP_PARALLEL)) {
      scc_fail(ctx, loop->loc,
               "loop.parallel of '%s': it is nested in the parallel loop "
               "'%s'",
               iv, xf_iv_name(p));
      return XF_SILENCEABLE;
    }
  if (loop->u.loop.attrs & IR_LOOP_PARALLEL) {
    scc_fail(ctx, loop->loc, "loop.parallel of '%s': already parallel", iv);
    return XF_SILENCEABLE;
  }
  par_plan plan;
  if (!check_loop(ctx, k, loop, reduction,
                  scc_arena_printf(ctx->arena, "loop.parallel of '%s'", iv),
                  &plan))
    return XF_SILENCEABLE;

  /* Rewrite: the clauses (nested ivs declared outside become private). */
  ir_loop *l = &loop->u.loop;
  l->omp_private = plan.privates;
  l->attrs |= IR_LOOP_PARALLEL;
  l->omp_schedule = schedule ? scc_arena_strdup(ctx->arena, schedule) : NULL;
  l->omp_reductions = (scc_vec){0};
  for (int i = 0; i < plan.reds.len; i++) {
    bool dup = false;
    for (int j = 0; j < i && !dup; j++)
      dup = same_loc(plan.reds.items[j], plan.reds.items[i]);
    if (!dup)
      scc_vec_push(ctx->arena, &l->omp_reductions,
                   ir_expr_clone(ctx, plan.reds.items[i], NULL));
  }
  l->omp_reduction_op = plan.op == IR_OP_NONE ? IR_OP_ADD : plan.op;
  *out = loop;
  return XF_OK;
}

typedef struct par_loops {
  scc_arena *arena; /* NULL: only whether there is one */
  scc_vec loops;    /* ir_node *, the loops marked parallel, pre-order */
} par_loops;

static bool parallel_cb(ir_node *n, void *data) {
  par_loops *pl = data;
  if (n->kind == IR_NODE_LOOP && (n->u.loop.attrs & IR_LOOP_PARALLEL)) {
    if (!pl->arena) {
      pl->loops.len++;
      return false;
    }
    scc_vec_push(pl->arena, &pl->loops, n);
  }
  return true;
}

bool xf_kernel_has_parallel(ir_kernel *k) {
  par_loops pl = {0};
  ir_walk_block(&k->body, parallel_cb, &pl);
  return pl.loops.len > 0;
}

/* Whether the loop's directive shares the work of a team among its
 * threads: `for`, `parallel for`, `for simd`, loop.parallel's mark; not
 * `simd` alone. */
static bool worksharing(const ir_loop *l) {
  return (l->attrs & IR_LOOP_PARALLEL) && !(l->omp && ir_omp_simd_only(l->omp));
}

/* A worksharing loop without a parallel region of its own (`#pragma omp
 * for`) inside another worksharing loop: OpenMP forbids it (a worksharing
 * region may not be closely nested inside another, OpenMP 5.2 §17.1);
 * gcc and clang refuse to compile it.  A transform that nests loops
 * (loop.sink, loop.fuse, ...) could make it. */
static bool nested_worksharing(scc_ctx *ctx, const scc_vec *loops) {
  for (int i = 0; i < loops->len; i++) {
    const ir_node *in = loops->items[i];
    const ir_loop *l = &in->u.loop;
    if (!worksharing(l) || (l->omp && strstr(l->omp->construct, "parallel")) ||
        (!l->omp))
      continue;
    for (const ir_node *p = ir_parent(in); p; p = ir_parent(p))
      if (p->kind == IR_NODE_LOOP && worksharing(&p->u.loop)) {
        scc_fail(ctx, in->loc,
                 "'#pragma %s' on loop '%s' would be nested in the "
                 "worksharing loop '%s' (OpenMP forbids a worksharing region "
                 "closely nested in another)",
                 l->omp->text, xf_iv_name(in), xf_iv_name(p));
        return true;
      }
  }
  return false;
}

bool xf_parallel_recheck(scc_ctx *ctx, ir_kernel *k) {
  par_loops pl = {ctx->arena, {0}};
  ir_walk_block(&k->body, parallel_cb, &pl);
  scc_vec loops = pl.loops;
  if (nested_worksharing(ctx, &loops))
    return false;
  par_plan *plans =
      scc_arena_alloc(ctx->arena, sizeof *plans * (size_t)(loops.len + 1));
  bool ok = true;
  for (int i = 0; i < loops.len && ok; i++) {
    ir_node *loop = loops.items[i];
    ir_loop *l = &loop->u.loop;
    if (l->omp && l->omp->collapse > 1) {
      loop = loops.items[i] = collapse_rehome(ctx, loop);
      l = &loop->u.loop;
    }
    if (l->omp && l->omp->unchecked) {
      plans[i].privates = l->omp_private; /* as the user wrote it */
      continue;
    }
    const char *who =
        l->omp ? scc_arena_printf(ctx->arena, "'#pragma %s' on loop '%s'",
                                  l->omp->text, xf_iv_name(loop))
               : scc_arena_printf(ctx->arena, "the parallel loop '%s'",
                                  xf_iv_name(loop));
    ok = check_loop(ctx, k, loop, l->omp_reductions.len > 0, who, &plans[i]);
    /* the reductions must still be those of its clause, with its operator */
    for (int r = 0; ok && r < plans[i].reds.len; r++) {
      const ir_expr *e = plans[i].reds.items[r];
      bool in_clause = false;
      for (int c = 0; c < l->omp_reductions.len && !in_clause; c++)
        in_clause = same_loc(l->omp_reductions.items[c], e);
      if (!in_clause || plans[i].op != l->omp_reduction_op) {
        scc_fail(ctx, loop->loc,
                 "%s: the reduction into '%s' does not match its reduction "
                 "clause",
                 who, e->u.var->name);
        ok = false;
      }
    }
  }
  /* Every mark holds: the private clauses follow the loops now nested. */
  for (int i = 0; i < loops.len && ok; i++)
    ((ir_node *)loops.items[i])->u.loop.omp_private = plans[i].privates;
  return ok;
}

/* Collects the loops of k carrying a user's OpenMP directive. */
static bool user_cb(ir_node *n, void *data) {
  par_loops *pl = data;
  if (n->kind == IR_NODE_LOOP && n->u.loop.omp)
    scc_vec_push(pl->arena, &pl->loops, n);
  return true;
}

void xf_omp_check(scc_ctx *ctx, ir_kernel *k) {
  par_loops pl = {ctx->arena, {0}};
  ir_walk_block(&k->body, user_cb, &pl);
  for (int i = 0; i < pl.loops.len; i++) {
    ir_node *loop = pl.loops.items[i];
    ir_loop *l = &loop->u.loop;
    ir_omp *o = l->omp;
    if (o->checked)
      continue;
    o->checked = true;
    const char *who = scc_arena_printf(ctx->arena, "'#pragma %s' on loop '%s'",
                                       o->text, xf_iv_name(loop));
    par_plan plan;
    bool ok = check_loop(ctx, k, loop, l->omp_reductions.len > 0, who, &plan);
    for (int r = 0; ok && r < plan.reds.len; r++) {
      const ir_expr *e = plan.reds.items[r];
      bool in_clause = false;
      for (int c = 0; c < l->omp_reductions.len && !in_clause; c++)
        in_clause = same_loc(l->omp_reductions.items[c], e);
      if (!in_clause || plan.op != l->omp_reduction_op) {
        scc_fail(ctx, loop->loc, "%s: the reduction into '%s' %s", who,
                 e->u.var->name,
                 in_clause ? "uses another operator than its reduction clause"
                           : "has no reduction clause (the threads would "
                             "race on it)");
        ok = false;
      }
    }
    if (ok) {
      l->omp_private = plan.privates;
      continue;
    }
    scc_warning(ctx, o->loc, "%s; the directive is kept as written",
                ctx->pending_msg ? ctx->pending_msg : who);
    scc_fail_clear(ctx);
    o->unchecked = true;
    /* inner ivs declared outside are still made private: OpenMP would
     * share them, which no compiler-generated loop intends */
    par_scan ps = {.root = loop, .arena = ctx->arena};
    ir_walk_node(loop, scan_cb, &ps);
    l->omp_private = ps.shared_ivs;
  }
}

/* Moves the OpenMP state of loop `from` to loop `to` (which has none). */
static void move_omp(ir_node *from, ir_node *to) {
  ir_loop *f = &from->u.loop, *t = &to->u.loop;
  t->attrs |= IR_LOOP_PARALLEL;
  t->omp = f->omp;
  t->omp_schedule = f->omp_schedule;
  t->omp_reductions = f->omp_reductions;
  t->omp_reduction_op = f->omp_reduction_op;
  t->omp_private = f->omp_private;
  f->attrs &= ~(unsigned)IR_LOOP_PARALLEL;
  f->omp = NULL;
  f->omp_schedule = NULL;
  f->omp_reductions = (scc_vec){0};
  f->omp_private = (scc_vec){0};
}

static bool in_list(const scc_vec *v, const void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

void xf_omp_follow(scc_ctx *ctx, ir_kernel *k, const scc_vec *before) {
  par_loops pl = {ctx->arena, {0}};
  ir_walk_block(&k->body, user_cb, &pl);
  for (int i = 0; i < pl.loops.len; i++) {
    ir_node *loop = pl.loops.items[i];
    const ir_omp *o = loop->u.loop.omp;
    if (o->unchecked || !in_list(before, loop))
      continue;
    ir_node *home = loop;
    for (ir_node *p = ir_parent(home);
         p && p->kind == IR_NODE_LOOP && !in_list(before, p) &&
         !(p->u.loop.attrs & IR_LOOP_PARALLEL) &&
         ir_loop_only_child_loop(p) == home;
         p = ir_parent(home))
      home = p;
    if (home == loop)
      continue;
    move_omp(loop, home);
    par_plan plan;
    const char *who = scc_arena_printf(ctx->arena, "'#pragma %s' on loop '%s'",
                                       o->text, xf_iv_name(home));
    bool ok = check_loop(ctx, k, home, home->u.loop.omp_reductions.len > 0, who,
                         &plan);
    scc_fail_clear(ctx);
    if (!ok)
      move_omp(home, loop); /* stays where it was (checked again there) */
  }
}
