/* dep_shift.c — the smallest shift that makes a fusion legal
 * (dep_fusion_shift, dep.h).
 *
 * Fusing loop a with loop b, b's iterations shifted by s (b's iteration y
 * runs in the fused iteration y + s, after a's body of that iteration),
 * respects a dependence from a's iteration x to b's iteration y when
 * y + s >= x, i.e. s >= -(y - x).  So the smallest legal shift is the
 * negated minimum of the distances y - x over the dependences from a to b
 * (within one iteration of the enclosing loops), or 0 when none is
 * negative.  This is the alignment step of fusion with shifting (retiming):
 * Darte, "On the complexity of loop fusion", PACT 1999; Bondhugula et al.,
 * "A Practical Automatic Polyhedral Parallelizer and Locality Optimizer",
 * PLDI 2008, §4 (the constant terms of Pluto's per-statement hyperplanes).
 */
#include "dep_int.h"

#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>

bool dep_fusion_shift(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      int64_t *shift) {
  *shift = 0;
  if (a->kind != IR_NODE_LOOP || b->kind != IR_NODE_LOOP ||
      a->u.loop.step <= 0 || b->u.loop.step <= 0)
    return false;
  ir_node *scope[2] = {a, b};
  dep_graph *g = dep_graph_build_in(ctx, k, scope, 2, true, -1);
  int outer = dep_loop_depth(a);
  bool ok = dep_loop_depth(b) == outer;
  int64_t need = 0;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    if (!ir_node_within(e->src->node, a) || !ir_node_within(e->dst->node, b))
      continue;
    if (dep_scalar_private(g, e, outer))
      continue;
    isl_set *d = dep_edge_deltas(e, outer + 1);
    for (int o = 0; o < outer; o++)
      d = isl_set_fix_si(d, isl_dim_set, (unsigned)o, 0);
    if (isl_set_is_empty(d) == isl_bool_true) {
      isl_set_free(d);
      continue;
    }
    /* the minimum over every value of the parameters */
    isl_val *m = isl_set_dim_min_val(d, outer);
    if (!m || isl_val_is_int(m) != isl_bool_true)
      ok = false;
    else if (-isl_val_get_num_si(m) > need)
      need = -isl_val_get_num_si(m);
    isl_val_free(m);
  }
  dep_graph_free(g);
  if (ok)
    *shift = need;
  return ok;
}
