/* xf.h — the transformations.  One transform per file (transforms/<name>.c),
 * each an ordinary C function on the IR with the same shape:
 *
 *   xf_status xf_<name>(scc_ctx *ctx, ir_kernel *k, <targets>, <params>,
 *                       <results>);
 *
 * 1. check every precondition; on failure call scc_fail(ctx, payload_loc,
 *    "...") and return XF_SILENCEABLE with the payload untouched;
 * 2. rewrite the IR;
 * 3. store handles to the new payload in the result pointers and return
 *    XF_OK.
 * XF_DEFINITE means the transform reported an error itself (scc_error) and
 * the payload may be in any state: the run aborts.
 *
 * Transforms see only the IR (and support/); the schedule interpreter
 * marshals handles into these calls, and tests call them directly.
 * Messages name the loop by its induction variable ("loop 'i'") and say
 * why, e.g. "loop 'i' has a non-constant step".
 */
#ifndef XF_H
#define XF_H

#include "../ir/ir.h"

typedef enum xf_status {
  XF_OK,
  XF_SILENCEABLE, /* precondition failed; payload untouched; message pending */
  XF_DEFINITE,    /* reported; abort */
} xf_status;

/* loop.specialize %l "cond": `if (cond) loop else copy-of-loop`
 * (transforms/specialize.c).  cond reads only the kernel's integer
 * parameters and constants (the caller builds it).  *then_out is the
 * original loop node, now in the then-branch; *else_out the copy (its
 * declarations renamed, no label).  Refused: not a loop of the kernel, a
 * condition reading anything else.  Source: Halide's Func::specialize. */
SCC_NODISCARD xf_status xf_specialize(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                      ir_expr *cond, ir_node **then_out,
                                      ir_node **else_out);

/* loop.split %l div_by N: splits `loop` (step s > 0) into a main loop whose
 * trip count is a multiple of N and a remainder loop with the rest:
 *   for (i = lb; i < lb + ((ub-lb)/(N*s))*(N*s); i += s)   main
 *   for (i = <that>; i < ub; i += s)                      rest
 * With constant bounds the split point is a constant; a part that would be
 * empty is still created (as a loop with equal bounds) so both handles are
 * valid.  The main loop is the original node; rest is a new node inserted
 * right after it.  Refused: N < 1, step not positive.
 * Source: loop splitting/index-set splitting (Wolfe, High Performance
 * Compilers for Parallel Computing, 1996, §9.3). */
SCC_NODISCARD xf_status xf_split(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                 int64_t div_by, ir_node **main_out,
                                 ir_node **rest_out);

/* loop.tile %outer tile_sizes [s1..sn]: tiles the perfectly nested band of
 * n loops starting at `outer` (each loop's body is exactly the next loop,
 * the innermost of the n may hold anything).  Size 0 leaves that dimension
 * untiled (its tile loop then iterates once and its point loop is the
 * original loop, bounds unchanged).  Result: loops_out[0..n-1] the tile
 * loops (outermost first), loops_out[n..2n-1] the point loops.  Partial
 * tiles use min(): for (i = i_t; i < min(i_t + s, ub); i++).  A tiled
 * loop whose bounds are affine in outer band ivs (triangular or skewed
 * bands) is tiled exactly: its tile loop spans the range of its bounds over
 * the outer tile, its point loop runs from max(j_t, lb) to min(j_t + s,
 * ub) (see tile.c).  dep_check_tiling is asked before rewriting.  Refused:
 * band not perfectly nested (declarations between its loops are first
 * sunk into the innermost loop when that keeps their values, see
 * transforms/xf_sink.c), non-positive step, sizes < 0, a
 * non-rectangular tiled loop with step != 1, non-affine or unsigned
 * bounds reading band ivs, a dependence the tiled order violates.
 * Source: Wolfe, "More Iteration Space Tiling", SC 1989. */
