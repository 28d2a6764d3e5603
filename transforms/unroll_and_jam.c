/* unroll_and_jam.c — loop.unroll_and_jam: register tiling of an outer loop.
 *
 * The loop (step s) is unrolled by F and the F copies of its body are
 * jammed: walking the copies' node lists in parallel, a loop (whose bounds
 * do not read the unrolled iv, so every copy has the same bounds) becomes
 * one loop whose body is the jam of the copies' bodies, recursively; any
 * other node (assignment, if) is emitted once per copy, in copy order.
 * For C[i][j] += A[i][k]*B[k][j] with i unrolled by 4 over a k loop:
 *   for (i = lb; i < split; i += 4)
 *     for (k ...) { C[i][j] += ...; C[i+1][j] += ...; ...; C[i+3][j] += ...; }
 *   for (i = split; i < ub; i++)    // remainder, the original body
 * The remainder loop is omitted when the trip count (ub - lb, which may be
 * symbolic with a constant difference) is a known multiple of F.
 * Copy 0 reuses the original nodes, so the jammed loops are the original
 * loop nodes.  F == 1 is a no-op that succeeds.
 * Declarations in the body (`float val = 0.0f;` before an inner loop, or
 * in an inner loop's body) are copied with a fresh variable per copy
 * (xf_rename_decls): copy u declares val<u> and its statements use it, so
 * the jammed copies neither redefine a name nor read another copy's value.
 * A scalar declared outside the loop that is private to its iterations
 * (written before it is read in each iteration, its value after the loop
 * unread: dep_private_scalars, e.g. symm's temp2) is renamed the same way
 * in copies 1..F-1, which declare their variables at the top of the
 * jammed body; dep_check_unroll_and_jam does not count its anti and
 * output dependences.
 * Refused (payload untouched): F < 1 or > 1024, a nested loop whose bounds
 * read the unrolled iv
 * (its copies could not be jammed), dep_check_unroll_and_jam.
 * Works on scalar and vector IR alike (nodes are cloned, lanes kept).
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §8.4.2 (unroll-and-jam); Callahan, Carr and Kennedy, "Improving
 * Register Allocation for Subscripted Variables", PLDI 1990.
 */
#include "../deps/dep.h"
#include "xf_reg.h"

enum { XF_UAJ_MAX = 1024 };

typedef struct bound_use {
  const ir_var *iv;
  const ir_node *bad;
  scc_arena *arena;
  scc_vec decls;           /* ir_node *: declarations in the unrolled body */
  const ir_var *bad_var;   /* the iv, or the body's variable bad reads */
  const ir_node *bad_decl; /* its declaration */
} bound_use;

static bool decl_cb(ir_node *n, void *data) {
  bound_use *b = data;
  if (n->kind == IR_NODE_DECL)
    scc_vec_push(b->arena, &b->decls, n);
  return true;
}

/* A loop whose bounds read the unrolled iv, or a variable declared in the
 * unrolled body (loop.vectorize {align}'s iv_al: each copy has its own),
 * has other bounds in every copy: it cannot be jammed. */
static bool bound_cb(ir_node *n, void *data) {
  bound_use *b = data;
  if (n->kind != IR_NODE_LOOP || b->bad)
    return true;
  if (xf_bounds_use(n, b->iv)) {
    b->bad = n;
    b->bad_var = b->iv;
  }
  for (int i = 0; i < b->decls.len && !b->bad; i++) {
    const ir_node *d = b->decls.items[i];
    if (xf_bounds_use(n, d->u.decl.var)) {
      b->bad = n;
      b->bad_var = d->u.decl.var;
      b->bad_decl = d;
    }
  }
  return true;
}

