/* dep_query.c — the legality queries of dep.h, answered on a dependence
 * graph rebuilt from the kernel's current IR at each call.
 *
 * Every query looks at the distance vectors of the dependences between the
 * statements concerned, over the loops they share (dep_edge_deltas), with
 * the dimensions of the loops enclosing the transformed ones fixed to 0
 * (dependences carried by an enclosing loop stay satisfied whatever
 * happens inside): so each builds only the dependences within one
 * iteration of those loops (dep_graph_build_in), and parallel loops and
 * unroll-and-jam only those carried by their loop.  A non-empty set of
 * offending distances is reported through its lexicographically smallest
 * point.
 */
#include "dep_int.h"

#include <isl/set.h>
#include <stdlib.h>
#include <string.h>

/* The offending distances of e over dims [0, c), with dims [0, outer) fixed
 * to 0; `fn` takes those distances and returns the violating ones; NULL
 * when none. */
typedef __isl_give isl_set *(*viol_fn)(__isl_take isl_set *deltas, void *data);

static __isl_give isl_set *violations(const dep_edge *e, int c, int outer,
                                      viol_fn fn, void *data) {
  isl_set *d = dep_edge_deltas(e, c);
  for (int o = 0; o < outer; o++)
    d = isl_set_fix_si(d, isl_dim_set, (unsigned)o, 0);
  isl_set *v = fn(d, data);
  if (isl_set_is_empty(v) != isl_bool_false) {
    isl_set_free(v);
    return NULL;
  }
  return v;
}

/* *why for the offending set v of e (dims [0, c); taken), printing the
 * distance over [from, to). */
static const char *explain(scc_ctx *ctx, const char *verb, const dep_edge *e,
                           __isl_take isl_set *v, int c, int from, int to,
                           const char *extra) {
  int64_t *val = scc_arena_alloc(ctx->arena, sizeof(int64_t) * (size_t)(c + 1));
  bool *have = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(c + 1));
  dep_representative(v, c, val, have);
  isl_set_free(v);
  return dep_describe(ctx, verb, e, c, val, have, from, to, extra);
}

static int sign_of(const ir_node *loop) {
  return loop->u.loop.step > 0 ? 1 : -1;
}

/* sign * d[pos] < 0 on a copy of s. */
static __isl_give isl_set *negative(__isl_keep isl_set *s, int pos, int sign) {
  s = isl_set_copy(s);
  return sign > 0 ? isl_set_upper_bound_si(s, isl_dim_set, (unsigned)pos, -1)
                  : isl_set_lower_bound_si(s, isl_dim_set, (unsigned)pos, 1);
}

/* ---- permutation -------------------------------------------------------- */

typedef struct perm_data {
  ir_node **band;
  int n, outer;
  const int *perm;
} perm_data;

/* Lexicographically negative in the permuted order of the band:
 * union over k of (d[perm[m]] = 0 for m < k, sign * d[perm[k]] < 0). */
static __isl_give isl_set *perm_viol(__isl_take isl_set *d, void *data) {
  perm_data *p = data;
  isl_set *u = isl_set_empty(isl_set_get_space(d));
  isl_set *prefix = isl_set_copy(d);
  for (int k = 0; k < p->n; k++) {
    int pos = p->outer + p->perm[k];
    u = isl_set_union(u, negative(prefix, pos, sign_of(p->band[p->perm[k]])));
    prefix = isl_set_fix_si(prefix, isl_dim_set, (unsigned)pos, 0);
  }
  isl_set_free(prefix);
  isl_set_free(d);
  return u;
}

bool dep_check_permutation(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                           const int *perm, const char **why) {
  if (ctx->unsafe || n < 2)
    return true;
  bool identity = true;
  for (int d = 0; d < n; d++)
    identity = identity && perm[d] == d;
  if (identity)
    return true;
  dep_graph *g = dep_graph_build_in(ctx, k, band, 1, true, -1);
  perm_data pd = {band, n, dep_loop_depth(band[0]), perm};
  int c = pd.outer + n;
  bool ok = true;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    if (!ir_node_within(e->src->node, band[n - 1]) ||
        !ir_node_within(e->dst->node, band[n - 1]))
      continue;
    /* iterations of the innermost band loop stay whole */
    if (dep_scalar_private(g, e, c - 1))
      continue;
    isl_set *v = violations(e, c, pd.outer, perm_viol, &pd);
    if (v) {
      ok = false;
      *why = explain(ctx, "would reverse", e, v, c, pd.outer, c, "");
      *why = dep_scalar_note(g, e, c - 1, *why);
    }
  }
  dep_graph_free(g);
  return ok;
}

