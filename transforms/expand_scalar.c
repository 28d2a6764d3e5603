/* expand_scalar.c — loop.expand_scalar: scalar expansion.
 *
 * A scalar temporary written and read in every iteration of a loop (the
 * `temp2` of PolyBench's symm in the j loop) is one storage location for
 * all iterations: its anti and output dependences tie every iteration to
 * the next, which forbids distributing the loop (the statement groups that
 * write and read it would no longer alternate).  Scalar expansion gives
 * each iteration its own element of a kernel-local array indexed by the
 * iteration number:
 *
 *   for (j = lb; j < ub; j++) {        for (j = lb; j < ub; j++) {
 *     temp2 = 0;                         temp2_x[j - lb] = 0;
 *     for (k ...) temp2 += ...;    =>    for (k ...) temp2_x[j - lb] += ...;
 *     C[i][j] = ... temp2;               C[i][j] = ... temp2_x[j - lb];
 *   }                                  }
 *
 * (with step s, the element (j - lb) / s).
 * The array, `_Alignas(64) T temp2_x[T]` (T the loop's trip count, at least
 * 1), is declared at the start of the kernel (ir_array.is_local); the trip
 * count may be symbolic in the kernel's parameters (a variable-length
 * array), and in the ivs of enclosing loops (a triangular loop), whose
 * largest value over those loops, eliminated by their bounds
 * (max_over_outer), is then the size.  A declaration of the scalar at the
 * top of the loop's body (`float t = e;`) becomes the store `t_x[...] = e`.
 *
 * Legal when every read of the scalar in an iteration reads a value that
 * the same iteration wrote (dep_check_expansion: no upward-exposed read,
 * no value flowing between iterations), so the iteration's element holds
 * exactly the values the scalar held.  Refused (payload untouched): the
 * payload is not a loop, the variable is not a scalar local of the kernel
 * written in the loop, it is declared in a block nested in the loop or
 * read in a loop bound there, the trip count is not affine or depends on
 * an iv whose loop's bounds are not, an iteration reads a value it did
 * not write, or the value the scalar holds after the loop may be read (a
 * read in the kernel after the loop that a value-based flow dependence
 * links to a write in the loop, dep_scalar_read_after; or after the
 * kernel: ir_var.live_out) — then the last value is not kept.
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §5.5 (scalar expansion), covering definitions as in §5.5.1.
 */
#include "../deps/dep.h"
#include "xf_util.h"

typedef struct use_scan {
  const ir_var *v;
  const ir_node *loop;
  bool written, in_bound, nested_decl;
  ir_node *top_decl; /* a declaration of v at the top of the loop's body */
  bool read;
} use_scan;

static void read_cb(ir_expr *e, void *data) {
  use_scan *u = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == u->v)
    u->read = true;
}

static bool scan_cb(ir_node *n, void *data) {
  use_scan *u = data;
  switch (n->kind) {
  case IR_NODE_LOOP:
    u->read = false;
    ir_walk_expr(n->u.loop.lb, read_cb, u);
    ir_walk_expr(n->u.loop.ub, read_cb, u);
    if (u->read)
      u->in_bound = true;
    if (n->u.loop.iv == u->v)
      u->written = true;
    break;
  case IR_NODE_ASSIGN:
    if (n->u.assign.lhs->kind == IR_EXPR_VAR && n->u.assign.lhs->u.var == u->v)
      u->written = true;
    break;
  case IR_NODE_DECL:
    if (n->u.decl.var == u->v) {
      if (ir_parent(n) == u->loop)
        u->top_decl = n;
      else
        u->nested_decl = true;
    }
    break;
  case IR_NODE_IF:
    break;
  }
  return true;
}

typedef struct outside {
  const ir_var *v;
  const ir_node *loop;
  bool read;
} outside;

static void out_read_cb(ir_expr *e, void *data) {
  outside *o = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == o->v)
    o->read = true;
}

/* Reads of v by nodes that may run after `loop` (outside it): a node
 * after the loop in its block or an enclosing one, or any node of an
 * enclosing loop (its next iteration). */
