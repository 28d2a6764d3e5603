/* dep_int.h — internals of the dependence analysis (deps/ only; the
 * contract is dep.h).
 *
 * dep_build.c turns a kernel's current IR into isl objects and computes its
 * memory-based dependences (a dep_graph); dep_query.c answers the legality
 * queries of dep.h on it; dep_print.c formats dependences for messages and
 * for --emit=deps.
 */
#ifndef DEP_INT_H
#define DEP_INT_H

#include "dep.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>

/* One statement instance set: an IR_NODE_ASSIGN or IR_NODE_DECL.  Its
 * domain and sched belong to the graph (dep_graph_free frees them). */
typedef struct dep_stmt {
  ir_node *node;
  const char *name;  /* unique isl tuple name: "S3", "S3_1" (a clone), "D0" */
  const char *label; /* the printed name: "S3" (clones share it), "D0" */
  int depth;         /* number of enclosing loops */
  ir_node **loops;   /* the enclosing loops, outermost first */
  isl_set *domain;   /* { name[ivs] : bounds, strides, guards } */
  isl_map *sched;    /* domain -> [2d+1 vector], padded with zeros */
  int index;         /* position in textual (pre-)order */
} dep_stmt;

typedef enum dep_kind { DEP_FLOW, DEP_ANTI, DEP_OUTPUT } dep_kind;

/* The instances of `dst` that depend on instances of `src` through the
 * memory location(s) of `array`: src executes first.  The rel of an edge
 * in g->edges belongs to the graph (dep_graph_free frees it). */
typedef struct dep_edge {
  dep_kind kind;
  dep_stmt *src, *dst;
  const char *array; /* array or local scalar name */
  /* An access of the array the analysis could not represent (it may touch
   * any element), or NULL: the messages name it as the cause. */
  const ir_expr *nonaffine;
  const ir_node *nonaffine_stmt; /* the statement holding it */
  const void *mem_obj;           /* its ir_array * or ir_var * */
  int mem_index;                 /* memory objects in order of first access */
  isl_map *rel;                  /* src domain -> dst domain */
} dep_edge;

/* The statements of (part of) a kernel and their dependences.  Owns the
 * isl context; free with dep_graph_free. */
typedef struct dep_graph {
  scc_ctx *ctx;
  ir_kernel *k;
  isl_ctx *isl;
  int nstmts;
  dep_stmt *stmts;
  scc_vec edges;   /* dep_edge *, flow first, then anti, then output */
  int sched_dim;   /* length of every schedule vector */
  scc_vec params;  /* ir_var *: the isl parameters, in order */
  int outer;       /* the edges join instances in the same iteration of the
                      first `outer` loops of both statements (0: any) */
  int level;       /* >= 0: the edges hold only what loop `level` carries */
  scc_vec scalars; /* dep_scalar *, the local scalars accessed */
} dep_graph;

/* What the graph knows of one local scalar's values (dep_scalar.c): its
 * value-based flow dependences (which replace the memory-based ones in
 * `edges`) and the reads that may take a value from before the scope.  flow
 * and no_source belong to the graph (dep_graph_free frees them). */
typedef struct dep_scalar {
  const ir_var *var;
  int mem_index;            /* as in dep_edge */
  isl_union_map *flow;      /* value-based flow, src domain -> dst domain */
  isl_union_map *no_source; /* reads with no (or only a may) source */
  bool written;             /* written by a statement of the scope */
  bool read_outside;        /* read outside the scope, or live-out */
} dep_scalar;

/* The value-based flow dependences of one memory object (a scalar):
 * reads, must- and may-writes as access relations (statement domain ->
 * object), sched the statements' schedule.  Sets *no_source to the reads
 * that may have no source in the given writes.  Borrowed arguments.
 * NULL (and *no_source NULL) when isl fails. */
__isl_give isl_union_map *dep_scalar_value_flow(
    __isl_keep isl_union_map *reads, __isl_keep isl_union_map *must_writes,
    __isl_keep isl_union_map *may_writes, __isl_keep isl_union_map *sched,
    __isl_give isl_union_map **no_source);

