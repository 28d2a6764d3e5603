/* dep_scalar.c — scalar dependences with kills, and the privatization of
 * scalars whose every value lives within one iteration.
 *
 * Memory-based dependences make every iteration of a loop depend on every
 * other through a scalar temporary declared outside it (PolyBench's
 * `temp2 = 0; for (k...) temp2 += ...; C[i][j] = ... temp2;`): each write
 * is ordered after every earlier read and write.  Here the flow
 * dependences of local scalars are value-based (Feautrier, "Dataflow
 * analysis of array and scalar references", IJPP 1991): a read depends on
 * the last write before it only, which kills the earlier ones.  isl
 * computes them (isl_union_access_info_compute_flow) from must-sources
 * (scalar writes of statements whose domain is exact: every bound and
 * guard represented) and may-sources (the other writes, which may not
 * happen and so kill nothing).  Replacing a scalar's memory-based flow
 * dependences by value-based ones is sound while its anti and output
 * dependences are kept: a write W1 before a read R with an intervening
 * write W2 is ordered W1 -> W2 (output) -> R (value-based flow).
 *
 * A scalar is private to the iterations of the loops [0, depth] (the
 * statements' first depth+1 loops) within the scope of a query when
 *  - every value-based flow dependence of it has distance 0 on those
 *    loops: each value is produced and consumed in one iteration;
 *  - no read of it in the scope may take its value from before the scope
 *    (an upward-exposed read, isl's may-no-source) while it is written in
 *    the scope;
 *  - its value after the scope is not read: no node of the kernel outside
 *    the scope reads it and it is not live-out (ir_var.live_out).
 * Then its anti and output dependences only order whole iterations that
 * each define the value before using it: a transform that runs every
 * iteration of those loops as a unit, in any order, keeps each read's
 * value (Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §5.4-5.5: privatization / scalar expansion without the
 * expansion).  Queries that keep iterations whole (permutation and tiling
 * of a perfect band, fusion) skip those anti and output dependences.
 */
#include "dep_int.h"

#include <isl/union_map.h>
#include <isl/union_set.h>
#include <string.h>

/* ---- the privatization test --------------------------------------------- */

typedef struct zero_data {
  dep_graph *g;
  int depth;
  bool ok;
} zero_data;

/* Every flow relation has distance 0 on dims [0, depth]. */
static isl_stat zero_cb(__isl_take isl_map *m, void *user) {
  zero_data *z = user;
  dep_stmt *s = dep_stmt_named(z->g, isl_map_get_tuple_name(m, isl_dim_in));
  dep_stmt *t = dep_stmt_named(z->g, isl_map_get_tuple_name(m, isl_dim_out));
  int c = z->depth + 1;
  if (!s || !t || s->depth < c || t->depth < c || dep_common_loops(s, t) < c) {
    z->ok = z->ok && isl_map_is_empty(m) == isl_bool_true;
    isl_map_free(m);
    return isl_stat_ok;
  }
  dep_edge e = {.src = s, .dst = t, .rel = m};
  isl_set *d = dep_edge_deltas(&e, c);
  for (int k = 0; k < c; k++)
    d = isl_set_fix_si(d, isl_dim_set, (unsigned)k, 0);
  isl_set *all = dep_edge_deltas(&e, c);
  isl_bool same = isl_set_is_subset(all, d);
  z->ok = z->ok && same == isl_bool_true;
  isl_set_free(all);
  isl_set_free(d);
  isl_map_free(m);
  return isl_stat_ok;
}

bool dep_scalar_private(dep_graph *g, const dep_edge *e, int depth) {
  if (e->kind == DEP_FLOW)
    return false;
  const dep_scalar *sc = dep_scalar_of(g, e->mem_index);
  if (!sc || !sc->flow || !sc->no_source || sc->read_outside)
    return false;
  if (e->src->depth <= depth || e->dst->depth <= depth)
    return false;
  if (sc->written && isl_union_map_is_empty(sc->no_source) != isl_bool_true)
    return false;
  zero_data z = {g, depth, true};
  isl_union_map_foreach_map(sc->flow, zero_cb, &z);
  return z.ok;
}

