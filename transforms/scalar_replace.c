/* scalar_replace.c — loop.scalar_replace: array elements (and vector slices)
 * whose subscripts are invariant in a loop live in local variables
 * (registers) for the duration of the loop.
 *
 *   for (k ...) { C[i][j:16] = fma(bcast(A[i][k]), B[k][j:16], C[i][j:16]); }
 * becomes
 *   __m512 C_r = C[i][j:16];                       // one load before
 *   for (k ...) { C_r = fma(bcast(A[i][k]), B[k][j:16], C_r); }
 *   C[i][j:16] = C_r;                              // one store after
 *
 * Steps:
 *  1. Normalization: inner loops that run exactly once (a vector loop over
 *     one register width, say) are replaced by their body (iv := lb); inner
 *     loops that run at most once (ub = min(lb + c, e), c <= step) by
 *     `if (lb < ub) body`.  When the loop's body is then one `if` without
 *     else whose condition is invariant in the loop, the if is moved around
 *     the loop (unswitching), so the loads and stores are guarded too; a
 *     body of such ifs with up to 3 distinct conditions (a vector loop
 *     and its masked remainder, once or once per unrolled tap) is
 *     versioned: one copy of the loop per combination of conditions
 *     that hold, each scalar-replaced on its own.
 *  2. Candidates: groups of structurally equal accesses (same array,
 *     subscripts, lanes and mask) whose subscripts and mask read no
 *     variable the loop changes (its iv, inner ivs, assigned locals) and
 *     no array the loop writes (x[p[0]] with p[0] assigned in it).  A
 *     group whose array is written in the loop is replaced only when every
 *     other access of that array in the loop provably touches other
 *     elements (xfr_disjoint: constant offsets; else isl,
 *     dep_access_disjoint: B[i][j] and B[k][j] with k > i within one
 *     execution of the loop); a read-only group only when the array is
 *     not written in the loop at all.  Accesses under an `if` inside the
 *     loop are left alone (loading them before the loop would be
 *     speculative).
 *  3. Rewrite: one variable per group (scalar or vector of the group's
 *     lanes), `T r = <access>;` before the loop, every access replaced by
 *     r, and `<access> = r;` after the loop when the group is written.
 *     Unless the loop surely runs (xf_surely_runs: a constant trip count,
 *     or a point loop under its tile loop), the loads, the loop (or the
 *     versions of step 1) and the stores are wrapped in `if (lb < ub)`:
 *     nothing is read, written or tested that the original would not
 *     touch when the loop runs zero times (refused when its iv is read
 *     after it).
 * Nothing reassociates: the result is bit-identical.  Groups that fail a
 * check are left alone; when none qualifies the transform fails
 * (silenceable, payload untouched) without normalizing.
 * Source: Callahan, Carr and Kennedy, "Improving Register Allocation for
 * Subscripted Variables", PLDI 1990 (scalar replacement).
 */
#include "../deps/dep.h"
#include "xf_reg.h"

#include <string.h>

typedef struct group {
  ir_expr *rep;  /* first access of the group */
  int rep_at;    /* its index among all the loop's accesses (collect.all) */
  scc_vec slots; /* ir_expr ** */
  bool written;
  ir_var *var;
} group;

typedef struct collect {
  scc_ctx *ctx;
  scc_vec all;     /* ir_expr ** of every access */
  scc_vec lhs;     /* ir_expr * that are assignment lhs */
  scc_vec guarded; /* ir_expr * of accesses under an if in the loop */
} collect;

static void collect_cb(ir_expr **slot, void *data) {
  collect *c = data;
  if ((*slot)->kind == IR_EXPR_ACCESS)
    scc_vec_push(c->ctx->arena, &c->all, slot);
}

static bool lhs_cb(ir_node *n, void *data) {
  collect *c = data;
  if (n->kind == IR_NODE_ASSIGN)
    scc_vec_push(c->ctx->arena, &c->lhs, n->u.assign.lhs);
  return true;
}

/* Accesses in the arms of a select (`p != NULL ? p[i] : 0`): evaluated only
 * when their arm is chosen, so guarded like those under an if. */
static void arm_access_cb(ir_expr *e, void *data) {
  collect *c = data;
  if (e->kind == IR_EXPR_ACCESS)
    scc_vec_push(c->ctx->arena, &c->guarded, e);
}

static void select_arms_cb(ir_expr *e, void *data) {
  if (e->kind != IR_EXPR_SELECT)
    return;
  ir_walk_expr(e->u.sel.a, arm_access_cb, data);
  ir_walk_expr(e->u.sel.b, arm_access_cb, data);
}