SCC_NODISCARD xf_status xf_tile(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                                const int64_t *sizes, int n,
                                ir_node **loops_out);

/* loop.interchange %a, %b: swaps two loops of a perfect band (b nested in a,
 * every loop between them perfectly nested); the loops keep their ivs,
 * bounds and labels, only their positions change.  out_a/out_b: the loop
 * nodes of a and b at their new positions.  Refused: not a perfect band,
 * a bound of one depends on the iv of the other. */
SCC_NODISCARD xf_status xf_interchange(scc_ctx *ctx, ir_kernel *k, ir_node *a,
                                       ir_node *b, ir_node **out_a,
                                       ir_node **out_b);

/* loop.reorder [%l1, ..., %ln]: the n loops, which must form a perfect band
 * (in any order), are permuted so that l1 is outermost, ..., ln innermost.
 * out[i] is the loop of li.  Refused: not a perfect band of exactly those
 * loops, a bound depends on an iv that would move inside it. */
SCC_NODISCARD xf_status xf_reorder(scc_ctx *ctx, ir_kernel *k, ir_node **loops,
                                   int n, ir_node **out);

/* loop.unroll %l {full} (factor == 0) or {factor = F}:
 * full: requires a constant trip count (at most 1024 iterations); the loop
 * is replaced by its body repeated with iv := lb + t*step.  *main_out and
 * *rest_out are NULL.
 * factor F: the main loop steps by F*step over a multiple of F iterations
 * with the body repeated F times (iv, iv+step, ...), followed by a
 * remainder loop for the rest (omitted, rest_out NULL, when the trip count
 * is a known multiple of F).  F == 1 is a no-op that still succeeds.
 * Refused: F < 0, full unroll of a non-constant or too long trip count or
 * of a loop whose iv is read after it (xf_final_value_unread). */
SCC_NODISCARD xf_status xf_unroll(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                  int64_t factor, ir_node **main_out,
                                  ir_node **rest_out);

/* ==== vectorization and register tiling ==================================
 * (contracts below are a starting point: the implementer refines the doc
 * comment to say exactly what is built and refused) */

/* loop.vectorize %l {width = W, isa = "...", contract, reassoc}: the loop's
 * iterations are executed W at a time: unit-stride accesses become vector
 * loads/stores, invariant ones broadcasts, reductions vector accumulators
 * with a horizontal reduction after the loop (only with reassoc); the
 * remainder runs masked (AVX-512) or as a scalar epilogue.  contract allows
 * a*b+c to become a fused multiply-add.  isa IR_ISA_DEFAULT: the target's.
 * Refused (payload untouched): an access neither unit-stride nor invariant
 * in the loop, a dependence carried by the loop (dep_check_parallel), a
 * width the ISA does not have for the element type, an iv read after the
 * loop when the loop counts down or its remainder is masked
 * (xf_final_value_unread).  *out: the vector loop. */
SCC_NODISCARD xf_status xf_vectorize(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                     int width, ir_isa isa, bool contract,
                                     bool reassoc, ir_node **out);
/* The ISA loop.vectorize uses for `isa` in kernel k: isa itself, else the
 * kernel's (when a loop of it was vectorized), else ctx->target_isa, else
 * the host's (vectorize.c). */
ir_isa xf_vector_isa(scc_ctx *ctx, const ir_kernel *k, ir_isa isa);

/* The options of loop.vectorize (xf_vectorize_interleaved): width W (0:
 * one register of the element type), isa (IR_ISA_DEFAULT: the target's),
 * {contract}, {reassoc}, {interleave = K} (1: none), {fma_adds = F} (0:
 * none), {align}, {masked}. */
typedef struct xf_vec_opts {
  int width;
  ir_isa isa;
  bool contract, reassoc;
  int interleave, fma_adds;
  bool align;
  bool masked;
} xf_vec_opts;