/* True when e, an anti or output dependence on a local scalar, may be
 * ignored by a transform that runs each iteration of the loops [0, depth]
 * of e's statements as a unit: the scalar is private to those iterations
 * (every value is defined and used within one of them, no read in the
 * scope takes a value from before it, none after it reads the last
 * value).  See dep_scalar.c. */
bool dep_scalar_private(dep_graph *g, const dep_edge *e, int depth);
/* The scalar record of memory object mem_index (dep_edge.mem_index), or
 * NULL when it is not a local scalar of g. */
const dep_scalar *dep_scalar_of(const dep_graph *g, int mem_index);
/* The statement of g named `name` (an isl tuple name), or NULL. */
dep_stmt *dep_stmt_named(dep_graph *g, const char *name);

/* `why` followed by why the scalar of e (an anti or output dependence on a
 * local scalar) is not private to the iterations of loops [0, depth]:
 * "; 't' is read after the loops, where it holds the value of the last
 * iteration", "; an iteration reads 't' before it writes it", "; values of
 * 't' flow from one iteration to another".  `why` itself otherwise. */
const char *dep_scalar_note(dep_graph *g, const dep_edge *e, int depth,
                            const char *why);

/* `why` followed by a hint for loop.distribute of `loop` (at depth
 * `depth`) when e, an anti or output dependence on a local scalar, would
 * disappear by scalar expansion (every value of the scalar is defined and
 * used within one iteration): "; the scalar 't' is private to each
 * iteration: `loop.expand_scalar %i "t"` first gives each iteration its
 * own copy".  `why` itself otherwise. */
const char *dep_scalar_expand_hint(dep_graph *g, const dep_edge *e, int depth,
                                   const ir_node *loop, const char *why);

/* Builds the graph of the statements nested in any of scope[0..nscope-1]
 * (nscope 0: every statement of k), from the current IR.  Never fails:
 * what cannot be represented exactly is over-approximated. */
dep_graph *dep_graph_build(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                           int nscope);

/* The same, narrowed to what a legality query of a transform inside the
 * scope can see (the edges' relations are those of dep_graph_build
 * intersected with these conditions; edges left empty are dropped):
 *  - same_outer: only instances in the same iteration of the loops that
 *    enclose every scope node (g->outer of them).  Every query of dep.h
 *    fixes the distances over those loops to 0 (what they carry stays
 *    satisfied whatever happens inside), so its answer and message are
 *    unchanged; and subscripts that differ within one iteration (the rows
 *    of an unrolled and jammed body) make most pairs empty at once.
 *  - level >= 0: only the dependences carried by the level-th loop of both
 *    statements (a loop in scope: parallel loops and unroll-and-jam look
 *    at nothing else).
 * Cost: one isl relation per pair of statements touching a common memory
 * object, each built with its order constraints. */
dep_graph *dep_graph_build_in(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                              int nscope, bool same_outer, int level);
/* The statements alone (domains, schedules, parameters; no edges and no
 * scalar flow): what the element queries of dep_access.c read, at the
 * cost of the domains only. */
dep_graph *dep_graph_build_stmts(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                                 int nscope);
void dep_graph_free(dep_graph *g);

/* An integer expression of statement st of g as a piecewise quasi-affine
 * function of st's ivs and the parameters (in st->domain's space); NULL
 * when isl cannot represent it.  (dep_build.c) */
__isl_give isl_pw_aff *dep_graph_pw_aff(dep_graph *g, const dep_stmt *st,
                                        const ir_expr *e);

/* ---- delinearization (dep_delin.c) ---------------------------------- */

typedef enum dep_delin_result {
  DEP_DELIN_NONE,  /* no product with a size: parts[0] = sub (and, with a
                      wanted shape, zero quotients: parts[0..n-1] = 0,
                      parts[n] = sub) */
  DEP_DELIN_SPLIT, /* sub = (...(parts[0]*size[n-1] + parts[1])...)*size[0]
                      + parts[n] */
  DEP_DELIN_FAIL,  /* a size appears otherwise (P*P, P/2, ...) */
} dep_delin_result;

