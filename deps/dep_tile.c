/* dep_tile.c — the legality of tiling some dimensions of a band
 * (dep_check_tiling_sizes, dep.h), and the wavefront hint of its refusal.
 *
 * loop.tile with sizes s[0..n-1] (0: the dimension is not tiled) produces
 * the order (T_d for the tiled d, in band order; then every point loop in
 * band order), T_d = the tile of i_d.  For a dependence of distance delta
 * (over the band, lexicographically positive or zero in the band's
 * order), tile indices are monotone: delta_d >= 0 (in the direction of
 * d's step) gives T_d(sink) >= T_d(source) whatever the tile origin.  So
 * when delta_d >= 0 in every tiled d, the tile vector difference is >= 0
 * component-wise: either some tile loop moves forward (the sink runs in a
 * later tile), or the two instances share their tile and the point loops
 * keep the original order.  The distances in the untiled dimensions do not
 * matter: those loops keep their place among the point loops.  Conversely
 * a negative delta_d in a tiled d puts the sink in an earlier tile of d for
 * some instance at a tile boundary, and only a tile size of 1 in an
 * earlier dimension could save it; the query refuses (safe).  This is the
 * classic full-permutability condition (Irigoin and Triolet, POPL 1988;
 * Wolfe, "More Iteration Space Tiling", 1989) restricted to the tiled
 * dimensions, as in Bondhugula et al., PLDI 2008 (Pluto's tileable bands).
 */
#include "dep_int.h"

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/set.h>

static int step_sign(const ir_node *loop) {
  return loop->u.loop.step > 0 ? 1 : -1;
}

/* The distances of e over dims [0, outer + n), the enclosing loops' dims
 * fixed to 0 (dependences they carry stay satisfied). */
static __isl_give isl_set *band_deltas(const dep_edge *e, int outer, int n) {
  isl_set *d = dep_edge_deltas(e, outer + n);
  for (int o = 0; o < outer; o++)
    d = isl_set_fix_si(d, isl_dim_set, (unsigned)o, 0);
  return d;
}

/* The distances of d with sign * delta[pos] < 0 (a copy). */
static __isl_give isl_set *neg_at(__isl_keep isl_set *d, int pos, int sign) {
  d = isl_set_copy(d);
  return sign > 0 ? isl_set_upper_bound_si(d, isl_dim_set, (unsigned)pos, -1)
                  : isl_set_lower_bound_si(d, isl_dim_set, (unsigned)pos, 1);
}

/* The violating distances of d (kept): a tiled dimension going
 * backwards.  With skew_e >= 0, the dimension skew_d is first skewed by
 * skew_e with factor F (delta_d + F * delta_e). */
static __isl_give isl_set *tiled_viol(__isl_keep isl_set *d, ir_node **band,
                                      int outer, int n, const int64_t *sizes,
                                      int skew_d, int skew_e, int F) {
  if (skew_e >= 0) {
    /* delta_d + F * delta_e: add a dimension holding it, then swap */
    isl_set *s = isl_set_copy(d);
    unsigned nd = isl_set_dim(s, isl_dim_set);
    s = isl_set_add_dims(s, isl_dim_set, 1);
    isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(s));
    isl_constraint *c = isl_constraint_alloc_equality(ls);
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, (int)nd, -1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, outer + skew_d, 1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, outer + skew_e, F);
    s = isl_set_add_constraint(s, c);
    isl_set *u = isl_set_empty(isl_set_get_space(s));
    for (int k = 0; k < n; k++)
      if (sizes[k] > 0)
        u = isl_set_union(u, neg_at(s, k == skew_d ? (int)nd : outer + k,
                                    step_sign(band[k])));
    isl_set_free(s);
    return u;
  }
  isl_set *u = isl_set_empty(isl_set_get_space(d));
  for (int k = 0; k < n; k++)
    if (sizes[k] > 0)
      u = isl_set_union(u, neg_at(d, outer + k, step_sign(band[k])));
  return u;
}

/* Whether s (taken) is empty. */
static bool empty(__isl_take isl_set *s) {
  bool e = isl_set_is_empty(s) == isl_bool_true;
  isl_set_free(s);
  return e;
}

