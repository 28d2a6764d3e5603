/* xf_util.h — helpers shared by the transforms (transforms/ only; not part
 * of the xf.h contract). */
#ifndef XF_UTIL_H
#define XF_UTIL_H

#include "xf.h"

/* The iv name of a loop node, for messages ("?" when it has none). */
const char *xf_iv_name(const ir_node *loop);

/* Collects the perfect band of n loops starting at `outer` into band[0..n-1]
 * (band[d+1] is the only node of band[d]'s body).  On failure calls
 * scc_fail (naming the loop that breaks the band) and returns false; the IR
 * is never modified. */
bool xf_collect_band(scc_ctx *ctx, ir_node *outer, int n, ir_node **band);

/* True when the lower or upper bound of `loop` reads variable v. */
bool xf_bounds_use(const ir_node *loop, const ir_var *v);

/* True when v is a value of the C type t (an integer type): a step or
 * span that does not fit an iv's type would wrap in the emitted code. */
bool xf_fits_type(ir_type t, int64_t v);
/* The coefficient of iv in an integer subscript (*c): sums, differences,
 * negation, casts, products with a constant, and terms that do not read
 * iv whatever they are (`j * n + i` has coefficient 1 in i, `lda` being a
 * parameter); false when e reads iv in any other way (a product of iv and
 * a parameter, a division).  The unit stride test of loop.vectorize and
 * loop.transpose_block. */
bool xf_iv_coef(scc_ctx *ctx, const ir_expr *e, const ir_var *iv, int64_t *c);
/* long, long long and their unsigned kinds (64 bits on the targets). */
bool xf_type_is_64bit(ir_type t);
/* A loop whose constant trip count is 0 or less: true after scc_fail
 * "<op>: loop 'i' never runs (its trip count is 0), so <what>" (a
 * transform would compute something for nobody: an unused variable). */
bool xf_never_runs(scc_ctx *ctx, const ir_node *loop, const char *op,
                   const char *what);
/* NEON code needs an AArch64 target and x86 vector code an x86 one: the
 * compile flags' ISA (ctx->enabled_isa, "neon" exactly when they target
 * AArch64 with its SIMD) is of the same architecture, or unknown (unit
 * tests, no flags read).  Else false, after scc_fail naming both
 * (loop.vectorize, loop.transpose_block). */
bool xf_isa_fits_target(scc_ctx *ctx, const ir_node *loop, ir_isa isa);

/* Moves band[0..n-1] (a perfect band, band[0] outermost) so that position p
 * holds band[perm[p]]; the innermost body moves to the new innermost loop.
 * perm is a permutation of 0..n-1.  No legality check. */
void xf_permute_band(ir_node **band, const int *perm, int n);

/* Interval bounds of an integer expression's values at `at` (a node the
 * expression is evaluated in, or NULL): constants, the ivs of the loops
 * around `at` between their bounds, everything else in its type's range,
 * through +, -, negation, products and floor/ceil quotients by constants,
 * min, max and casts (interval arithmetic).  False when a bound is not an
 * int64 (an unsigned 64-bit value).  Used to prove that a bound a
 * transform forms stays inside its type (issue 27). */
bool xf_value_range(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                    int64_t *lo, int64_t *hi);
/* The upper half of xf_value_range. */
bool xf_upper_bound(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                    int64_t *hi);
/* True when every value xf_value_range allows e at `at` is a value of t. */
bool xf_fits_everywhere(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                        ir_type t);
/* A fresh copy of e computed in long long: its signed +, -, *, min, max
 * and floor/ceil quotients rebuilt at that type, everything else (a
 * variable, an access, an unsigned operation whose wrap-around the
 * program may rely on) cast to it.  For bounds over ints that may pass
 * the type's limits on the way (ub - lb of an empty loop, lb + N*s past
 * INT_MAX) but whose final value fits: the caller casts it back. */
ir_expr *xf_widen(scc_ctx *ctx, const ir_expr *e);