const char *dep_scalar_note(dep_graph *g, const dep_edge *e, int depth,
                            const char *why) {
  if (!why || e->kind == DEP_FLOW)
    return why;
  const dep_scalar *sc = dep_scalar_of(g, e->mem_index);
  if (!sc || !sc->flow || !sc->no_source)
    return why;
  const char *name = sc->var->name;
  if (sc->read_outside)
    return scc_arena_printf(g->ctx->arena,
                            "%s; '%s' is read after the loops, where it "
                            "holds the value of the last iteration",
                            why, name);
  if (isl_union_map_is_empty(sc->no_source) != isl_bool_true)
    return scc_arena_printf(g->ctx->arena,
                            "%s; an iteration reads '%s' before it writes it",
                            why, name);
  zero_data z = {g, depth, true};
  isl_union_map_foreach_map(sc->flow, zero_cb, &z);
  if (!z.ok)
    return scc_arena_printf(
        g->ctx->arena, "%s; values of '%s' flow from one iteration to another",
        why, name);
  return why;
}

/* ---- scalar expansion --------------------------------------------------- */

bool dep_check_expansion(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                         const ir_var *v, const char **why) {
  if (ctx->unsafe)
    return true;
  dep_graph *g = dep_graph_build(ctx, k, &loop, 1);
  int depth = dep_loop_depth(loop);
  bool ok = true;
  for (int i = 0; i < g->scalars.len && ok; i++) {
    const dep_scalar *sc = g->scalars.items[i];
    if (sc->var != v)
      continue;
    if (!sc->flow || !sc->no_source) {
      ok = false;
      *why = "the analysis of its values failed";
      break;
    }
    if (isl_union_map_is_empty(sc->no_source) != isl_bool_true) {
      ok = false;
      *why = scc_arena_printf(ctx->arena,
                              "an iteration of '%s' reads '%s' before it "
                              "writes it (the value comes from before the loop "
                              "or from an earlier iteration)",
                              loop->u.loop.iv->name, v->name);
      break;
    }
    zero_data z = {g, depth, true};
    isl_union_map_foreach_map(sc->flow, zero_cb, &z);
    if (!z.ok) {
      ok = false;
      *why = scc_arena_printf(ctx->arena,
                              "values of '%s' flow from one iteration of '%s' "
                              "to another",
                              v->name, loop->u.loop.iv->name);
    }
  }
  dep_graph_free(g);
  return ok;
}

bool dep_scalar_read_after(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                           const ir_var *v) {
  return v->live_out || dep_scalar_leaves_scope(ctx, k, &loop, 1, v);
}

const char *dep_scalar_expand_hint(dep_graph *g, const dep_edge *e, int depth,
                                   const ir_node *loop, const char *why) {
  if (!why || e->kind == DEP_FLOW)
    return why;
  const dep_scalar *sc = dep_scalar_of(g, e->mem_index);
  if (!sc || !sc->flow || !sc->no_source ||
      isl_union_map_is_empty(sc->no_source) != isl_bool_true)
    return why;
  zero_data z = {g, depth, true};
  isl_union_map_foreach_map(sc->flow, zero_cb, &z);
  if (!z.ok)
    return why;
  return scc_arena_printf(g->ctx->arena,
                          "%s; the scalar '%s' is private to each iteration: "
                          "`loop.expand_scalar %%%s \"%s\"` first gives each "
                          "iteration its own copy",
                          why, sc->var->name, loop->u.loop.iv->name,
                          sc->var->name);
}

/* ---- scalars private to a loop's iterations ----------------------------- */

static bool scalar_write_cb(ir_node *n, void *data) {
  bool *hit = data;
  if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR)
    *hit = true;
  return !*hit;
}

void dep_private_scalars(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                         scc_vec *out) {
  bool any = false; /* no scalar assignment: nothing to analyse */
  ir_walk_block(&loop->u.loop.body, scalar_write_cb, &any);
  if (!any)
    return;
  dep_graph *g = dep_graph_build(ctx, k, &loop, 1);
  int depth = dep_loop_depth(loop);
  for (int i = 0; i < g->scalars.len; i++) {
    const dep_scalar *sc = g->scalars.items[i];
    if (!sc->written || !sc->flow || !sc->no_source || sc->read_outside ||
        isl_union_map_is_empty(sc->no_source) != isl_bool_true)
      continue;
    /* declared inside the loop: a copy per iteration already */
    bool inside = false;
    for (int s = 0; s < g->nstmts && !inside; s++) {
      const ir_node *n = g->stmts[s].node;
      inside = n->kind == IR_NODE_DECL && n->u.decl.var == sc->var;
    }
    if (inside)
      continue;
    zero_data z = {g, depth, true};
    isl_union_map_foreach_map(sc->flow, zero_cb, &z);
    bool dup = false;
    for (int j = 0; j < out->len; j++)
      dup = dup || out->items[j] == sc->var;
    if (z.ok && !dup)
      scc_vec_push(ctx->arena, out, (void *)sc->var);
  }
  dep_graph_free(g);
}