/* ---- tiling ------------------------------------------------------------- */

static __isl_give isl_set *tile_viol(__isl_take isl_set *d, void *data) {
  perm_data *p = data;
  isl_set *u = isl_set_empty(isl_set_get_space(d));
  for (int k = 0; k < p->n; k++)
    u = isl_set_union(u, negative(d, p->outer + k, sign_of(p->band[k])));
  isl_set_free(d);
  return u;
}

bool dep_check_tiling(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                      const char **why) {
  if (ctx->unsafe || n < 1)
    return true;
  dep_graph *g = dep_graph_build_in(ctx, k, band, 1, true, -1);
  perm_data pd = {band, n, dep_loop_depth(band[0]), NULL};
  int c = pd.outer + n;
  bool ok = true;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    if (!ir_node_within(e->src->node, band[n - 1]) ||
        !ir_node_within(e->dst->node, band[n - 1]))
      continue;
    if (dep_scalar_private(g, e, c - 1))
      continue;
    isl_set *v = violations(e, c, pd.outer, tile_viol, &pd);
    if (v) {
      ok = false;
      *why = explain(ctx, "would reverse", e, v, c, pd.outer, c, "");
      *why = dep_scalar_note(g, e, c - 1, *why);
    }
  }
  dep_graph_free(g);
  return ok;
}

/* ---- parallel loops and reductions -------------------------------------- */

/* The memory object (ir_array * or ir_var *) of an lhs. */
static const void *obj_of(const ir_expr *e) {
  return e->kind == IR_EXPR_ACCESS ? (const void *)e->u.access.array
                                   : (const void *)e->u.var;
}

typedef struct touch {
  const void *obj;
  const ir_node *skip; /* the reduction statement */
  bool hit;
} touch;

static void touch_expr(ir_expr *e, void *data) {
  touch *t = data;
  if ((e->kind == IR_EXPR_ACCESS && e->u.access.array == t->obj) ||
      (e->kind == IR_EXPR_VAR && e->u.var == t->obj))
    t->hit = true;
}

static bool touch_node(ir_node *n, void *data) {
  touch *t = data;
  if (n != t->skip)
    ir_walk_node_exprs(n, touch_expr, data);
  if (n->kind == IR_NODE_DECL && n->u.decl.var == t->obj)
    t->hit = true;
  return true;
}

static bool reads_obj(ir_expr *e, const void *obj) {
  touch t = {obj, NULL, false};
  ir_walk_expr(e, touch_expr, &t);
  return t.hit;
}

static bool is_minmax_call(const ir_expr *e) {
  if (e->kind != IR_EXPR_CALL || e->u.call.n != 2)
    return false;
  const char *f = e->u.call.fn;
  return strcmp(f, "fmin") == 0 || strcmp(f, "fmax") == 0 ||
         strcmp(f, "fminf") == 0 || strcmp(f, "fmaxf") == 0 ||
         strcmp(f, "fminl") == 0 || strcmp(f, "fmaxl") == 0;
}

/* x op= e or x = x op e / e op x (op +, *, min, max; x -= e and x = x - e
 * count as +), e not reading x, and nothing else in `loop` touching x.
 * For an array element x, e and the other nodes may access other elements
 * of its array when isl proves they never touch x's element within the
 * loop (dep_access_lhs_private, deps/dep_access.c: cholesky's
 * `A[i][j] -= A[i][k] * A[j][k]` over k < j; one row sum per jammed row,
 * `s[i] += ...; s[i + 1] += ...`). */