/* loop.vectorize ... {interleave = K}: xf_vectorize with K copies of the
 * vector body per iteration of the vector loop (step K*W, at i, i + W, ...,
 * i + (K-1)*W), each reduction with K accumulators (independent chains:
 * LLVM's interleave count), folded lane-wise (acc += acc1 ...) before the
 * one horizontal reduction after the loop; the remainder, fewer than K*W
 * iterations, is the scalar epilogue.  Refused, besides xf_vectorize's
 * refusals, when K > 1 and the body declares or assigns a temporary (only
 * reductions and stores).  interleave 1 is xf_vectorize.
 *
 * fma_adds ({fma_adds = F}, 0: none): in the last F of the K copies, each
 * sum reduction's update acc += e becomes acc = fma(e, ones, acc) (acc -= e:
 * fma(-e, ones, acc)), where ones is the broadcast of a volatile 1.0
 * declared at the start of the kernel (the compiler that compiles the
 * output must not fold it back into an addition); nothing when the vector
 * loop never runs (a constant trip count below K*W).  e * 1 is exact, so
 * the value is the addition's, bit for bit (with -ffp-contract=off: a
 * contracting compiler may fuse the plain acc + x*y of the other copies).  The
 * point is the execution units: on AMD Zen 4 and Zen 5 vector additions issue
 * only to the two FP add pipes and fused multiply-adds to the two FMA pipes
 * (AMD, Software Optimization Guide for the AMD Zen 4 / Zen 5
 * Microarchitecture, "Floating-Point Unit"), so a sum reduction that loads two
 * vectors per cycle and adds each is bound by the add pipes, with the per-row
 * work (folding the accumulators, the horizontal sum) on top; with F of K
 * accumulators on the FMA pipes the loads are the bound.  (On Intel cores since
 * Skylake additions and FMAs share ports 0 and 5: no gain, and no loss in
 * throughput.)  Refused when the ISA has no FMA (only avx2, avx512), F > K (the
 * schedule op reports it first, as an error), or no sum reduction is left that
 * contraction has not already made a fused multiply-add.
 *
 * align ({align}: peeling for alignment; Eichenberger, Wu and O'Brien,
 * PLDI 2004): before the loop, `iv_al = min(ub, lb + g)` where g
 * (IR_EXPR_ALIGN_GAP) counts the elements from the address of the
 * reference access at lb up to the next multiple of the vector's size; the
 * iterations [lb, iv_al) run first, as one masked vector iteration where
 * the remainder is masked (AVX-512, no reduction, interleave 1), else as a
 * scalar loop; the vector loop starts at iv_al, where the reference access
 * is aligned.  The reference is the first store into an array element that
 * changes with the iv (not a reduction), else the first such read; without
 * one the op is refused.  Which elements each iteration computes, and in
 * what order per element, is unchanged: the results are the same.
 *
 * masked ({masked}): the remainder (and the head of {align}) is one masked
 * vector iteration on avx2 too (_mm256_maskload / _mm256_maskstore, LLVM's
 * masked load and store), as it always is on avx512, where it can be
 * masked (no reduction, no access of stride -1, the iv not read after the
 * loop; else the scalar epilogue).  For a remainder that runs once per
 * tile, e.g. the last columns of a register tile whose C stays in
 * registers across k: a masked AVX2 store costs more than a few scalar ones
 * on AMD cores (bench/README.md, "AVX2 masked remainders"), so it is not
 * the default.  Refused for an ISA without masked vector accesses (sse4.2,
 * neon, scalar).  *out: the vector loop (after the head). */
SCC_NODISCARD xf_status xf_vectorize_interleaved(scc_ctx *ctx, ir_kernel *k,
                                                 ir_node *loop,
                                                 const xf_vec_opts *o,
                                                 ir_node **out);