/* Jams copies[0..f-1] (blocks of identical structure) into dst. */
static void jam(scc_ctx *ctx, ir_block *dst, ir_block **copies, int64_t f) {
  ir_node **cur = scc_arena_alloc(ctx->arena, sizeof *cur * (size_t)f);
  for (int64_t u = 0; u < f; u++)
    cur[u] = copies[u]->first;
  while (cur[0]) {
    ir_node **next = scc_arena_alloc(ctx->arena, sizeof *next * (size_t)f);
    for (int64_t u = 0; u < f; u++) {
      next[u] = cur[u]->next;
      ir_remove(cur[u]);
    }
    if (cur[0]->kind == IR_NODE_LOOP) {
      ir_block **inner = scc_arena_alloc(ctx->arena, sizeof *inner * (size_t)f);
      ir_block *tmp = scc_arena_alloc(ctx->arena, sizeof *tmp * (size_t)f);
      ir_var *iv0 = cur[0]->u.loop.iv;
      for (int64_t u = 0; u < f; u++) {
        ir_block_init(&tmp[u], NULL);
        ir_block_move_all(&tmp[u], &cur[u]->u.loop.body);
        ir_var *ivu = cur[u]->u.loop.iv;
        if (ivu != iv0) {
          /* a copy's iv renamed with the body's declaration of it (`int j;
           * for (j = ...)` in the unrolled body gives copy u a j<u>): the
           * jammed loop runs over iv0, so the copy's statements read it,
           * and the copy's declaration, now unused, goes */
          ir_subst s = {0};
          ir_subst_add(ctx, &s, ivu, ir_var_ref(ctx, iv0));
          for (ir_node *m = tmp[u].first; m; m = m->next)
            ir_node_substitute(ctx, m, &s);
          for (ir_node *d = dst->first; d; d = d->next)
            if (d->kind == IR_NODE_DECL && d->u.decl.var == ivu) {
              ir_remove(d);
              break;
            }
        }
        inner[u] = &tmp[u];
      }
      jam(ctx, &cur[0]->u.loop.body, inner, f);
      ir_block_append(dst, cur[0]);
    } else {
      for (int64_t u = 0; u < f; u++)
        ir_block_append(dst, cur[u]);
    }
    for (int64_t u = 0; u < f; u++)
      cur[u] = next[u];
  }
}