/* The sizes of a delinearized view, innermost first (see ir_delin). */
typedef struct dep_shape {
  int n;
  ir_var *size[IR_DELIN_MAX];
} dep_shape;

/* Splits a subscript into the parts of a multi-dimensional view (arena
 * expressions for analysis only, outermost first, shape->n + 1 of them in
 * parts[]), with the sizes `want` when not NULL, else with the sizes the
 * subscript has (at each level the integer parameter that is a factor of
 * the most terms).  No part multiplies by a size. */
dep_delin_result dep_delin_split(scc_ctx *ctx, const ir_expr *sub,
                                 const dep_shape *want, dep_shape *shape,
                                 ir_expr **parts);

/* The shape with which the dependence analysis delinearizes array a in the
 * nodes of `body`: true with *out set when a is one-dimensional, written in
 * body, and every access of it splits with the sizes of its deepest access,
 * at least one of them with a product.  Arrays that are only read are left
 * as they are (they carry no dependence). */
bool dep_delin_size(scc_ctx *ctx, const ir_block *body, const ir_array *a,
                    dep_shape *out);
/* The graph of the whole kernel with its statements, accesses and the
 * value-based flow of its local scalars (no dependence edges). */
dep_graph *dep_graph_build_scalars(scc_ctx *ctx, ir_kernel *k);
/* Whether a value that the local scalar v takes in the scope (the nodes
 * within scope[0..nscope-1]) reaches a read of it outside the scope, by the
 * value-based flow of the whole kernel: a later write outside that every
 * path takes before the read kills it (Feautrier 1991).  True when the
 * analysis fails.  (dep_build.c, beside the graph it builds and that
 * calls it; dep_scalar_read_after, in dep_scalar.c, is its case of one
 * loop, with the value after the kernel.) */
bool dep_scalar_leaves_scope(scc_ctx *ctx, ir_kernel *k, ir_node **scope,
                             int nscope, const ir_var *v);
/* Whether two shapes have the same sizes. */
bool dep_shape_equal(const dep_shape *a, const dep_shape *b);

/* The access relation { st[ivs] -> array[subscripts] } of the access e
 * (an IR_EXPR_ACCESS in st's node), over st's domain, as the graph models
 * it (non-affine subscripts: any element; vector accesses: their lanes);
 * NULL on failure.  The caller frees it.  (dep_build.c, for
 * dep_access.c.) */
__isl_give isl_map *dep_access_relation(dep_graph *g, const dep_stmt *st,
                                        const ir_expr *e);

/* A dep_access (dep.h) over an existing graph of `loop`'s statements,
 * which it does not own (dep_access_close leaves g alone). */
dep_access *dep_access_from_graph(dep_graph *g, ir_node *loop);

/* "flow", "anti", "output". */
const char *dep_kind_name(dep_kind kind);

/* Number of loops enclosing n (not counting n itself). */
int dep_loop_depth(const ir_node *n);

/* The number of leading enclosing loops a and b share. */
int dep_common_loops(const dep_stmt *a, const dep_stmt *b);

/* The set of distance vectors of e over dims [0, c) of both statements'
 * domains (dst iv minus src iv; both must have at least c dims).  Signs are
 * not applied. */
__isl_give isl_set *dep_edge_deltas(const dep_edge *e, int c);

/* A representative of a non-empty set of distance vectors (c dims): the
 * lexicographically smallest point, dimension by dimension; dims that are
 * unbounded below get have_v[d] = false. */
void dep_representative(__isl_keep isl_set *deltas, int c, int64_t *v,
                        bool *have_v);

/* "would reverse the flow dependence S0[i, j] -> S0[i + 1, j - 1]
 * (distance (1, -1))": verb (e.g. "would reverse"), the edge, the
 * representative distance v over dims [0, c) of both statements (the sink
 * prints src's iv names plus v there) and the printed distance dims
 * [from, to); `extra` (e.g. " carried by 'k'") goes before the distance.
 * Arena string. */
const char *dep_describe(scc_ctx *ctx, const char *verb, const dep_edge *e,
                         int c, const int64_t *v, const bool *have_v, int from,
                         int to, const char *extra);

#endif