/* loop.unroll_and_jam %l {factor = F}: unrolls `loop` by F and fuses
 * (jams) the F copies of its inner loops into one (register tiling); a
 * remainder loop runs the leftover iterations.  Refused: illegal by
 * dep_check_unroll_and_jam, inner bounds that depend on loop's iv. */
SCC_NODISCARD xf_status xf_unroll_and_jam(scc_ctx *ctx, ir_kernel *k,
                                          ir_node *loop, int64_t factor,
                                          ir_node **main_out,
                                          ir_node **rest_out);

/* loop.scalar_replace %l: array elements (and vector slices) whose
 * subscripts are invariant in `loop` and that only `loop` accesses through
 * exactly those subscripts are kept in local variables (registers): loaded
 * once before the loop, stored once after it (if written).  *out: the
 * loop. */
SCC_NODISCARD xf_status xf_scalar_replace(scc_ctx *ctx, ir_kernel *k,
                                          ir_node *loop, ir_node **out);

/* loop.hoist %l: loop-invariant loads and computations inside `loop`
 * (reads of arrays the loop does not write) move before it. */
SCC_NODISCARD xf_status xf_hoist(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                 ir_node **out);

/* loop.pack %l "B" [{panel = N[, dim = D]}]: the part of array `array`
 * that `loop` reads is copied into a contiguous 64-byte-aligned buffer
 * laid out in the order the inner loops read it, the copy placed as far
 * out as its footprint allows, and the accesses in `loop` redirected to
 * it (BLIS/GotoBLAS packing: Goto and van de Geijn, "Anatomy of
 * High-Performance Matrix Multiplication", TOMS 2008).  panel > 0: one
 * buffer dimension (extent E) is cut into ceil(E / panel) micro-panels of
 * `panel`, the panel index outermost and the position within the panel
 * innermost: T X_p[ceil(E / panel)][...][panel].  That dimension is the
 * buffer's outermost when panel_dim < 0 (BLIS's packing of A into
 * mr-row micro-panels: the rows of a register tile read one contiguous
 * stream), else the one of the array's subscript panel_dim (0-based:
 * B[k][j] with panel_dim 1 gives B_p[nc / nr][kc][nr], BLIS's nr-column
 * micro-panels of B, Van Zee and van de Geijn, TOMS 2015, Fig. 2); when
 * it is the dimension of vector accesses, panel must be a multiple of
 * their lanes and isl must prove each vector starts at a multiple of
 * them from the tile's corner (dep_access_offset_multiple); when vectors
 * load along another dimension, that one stays innermost and the position
 * within the panel goes just before it.  Refused for a one-dimensional
 * tile.  panel 0: no panels.  prefetch > 0 ({prefetch = D}): each row of
 * the copy first prefetches, one per 64-byte line, the elements of the
 * row it copies D rows later (when the copy's innermost loop walks X's
 * contiguous subscript; else nothing is added).  *out: the loop. */
SCC_NODISCARD xf_status xf_pack(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                const char *array, int panel, int panel_dim,
                                int prefetch, ir_node **out);

/* loop.prefetch %l "X" [{distance = D}]: software prefetching of the
 * elements of array `array` that iteration iv + distance * step of `loop`
 * accesses, at the start of each iteration: the accesses of X in the
 * loop's body outside its inner loops (loops of one iteration looked
 * through), their subscripts clamped into X's declared extents, kept in
 * ir_loop.prefetch for the backends (transforms/prefetch.c has the rules;
 * Mowry, Lam and Gupta, ASPLOS 1992).  Hints only: no value changes.
 * distance >= 1.  *out: the loop.  Refused (payload untouched): unknown
 * array, a dimension without extent, no access to prefetch. */
SCC_NODISCARD xf_status xf_prefetch(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                    const char *array, int distance,
                                    ir_node **out);

/* After op `op` (its name, for the message): drops the prefetches of every
 * loop of k that read a variable no longer in scope at that loop (an iv
 * of a loop that no longer encloses it, a local whose declaration is gone
 * or comes later), with a warning per loop naming the op.  Returns how
 * many it dropped. */