/* The upper bound ub for a loop whose iv has type t: a fresh copy of ub,
 * computed in long long (xf_widen: the same value, which the program
 * formed in its own type) when t is long long and ub computes something
 * in a narrower type (`n + 2 * i` after a skew).  For the loops a
 * transform makes count in long long (tile loops, a masked tail) past the
 * iv's type: a long long iv compared with a sum of ints is a loop gcc
 * 12.2 -O2 turned into one that never ends (fuzz seed 1, kernel 24: skew,
 * split, tile; test/diff/tile_wide_bound.c); a bound of the iv's own
 * width gives it nothing to narrow. */
ir_expr *xf_bound_for_iv(scc_ctx *ctx, const ir_expr *ub, ir_type t);

/* Makes sure every value the bound e (an integer expression evaluated at
 * `at`) takes is a value of the type t: proven by xf_value_range; else,
 * when e reads only the kernel's parameters, the kernel is versioned on a
 * run-time check at entry (an IR_ASSUME_COND `e <= MAX && e >= MIN`,
 * computed in long long for narrower types: the original runs when it
 * fails, as Polly does for the bounds it cannot prove: Grosser et al.,
 * "Polly - Polyhedral optimization in LLVM", 2011); else false after
 * scc_fail naming `what` and the type. */
bool xf_require_fits(scc_ctx *ctx, ir_kernel *k, const ir_node *at, ir_expr *e,
                     ir_type t, const char *what);

/* After v was substituted by an affine expression in body (j by j - F*i in
 * loop.skew, i by i - s in a shifted fusion): ir_simplify distributes
 * constants over the sums (`3 * (j - i)` becomes `3 * j - 3 * i`), forming
 * intermediate values the program never formed, which may pass the
 * type's limits where the program's own did not (signed overflow is
 * undefined: clang relies on it).  Every signed integer expression of
 * +, -, and * by constants that reads v, narrower than 64 bits, gets each
 * operation proven within its type by interval bounds, else checked at
 * kernel entry when its extremes are affine in the parameters (the kernel
 * versioned as xf_require_fits does), else computed in long long and cast
 * back (its final value is the program's, which fits).  With
 * scaled_only, only the expressions that multiply a part reading v by a
 * constant other than 1 and -1, or that sum two variables other than v
 * apart from it (unrolling's `i + u*s`: each copy's iv is a value the
 * original loop's iv takes, so only a product formed from it, or a sum the
 * simplifier moved ahead of it, `ldb - lo + i + 2` of `ldb + (i + 1 - lo)
 * + 1`, is new: fuzz seed 20261206, kernel 67, wrong under clang -O2).  `what`
 * names the transform in the check's reason. */
void xf_guard_substituted(scc_ctx *ctx, ir_kernel *k, ir_block *body,
                          const ir_var *v, bool scaled_only, const char *what);

/* e itself when interval bounds prove every signed operation in it
 * (narrower than 64 bits) within its type at `at`, else e computed in
 * long long and cast back: for an expression whose value is one the
 * program forms but whose parts, rearranged by the simplifier, are not
 * (loop.prefetch's `2 * ldc - lo + l + 1` of `2 * ldc + (l - lo) + 1` at
 * an iteration ahead). */
ir_expr *xf_fit_or_widen(scc_ctx *ctx, const ir_node *at, ir_expr *e);

/* The largest array loop.expand_scalar keeps on the stack, in bytes (a
 * larger trip count: refused when constant, else the kernel is versioned
 * on it). */
#define XF_EXPAND_MAX_BYTES (1 << 20)

/* Versions the kernel on cond (an int expression over the kernel's
 * parameters only, evaluated at entry): an IR_ASSUME_COND with the reason
 * shown by -v and the run-time check's comment; the original kernel runs
 * when cond is false.  An equal condition already assumed is not added
 * twice. */
void xf_assume_cond(scc_ctx *ctx, ir_kernel *k, ir_expr *cond,
                    const char *reason);

/* The split point of a loop with step s (nonzero) so that [lb, split) holds
 * a multiple of m iterations (m = F*|s|, F >= 1) and [split, ub) the rest:
 *   s > 0: max(lb, lb + floordiv(ub - lb, m) * m)
 *   s < 0: min(lb, lb - floordiv(lb - ub, m) * m)
 * The max/min keep split between lb and ub when the loop does not run
 * (ub <= lb for s > 0): then both parts are empty.  For unsigned bounds
 * or ivs, where ub - lb would wrap around, the distance is clamped first:
 * lb + floordiv(max(ub, lb) - lb, m) * m (s > 0), and symmetrically.  With
 * constant bounds the result is a constant. */