static bool after_cb(ir_node *n, void *data) {
  outside *o = data;
  if (n == o->loop)
    return false;
  if (n->kind == IR_NODE_ASSIGN) {
    const ir_expr *lhs = n->u.assign.lhs;
    if (lhs->kind != IR_EXPR_VAR || lhs->u.var != o->v ||
        n->u.assign.op != IR_OP_NONE)
      ir_walk_expr(n->u.assign.lhs, out_read_cb, o);
    ir_walk_expr(n->u.assign.rhs, out_read_cb, o);
  } else if (n->kind == IR_NODE_DECL) {
    ir_walk_expr(n->u.decl.init, out_read_cb, o);
  } else {
    ir_walk_node_exprs(n, out_read_cb, o);
  }
  return true;
}

/* True when v's value after `loop` may be read: a node after the loop in
 * its block or in the block of an enclosing node, or any node (but the
 * loop) in an enclosing loop, reads it; or it is live after the kernel. */
static bool read_after(const ir_kernel *k, ir_node *loop, const ir_var *v) {
  if (v->live_out)
    return true;
  outside o = {v, loop, false};
  for (ir_node *c = loop; c && !o.read; c = ir_parent(c)) {
    for (ir_node *p = c->next; p && !o.read; p = p->next)
      ir_walk_node(p, after_cb, &o);
    ir_node *par = ir_parent(c);
    if (par && par->kind == IR_NODE_LOOP)
      ir_walk_node(par, after_cb, &o);
  }
  (void)k;
  return o.read;
}

typedef struct rewrite {
  scc_ctx *ctx;
  const ir_var *v;
  ir_array *arr;
  ir_expr *idx;
} rewrite;

static ir_expr *element(rewrite *r) {
  ir_expr **idx = scc_arena_alloc(r->ctx->arena, sizeof *idx);
  idx[0] = ir_expr_clone(r->ctx, r->idx, NULL);
  return ir_access(r->ctx, r->arr, 1, idx);
}

static void expr_cb(ir_expr *e, void *data) {
  rewrite *r = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == r->v) {
    scc_loc loc = e->loc;
    *e = *element(r);
    e->loc = loc;
  }
}

static bool node_cb(ir_node *n, void *data) {
  ir_walk_node_exprs(n, expr_cb, data);
  return true;
}

/* The largest value of the affine expression x (a loop's span) over the
 * iterations of the loops enclosing `loop`, as an expression of what is
 * left (the kernel's parameters): from the innermost enclosing loop out,
 * each iv with a positive coefficient is replaced by its largest value
 * (ub - 1 counting up, lb counting down), each with a negative one by its
 * smallest (lb, or ub + 1), and the bounds brought in are eliminated in
 * turn by the loops further out (Fourier-Motzkin elimination of the outer
 * ivs over their bounds, one inequality each side: a valid upper bound,
 * exact for boxes and for triangles such as ludcmp's j < i < n, whose
 * span i is at most n - 1).  NULL, with *why the iv, when a bound met is
 * not affine. */
static ir_expr *max_over_outer(scc_ctx *ctx, const ir_node *loop, ir_expr *x,
                               const char **why) {
  for (ir_node *p = ir_parent((ir_node *)loop); p; p = ir_parent(p)) {
    if (p->kind != IR_NODE_LOOP)
      continue;
    const ir_loop *o = &p->u.loop;
    ir_affine a;
    if (!ir_expr_to_affine(ctx, x, &a))
      return NULL;
    int64_t c = 0;
    for (int t = 0; t < a.nterms; t++)
      if (a.vars[t] == o->iv)
        c = a.coefs[t];
    if (c == 0)
      continue;
    bool up = o->step > 0, want_max = c > 0;
    ir_expr *b = up ? (want_max ? ir_add_const(ctx, o->ub, -1) : o->lb)
                    : (want_max ? o->lb : ir_add_const(ctx, o->ub, 1));
    ir_affine ba;
    if (!ir_expr_to_affine(ctx, b, &ba)) {
      *why = o->iv->name;
      return NULL;
    }
    ir_affine rest = a;
    rest.nterms = 0;
    rest.vars =
        scc_arena_alloc(ctx->arena, sizeof *rest.vars * (size_t)a.nterms);
    rest.coefs =
        scc_arena_alloc(ctx->arena, sizeof *rest.coefs * (size_t)a.nterms);
    for (int t = 0; t < a.nterms; t++)
      if (a.vars[t] != o->iv) {
        rest.vars[rest.nterms] = a.vars[t];
        rest.coefs[rest.nterms++] = a.coefs[t];
      }
    x = ir_simplify(ctx,
                    ir_add(ctx, ir_affine_to_expr(ctx, &rest, x->type),
                           ir_mul_const(ctx, ir_expr_clone(ctx, b, NULL), c)));
  }
  return x;
}