int xf_prefetch_prune(scc_ctx *ctx, ir_kernel *k, const char *op);

/* ==== legality-checked restructuring and parallelism ===================== */

/* loop.fuse %a, %b: fuses adjacent loops (b right after a in the same
 * block, same step) into a's node, whose body becomes a's body then b's
 * (b's iv replaced by a's).  Bounds equal (or affine with difference 0):
 * one loop.  Bounds shifted by constants (step 1): the common iterations
 * run fused, the others in a prologue (the loop that starts first) and an
 * epilogue (the loop that ends last), clones placed around the fused loop
 * (not returned).  *out: the fused loop.  Refused (payload untouched): not
 * adjacent, different steps or iv types, bounds neither equal nor shifted
 * by constants, b's body reading a's iv, an iv read after the loops whose
 * final value fusion changes (xf_final_value_unread), dep_check_fusion. */
SCC_NODISCARD xf_status xf_fuse(scc_ctx *ctx, ir_kernel *k, ir_node *a,
                                ir_node *b, ir_node **out);

/* loop.fuse %a, %b {shift = S}: fusion with shifting into one loop
 * (transforms/fuse_shift.c).  b's iteration y runs in the fused iteration
 * y + S (S may be 0 or negative), after a's body of that iteration; the
 * fused loop (a's node and iv) runs over the union of the two ranges, each
 * body under an `if` guard of its own range where that is smaller, so the
 * result is one loop (a band around a and b stays perfect).  a and b may
 * also each be the only node of adjacent `if`s without else whose
 * conditions read only parameters and other ivs: the guards move into the
 * fused loop.  *out: the fused loop.  Refused (payload untouched): as xf_fuse,
 * and a shift or unequal bounds with a step other than 1, unsigned ivs or
 * bounds with a shift; a fusion-preventing dependence names the shift that
 * would make it legal (dep_fusion_shift). */
SCC_NODISCARD xf_status xf_fuse_shift(scc_ctx *ctx, ir_kernel *k, ir_node *a,
                                      ir_node *b, int64_t shift, ir_node **out);

/* loop.distribute %l: one loop per statement group of the body (the groups
 * of dep_check_distribution, in its order; every top-level node its own
 * group when the analysis gives none), each with l's iv, bounds and step
 * and its nodes in their original order; group 0 keeps l's node.
 * expected > 0: the number of loops the caller binds; another count is
 * refused before anything changes.  out: the loops in order (arena array),
 * *nout their number.  Refused: empty body, a declaration in the body,
 * dep_check_distribution, a count different from expected. */
SCC_NODISCARD xf_status xf_distribute(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                      int expected, ir_node ***out, int *nout);

/* loop.peel %l {front = N} / {back = N}: the first (last) N iterations run
 * in a separate loop (*peeled_out, a new node placed before (after) the
 * loop), the rest in *rest_out (the original node).  Both loops always
 * exist (possibly empty).  Any nonzero step.  Refused: N < 0, N larger
 * than a constant trip count.  The bound between the parts is formed so
 * that it cannot leave the iv's type (in long long, or behind a test, when
 * interval bounds do not prove it). */
SCC_NODISCARD xf_status xf_peel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                int64_t n, bool front, ir_node **peeled_out,
                                ir_node **rest_out);

/* loop.skew %outer, %inner {factor = F}: inner (nested at any depth in
 * outer) iterates over j' = j + F*i: bounds lb + F*i .. ub + F*i, uses of
 * j in its body replaced by j - F*i; the loop keeps its iv variable.
 * Always legal (same iterations, same order); makes wavefront nests
 * tileable (loop.tile handles the non-rectangular bounds).  Results: the
 * same two nodes.  Refused: inner not nested in outer, unsigned ivs or
 * bounds, the iv of inner read after its loops (xf_final_value_unread). */
