/* dep.h — dependence analysis with isl: the legality of reordering
 * transforms on arbitrary C loop nests.
 *
 * From a kernel's current IR, the analysis builds each statement's
 * iteration domain, its access relations and the current schedule as isl
 * sets and maps (parameters stay symbolic) and computes the flow, anti and
 * output dependences (isl_union_access_info_compute_flow).  Transforms ask
 * whether a new order respects every dependence before they rewrite
 * anything; ctx->unsafe (--unsafe) makes every query answer "legal".
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
 * band of the loop that the transform places at depth d. */
bool dep_check_permutation(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                           const int *perm, const char **why);

/* Tiling: the band must be fully permutable (every dependence not carried
 * by an enclosing loop has a non-negative distance in each band loop). */
bool dep_check_tiling(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                      const char **why);

/* No dependence is carried by `loop` (parallel and vectorized loops).
 * With allow_reductions, dependences between the updates of a recognized
 * reduction (x = x op e / x op= e with op +, *, min, max on the same
 * location, nothing else reading or writing it in the loop) are allowed;
 * the reduced locations (IR_EXPR_VAR or IR_EXPR_ACCESS lhs expressions) are
 * appended to *reductions when it is not NULL. */
bool dep_check_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        bool allow_reductions, scc_vec *reductions,
                        const char **why);

/* Unroll-and-jam of `outer` (its body the loops to jam into): legal when
 * moving `outer`'s iterations inside each inner loop reverses no
 * dependence. */
bool dep_check_unroll_and_jam(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                              const char **why);

/* Fusion of the adjacent loops a then b with the same bounds: no
 * dependence from an iteration of b to a later iteration of a's body
 * (fusion-preventing dependence). */
bool dep_check_fusion(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      const char **why);

/* Distribution of `loop` into one loop per statement group (groups: the
 * strongly connected components of the dependence graph of its body, in
 * an order respecting the dependences).  Sets *groups to the number of
 * groups and (*group_of)[i] to the group of the i-th node of the body. */
bool dep_check_distribution(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                            int *groups, int **group_of, const char **why);

/* Appends the dependences of every kernel of m, as text (--emit=deps). */
void dep_print_module(scc_buf *out, scc_ctx *ctx, ir_module *m);

#endif