static bool is_reduction(dep_graph *g, ir_node *s, ir_node *loop) {
  if (s->kind != IR_NODE_ASSIGN)
    return false;
  ir_expr *lhs = s->u.assign.lhs, *rhs = s->u.assign.rhs, *other = NULL;
  const void *obj = obj_of(lhs);
  if (lhs->lanes > 1)
    return false;
  if (lhs->kind == IR_EXPR_ACCESS)
    for (int i = 0; i < lhs->u.access.n; i++)
      if (reads_obj(lhs->u.access.idx[i], obj))
        return false;
  ir_op op = s->u.assign.op;
  if (op == IR_OP_ADD || op == IR_OP_SUB || op == IR_OP_MUL)
    other = rhs;
  else if (op == IR_OP_NONE && rhs->kind == IR_EXPR_BINARY) {
    ir_op b = rhs->u.bin.op;
    bool comm =
        b == IR_OP_ADD || b == IR_OP_MUL || b == IR_OP_MIN || b == IR_OP_MAX;
    if ((comm || b == IR_OP_SUB) && ir_expr_equal(rhs->u.bin.a, lhs))
      other = rhs->u.bin.b;
    else if (comm && ir_expr_equal(rhs->u.bin.b, lhs))
      other = rhs->u.bin.a;
  } else if (op == IR_OP_NONE && is_minmax_call(rhs)) {
    if (ir_expr_equal(rhs->u.call.args[0], lhs))
      other = rhs->u.call.args[1];
    else if (ir_expr_equal(rhs->u.call.args[1], lhs))
      other = rhs->u.call.args[0];
  }
  if (!other)
    return false;
  bool reads = reads_obj(other, obj);
  touch t = {obj, s, false};
  ir_walk_block(&loop->u.loop.body, touch_node, &t);
  if (!reads && !t.hit)
    return true;
  if (lhs->kind != IR_EXPR_ACCESS)
    return false;
  dep_access *da = dep_access_from_graph(g, loop);
  bool priv = dep_access_lhs_private(da, s);
  dep_access_close(da); /* its cached relations; g stays the caller's */
  return priv;
}

typedef struct carried_data {
  int pos;
} carried_data;

static __isl_give isl_set *carried_viol(__isl_take isl_set *d, void *data) {
  carried_data *cd = data;
  isl_set *u = isl_set_union(negative(d, cd->pos, 1), negative(d, cd->pos, -1));
  isl_set_free(d);
  return u;
}

bool dep_check_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        bool allow_reductions, scc_vec *reductions,
                        const char **why) {
  return dep_check_parallel_private(ctx, k, loop, allow_reductions, NULL,
                                    reductions, why);
}

bool dep_check_parallel_private(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                bool allow_reductions, const scc_vec *priv,
                                scc_vec *reductions, const char **why) {
  if (ctx->unsafe)
    return true;
  int outer = dep_loop_depth(loop);
  dep_graph *g = dep_graph_build_in(ctx, k, &loop, 1, true, outer);
  carried_data cd = {outer};
  bool ok = true;
  scc_vec found = {0}; /* reduction statements (ir_node *) */
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    int c = dep_common_loops(e->src, e->dst);
    if (c <= outer)
      continue;
    bool own = false; /* a private scalar: each iteration has its own */
    for (int j = 0; priv && e->kind != DEP_FLOW && j < priv->len; j++)
      own = own || priv->items[j] == e->mem_obj;
    /* a private local array of the source (ir_omp.priv_arrays), declared
     * in the loop: no value crosses its iterations, flow included */
    for (int j = 0; priv && j < priv->len; j++)
      for (int a = 0; a < k->arrays.len; a++) {
        const ir_array *arr = k->arrays.items[a];
        own = own || (arr == e->mem_obj && arr == priv->items[j] &&
                      arr->is_local && arr->storage == IR_STORE_AUTO);
      }
    if (own)
      continue;
    isl_set *v = violations(e, c, outer, carried_viol, &cd);
    if (!v)
      continue;
    ir_node *s = e->src->node;
    if (allow_reductions && e->src->node == e->dst->node &&
        s->kind == IR_NODE_ASSIGN && obj_of(s->u.assign.lhs) == e->mem_obj &&
        is_reduction(g, s, loop)) {
      isl_set_free(v);
      bool dup = false;
      for (int j = 0; j < found.len; j++)
        dup = dup || found.items[j] == s;
      if (!dup)
        scc_vec_push(ctx->arena, &found, s);
      continue;
    }
    ok = false;
    const char *extra =
        scc_arena_printf(ctx->arena, " carried by '%s'", loop->u.loop.iv->name);
    *why = explain(ctx, "would break", e, v, c, outer, c, extra);
  }
  if (ok && reductions)
    for (int j = 0; j < found.len; j++)
      scc_vec_push(ctx->arena, reductions,
                   ((ir_node *)found.items[j])->u.assign.lhs);
  dep_graph_free(g);
  return ok;
}

/* ---- unroll-and-jam ----------------------------------------------------- */

/* The schedule-space distances of e with, in the new order, the dimension
 * `moved` placed last: lexicographically negative ones. */