ir_expr *xf_split_point(scc_ctx *ctx, const ir_node *loop, int64_t m);

/* The most operations a bound a transform forms may print as: a split
 * point repeats the loop's bounds (lb + m * floordiv(ub - lb, m), clamped),
 * and C prints a min or max with each operand twice, so splitting the rest
 * loop of a split again and again multiplies the printed bound (five
 * nested unrolls and splits of remainders wrote lines of 10 MB). */
#define XF_BOUND_MAX_NODES 50000

/* True when e prints as at most XF_BOUND_MAX_NODES operations; else false
 * after scc_fail naming `op`, the loop and the limit. */
bool xf_bound_size_ok(scc_ctx *ctx, const ir_node *loop, ir_expr *e,
                      const char *op);

/* Checks that in the permuted band (position p holds band[perm[p]]) no
 * loop's bounds read the iv of a loop placed inside it; on failure calls
 * scc_fail ("bounds of loop 'j' depend on 'i', which would move inside
 * it") and returns false. */
bool xf_permutation_bounds_ok(scc_ctx *ctx, ir_node **band, const int *perm,
                              int n);

/* Where the value an induction variable holds after `loop` (its loop, or
 * a loop containing its loop) may be read: "in the kernel, outside its
 * loops" when a statement, an if condition or another loop's bound reads
 * it outside every loop whose iv it is; "after the kernel" when the
 * variable is declared outside the kernel and used outside its region
 * (ir_var.live_out), unless a later loop of the kernel with the same iv
 * always runs after `loop` (a following loop in the same block or in the
 * block of an enclosing node: its initialization overwrites the value);
 * NULL when nowhere.  (Only ivs declared outside their loops can be read
 * there.) */
const char *xf_iv_read_after(const ir_kernel *k, const ir_node *loop,
                             const ir_var *v);

/* The rule for transforms that change the value an iv is left with after
 * its loop (fusion renames or shifts it, a parallel loop makes it private,
 * a masked vector remainder overshoots, skewing shifts it, a full unroll
 * never assigns it): refused when xf_iv_read_after says it is read there.
 * `loop` is v's loop or a loop containing it, after which the value
 * changes.  On refusal calls scc_fail at `loop` ("<what>: the induction
 * variable 'i' is read after its loop (after the kernel), where it would
 * hold another value") and returns false. */
bool xf_final_value_unread(scc_ctx *ctx, const ir_kernel *k,
                           const ir_node *loop, const ir_var *v,
                           const char *what);

/* The same rule for transforms that run the iterations of a perfect band
 * band[0..n-1] in another order or in other loops (interchange, reorder,
 * tile): they leave each iv at its upper bound as the original does when
 * every loop of the band runs (a constant trip count >= 1) and no loop's
 * bounds read another band iv; otherwise (a loop that may not run leaves
 * the ivs of the loops inside it unassigned) an iv read after band[0] is
 * refused like xf_final_value_unread. */
bool xf_band_final_values_unread(scc_ctx *ctx, const ir_kernel *k,
                                 ir_node *const *band, int n, const char *what);

/* ---- fresh names for the declarations of copies (xf_rename.c) ---------- */

/* Gives the declaration `decl` a new variable (a fresh name from the
 * old one, same type, kind and lanes, not live-out) and makes every use in
 * its C scope read it: the nodes after decl in its block, nested blocks
 * included, up to a redeclaration of the old variable (loop clauses
 * too).  Returns the new variable. */
ir_var *xf_rename_decl(scc_ctx *ctx, ir_kernel *k, ir_node *decl);
/* xf_rename_decl for every declaration in block b and the blocks nested in
 * it: a copy of a body made by a transform (detached or not) then shares
 * no declared variable with the original. */