SCC_NODISCARD xf_status xf_skew(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                                ir_node *inner, int64_t factor,
                                ir_node **outer_out, ir_node **inner_out);

/* loop.sink %x into %l: code sinking (transforms/sink.c).  Loop x,
 * directly before (after) loop l in the same block, moves to the start
 * (end) of l's body under `if (i == lb)` (`if (i == ub - 1)`): the same
 * instances in the same order, so no dependence is asked; an imperfect
 * nest (fdtd-2d's boundary row between t and its sweeps) becomes a band.
 * When l's trip count is not provably positive, pushes onto
 * k->assumptions the run-time check `lb < ub` (kernel versioning,
 * deps/dep_assume.c).  *out: l.  Refused (payload untouched): not two
 * adjacent loops, l's step not 1, x reading or writing l's iv, l's bounds
 * reading anything but parameters and enclosing ivs, or a variable x
 * writes, a trip count known to be 0 or less, or one not provably
 * positive whose bounds read enclosing ivs (not checkable at entry). */
SCC_NODISCARD xf_status xf_sink(scc_ctx *ctx, ir_kernel *k, ir_node *x,
                                ir_node *l, ir_node **out);

/* loop.parallel %l {schedule = "static", reduction}: marks the loop
 * IR_LOOP_PARALLEL (an OpenMP `parallel for`, schedule in omp_schedule).
 * With reduction, the scalar reductions dep_check_parallel recognizes go
 * into omp_reductions / omp_reduction_op (one operator).  Nested loops
 * whose iv is declared outside get a private iv of the same name declared
 * in their for-init.  Refused: a dependence carried by the loop
 * (dep_check_parallel), a reduction into an array element, reductions
 * with different or unrecognized operators, a scalar declared outside the
 * loop written in it and not reduced, an enclosing or nested parallel
 * loop, an unknown schedule kind. */
SCC_NODISCARD xf_status xf_parallel(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                    const char *schedule, bool reduction,
                                    ir_node **out);

/* loop.expand_scalar %l "t": scalar expansion (Allen & Kennedy 2001,
 * §5.5).  The local scalar `name`, written in `loop`, becomes a
 * kernel-local array `<name>_x` of the loop's trip count (at least 1;
 * symbolic in the kernel's parameters: a variable-length array declared at
 * the start of the kernel), indexed by the iteration number (iv - lb) /
 * step inside the loop; a declaration of it at the top of the body becomes
 * a store.  Each iteration then has its own copy, so the anti and output
 * dependences through the scalar disappear (loop.distribute,
 * loop.interchange of the parts).  *out: the loop.  Refused (payload
 * untouched): no such local scalar, not written in the loop, declared in
 * a block nested in the loop or read by a nested loop's bounds, a trip
 * count that reads an induction variable or is not affine, a read that may
 * see a value from before the loop or another iteration
 * (dep_check_expansion), a value read after the loop (in the kernel, or
 * ir_var.live_out). */
SCC_NODISCARD xf_status xf_expand_scalar(scc_ctx *ctx, ir_kernel *k,
                                         ir_node *loop, const char *name,
                                         ir_node **out);

/* loop.to_library %l "cblas" | "libxsmm": the nest rooted at `loop`
 * computes a matrix product (ir_gemm_match, ir/ir_gemm.h); the loop is
 * marked (ir_loop.library) so that the backends emit one library call for
 * the nest: cblas_sgemm/cblas_dgemm, or a libxsmm kernel dispatched once at
 * kernel entry (libxsmm 1.17's classic interface), the loops being the
 * fallback when a run-time condition fails (a leading dimension not
 * provably large enough, or libxsmm without a kernel for the sizes).
 * *gemm: what was recognized (for the remark); *out: the loop.  Refused
 * (payload untouched): not a matrix product (the matcher's reason), an
 * unknown library, a nest already marked, an induction variable of the
 * nest read after it (xf_final_value_unread); for libxsmm, sizes or leading
 * dimensions not known at kernel entry, transposed operands, alpha != 1,
 * a beta scaling.  See transforms/to_library.c. */