static bool guard_cb(ir_node *n, void *data) {
  collect *c = data;
  ir_walk_node_exprs(n, select_arms_cb, c);
  if (n->kind == IR_NODE_IF) {
    collect g = {c->ctx, {0}, {0}, {0}};
    xfr_walk_node_slots(n, collect_cb, &g);
    xfr_walk_block_slots(&n->u.ifs.then_body, collect_cb, &g);
    xfr_walk_block_slots(&n->u.ifs.else_body, collect_cb, &g);
    for (int i = 0; i < g.all.len; i++)
      scc_vec_push(c->ctx->arena, &c->guarded, *(ir_expr **)g.all.items[i]);
    return false;
  }
  return true;
}

/* The subscripts and mask of access a read nothing the loop changes: no
 * variable of `vars` (its iv, inner ivs, assigned locals) and no array of
 * `written` (x[p[0]] with p[0] assigned in the loop moves with it). */
static bool subs_invariant(const ir_expr *a, const scc_vec *vars,
                           const scc_vec *written) {
  for (int d = 0; d < a->u.access.n; d++)
    if (!xfr_invariant(a->u.access.idx[d], vars, written))
      return false;
  return !a->u.access.mask || xfr_invariant(a->u.access.mask, vars, written);
}

/* Finds the groups that can be replaced (out: group *); with first_only,
 * stops at the first (enough to know the op is not refused).  `k`: the
 * kernel holding loop (for the isl element queries). */
static void find_groups(scc_ctx *ctx, ir_kernel *k, ir_node *loop, scc_vec *out,
                        bool first_only) {
  dep_access *da = NULL;
  scc_vec vars = {0}, written = {0};
  xfr_loop_defs(ctx, loop, &vars, &written);
  collect c = {ctx, {0}, {0}, {0}};
  xfr_walk_block_slots(&loop->u.loop.body, collect_cb, &c);
  ir_walk_block(&loop->u.loop.body, lhs_cb, &c);
  ir_walk_block(&loop->u.loop.body, guard_cb, &c);
  scc_vec groups = {0};
  for (int i = 0; i < c.all.len; i++) {
    ir_expr **slot = c.all.items[i];
    group *g = NULL;
    for (int j = 0; j < groups.len && !g; j++) {
      group *h = groups.items[j];
      if (ir_expr_equal(h->rep, *slot))
        g = h;
    }
    if (!g) {
      g = scc_arena_alloc(ctx->arena, sizeof *g);
      g->rep = *slot;
      g->rep_at = i;
      scc_vec_push(ctx->arena, &groups, g);
    }
    scc_vec_push(ctx->arena, &g->slots, slot);
    if (xfr_vec_has(&c.lhs, *slot))
      g->written = true;
  }
  /* isl's answers per pair of accesses (c.all indices; disjointness is
   * symmetric): the C tile of a register-tiled micro-kernel is rows x vecs
   * groups of one access each, every one asked against every other */
  int n = c.all.len;
  signed char *known =
      n ? scc_arena_alloc(ctx->arena, (size_t)n * (size_t)n) : NULL;
  if (known)
    memset(known, -1, (size_t)n * (size_t)n);
  for (int j = 0; j < groups.len && !(first_only && out->len); j++) {
    group *g = groups.items[j];
    ir_array *arr = g->rep->u.access.array;
    if (!subs_invariant(g->rep, &vars, &written))
      continue;
    bool guarded = false;
    for (int i = 0; i < g->slots.len; i++)
      guarded |= xfr_vec_has(&c.guarded, *(ir_expr **)g->slots.items[i]);
    if (guarded) /* a load before the loop would be speculative */
      continue;
    bool arr_written = xfr_vec_has(&written, arr);
    bool ok = true;
    if (arr_written)
      for (int i = 0; i < c.all.len && ok; i++) {
        ir_expr *o = *(ir_expr **)c.all.items[i];
        if (o->u.access.array != arr || ir_expr_equal(o, g->rep) ||
            xfr_disjoint(ctx, g->rep, o))
          continue;
        /* not syntactically apart: ask isl (B[i][j] and B[k][j] with
         * k > i never meet in the loop), once per pair */
        int lo = g->rep_at < i ? g->rep_at : i;
        int hi = g->rep_at < i ? i : g->rep_at;
        signed char *kn = &known[(size_t)lo * (size_t)n + (size_t)hi];
        if (*kn < 0) {
          if (!da)
            da = dep_access_open(ctx, k, loop);
          *kn = dep_access_disjoint(da, g->rep, o);
        }
        ok = *kn;
      }
    if (ok)
      scc_vec_push(ctx->arena, out, g);
  }
  dep_access_close(da);
}