void xf_rename_decls(scc_ctx *ctx, ir_kernel *k, ir_block *b);
/* The same for the blocks nested in node n. */
void xf_rename_node_decls(scc_ctx *ctx, ir_kernel *k, ir_node *n);
/* xf_rename_decl for the declarations nested in n whose variable is also
 * declared outside n in the kernel (loop.fuse: the bodies of two copies of
 * one loop declare the same variables). */
void xf_rename_shared_decls(scc_ctx *ctx, ir_kernel *k, ir_node *n);
/* xf_rename_decl for the declarations at the top of `body`, a body that
 * replaces the node `from` in its block (a loop that runs once, inlined; the
 * first copy of a full unroll), whose name another declaration may hold
 * there: one declared in the kernel outside `from` (the same variable too:
 * a vector loop and its masked remainder declare the same vector register,
 * each in its own scope, until both are inlined into one) or another
 * variable of the kernel with that name. */
void xf_rename_moved_decls(scc_ctx *ctx, ir_kernel *k, ir_block *body,
                           const ir_node *from);
/* xf_rename_decl for each declaration at the top of block b whose name an
 * earlier one there declares already (bodies of several scopes joined into
 * one: the ifs of a vector loop and of its masked remainder, versioned by
 * loop.scalar_replace, both declare the broadcast of a scalar). */
void xf_rename_redeclared(scc_ctx *ctx, ir_kernel *k, ir_block *b);

/* True when the int expression e is a multiple of m wherever node `at`
 * runs: ir_expr_multiple_of, or the condition of an if whose then-branch
 * encloses `at` has a conjunct `e % c == 0` (or `!(e % c)`) with c a
 * multiple of m (the condition of loop.specialize "n % 16 == 0": inside,
 * a loop up to n needs no remainder). */
bool xf_known_multiple(scc_ctx *ctx, const ir_node *at, const ir_expr *e,
                       int64_t m);

/* ---- code sinking of declarations into a band (xf_sink.c) ------------- */

/* True when, in the nest of n loops from `outer`, some loop's body is
 * declarations followed by the next loop (a band once they are sunk). */
bool xf_band_has_decls(ir_node *outer, int n);
/* Moves the declarations before each inner loop of the band into that
 * loop's body, level by level down to the innermost of the n loops, when
 * the inner loop computes the same value for them in every iteration (it
 * writes neither the variable nor what its initializer reads, its bounds
 * do not read it).  Returns false after scc_fail ("loop 'k' is not
 * perfectly nested: its body declares 'a', which cannot move into loop
 * 'j' (loop 'j' writes it)") with the IR partly changed: the caller
 * restores a snapshot.  Stops (true) at a level that is not declarations
 * and one loop. */
bool xf_sink_band_decls(scc_ctx *ctx, ir_node *outer, int n);
/* Runs fn(data), a transform of the band of n loops from `outer`, after
 * sinking the declarations between them (xf_sink_band_decls) when there
 * are any; when the sinking or fn refuses (XF_SILENCEABLE), the kernel is
 * restored from a snapshot taken first.  fn alone when there are none. */
xf_status xf_with_sunk_decls(scc_ctx *ctx, ir_kernel *k, ir_node *outer, int n,
                             xf_status (*fn)(void *data), void *data);

/* *d = y - x when that difference is a known constant (0 for equal
 * expressions; else both affine with the same terms).  False otherwise. */
bool xf_const_diff(scc_ctx *ctx, ir_expr *x, ir_expr *y, int64_t *d);

/* True when a node of b reads variable v (or declares it, or uses it as an
 * iv). */
bool xf_block_reads(ir_block *b, const ir_var *v);
/* The same for node n and the nodes nested in it. */
bool xf_node_reads(ir_node *n, const ir_var *v);

/* The checks loop.fuse and its shifted form share on loops a and b: equal
 * steps; different ivs of one type, the second loop's body not reading the
 * first's iv.  scc_fail and XF_SILENCEABLE when one fails, else XF_OK. */
xf_status xf_fuse_check_pair(scc_ctx *ctx, ir_node *a, ir_node *b);