/* Whether both statements of e are nested in the band. */
static bool in_band(const dep_edge *e, ir_node **band, int n) {
  return ir_node_within(e->src->node, band[n - 1]) &&
         ir_node_within(e->dst->node, band[n - 1]);
}

/* A skew of tiled dimension d by an earlier band dimension e after which
 * no dependence violates the tiling: true with *pe, *pf.  Factors tried:
 * 1 to 4, and what the representative distance v needs,
 * ceil(-v[d] / v[e]), and its double. */
static bool find_skew(dep_graph *g, ir_node **band, int outer, int n,
                      const int64_t *sizes, int d, const int64_t *v,
                      const bool *have, int *pe, int *pf) {
  for (int e = 0; e < d; e++) {
    if (step_sign(band[e]) < 0 || step_sign(band[d]) < 0)
      continue;
    int64_t need = 0;
    if (have[outer + e] && have[outer + d] && v[outer + e] > 0)
      need = (-v[outer + d] + v[outer + e] - 1) / v[outer + e];
    int64_t cand[6] = {1, 2, 3, 4, need, 2 * need};
    for (int ci = 0; ci < 6; ci++) {
      int64_t F = cand[ci];
      if (F < 1 || F > 1 << 20 || (ci >= 4 && F <= 4))
        continue;
      bool ok = true;
      for (int i = 0; i < g->edges.len && ok; i++) {
        const dep_edge *ed = g->edges.items[i];
        if (!in_band(ed, band, n) || dep_scalar_private(g, ed, outer + n - 1))
          continue;
        isl_set *dl = band_deltas(ed, outer, n);
        ok = empty(tiled_viol(dl, band, outer, n, sizes, d, e, (int)F));
        isl_set_free(dl);
      }
      if (ok) {
        *pe = e;
        *pf = (int)F;
        return true;
      }
    }
  }
  return false;
}

bool dep_check_tiling_sizes(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                            const int64_t *sizes, const char **why) {
  if (ctx->unsafe || n < 1)
    return true;
  dep_graph *g = dep_graph_build_in(ctx, k, band, 1, true, -1);
  int outer = dep_loop_depth(band[0]), c = outer + n;
  bool ok = true;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    if (!in_band(e, band, n))
      continue;
    /* scalars private to the band's iterations (dep_scalar.c) */
    if (dep_scalar_private(g, e, c - 1))
      continue;
    isl_set *d = band_deltas(e, outer, n);
    isl_set *v = tiled_viol(d, band, outer, n, sizes, -1, -1, 0);
    isl_set_free(d);
    if (isl_set_is_empty(v) != isl_bool_false) {
      isl_set_free(v);
      continue;
    }
    ok = false;
    int64_t *val = scc_arena_alloc(ctx->arena, sizeof(int64_t) * (size_t)c);
    bool *have = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)c);
    dep_representative(v, c, val, have);
    isl_set_free(v);
    const char *msg =
        dep_describe(ctx, "would reverse", e, c, val, have, outer, c, "");
    /* the tiled dimension that goes backwards, and a skew that fixes it */
    int bad = -1;
    for (int dd = 0; dd < n && bad < 0; dd++)
      if (sizes[dd] > 0 && have[outer + dd] &&
          val[outer + dd] * step_sign(band[dd]) < 0)
        bad = dd;
    int se, sf;
    if (bad >= 0 &&
        find_skew(g, band, outer, n, sizes, bad, val, have, &se, &sf)) {
      const char *ei = band[se]->u.loop.iv->name,
                 *di = band[bad]->u.loop.iv->name;
      msg = scc_arena_printf(
          ctx->arena,
          "%s; a wavefront: skewing '%s' by '%s' (`loop.skew %%%s, %%%s "
          "{factor = %d}`, then tile the skewed band) makes it tileable",
          msg, di, ei, ei, di, sf);
    } else if (bad >= 0) {
      msg = scc_arena_printf(ctx->arena,
                             "%s; leave '%s' untiled (tile size 0) or tile "
                             "fewer loops",
                             msg, band[bad]->u.loop.iv->name);
    }
    *why = dep_scalar_note(g, e, c - 1, msg);
  }
  dep_graph_free(g);
  return ok;
}
