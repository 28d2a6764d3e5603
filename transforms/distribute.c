/* distribute.c — loop.distribute: one loop per statement group.
 *
 * The body of `loop` is partitioned into groups by the dependence
 * analysis (dep_check_distribution: the strongly connected components of
 * the dependence graph of the body's top-level nodes, numbered in an order
 * that respects the dependences between them).  Group g becomes a loop
 * with the same iv, bounds and step holding the nodes of group g in their
 * original relative order; the loops are placed where `loop` was, group 0
 * first.  Group 0 keeps `loop`'s node (label, attributes); the others are
 * new nodes.  When the analysis gives no grouping (it answers 0 groups, as
 * the stub analysis does), every top-level node is its own group
 * (maximal distribution in source order).
 * `expected` > 0 is the number of loops the caller wants (the schedule
 * binds `%parts:N`): a different number of groups is refused before
 * anything changes.  Groups without nodes are skipped (never an empty
 * loop).
 * Induction variables of the loops inside the body are not memory in the
 * dependence analysis, so their values are checked here: when the loops of
 * an iv `j` land in two or more groups, distribution changes the value `j`
 * holds between and after the loops, which is refused when it is read
 * there (xf_iv_read_after): read in the body outside its loops, or read
 * after `loop` while a group placed after the group of the textually last
 * `j` loop also holds a `j` loop (that loop would now run last).
 * Refused: not a loop, an empty body, a body declaring a scalar (its uses
 * could land in another loop), a dependence cycle the order cannot
 * respect (dep_check_distribution), a group count different from
 * `expected`, an iv whose observed value would change (above).
 * Source: Kennedy and McKinley, LCPC 1993; Allen and Kennedy, "Optimizing
 * Compilers for Modern Architectures", 2001, §2.4 (loop distribution).
 */
#include "../deps/dep.h"
#include "xf_util.h"

typedef struct iv_loops {
  const ir_var *iv;
  bool found;  /* a loop of iv inside the walked node */
  bool read;   /* iv read inside the walked node outside its loops */
  scc_vec ivs; /* collect mode: the ivs of nested loops (ir_var *) */
  bool collect;
  scc_arena *arena;
} iv_loops;

static bool iv_loops_cb(ir_node *n, void *data) {
  iv_loops *u = data;
  if (n->kind != IR_NODE_LOOP)
    return true;
  if (u->collect) {
    bool dup = false;
    for (int i = 0; i < u->ivs.len; i++)
      dup |= u->ivs.items[i] == n->u.loop.iv;
    if (!dup)
      scc_vec_push(u->arena, &u->ivs, n->u.loop.iv);
  } else if (n->u.loop.iv == u->iv) {
    u->found = true;
  }
  return true;
}

/* Reads of iv outside every loop of iv, inside n. */
static bool iv_read_cb(ir_node *n, void *data) {
  iv_loops *u = data;
  if (n->kind == IR_NODE_LOOP && n->u.loop.iv == u->iv)
    return false;
  if (n->kind == IR_NODE_LOOP)
    u->read |= xf_bounds_use(n, u->iv);
  else if (n->kind == IR_NODE_IF)
    u->read |= ir_expr_uses_var(n->u.ifs.cond, u->iv);
  else if (n->kind == IR_NODE_ASSIGN)
    u->read |= ir_expr_uses_var(n->u.assign.lhs, u->iv) ||
               ir_expr_uses_var(n->u.assign.rhs, u->iv);
  else if (n->kind == IR_NODE_DECL)
    u->read |= n->u.decl.init && ir_expr_uses_var(n->u.decl.init, u->iv);
  return true;
}

/* The check of the ivs of the loops in the body (see the header): nodes
 * [0, len) of the body in `nodes`, group[i] the (renumbered) group of node
 * i. */