xf_status xf_expand_scalar(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                           const char *name, ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  ir_var *v = name ? ir_kernel_find_var(k, name) : NULL;
  if (!v || v->kind != IR_VAR_LOCAL || v->lanes > 1) {
    scc_fail(ctx, loop->loc, "loop.expand_scalar of '%s' in loop '%s': %s",
             name ? name : "", iv,
             !v ? "the kernel has no scalar of that name (an integer local "
                  "assigned only by its initializer is replaced by its value "
                  "where it is read, and has none: docs/real-c.md)"
             : v->lanes > 1
                 ? "it is a vector variable"
                 : "the kernel never writes it (only local scalars that the "
                   "kernel writes are expanded)");
    return XF_SILENCEABLE;
  }
  use_scan u = {.v = v, .loop = loop};
  ir_walk_block(&l->body, scan_cb, &u);
  if (!u.written && !u.top_decl) {
    /* Written nowhere but at its declaration: the frontend may have
     * forward-substituted its assignments (`k = i * cols + j;`), whose
     * stores were then dead and went. */
    use_scan all = {.v = v, .loop = NULL};
    ir_walk_block(&k->body, scan_cb, &all);
    scc_fail(ctx, loop->loc,
             "loop.expand_scalar of '%s' in loop '%s': the loop does not "
             "write '%s', so there is nothing to expand%s",
             name, iv, name,
             all.written || !ir_type_is_integer(v->type)
                 ? ""
                 : " (an integer scalar assigned an affine value of the "
                   "ivs is replaced by that value where it is read, and its "
                   "dead stores go: docs/real-c.md)");
    return XF_SILENCEABLE;
  }
  if (u.nested_decl || u.in_bound) {
    scc_fail(ctx, loop->loc,
             "loop.expand_scalar of '%s' in loop '%s': '%s' is %s", name, iv,
             name,
             u.nested_decl ? "declared in a block nested in the loop (it is "
                             "already private to that block)"
                           : "read by the bounds of a loop nested in it");
    return XF_SILENCEABLE;
  }
  /* the trip count, or its largest value over the enclosing loops, in
   * parameters only */
  ir_expr *span =
      l->step > 0 ? ir_sub(ctx, l->ub, l->lb) : ir_sub(ctx, l->lb, l->ub);
  int64_t as = l->step > 0 ? l->step : -l->step;
  ir_affine sa;
  if (!ir_expr_to_affine(ctx, span, &sa)) {
    scc_fail(ctx, loop->loc,
             "loop.expand_scalar of '%s' in loop '%s': the trip count of "
             "'%s' is not an affine expression of the kernel's parameters",
             name, iv, iv);
    return XF_SILENCEABLE;
  }
  const char *unbounded = NULL;
  span = max_over_outer(ctx, loop, span, &unbounded);
  if (!span || !ir_expr_to_affine(ctx, span, &sa)) {
    scc_fail(ctx, loop->loc,
             "loop.expand_scalar of '%s' in loop '%s': the trip count of "
             "'%s' depends on '%s', whose loop's bounds are not affine, so "
             "no size of the array is known at the start of the kernel",
             name, iv, iv, unbounded ? unbounded : "?");
    return XF_SILENCEABLE;
  }
  for (int t = 0; t < sa.nterms; t++)
    if (sa.vars[t]->kind != IR_VAR_PARAM) {
      scc_fail(ctx, loop->loc,
               "loop.expand_scalar of '%s' in loop '%s': the trip count of "
               "'%s' depends on '%s', so the array's size is not known at "
               "the start of the kernel (expand over a loop whose trip count "
               "is bounded by the kernel's parameters)",
               name, iv, iv, sa.vars[t]->name);
      return XF_SILENCEABLE;
    }
  ir_expr *trip = ir_simplify(ctx, as == 1 ? span : ir_ceildiv(ctx, span, as));
  if (read_after(k, loop, v) && dep_scalar_read_after(ctx, k, loop, v)) {
    scc_fail(ctx, loop->loc,
             "loop.expand_scalar of '%s' in loop '%s': the value '%s' holds "
             "after the loop is read %s, and the expanded loop would not "
             "leave it there",
             name, iv, name,
             v->live_out ? "after the kernel" : "in the kernel");
    return XF_SILENCEABLE;
  }
  const char *why = NULL;
  if (!dep_check_expansion(ctx, k, loop, v, &why)) {
    scc_fail(ctx, loop->loc, "loop.expand_scalar of '%s' in loop '%s': %s",
             name, iv, why ? why : "a read may see another iteration's value");
    return XF_SILENCEABLE;
  }

  /* The array is a local of the kernel (on the stack): at most
   * XF_EXPAND_MAX_BYTES, refused for a larger constant trip count, else
   * checked at run time (the original kernel runs when it is larger); its
   * size computed in long long when ub - lb may leave its type. */
  int64_t tc, esize = ir_type_size(v->type), cap = XF_EXPAND_MAX_BYTES / esize;
  ir_expr *size = trip;
  if (ir_expr_const_value(ctx, trip, &tc)) {
    if (tc > cap) {
      scc_fail(ctx, loop->loc,
               "loop.expand_scalar of '%s' in loop '%s': the array would "
               "hold %lld elements (%lld bytes), more than the %d bytes a "
               "kernel keeps on the stack; tile the loop and expand over "
               "the tile's point loop",
               name, iv, (long long)tc, (long long)(tc * esize),
               XF_EXPAND_MAX_BYTES);
      return XF_SILENCEABLE;
    }
  } else {
    if (!xf_fits_everywhere(ctx, loop, trip, trip->type))
      size = xf_widen(ctx, trip);
    xf_assume_cond(
        ctx, k,
        ir_binary(ctx, IR_OP_LE, ir_expr_clone(ctx, size, NULL),
                  ir_int(ctx, cap), IR_TY_INT),
        scc_arena_printf(ctx->arena,
                         "loop.expand_scalar of '%s' in loop '%s' (line %d) "
                         "keeps one element per iteration on the stack, at "
                         "most %d bytes",
                         name, iv, loop->loc.line, XF_EXPAND_MAX_BYTES));
  }

  /* Rewrite. */
  ir_array *arr = ir_array_new(
      ctx, k, ir_fresh_name(ctx, k, scc_arena_printf(ctx->arena, "%s_x", name)),
      v->type, 1, loop->loc);
  arr->dims = scc_arena_alloc(ctx->arena, sizeof *arr->dims);
  arr->dims[0] = ir_simplify(ctx, ir_max(ctx, size, ir_int(ctx, 1)));
  arr->is_local = true;
  ir_expr *ivr = ir_var_ref(ctx, l->iv);
  ir_expr *off =
      l->step > 0 ? ir_sub(ctx, ivr, l->lb) : ir_sub(ctx, l->lb, ivr);
  rewrite r = {ctx, v, arr,
               ir_simplify(ctx, as == 1 ? off : ir_floordiv(ctx, off, as))};
  if (u.top_decl) {
    ir_node *d = u.top_decl;
    if (d->u.decl.init) {
      ir_node *st = ir_assign_new(ctx, k, element(&r), IR_OP_NONE,
                                  d->u.decl.init, d->loc);
      ir_replace(d, st);
    } else {
      ir_remove(d);
    }
  }
  ir_walk_block(&l->body, node_cb, &r);
  *out = loop;
  return XF_OK;
}