static __isl_give isl_set *jam_violations(const dep_edge *e, int moved,
                                          int dim) {
  isl_map *m = isl_map_copy(e->rel);
  m = isl_map_apply_domain(m, isl_map_copy(e->src->sched));
  m = isl_map_apply_range(m, isl_map_copy(e->dst->sched));
  isl_set *d = isl_map_deltas(m);
  isl_set *u = isl_set_empty(isl_set_get_space(d));
  isl_set *prefix = isl_set_copy(d);
  for (int k = 0; k < dim; k++) {
    int pos = k < moved ? k : k < dim - 1 ? k + 1 : moved;
    u = isl_set_union(u, negative(prefix, pos, 1));
    prefix = isl_set_fix_si(prefix, isl_dim_set, (unsigned)pos, 0);
  }
  isl_set_free(prefix);
  isl_set_free(d);
  if (isl_set_is_empty(u) != isl_bool_false) {
    isl_set_free(u);
    return NULL;
  }
  return u;
}

/* The schedule dimension of `loop` in st's schedule, or -1 when st is not
 * inside it. */
static int sched_dim_of_loop(const dep_stmt *st, const ir_node *loop) {
  int pos = 0;
  const ir_node *chain[512];
  int len = 0;
  for (const ir_node *p = ir_parent(st->node); p && len < 512; p = ir_parent(p))
    chain[len++] = p;
  for (int i = len - 1; i >= 0; i--) {
    pos++; /* the position dim before this ancestor's contents */
    if (chain[i] == loop)
      return pos;
    if (chain[i]->kind == IR_NODE_LOOP)
      pos++;
  }
  return -1;
}

bool dep_check_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                              const char **why) {
  if (ctx->unsafe)
    return true;
  int depth = dep_loop_depth(outer);
  dep_graph *g = dep_graph_build_in(ctx, k, &outer, 1, true, depth);
  bool ok = true;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    int moved = sched_dim_of_loop(e->src, outer);
    if (moved < 0 || sched_dim_of_loop(e->dst, outer) != moved)
      continue;
    /* scalars private to outer's iterations: each copy gets its own */
    if (dep_scalar_private(g, e, depth))
      continue;
    isl_set *jv = jam_violations(e, moved, g->sched_dim);
    if (!jv)
      continue;
    isl_set_free(jv);
    ok = false;
    /* describe it by the distances that the loop carries */
    int c = dep_common_loops(e->src, e->dst);
    isl_set *d = dep_edge_deltas(e, c);
    for (int o = 0; o < depth; o++)
      d = isl_set_fix_si(d, isl_dim_set, (unsigned)o, 0);
    isl_set *carried = negative(d, depth, -sign_of(outer));
    isl_set_free(d);
    if (isl_set_is_empty(carried) == isl_bool_true) {
      isl_set_free(carried);
      carried = dep_edge_deltas(e, c);
    }
    *why = explain(ctx, "would reverse", e, carried, c, depth, c, "");
    *why = dep_scalar_note(g, e, depth, *why);
  }
  dep_graph_free(g);
  return ok;
}

/* ---- fusion ------------------------------------------------------------- */

typedef struct fuse_data {
  int pos, sign;
} fuse_data;

static __isl_give isl_set *fuse_viol(__isl_take isl_set *d, void *data) {
  fuse_data *f = data;
  isl_set *u = negative(d, f->pos, f->sign);
  isl_set_free(d);
  return u;
}

bool dep_check_fusion(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      const char **why) {
  if (ctx->unsafe)
    return true;
  ir_node *scope[2] = {a, b};
  dep_graph *g = dep_graph_build_in(ctx, k, scope, 2, true, -1);
  int outer = dep_loop_depth(a);
  fuse_data fd = {outer, sign_of(a)};
  bool ok = dep_loop_depth(b) == outer;
  for (int i = 0; i < g->edges.len && ok; i++) {
    const dep_edge *e = g->edges.items[i];
    if (!ir_node_within(e->src->node, a) || !ir_node_within(e->dst->node, b))
      continue;
    /* the fused loop runs each iteration of a, then of b, whole */
    if (dep_scalar_private(g, e, outer))
      continue;
    isl_set *v = violations(e, outer + 1, outer, fuse_viol, &fd);
    if (v) {
      ok = false;
      *why =
          explain(ctx, "would reverse", e, v, outer + 1, outer, outer + 1, "");
      *why = dep_scalar_note(g, e, outer, *why);
    }
  }
  dep_graph_free(g);
  return ok;
}

/* ---- distribution ------------------------------------------------------- */

static __isl_give isl_set *any_viol(__isl_take isl_set *d, void *data) {
  (void)data;
  return d;
}

