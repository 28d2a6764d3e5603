/* dep.h — dependence analysis with isl: the legality of reordering
 * transforms on arbitrary C loop nests (docs/legality.md).
 *
 * From a kernel's current IR, each query rebuilds the iteration domain,
 * the access relations and the current 2d+1 schedule of every statement
 * inside the loops concerned as isl sets and maps (parameters stay
 * symbolic) and computes the memory-based flow, anti and output
 * dependences (W.R^-1, R.W^-1, W.W^-1 intersected with the strict schedule
 * order: what isl_union_access_info_compute_flow gives for may-accesses),
 * only those within one iteration of the enclosing loops (which every
 * query ignores: docs/legality.md, "Cost"); the flow dependences of
 * local scalars are value-based, with kills, and scalars private to the
 * iterations a transform keeps whole do not constrain it
 * (deps/dep_scalar.c).  Transforms
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
 * (followed, when an access of the dependence's array could not be
 * represented, by that access: "; `C[i * m + j]` is not affine (product of
 * 'i' and the parameter 'm'); declare the array as `float C[][m]`"),
 * which the transform puts after its own words ("loop.interchange of 'i'
 * and 'j' ...").  Accesses the analysis cannot represent (non-affine
 * subscripts) are over-approximated, so the answer errs on the side of
 * refusing.  Linearized subscripts `A[i*lda + k]` are delinearized to
 * A[i][k] (dep_delin.c); arrays with different names are distinct storage.
 * Both facts hold in the transformed code only under the run-time checks
 * that dep_assume.c computes after the schedule (kernel versioning).
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

/* Tiling with sizes (loop.tile): sizes[d] > 0 tiles band[d], 0 leaves it
 * untiled.  The tile loops of the tiled dimensions go outside every point
 * loop, the point loops keep the band's order.  Legal when every
 * dependence not carried by an enclosing loop has a non-negative
 * distance, in the direction of the loop's step, in each tiled dimension
 * (whatever the distances in the untiled ones): sufficient for every size,
 * and with all sizes > 0 the same as dep_check_tiling (deps/dep_tile.c
 * gives the argument).  *why: "would reverse ..." followed, when skewing
 * the offending dimension by an earlier band loop makes every tiled
 * distance non-negative, by "; a wavefront: skewing 'j' by 'i'
 * (`loop.skew %i, %j {factor = 1}`, ...) makes it tileable", otherwise by
 * "; leave 'j' untiled (tile size 0) or tile fewer loops". */
bool dep_check_tiling_sizes(scc_ctx *ctx, ir_kernel *k, ir_node **band, int n,
                            const int64_t *sizes, const char **why);

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
/* dep_check_parallel where the scalars of `priv` (ir_var *, or NULL) are
 * private to each iteration (an OpenMP private clause): their anti and
 * output dependences are not counted; a carried flow dependence (a value
 * read in a later iteration, the scalars' flow being value-based) still
 * is.  `priv` may also hold local arrays of the source declared in the
 * loop (ir_array *, ir_omp.priv_arrays): none of their dependences count
 * (C gives each iteration its own object). */
bool dep_check_parallel_private(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                bool allow_reductions, const scc_vec *priv,
                                scc_vec *reductions, const char **why);

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

/* The smallest shift s >= 0 of b's iterations that makes the fusion of a
 * then b legal (b's iteration y fused with a's iteration y + s): the
 * negated minimum distance of the dependences from a to b in the fused
 * dimension, over every value of the parameters (deps/dep_shift.c).  False
 * when no constant shift suffices (a distance without lower bound), when a
 * loop counts down, or when a and b are at different depths. */
bool dep_fusion_shift(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                      int64_t *shift);

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

/* ---- delinearized views for transforms (dep_delin.c) ------------------- */

/* The rows of a one-dimensional array as its linearized subscripts give
 * them, for a transform that must see them (loop.pack of `B[k*ldb + j]`):
 * the `n` subscripts subs[i] are split with one shape (the deepest shape
 * one of them has: up to IR_DELIN_MAX integer parameters, written
 * innermost first into sizes[0 .. *rank - 1)) into parts[i][0 .. *rank),
 * outermost first, so that
 *     subs[i] == (...(parts[i][0] * sizes[*rank-2] + parts[i][1])...)
 *                * sizes[0] + parts[i][*rank-1]
 * as integers, whatever the values (no run-time fact is assumed: the
 * parts need not stay within a row).  parts[i] and its expressions are
 * fresh arena allocations the caller may put into the IR.  False when no
 * subscript has a product with a parameter, or one does not split with the
 * shape (a size squared, divided, ...).  Source: Grosser et al., ICS 2015
 * (see dep_delin.c). */
bool dep_delin_view(scc_ctx *ctx, ir_expr *const *subs, int n, int *rank,
                    ir_var **sizes, ir_expr ***parts);

/* The elements of array `arr` that kernel k touches, as the run-time
 * overlap checks compute them (dep_assume.c): [*lo, *hi) element offsets
 * from its base, row-major (a pointer's linearized subscripts through their
 * delinearized view), arena expressions over the kernel's parameters (type
 * long).  Computed on the source's accesses (k->original) while a schedule
 * runs, else on k's body.  False when they cannot be bounded (a subscript
 * that loads: `x[idx[i]]`). */