static bool ivs_keep_values(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            ir_node **nodes, const int *group, int len) {
  iv_loops all = {.collect = true, .arena = ctx->arena};
  for (int i = 0; i < len; i++)
    ir_walk_node(nodes[i], iv_loops_cb, &all);
  const char *ivn = xf_iv_name(loop);
  for (int v = 0; v < all.ivs.len; v++) {
    const ir_var *iv = all.ivs.items[v];
    if (iv == loop->u.loop.iv)
      continue;
    int last = -1, first_group = -1;
    bool spread = false, read = false;
    for (int i = 0; i < len; i++) {
      iv_loops u = {.iv = iv};
      ir_walk_node(nodes[i], iv_loops_cb, &u);
      ir_walk_node(nodes[i], iv_read_cb, &u);
      read |= u.read;
      if (!u.found)
        continue;
      if (first_group < 0)
        first_group = group[i];
      spread |= group[i] != first_group;
      last = i;
    }
    if (!spread)
      continue;
    if (read) {
      scc_fail(ctx, loop->loc,
               "loop.distribute of '%s': the induction variable '%s' is read "
               "in the body outside its loops, and its loops would go to "
               "different loops, so it would hold another value there; "
               "use another variable for the value read",
               ivn, iv->name);
      return false;
    }
    int moved = -1; /* a node with an iv loop placed after `last`'s group */
    for (int i = 0; i < len && moved < 0; i++) {
      iv_loops u = {.iv = iv};
      ir_walk_node(nodes[i], iv_loops_cb, &u);
      if (u.found && group[i] > group[last])
        moved = i;
    }
    if (moved < 0)
      continue;
    const char *where = xf_iv_read_after(k, loop, iv);
    if (!where)
      continue;
    scc_fail(ctx, loop->loc,
             "loop.distribute of '%s': the induction variable '%s' is read "
             "after its loop (%s), and distribution would run the loop over "
             "'%s' of line %d last instead of the one of line %d, so '%s' "
             "would hold another value; declare '%s' in its loops (`for "
             "(int %s = ...`) if its final value is not needed",
             ivn, iv->name, where, iv->name, nodes[moved]->loc.line,
             nodes[last]->loc.line, iv->name, iv->name, iv->name);
    return false;
  }
  return true;
}

xf_status xf_distribute(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int expected,
                        ir_node ***out, int *nout) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  int len = ir_block_len(&l->body);
  if (len == 0) {
    scc_fail(ctx, loop->loc, "loop.distribute of '%s': the body is empty", iv);
    return XF_SILENCEABLE;
  }
  const ir_var *dv = ir_block_first_decl(&l->body);
  if (dv) {
    scc_fail(ctx, loop->loc,
             "loop.distribute of '%s': the body declares '%s', whose uses "
             "could end up in another loop",
             iv, dv->name);
    return XF_SILENCEABLE;
  }
  int groups = 0, *group_of = NULL;
  const char *why = NULL;
  if (!dep_check_distribution(ctx, k, loop, &groups, &group_of, &why)) {
    scc_fail(ctx, loop->loc, "loop.distribute of '%s' %s", iv,
             why ? why : "would violate a dependence");
    return XF_SILENCEABLE;
  }
  if (groups <= 0 || !group_of) {
    groups = len;
    group_of = scc_arena_alloc(ctx->arena, sizeof *group_of * (size_t)len);
    for (int i = 0; i < len; i++)
      group_of[i] = i;
  }
  for (int i = 0; i < len; i++)
    if (group_of[i] < 0 || group_of[i] >= groups) {
      scc_fail(ctx, loop->loc,
               "loop.distribute of '%s': the dependence analysis gave an "
               "invalid group",
               iv);
      return XF_SILENCEABLE;
    }
  /* Renumber the groups that hold nodes 0, 1, ... (keeping their order). */
  int *remap = scc_arena_alloc(ctx->arena, sizeof *remap * (size_t)groups);
  for (int g = 0; g < groups; g++)
    remap[g] = -1;
  for (int i = 0; i < len; i++)
    remap[group_of[i]] = 0;
  int used = 0;
  for (int g = 0; g < groups; g++)
    if (remap[g] == 0)
      remap[g] = used++;
  groups = used;
  if (expected > 0 && expected != groups) {
    scc_fail(ctx, loop->loc,
             "loop.distribute of '%s' yields %d loop%s, but %d %s bound", iv,
             groups, groups == 1 ? "" : "s", expected,
             expected == 1 ? "is" : "are");
    return XF_SILENCEABLE;
  }

  ir_node **nodes = scc_arena_alloc(ctx->arena, sizeof *nodes * (size_t)len);
  int *grp = scc_arena_alloc(ctx->arena, sizeof *grp * (size_t)len);
  int c = 0;
  for (ir_node *p = l->body.first; p; p = p->next, c++) {
    nodes[c] = p;
    grp[c] = remap[group_of[c]];
  }
  if (!ivs_keep_values(ctx, k, loop, nodes, grp, len))
    return XF_SILENCEABLE;

  /* Rewrite: detach the body, then refill group by group. */
  while (l->body.first)
    ir_remove(l->body.first);
  ir_node **parts = scc_arena_alloc(ctx->arena, sizeof *parts * (size_t)groups);
  ir_node *pos = loop;
  for (int g = 0; g < groups; g++) {
    if (g == 0)
      parts[g] = loop;
    else {
      parts[g] =
          ir_loop_new(ctx, l->iv, ir_expr_clone(ctx, l->lb, NULL),
                      ir_expr_clone(ctx, l->ub, NULL), l->step, loop->loc);
      ir_insert_after(pos, parts[g]);
      pos = parts[g];
    }
    for (int i = 0; i < len; i++)
      if (remap[group_of[i]] == g)
        ir_block_append(&parts[g]->u.loop.body, nodes[i]);
  }
  *out = parts;
  *nout = groups;
  return XF_OK;
}