enum { MAX_VERSIONS = 3 };

/* The ifs of a loop body being unswitched: ifs[i]'s condition is
 * conds[cond_of[i]], the conditions distinct (ir_expr_equal). */
typedef struct unswitched {
  ir_node **ifs;
  int *cond_of;
  int n;
  ir_expr *conds[MAX_VERSIONS];
  int nconds;
} unswitched;

/* Unswitching: when the loop's body is a sequence of ifs without else
 * whose conditions the loop does not change, at most MAX_VERSIONS
 * distinct ones (a vector loop and its masked remainder, each run at most
 * once; the same two repeated for each tap of an unrolled stencil), the
 * loop is versioned: a tree of ifs over the distinct conditions with, at
 * each leaf, a copy of the loop running, in their order, the bodies of
 * the ifs whose condition holds there.  The loop node itself becomes the
 * leaf where only the first condition holds.  Returns the leaf loops
 * (out: ir_node *); just the loop when nothing was unswitched. */
static void version(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                    const unswitched *u, int at, unsigned chosen, ir_block *dst,
                    scc_vec *out) {
  if (at == u->nconds || at >= MAX_VERSIONS) { /* (nconds <= MAX_VERSIONS) */
    if (!chosen)
      return;
    ir_node *leaf;
    if (chosen == 1u) {
      leaf = loop;
    } else {
      leaf = ir_loop_new(ctx, loop->u.loop.iv, loop->u.loop.lb, loop->u.loop.ub,
                         loop->u.loop.step, loop->loc);
      leaf->u.loop.attrs = loop->u.loop.attrs;
      ir_loop_copy_omp(ctx, &leaf->u.loop, &loop->u.loop);
      leaf->u.loop.vwidth = loop->u.loop.vwidth;
      leaf->u.loop.label = loop->u.loop.label;
    }
    ir_block body;
    ir_block_init(&body, NULL);
    for (int i = 0; i < u->n; i++)
      if (chosen & (1u << u->cond_of[i]))
        ir_block_clone_into(ctx, &body, &u->ifs[i]->u.ifs.then_body, NULL);
    ir_block_move_all(&leaf->u.loop.body, &body);
    /* the ifs were scopes of their own; the leaf's body is one */
    xf_rename_redeclared(ctx, k, &leaf->u.loop.body);
    ir_block_append(dst, leaf);
    scc_vec_push(ctx->arena, out, leaf);
    return;
  }
  ir_node *g =
      ir_if_new(ctx, ir_expr_clone(ctx, u->conds[at], NULL), loop->loc);
  version(ctx, k, loop, u, at + 1, chosen | (1u << at), &g->u.ifs.then_body,
          out);
  version(ctx, k, loop, u, at + 1, chosen, &g->u.ifs.else_body, out);
  ir_block_append(dst, g);
}

/* `iv_read_after`: the loop's iv is read after it (xf_iv_read_after):
 * then the loop is not versioned, since where no condition holds no copy
 * would run and assign the iv. */
static void unswitch(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                     bool iv_read_after, scc_vec *leaves) {
  ir_block *b = &loop->u.loop.body;
  if (iv_read_after || ir_block_empty(b)) {
    scc_vec_push(ctx->arena, leaves, loop);
    return;
  }
  int len = ir_block_len(b);
  unswitched u = {
      .ifs = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)len),
      .cond_of = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)len)};
  scc_vec vars = {0}, written = {0};
  xfr_loop_defs(ctx, loop, &vars, &written);
  for (ir_node *p = b->first; p; p = p->next) {
    if (p->kind != IR_NODE_IF || !ir_block_empty(&p->u.ifs.else_body) ||
        !xfr_invariant(p->u.ifs.cond, &vars, &written)) {
      scc_vec_push(ctx->arena, leaves, loop);
      return;
    }
    int c = 0;
    while (c < u.nconds && !ir_expr_equal(u.conds[c], p->u.ifs.cond))
      c++;
    if (c == u.nconds) {
      if (u.nconds == MAX_VERSIONS) {
        scc_vec_push(ctx->arena, leaves, loop);
        return;
      }
      u.conds[u.nconds++] = p->u.ifs.cond;
    }
    u.cond_of[u.n] = c;
    u.ifs[u.n++] = p;
  }
  for (int i = 0; i < u.n; i++)
    ir_remove(u.ifs[i]);
  ir_block tree;
  ir_block_init(&tree, NULL);
  ir_node *anchor = ir_if_new(ctx, ir_int(ctx, 1), loop->loc);
  ir_replace(loop, anchor);
  version(ctx, k, loop, &u, 0, 0, &tree, leaves);
  /* the tree has one top-level if; it takes the anchor's place */
  ir_node *top = tree.first;
  ir_remove(top);
  ir_replace(anchor, top);
}

