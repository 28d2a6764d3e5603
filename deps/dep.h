/* dep.h — dependence analysis with isl: the legality of reordering
 * transforms on arbitrary C loop nests (docs/legality.md).
 *
 * From a kernel's current IR, each query rebuilds every statement's
 * iteration domain, its access relations and the current 2d+1 schedule as
 * isl sets and maps (parameters stay symbolic) and computes the
 * memory-based flow, anti and output dependences (W.R^-1, R.W^-1, W.W^-1
 * intersected with the strict schedule order: what
 * isl_union_access_info_compute_flow gives for may-accesses); the flow
 * dependences of local scalars are value-based, with kills, and scalars
 * private to the iterations a transform keeps whole do not constrain it
 * (deps/dep_scalar.c, docs/legality.md).  Transforms
 * ask whether a new order respects every dependence before they rewrite
 * anything; ctx->unsafe (--unsafe) makes every query answer "legal".
 * Statements are assignments (S<id>, as ir_print names them) and
 * declarations (D<n>, in pre-order); distances are differences of
 * induction-variable values (sink minus source), so a dependence of a loop
 * counting down has a negative distance in it.
 *
 * Every query returns true when the transform is legal.  When it is not, it
 * sets *why to a message (arena string) naming the two statements and the
 * dependence with its distance or direction, e.g.
 *   "would reverse the flow dependence S0[i, j] -> S0[i + 1, j - 1]
 *    (distance (1, -1))"
 * which the transform puts after its own words ("loop.interchange of 'i'
 * and 'j' ...").  Accesses the analysis cannot represent (non-affine
 * subscripts) are over-approximated, so the answer errs on the side of
 * refusing.
 */
#ifndef DEP_H
#define DEP_H

#include "../ir/ir.h"

/* band[0..n-1]: a perfect band, outermost first.  perm[d] is the index in
 * band of the loop that the transform places at depth d.  Illegal when a
 * dependence not carried by a loop enclosing the band becomes
 * lexicographically negative in the new order (each loop keeps its step
 * direction).  *why: "would reverse the <kind> dependence ..." with the
 * distance over the band's loops in their current order. */
bool dep_check_permutation(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                           const int *perm, const char **why);

/* Tiling: the band must be fully permutable (every dependence not carried
 * by an enclosing loop has a non-negative distance, in the direction of
 * the loop's step, in each band loop).  band: as above (a prefix of a
 * deeper band is fine).  *why: "would reverse ...". */
bool dep_check_tiling(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                      const char **why);

/* No dependence is carried by `loop` (parallel and vectorized loops): no
 * dependence between two instances in the same iteration of the enclosing
 * loops and different iterations of `loop`.  With allow_reductions,
 * dependences of a recognized reduction statement with itself on its lhs
 * are allowed: x op= e (op +, -, *) or x = x op e / e op x (op +, *, min,
 * max; x - e), x = fmin/fmax(x, e) (and the f/l variants), e and the lhs
 * subscripts not reading x's array or scalar, and no other node in `loop`
 * touching it.  On success, the lhs expressions (IR_EXPR_VAR or
 * IR_EXPR_ACCESS, the statement's own) of the reductions that carry a
 * dependence are appended to *reductions when it is not NULL (once each).
 * *why: "would break the <kind> dependence ... carried by 'k' (distance
 * ...)", the distance over `loop` and the inner loops both statements
 * share. */
bool dep_check_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        bool allow_reductions, scc_vec *reductions,
                        const char **why);

/* Unroll-and-jam of `outer` (its body the loops to jam into): legal when
 * moving `outer`'s iterations innermost (the schedule dimension of `outer`
 * placed after every other dimension of its body's statements: the case
 * of an unbounded factor, so the answer holds for every factor) reverses no
 * dependence.  The anti and output dependences of the scalars that
 * dep_private_scalars lists for `outer` are not counted: the caller gives
 * each jammed copy its own variable.  *why: "would reverse ...", a dependence
 * carried by `outer` with its distance over `outer` and the loops inside it. */
bool dep_check_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                              const char **why);

/* Fusion of the adjacent loops a then b (same depth, a's step direction):
 * illegal when a dependence from an instance in a's iteration x to one in
 * b's iteration y (same iteration of the enclosing loops) has y before x
 * (a fusion-preventing dependence).  *why: "would reverse the flow
 * dependence S0[i] -> S1[i - 1] (distance (-1))". */
bool dep_check_fusion(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      const char **why);

/* Distribution of `loop` into one loop per statement group (groups: the
 * strongly connected components of the dependence graph between the
 * top-level nodes of its body, counting the dependences within one
 * iteration of the enclosing loops; a declaration is grouped with every
 * node that uses its variable).  Groups are numbered in an order that
 * respects the dependences, keeping the body's order where they allow it.
 * Sets *groups to the number of groups and (*group_of)[i] (arena array)
 * to the group of the i-th node of the body.  Returns false (with *why,
 * "would reverse the flow dependence S1[i] -> S0[i + 1] (distance (1))",
 * a dependence closing the cycle) when the body has two or more nodes and
 * they all form one group; with --unsafe, every node is its own group in
 * body order. */
bool dep_check_distribution(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int *groups, int **group_of, const char **why);

/* Appends to *out (ir_var *, once each) the local scalars declared outside
 * `loop` (no declaration in it) that it writes and that are private to its
 * iterations: every value of them read in an iteration was written in the
 * same iteration, and the value after the loop is not read (the kernel
 * outside the loop does not read it, it is not live-out).  See
 * deps/dep_scalar.c.  (Under --unsafe too: the list says what may be
 * renamed, not what is legal.) */
void dep_private_scalars(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                         scc_vec *out);

/* Scalar expansion of the local scalar v over `loop` (loop.expand_scalar):
 * legal when each iteration of `loop` reads only values of v that the same
 * iteration wrote: no read of v in the loop may take its value from before
 * the loop or from another iteration (value-based flow dependences with
 * kills, deps/dep_scalar.c).  *why: "an iteration of 'j' reads 't' before
 * it writes it (...)", "values of 't' flow from one iteration of 'k' to
 * another".  The value v holds after the loop is the caller's concern. */
bool dep_check_expansion(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                         const ir_var *v, const char **why);

/* Appends the dependences of every kernel of m, as text (--emit=deps):
 * per kernel a header line, each statement's domain, then each dependence
 * (kind, statements, array, common loops, an example instance with its
 * distance, the isl relation and the set of distances).  See
 * docs/legality.md. */
void dep_print_module(scc_buf *out, scc_ctx *ctx, ir_module *m);

#endif
