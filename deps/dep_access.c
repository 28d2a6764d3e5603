/* dep_access.c — element queries (dep.h): can two accesses inside a loop
 * touch the same array element within one execution of the loop?
 *
 * For accesses a (in statement S) and b (in T) with access relations
 * A = { S[s] -> X[e] } and B = { T[t] -> X[e] } over the statements'
 * domains (dep_access_relation: the same model as the dependences), the
 * pairs that meet are A . B^-1 = { S[s] -> T[t] : A(s) = B(t) }; within
 * one execution of the loop means s and t agree on the loops enclosing it
 * (the first `outer` dimensions).  The accesses are disjoint when that
 * relation is empty, for every value of the parameters.  (Feautrier,
 * "Dataflow analysis of array and scalar references", 1991; Pugh, "The
 * Omega test", 1992: the same emptiness problem as a dependence test.)
 */
#include "dep_int.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

struct dep_access {
  scc_ctx *ctx;
  dep_graph *g;
  bool owned; /* g is ours to free */
  int outer;  /* loops enclosing the loop */
  ir_node *loop;
  /* access relations already built (scalar replacement asks about every
   * pair of accesses: each relation once, not once per pair) */
  scc_vec cache_e; /* const ir_expr * */
  scc_vec cache_m; /* isl_map *, owned */
};

/* The access relation of e in st, from the cache (a copy: the caller owns
 * it), or NULL when it cannot be represented. */
static __isl_give isl_map *relation_of(dep_access *da, const dep_stmt *st,
                                       const ir_expr *e) {
  for (int i = 0; i < da->cache_e.len; i++)
    if (da->cache_e.items[i] == e)
      return da->cache_m.items[i] ? isl_map_copy(da->cache_m.items[i]) : NULL;
  isl_map *m = dep_access_relation(da->g, st, e);
  scc_vec_push(da->ctx->arena, &da->cache_e, (void *)e);
  scc_vec_push(da->ctx->arena, &da->cache_m, m);
  return m ? isl_map_copy(m) : NULL;
}

dep_access *dep_access_open(scc_ctx *ctx, ir_kernel *k, ir_node *loop) {
  dep_access *da = scc_arena_alloc(ctx->arena, sizeof *da);
  da->ctx = ctx;
  da->g = dep_graph_build_stmts(ctx, k, &loop, 1); /* no edges needed */
  da->owned = true;
  da->outer = dep_loop_depth(loop);
  da->loop = loop;
  return da;
}

dep_access *dep_access_from_graph(dep_graph *g, ir_node *loop) {
  dep_access *da = scc_arena_alloc(g->ctx->arena, sizeof *da);
  da->ctx = g->ctx;
  da->g = g;
  da->owned = false;
  da->outer = dep_loop_depth(loop);
  da->loop = loop;
  return da;
}

void dep_access_close(dep_access *da) {
  if (!da)
    return;
  for (int i = 0; i < da->cache_m.len; i++)
    isl_map_free(da->cache_m.items[i]);
  da->cache_m.len = da->cache_e.len = 0;
  if (da->owned)
    dep_graph_free(da->g);
}

typedef struct find_expr {
  const ir_expr *e;
  bool hit;
} find_expr;

static void find_cb(ir_expr *e, void *data) {
  find_expr *f = data;
  if (e == f->e)
    f->hit = true;
}

/* The statement whose node holds expression e, or NULL. */
static dep_stmt *stmt_of(dep_access *da, const ir_expr *e) {
  for (int i = 0; i < da->g->nstmts; i++) {
    dep_stmt *st = &da->g->stmts[i];
    find_expr f = {e, false};
    ir_walk_node_exprs(st->node, find_cb, &f);
    if (f.hit)
      return st;
  }
  return NULL;
}

/* Disjointness of a in sa and b in sb (both statements of the graph). */
static bool disjoint_in(dep_access *da, const dep_stmt *sa, const ir_expr *a,
                        const dep_stmt *sb, const ir_expr *b) {
  if (a->u.access.array != b->u.access.array)
    return true; /* distinct arrays: the analysis's model (legality.md) */
  isl_map *ma = relation_of(da, sa, a);
  isl_map *mb = ma ? relation_of(da, sb, b) : NULL;
  if (!ma || !mb) {
    isl_map_free(ma);
    isl_map_free(mb);
    return false;
  }
  if (isl_map_dim(ma, isl_dim_out) != isl_map_dim(mb, isl_dim_out)) {
    isl_map_free(ma);
    isl_map_free(mb);
    return false;
  }
  isl_map *rel = isl_map_apply_range(ma, isl_map_reverse(mb));
  int shared = dep_common_loops(sa, sb);
  int outer = da->outer < shared ? da->outer : shared;
  for (int d = 0; d < outer; d++)
    rel = isl_map_equate(rel, isl_dim_in, d, isl_dim_out, d);
  if (a == b && sa == sb) /* two different instances */
    rel = isl_map_subtract(rel, isl_map_identity(isl_space_map_from_set(
                                    isl_space_domain(isl_map_get_space(rel)))));
  isl_bool empty = isl_map_is_empty(rel);
  isl_map_free(rel);
  return empty == isl_bool_true;
}