struct ir_gemm;
SCC_NODISCARD xf_status xf_to_library(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                      const char *library, struct ir_gemm *gemm,
                                      ir_node **out);

/* True when a loop of k is marked IR_LOOP_PARALLEL. */
bool xf_kernel_has_parallel(ir_kernel *k);

/* The parallel marks after another transform: every loop of k still marked
 * IR_LOOP_PARALLEL is checked again as loop.parallel checked it (the same
 * dependence query, dep_check_parallel, on the current IR; reductions only
 * into the variables of its clause, with its operator; the other checks of
 * xf_parallel), since fusing, interchanging, jamming or packing may have
 * made it carry a dependence.  On success the private clauses are brought
 * up to date (the nested ivs declared outside) and true is returned; on
 * failure scc_fail names the loop and the dependence ("the parallel loop
 * 'i' would break the flow dependence ...") and returns false, nothing
 * changed: the caller undoes the transform (the schedule interpreter does
 * this after every transform op, with ir_kernel_snapshot). */
SCC_NODISCARD bool xf_parallel_recheck(scc_ctx *ctx, ir_kernel *k);

/* True when every loop bound and if condition of k prints as C of at most
 * XF_BOUND_MAX_NODES (xf_util.h: 50000) operations, min and max counted
 * with each operand twice as C prints them; else false after scc_fail at
 * the first that does not, naming `op` (the interpreter checks after
 * every transform op, which then fails: split points, peeled, tiled and
 * transposed bounds repeat the bounds before them, and splitting the
 * rest of a split again and again grew lines of 10 MB).  Time linear in
 * the limit, whatever the sharing of subexpressions. */
SCC_NODISCARD bool xf_kernel_bounds_ok(scc_ctx *ctx, ir_kernel *k,
                                       const char *op);

/* The user's OpenMP loop directives (`#pragma omp parallel for`, `for`,
 * `simd`, ... kept on their loops by the frontend, ir_loop.omp): each is
 * checked once as loop.parallel checks its loop (no carried dependence
 * over the loop or the loops its collapse(n) takes; reductions only into
 * the variables of its reduction clause, with its operator; no shared
 * scalar written; ...), the variables of its private, firstprivate,
 * lastprivate and linear clauses counting as private.  A directive that
 * fails gets a warning naming the dependence and is kept as written
 * (ir_omp.unchecked: xf_parallel_recheck passes over it); one that holds
 * gets its private clause (nested ivs declared outside) and is checked
 * again after every transform like loop.parallel's marks.  Directives
 * already checked are skipped, so calling this twice is harmless. */
void xf_omp_check(scc_ctx *ctx, ir_kernel *k);

/* After a transform op: a user's OpenMP loop directive whose loop the op
 * placed inside new loops (`before`: the loops of k before the op, ir_node
 * *), as the point loop of loop.tile or the inner loop of a strip-mine,
 * moves to the outermost of the new loops that nest it perfectly — where
 * OpenMP would put the directive of the loop generated from it, and one
 * parallel region instead of one per tile — when the checks of
 * xf_omp_check hold there; otherwise it stays on its loop.  Directives
 * found wrong (ir_omp.unchecked) stay as written. */
void xf_omp_follow(scc_ctx *ctx, ir_kernel *k, const scc_vec *before);