/* Replaces the groups of one loop; returns their number. */
static int replace_groups(scc_ctx *ctx, ir_kernel *k, ir_node *loop) {
  scc_vec groups = {0};
  find_groups(ctx, k, loop, &groups, false);
  for (int j = 0; j < groups.len; j++) {
    group *g = groups.items[j];
    ir_expr *rep = ir_expr_clone(ctx, g->rep, NULL);
    const char *base =
        scc_arena_printf(ctx->arena, "%s_r", rep->u.access.array->name);
    ir_var *v = ir_var_new(ctx, k, ir_fresh_name(ctx, k, base), rep->type,
                           IR_VAR_LOCAL, loop->loc);
    v->declared_outside = true;
    v->lanes = rep->lanes;
    g->var = v;
    ir_insert_before(loop, ir_decl_new(ctx, v, rep, loop->loc));
    for (int i = 0; i < g->slots.len; i++) {
      ir_expr **slot = g->slots.items[i];
      ir_expr *ref = ir_var_ref(ctx, v);
      ref->lanes = v->lanes;
      ref->type = v->type;
      ref->loc = (*slot)->loc;
      *slot = ref;
    }
  }
  /* Stores after the loop, in the order of the declarations. */
  ir_node *pos = loop;
  for (int j = 0; j < groups.len; j++) {
    group *g = groups.items[j];
    if (!g->written)
      continue;
    ir_expr *ref = ir_var_ref(ctx, g->var);
    ref->lanes = g->var->lanes;
    ir_node *st = ir_assign_new(ctx, k, ir_expr_clone(ctx, g->rep, NULL),
                                IR_OP_NONE, ref, loop->loc);
    ir_insert_after(pos, st);
    pos = st;
  }
  return groups.len;
}

xf_status xf_scalar_replace(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  /* its loads would be declared for nobody (an unused variable, once
   * the emitter drops the empty loop) */
  if (xf_never_runs(ctx, loop, "loop.scalar_replace",
                    "there is nothing to keep in registers"))
    return XF_SILENCEABLE;
  bool read_after = xf_iv_read_after(k, loop, loop->u.loop.iv) != NULL;
  /* Try on a copy first, so a refusal leaves the payload untouched. */
  /* The copy sits right after the loop while it is examined (the element
   * queries read the kernel), and is removed after. */
  ir_node *probe = ir_node_clone(ctx, loop, NULL);
  ir_insert_after(loop, probe);
  xfr_inline_single_iteration(ctx, k, probe);
  scc_vec probe_leaves = {0}, groups = {0};
  unswitch(ctx, k, probe, read_after, &probe_leaves);
  for (int i = 0; i < probe_leaves.len && groups.len == 0; i++)
    find_groups(ctx, k, probe_leaves.items[i], &groups, true);
  ir_remove(loop->next); /* the probe, or the ifs that replaced it */
  if (groups.len == 0) {
    scc_fail(ctx, loop->loc,
             "loop.scalar_replace: no array element is invariant in loop "
             "'%s' (every access's subscripts change in the loop, or the "
             "array is also written through other subscripts that may "
             "overlap)",
             xf_iv_name(loop));
    return XF_SILENCEABLE;
  }

  /* The loads before the loop, the stores after it and the unswitched
   * conditions run even when the loop does not: unless it surely runs,
   * all of it goes under `if (lb < ub)`, so no element is read or
   * written that the original does not touch (an index array that is
   * valid only for a non-empty row).  Under the guard a loop that does
   * not run no longer assigns lb to its iv. */
  ir_expr *runs = xf_surely_runs(ctx, loop) ? NULL : xf_runs_test(ctx, k, loop);
  if (runs && read_after &&
      !xf_final_value_unread(ctx, k, loop, loop->u.loop.iv,
                             scc_arena_printf(ctx->arena,
                                              "loop.scalar_replace of '%s' (it "
                                              "may run zero times, so it "
                                              "goes under a test that it "
                                              "runs)",
                                              xf_iv_name(loop))))
    return XF_SILENCEABLE;
  if (runs)
    xf_wrap_in_if(ctx, loop, runs);
  xfr_inline_single_iteration(ctx, k, loop);
  scc_vec leaves = {0};
  unswitch(ctx, k, loop, read_after, &leaves);
  for (int i = 0; i < leaves.len; i++)
    replace_groups(ctx, k, leaves.items[i]);
  *out = loop;
  return XF_OK;
}