bool dep_array_range(scc_ctx *ctx, ir_kernel *k, const ir_array *arr,
                     ir_expr **lo, ir_expr **hi);

/* ---- run-time checks (dep_assume.c) --------------------------------------
 * Kernel versioning for the facts the analysis uses but cannot prove:
 * arrays that may overlap, delinearized subscripts (docs/legality.md
 * "Run-time checks"). */

/* Before the schedule runs on k: keeps a copy of its body
 * (k->original) and clears its assumptions. */
void dep_assume_begin(scc_ctx *ctx, ir_kernel *k);

/* After the schedule: when k's body changed, computes the run-time checks
 * its transformed code relies on, from the original body (isl: the ranges
 * of elements each array is accessed at, the conditions under which the
 * delinearized subscripts stay within their rows) into k->assumptions, and
 * remarks where a check was inserted (scc_remark).  k->original stays set
 * when there is at least one check (the backends emit both versions).
 * When a check cannot be built, the original body is put back with a
 * warning and false is returned (the kernel is still valid). */
bool dep_assume_finish(scc_ctx *ctx, ir_kernel *k);

/* The assumptions of k as text (--emit=deps): "  assume 'a' and 'b' do not
 * overlap (run-time check)", the ranges, and why. */
void dep_assume_print(scc_buf *out, const ir_kernel *k);

/* ---- element queries (deps/dep_access.c) ------------------------------
 *
 * Whether two array accesses inside a loop can touch the same element, as
 * isl sees it, for the transforms that keep an element in a register, move
 * a load out of a loop, copy a tile or give a reduction its own
 * accumulator (loop.scalar_replace, loop.hoist, loop.pack,
 * loop.vectorize, and dep_check_parallel's reductions).  The question is
 * asked within one execution of `loop`: both instances in the same
 * iteration of every loop enclosing `loop`, in any iterations of `loop`
 * and of the loops inside it (`for j: B[i][j] += A[k][i] * B[k][j]` with
 * k > i: B[i][j] and B[k][j] never meet; a syntactic test cannot tell).
 * Accesses are IR_EXPR_ACCESS nodes (pointers into the IR, not copies)
 * of assignments and declarations nested in `loop`; any other access
 * (in a loop bound or an if condition) is answered "may touch".
 * Non-affine subscripts are "any element".  The answers are exact for
 * affine accesses over the iteration domains (parameters universally
 * quantified: true only when no parameter value makes them meet).
 * With --unsafe the answers are the same (these are facts, not legality
 * verdicts).  Sources: the access relations and dependence polyhedra of
 * Feautrier 1991 and Pugh's Omega test (1992), computed with isl. */
typedef struct dep_access dep_access;

/* Builds the statements of `loop` (a loop of k's current IR) once for
 * several questions; free with dep_access_close.  Never NULL. */
dep_access *dep_access_open(scc_ctx *ctx, ir_kernel *k, ir_node *loop);
void dep_access_close(dep_access *da);

/* True when no element that an instance of access a touches is touched by
 * an instance of access b in the same execution of the loop (a and b may
 * be in one statement, and may be the same expression: then, whether two
 * different iterations touch one element). */
bool dep_access_disjoint(dep_access *da, const ir_expr *a, const ir_expr *b);

/* True when no assignment in the loop writes an element that access a
 * reads (a load that may move before the loop or into a copy). */
bool dep_access_unwritten(dep_access *da, const ir_expr *a);

/* True when, in every instance of access a in the loop, its subscript d
 * (0-based) minus `origin` (an int expression over variables outside the
 * loop and the parameters) is a multiple of m >= 1: exact over the
 * iteration domains, steps included (j_t1 = j_t, j_t + 64, ... gives
 * j_t1 - j_t_t + 16 a multiple of 16 when j_t moves by 64 from j_t_t).
 * loop.pack asks it before cutting the dimension of vector accesses into
 * micro-panels: a vector must not straddle two panels. */
bool dep_access_offset_multiple(dep_access *da, const ir_expr *a, int d,
                                const ir_expr *origin, int64_t m);

/* For an assignment s in the loop whose lhs is an array access: true when
 * every other access to that array in the loop (in s's rhs, or in other
 * nodes) touches other elements than the lhs does, so the lhs element is
 * s's alone in the loop (a reduction into it may use a private
 * accumulator).  The reads of the lhs itself (`x op= e`, or `x` in
 * `x = x op e`) do not count. */
bool dep_access_lhs_private(dep_access *da, const ir_node *s);

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

/* True when the value of the local scalar v after `loop` may be read: it
 * is live after the kernel, or a read outside `loop` may take its value
 * from a write in `loop` (value-based flow with kills over the whole
 * kernel: ludcmp's `w`, written again before every read after its j loop,
 * is not).  Also true when the analysis fails.  (loop.expand_scalar,
 * which keeps no last value; deps/dep_scalar.c.) */
bool dep_scalar_read_after(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                           const ir_var *v);

/* Appends the dependences of every kernel of m, as text (--emit=deps):
 * per kernel a header line, each statement's domain, then each dependence
 * (kind, statements, array, common loops, an example instance with its
 * distance, the isl relation and the set of distances).  See
 * docs/legality.md. */
void dep_print_module(scc_buf *out, scc_ctx *ctx, ir_module *m);

#endif