/* Two adjacent loops `outer` and `inner` (the only node of outer's body)
 * whose inner bounds read the outer iv (a triangular or trapezoidal band):
 * checks that the bounds can be exchanged by Fourier-Motzkin elimination
 * (steps +1 or -1, the inner bounds affine in the outer iv, signed,
 * outer's bounds not reading inner's iv; else scc_fail: "bounds of loop
 * 'j' depend on 'i', which would move inside it, and ...") and sets
 * new_bounds to the lb and ub of inner as the new outer loop, then those
 * of outer as the new inner loop: with a in [A_lo, A_hi] and l + p*a <= b
 * <= h + q*a (inclusive, whatever the directions), b runs over [min_a
 * (l + p*a), max_a (h + q*a)] and a over [max(A_lo, ceil((l - b) / -p) if
 * p < 0, ceil((b - h) / q) if q > 0), min(A_hi, floor((b - l) / p) if
 * p > 0, floor((h - b) / -q) if q < 0)]: the same points, each loop in
 * its direction; terms of a min or max that b's range makes redundant
 * are dropped.  Nothing changes.  Source: Wolfe, High Performance
 * Compilers for Parallel Computing, 1996, §9.2; Banerjee, Loop
 * Transformations for Restructuring Compilers, 1993 (Fourier-Motzkin
 * elimination of loop bounds). */
/* After xf_exchange_bounds: the new outer loop's bounds (new_bounds[0],
 * [1]: the inner bounds at the old outer loop's first or last value) are
 * evaluated even when the old outer loop runs no iteration, where the
 * program never formed them (`2 * lo + 1` of a skewed loop over an empty
 * lo .. hi near INT_MAX: fuzz seed 20261131 k10).  When interval bounds
 * do not prove both values of the inner iv's type, returns the test that
 * the old outer loop runs at all (`lb < ub`, `lb > ub` counting down,
 * over clones of its bounds, to be taken before the band is permuted):
 * under it the two are values the program itself formed.  NULL when no
 * test is needed, or when the kernel's entry check already makes it
 * (xf_cond_assumed).  Wrap the exchanged nest with xf_wrap_in_if. */
ir_expr *xf_exchanged_bounds_guard(scc_ctx *ctx, const ir_kernel *k,
                                   const ir_node *outer, const ir_node *inner,
                                   ir_expr *const *new_bounds);
/* Whether cond, over the kernel's parameters only, holds wherever the
 * kernel's transformed version runs: a conjunct of a condition it is
 * versioned on (xf_assume_cond), or a comparison one of them implies.  A
 * test of it inside the kernel is then left out (clang's
 * -Wsometimes-uninitialized flags a variable only such a test's body
 * assigns: fuzz seed 20261140 k59, loop.sink assuming `0 < n`, then
 * loop.reverse of the loop it sank into testing `0 < n` again). */
bool xf_cond_assumed(scc_ctx *ctx, const ir_kernel *k, ir_expr *cond);
/* The test that loop runs at least one iteration (`lb < ub`, `lb > ub`
 * counting down, over clones of its bounds), or NULL when the kernel's
 * entry check already makes it (xf_cond_assumed). */
ir_expr *xf_runs_test(scc_ctx *ctx, const ir_kernel *k, const ir_node *loop);
/* True when loop n runs at least once wherever it is reached: counting
 * up, each term of its upper bound (the operands of a min) is provably
 * above lb, a constant distance at least 1 (`lb = 0, ub = 8`, `ub = lb +
 * 16`; with unsigned bounds, which may wrap, only between constants) or
 * a term of the upper bound of the enclosing loop whose iv lb is (a tile
 * loop `kk < K` around `k < min(kk + 256, K)`); counting down, lb is a
 * constant distance above ub.  False when it cannot tell (a parametric
 * `0 .. n`). */
bool xf_surely_runs(scc_ctx *ctx, const ir_node *n);
/* Replaces node by `if (cond) { node }` (allocated in the arena, at the
 * node's location) and returns the if. */
ir_node *xf_wrap_in_if(scc_ctx *ctx, ir_node *node, ir_expr *cond);
bool xf_exchange_bounds(scc_ctx *ctx, ir_node *outer, ir_node *inner,
                        ir_expr **new_bounds);

#endif