xf_status xf_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int64_t factor, ir_node **main_out,
                            ir_node **rest_out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  if (factor < 1 || factor > XF_UAJ_MAX) {
    scc_fail(ctx, loop->loc,
             "loop '%s' cannot be unrolled and jammed by %lld: the factor "
             "must be between 1 and %d",
             iv, (long long)factor, XF_UAJ_MAX);
    return XF_SILENCEABLE;
  }
  if (factor == 1) {
    *main_out = loop;
    *rest_out = NULL;
    return XF_OK;
  }
  bound_use bu = {l->iv, NULL, ctx->arena, {0}, NULL, NULL};
  ir_walk_block(&l->body, decl_cb, &bu);
  ir_walk_block(&l->body, bound_cb, &bu);
  if (bu.bad && bu.bad_var == l->iv) {
    scc_fail(ctx, bu.bad->loc,
             "loop '%s' cannot be unrolled and jammed: the bounds of the "
             "inner loop '%s' depend on '%s', so its copies cannot be jammed",
             iv, xf_iv_name(bu.bad), iv);
    return XF_SILENCEABLE;
  }
  if (bu.bad) {
    bool align =
        ir_expr_find_kind(bu.bad_decl->u.decl.init, IR_EXPR_ALIGN_GAP) != NULL;
    scc_fail(ctx, bu.bad->loc,
             "loop '%s' cannot be unrolled and jammed: the bounds of the "
             "inner loop '%s' read '%s', declared in the body of '%s' (each "
             "copy would have its own), so its copies cannot be jammed%s",
             iv, xf_iv_name(bu.bad), bu.bad_var->name, iv,
             align ? " (it is where loop.vectorize {align} starts the "
                     "aligned vector loop of that row: vectorize after "
                     "loop.unroll_and_jam)"
                   : "");
    return XF_SILENCEABLE;
  }
  int64_t big_step;
  if (__builtin_mul_overflow(factor, l->step, &big_step) ||
      big_step == INT64_MIN) {
    scc_fail(ctx, loop->loc,
             "loop '%s': unroll-and-jam factor %lld overflows the step", iv,
             (long long)factor);
    return XF_SILENCEABLE;
  }
  const char *why = NULL;
  if (!ctx->unsafe && !dep_check_unroll_and_jam(ctx, k, loop, &why)) {
    scc_fail(ctx, loop->loc, "loop.unroll_and_jam of '%s' %s", iv,
             why ? why : "would reverse a dependence");
    return XF_SILENCEABLE;
  }

  /* Split point: lb + (T - T mod F)*s for a known trip count T. */
  int64_t trip;
  ir_expr *split;
  bool need_rest = true;
  if (ir_loop_const_trip_count(ctx, loop, &trip)) {
    split = ir_simplify(ctx, ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL),
                                          (trip - trip % factor) * l->step));
    need_rest = trip % factor != 0;
  } else {
    split = xf_split_point(ctx, loop, big_step < 0 ? -big_step : big_step);
    if (!xf_bound_size_ok(ctx, loop, split, "loop.unroll_and_jam"))
      return XF_SILENCEABLE;
  }
  ir_node *rest = NULL;
  if (need_rest) {
    rest = ir_loop_new(ctx, l->iv, ir_expr_clone(ctx, split, NULL), l->ub,
                       l->step, loop->loc);
    rest->u.loop.attrs = l->attrs;
    ir_loop_copy_omp(ctx, &rest->u.loop, l);
    rest->u.loop.vwidth = l->vwidth;
    rest->u.loop.label = l->label;
    ir_block_clone_into(ctx, &rest->u.loop.body, &l->body, NULL);
  }

  /* scalars declared outside the loop but private to its iterations
   * (symm's temp2): copy u >= 1 gets its own variable, declared at the
   * top of the jammed body */
  scc_vec priv = {0};
  dep_private_scalars(ctx, k, loop, &priv);
  scc_vec fresh = {0}; /* ir_var *: (factor - 1) * priv.len */

  ir_block **copies =
      scc_arena_alloc(ctx->arena, sizeof *copies * (size_t)factor);
  ir_block *blocks =
      scc_arena_alloc(ctx->arena, sizeof *blocks * (size_t)factor);
  ir_block_init(&blocks[0], NULL);
  ir_block_move_all(&blocks[0], &l->body);
  copies[0] = &blocks[0];
  for (int64_t u = 1; u < factor; u++) {
    ir_subst s = {0};
    ir_subst_add(ctx, &s, l->iv,
                 ir_add_const(ctx, ir_var_ref(ctx, l->iv), u * l->step));
    for (int p = 0; p < priv.len; p++) {
      ir_var *v = priv.items[p];
      ir_var *w = ir_var_new(ctx, k, ir_fresh_name(ctx, k, v->name), v->type,
                             IR_VAR_LOCAL, v->loc);
      w->declared_outside = true;
      w->is_volatile = v->is_volatile;
      w->declared_volatile = v->declared_volatile;
      ir_subst_add(ctx, &s, v, ir_var_ref(ctx, w));
      scc_vec_push(ctx->arena, &fresh, w);
    }
    ir_block_init(&blocks[u], NULL);
    ir_block_clone_into(ctx, &blocks[u], &blocks[0], &s);
    xf_rename_decls(ctx, k, &blocks[u]); /* each copy its own scalars */
    copies[u] = &blocks[u];
  }
  if (rest)
    xf_rename_decls(ctx, k, &rest->u.loop.body);
  jam(ctx, &l->body, copies, factor);
  for (int f = fresh.len - 1; f >= 0; f--) {
    ir_node *d = ir_decl_new(ctx, fresh.items[f], NULL, loop->loc);
    if (l->body.first)
      ir_insert_before(l->body.first, d);
    else
      ir_block_append(&l->body, d);
  }
  l->ub = split;
  l->step = big_step;
  /* the copies read `i + u*s`, simplified: their parts within the type */
  xf_guard_substituted(
      ctx, k, &l->body, l->iv, true,
      scc_arena_printf(ctx->arena, "loop.unroll_and_jam of '%s'", l->iv->name));
  if (rest)
    ir_insert_after(loop, rest);
  *main_out = loop;
  *rest_out = rest;
  return XF_OK;
}
