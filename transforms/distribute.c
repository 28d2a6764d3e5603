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
 * Refused: not a loop, an empty body, a body declaring a scalar (its uses
 * could land in another loop), a dependence cycle the order cannot
 * respect (dep_check_distribution), a group count different from
 * `expected`.
 * Source: Kennedy and McKinley, LCPC 1993; Allen and Kennedy, "Optimizing
 * Compilers for Modern Architectures", 2001, §2.4 (loop distribution).
 */
#include "../deps/dep.h"
#include "xf_util.h"

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

  /* Rewrite: detach the body, then refill group by group. */
  ir_node **nodes = scc_arena_alloc(ctx->arena, sizeof *nodes * (size_t)len);
  int c = 0;
  while (l->body.first) {
    nodes[c++] = l->body.first;
    ir_remove(l->body.first);
  }
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