bool dep_access_disjoint(dep_access *da, const ir_expr *a, const ir_expr *b) {
  if (!a || !b || a->kind != IR_EXPR_ACCESS || b->kind != IR_EXPR_ACCESS)
    return false;
  if (a->u.access.array != b->u.access.array)
    return true;
  const dep_stmt *sa = stmt_of(da, a), *sb = stmt_of(da, b);
  return sa && sb && disjoint_in(da, sa, a, sb, b);
}

bool dep_access_unwritten(dep_access *da, const ir_expr *a) {
  if (!a || a->kind != IR_EXPR_ACCESS)
    return false;
  const dep_stmt *sa = stmt_of(da, a);
  if (!sa)
    return false;
  for (int i = 0; i < da->g->nstmts; i++) {
    const dep_stmt *st = &da->g->stmts[i];
    if (st->node->kind != IR_NODE_ASSIGN)
      continue;
    const ir_expr *w = st->node->u.assign.lhs;
    if (w->kind != IR_EXPR_ACCESS || w->u.access.array != a->u.access.array)
      continue;
    if (!disjoint_in(da, sa, a, st, w))
      return false;
  }
  return true;
}

/* The read of the lhs itself in `x = x op e` / `x = e op x` /
 * `x = fmin(x, e)`: the direct operand of the rhs equal to the lhs. */
static const ir_expr *self_read(const ir_node *s) {
  const ir_expr *lhs = s->u.assign.lhs, *rhs = s->u.assign.rhs;
  if (s->u.assign.op != IR_OP_NONE)
    return NULL;
  if (rhs->kind == IR_EXPR_BINARY) {
    if (ir_expr_equal(rhs->u.bin.a, lhs))
      return rhs->u.bin.a;
    if (ir_expr_equal(rhs->u.bin.b, lhs))
      return rhs->u.bin.b;
  } else if (rhs->kind == IR_EXPR_CALL) {
    for (int i = 0; i < rhs->u.call.n; i++)
      if (ir_expr_equal(rhs->u.call.args[i], lhs))
        return rhs->u.call.args[i];
  }
  return NULL;
}

typedef struct private_scan {
  dep_access *da;
  const dep_stmt *ss, *st;
  const ir_expr *lhs, *skip;
  bool ok;
} private_scan;

static void private_cb(ir_expr *e, void *data) {
  private_scan *p = data;
  if (!p->ok || e->kind != IR_EXPR_ACCESS ||
      e->u.access.array != p->lhs->u.access.array || e == p->lhs ||
      e == p->skip)
    return;
  if (!disjoint_in(p->da, p->ss, p->lhs, p->st, e))
    p->ok = false;
}

typedef struct ctl_scan {
  const ir_array *arr;
  bool hit;
} ctl_scan;

static void ctl_expr_cb(ir_expr *e, void *data) {
  ctl_scan *c = data;
  if (e->kind == IR_EXPR_ACCESS && e->u.access.array == c->arr)
    c->hit = true;
}

static bool ctl_node_cb(ir_node *n, void *data) {
  if (n->kind == IR_NODE_LOOP || n->kind == IR_NODE_IF)
    ir_walk_node_exprs(n, ctl_expr_cb, data);
  return true;
}

bool dep_access_lhs_private(dep_access *da, const ir_node *s) {
  if (!s || s->kind != IR_NODE_ASSIGN ||
      s->u.assign.lhs->kind != IR_EXPR_ACCESS)
    return false;
  const dep_stmt *ss = NULL;
  for (int i = 0; i < da->g->nstmts && !ss; i++)
    if (da->g->stmts[i].node == s)
      ss = &da->g->stmts[i];
  if (!ss)
    return false;
  /* a read in a loop bound or an if condition of the loop: not asked */
  ctl_scan c = {s->u.assign.lhs->u.access.array, false};
  ir_walk_node(da->loop, ctl_node_cb, &c);
  if (c.hit)
    return false;
  private_scan p = {da, ss, NULL, s->u.assign.lhs, self_read(s), true};
  for (int i = 0; i < da->g->nstmts && p.ok; i++) {
    p.st = &da->g->stmts[i];
    ir_walk_node_exprs(p.st->node, private_cb, &p);
  }
  return p.ok;
}

bool dep_access_offset_multiple(dep_access *da, const ir_expr *a, int d,
                                const ir_expr *origin, int64_t m) {
  if (!a || a->kind != IR_EXPR_ACCESS || d < 0 || d >= a->u.access.n || m < 1)
    return false;
  const dep_stmt *sa = stmt_of(da, a);
  if (!sa)
    return false;
  ir_expr *off = ir_binary(da->ctx, IR_OP_SUB, a->u.access.idx[d],
                           (ir_expr *)origin, IR_TY_LONG);
  isl_pw_aff *pa = dep_graph_pw_aff(da->g, sa, off);
  if (!pa)
    return false;
  pa = isl_pw_aff_mod_val(pa, isl_val_int_from_si(da->g->isl, m));
  isl_set *bad =
      isl_set_intersect(isl_pw_aff_non_zero_set(pa), isl_set_copy(sa->domain));
  isl_bool empty = isl_set_is_empty(bad);
  isl_set_free(bad);
  return empty == isl_bool_true;
}