/* loop.transpose_block %outer, %inner {size = S, isa = "avx512",
 * nontemporal, masked}: the
 * perfect band of two loops whose body is one float copy that transposes,
 * `B[j][i] = A[i][j]` (the store contiguous in one loop, the load in the
 * other), runs in S x S blocks: S vector row loads, an in-register
 * transpose (unpack / shuffle / 128-bit block permutes as IR_EXPR_SHUFFLE),
 * S vector row stores; for the rest, masked edge blocks where enough rows or
 * columns are left over (xf_transpose_edge_min; when masked, on avx512 and
 * avx2) and scalar remainder nests otherwise.  S is the
 * ISA's register of floats: 8 (avx2) or 16 (avx512); size 0: that one.
 * isa IR_ISA_DEFAULT: the kernel's, the target's or the host's.  Legal
 * when neither loop carries a dependence (dep_check_parallel on both).
 * nontemporal: the S row stores are non-temporal (streaming) stores where
 * aligned (u.access.nontemporal): for matrices larger
 * than the caches, where they save the read of each destination line
 * before it is written and keep the source in the cache.
 * outer_out / inner_out: the block loops (steps S).  See
 * transforms/transpose_block.c for the shape and the refusals. */
SCC_NODISCARD xf_status xf_transpose_block(scc_ctx *ctx, ir_kernel *k,
                                           ir_node *outer, ir_node *inner,
                                           int size, ir_isa isa,
                                           bool nontemporal, bool masked,
                                           ir_node **outer_out,
                                           ir_node **inner_out);

/* The fewest rows or columns left over that loop.transpose_block moves in
 * masked edge blocks for isa (masked: {masked} was given), fewer staying
 * scalar remainders; 0 when it makes no masked edge blocks (without
 * masked, or sse4.2, neon).  6 for avx512, 5 for avx2. */
int xf_transpose_edge_min(ir_isa isa, bool masked);

/* ---- the generic form of a loop transform --------------------------------
 * A transform of one loop declared in schedules/ops.def with SCHED_XF(...)
 * needs no handler of its own: the interpreter's generic handler
 * (schedules/ops_generic.c) applies it to every payload loop of the op's
 * first handle operand, passes the op's attributes and string operands as
 * an xf_args, prints the remark the transform leaves in args->remark (or
 * "applied to loop 'i'") under -v, and binds the loops it returns to the
 * op's first result.  A new transform written this way touches xf.h, its
 * own file and one line of ops.def (plus ir/ir.h and backend/be_lower.c
 * when it adds IR state): see docs/architecture.md. */
typedef struct xf_args {
  int nattrs;
  const char *const *keys; /* attribute names, as written */
  const int64_t *nums;     /* a number value (0 for a string or none) */
  const char *const *strs; /* a string value, or NULL */
  int noperands;           /* the op's string operands, in order */
  const char *const *operands;
  const char *remark; /* out: what was done, for -v (arena), or NULL */
} xf_args;

/* The signature of a transform in the generic form: loop is one payload,
 * *out the loop to bind to the result (the loop itself when it is
 * rewritten in place).  Refusals as every xf_ function: XF_SILENCEABLE
 * after scc_fail, the IR untouched. */
typedef xf_status (*xf_loop_fn)(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                xf_args *args, ir_node **out);

/* The number attribute `key` of args into *out: false when absent (or a
 * string). */
bool xf_args_num(const xf_args *a, const char *key, int64_t *out);
/* Whether the attribute `key` is present (a flag such as {nontemporal}). */
bool xf_args_has(const xf_args *a, const char *key);

/* loop.reverse %l: the loop runs its iterations in the opposite order,
 * `for (i = lb; i < ub; i++)` becoming `for (i = ub - 1; i >= lb; i--)`
 * (and a loop counting down counting up).  Legal when the loop carries no
 * dependence (dep_check_parallel without reductions: a reduction's sum
 * would be rounded in another order); the iv's value after the loop must
 * not be read (it ends at lb - 1 instead of ub).  Steps of 1 and -1 only.
 * Generic form (SCHED_XF).  Source: loop reversal, Wolfe, "High
 * Performance Compilers for Parallel Computing", 1996, §9.2. */
SCC_NODISCARD xf_status xf_reverse(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                                   xf_args *args, ir_node **out);

#endif