/* The index of the top-level node of loop's body that holds n. */
static int body_index(const ir_node *loop, const ir_node *n) {
  while (n && ir_parent(n) != loop)
    n = ir_parent(n);
  int i = 0;
  for (const ir_node *p = loop->u.loop.body.first; p; p = p->next, i++)
    if (p == n)
      return i;
  return -1;
}

typedef struct use_data {
  const ir_var *var;
  bool hit;
} use_data;

static void use_cb(ir_expr *e, void *data) {
  use_data *u = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == u->var)
    u->hit = true;
}

static bool use_node(ir_node *n, void *data) {
  ir_walk_node_exprs(n, use_cb, data);
  return true;
}

bool dep_check_distribution(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int *groups, int **group_of, const char **why) {
  int m = ir_block_len(&loop->u.loop.body);
  int *grp = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)(m + 1));
  *group_of = grp;
  if (ctx->unsafe) {
    for (int i = 0; i < m; i++)
      grp[i] = i;
    *groups = m;
    return true;
  }
  /* reach[i*m + j]: node j depends (transitively) on node i */
  bool *reach = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(m * m + 1));
  const dep_edge **back =
      scc_arena_alloc(ctx->arena, sizeof(dep_edge *) * (size_t)(m * m + 1));
  dep_graph *g = dep_graph_build_in(ctx, k, &loop, 1, true, -1);
  int outer = dep_loop_depth(loop);
  for (int i = 0; i < g->edges.len; i++) {
    const dep_edge *e = g->edges.items[i];
    int u = body_index(loop, e->src->node), v = body_index(loop, e->dst->node);
    if (u < 0 || v < 0 || u == v || reach[u * m + v])
      continue;
    isl_set *viol = violations(e, outer + 1, outer, any_viol, NULL);
    if (!viol)
      continue;
    isl_set_free(viol);
    reach[u * m + v] = true;
    back[u * m + v] = e;
  }
  /* a declaration stays with every node that uses its variable */
  int i = 0;
  for (ir_node *p = loop->u.loop.body.first; p; p = p->next, i++) {
    if (p->kind != IR_NODE_DECL)
      continue;
    int j = 0;
    for (ir_node *q = loop->u.loop.body.first; q; q = q->next, j++) {
      use_data ud = {p->u.decl.var, false};
      ir_walk_node(q, use_node, &ud);
      if (ud.hit && i != j)
        reach[i * m + j] = reach[j * m + i] = true;
    }
  }
  bool *direct =
      scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(m * m + 1));
  memcpy(direct, reach, sizeof(bool) * (size_t)(m * m));
  for (int w = 0; w < m; w++)
    for (int u = 0; u < m; u++)
      for (int v = 0; v < m; v++)
        if (reach[u * m + w] && reach[w * m + v])
          reach[u * m + v] = true;
  /* strongly connected components, placed in a topological order that
   * keeps the original order where the dependences allow it */
  for (int u = 0; u < m; u++)
    grp[u] = -1;
  int ng = 0;
  bool *placed = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(m + 1));
  while (true) {
    int pick = -1;
    for (int u = 0; u < m && pick < 0; u++) {
      if (placed[u])
        continue;
      /* u's component is ready when no unplaced node outside it reaches it */
      bool ready = true;
      for (int w = 0; w < m && ready; w++)
        if (!placed[w] && w != u && reach[w * m + u] && !reach[u * m + w])
          ready = false;
      if (ready)
        pick = u;
    }
    if (pick < 0)
      break;
    for (int w = 0; w < m; w++)
      if (w == pick || (reach[pick * m + w] && reach[w * m + pick])) {
        placed[w] = true;
        grp[w] = ng;
      }
    ng++;
  }
  *groups = ng;
  bool ok = !(ng == 1 && m >= 2);
  if (!ok) {
    /* a dependence from a later node to an earlier one closes the cycle */
    const dep_edge *e = NULL;
    for (int u = m - 1; u >= 0 && !e; u--)
      for (int v = 0; v < u && !e; v++)
        if (direct[u * m + v] && back[u * m + v])
          e = back[u * m + v];
    if (e) {
      isl_set *d = violations(e, outer + 1, outer, any_viol, NULL);
      *why =
          explain(ctx, "would reverse", e, d, outer + 1, outer, outer + 1, "");
      *why = dep_scalar_expand_hint(g, e, outer, loop, *why);
    } else {
      *why = "would separate a declaration from its uses";
    }
  }
  dep_graph_free(g);
  return ok;
}
