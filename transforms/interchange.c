/* interchange.c — loop.interchange: swaps two loops of a perfect band.
 *
 * The chain a = L0, L1, ..., Lm = b (each the only node of the previous
 * one's body) becomes b, L1, ..., Lm-1, a.  Nodes are moved, not rebuilt:
 * every loop keeps its iv, bounds, label and attributes.  Refused when a
 * loop's bounds read the iv of a loop that would move inside it, except
 * for two adjacent loops whose inner bounds are affine in the outer iv
 * (a triangular or trapezoidal band, steps +1 or -1): then the bounds are
 * exchanged by Fourier-Motzkin elimination (xf_exchange_bounds in
 * xf_util.c, shared with loop.reorder).  With a in [A_lo, A_hi] and
 * B_lo(a) = l + p*a <= b <= B_hi(a) = h + q*a (inclusive ranges, whatever
 * the directions), the new outer loop runs b over
 *   [min over a of B_lo(a), max over a of B_hi(a)]
 * (A_lo or A_hi substituted as the sign of p, q says), and the new inner
 * loop a over
 *   [max(A_lo, ceil((l - b) / -p) if p < 0, ceil((b - h) / q) if q > 0),
 *    min(A_hi, floor((b - l) / p) if p > 0, floor((h - b) / -q) if q < 0)]
 * — exactly the points of the band, each once; a b without any a runs an
 * empty inner loop.  Each loop keeps its direction (nussinov's
 * for (i = n-1; i >= 0; i--) for (j = i+1; j < n; j++) becomes
 * for (j = 1; j < n; j++) for (i = j - 1; i > -1; i--)); a term of a min
 * or max that the new outer range makes redundant is dropped.  Data
 * dependences are checked (dep_check_permutation, on the same points)
 * before anything moves.  Declarations between the loops of the band are
 * sunk into its innermost loop first, as loop.tile does (xf_sink.c); on
 * refusal the kernel is restored.
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §5.2 (loop interchange); triangular interchange by Fourier-Motzkin
 * elimination: Wolfe, High Performance Compilers for Parallel Computing,
 * 1996, §9.2, and Banerjee, Loop Transformations for Restructuring
 * Compilers, 1993.
 */
#include "xf_util.h"

#include "../deps/dep.h"

static xf_status interchange_band(scc_ctx *ctx, ir_kernel *k, ir_node *a,
                                  ir_node *b, ir_node **out_a, ir_node **out_b);

typedef struct interchange_args {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node *a, *b, **out_a, **out_b;
} interchange_args;

static xf_status interchange_fn(void *data) {
  interchange_args *x = data;
  return interchange_band(x->ctx, x->k, x->a, x->b, x->out_a, x->out_b);
}

xf_status xf_interchange(scc_ctx *ctx, ir_kernel *k, ir_node *a, ir_node *b,
                         ir_node **out_a, ir_node **out_b) {
  if (!a || !b || a == b || a->kind != IR_NODE_LOOP || b->kind != IR_NODE_LOOP)
    return interchange_band(ctx, k, a, b, out_a, out_b);
  ir_node *outer = a, *inner = b;
  if (ir_node_within(a, b))
    outer = b, inner = a;
  else if (!ir_node_within(b, a))
    return interchange_band(ctx, k, a, b, out_a, out_b);
  interchange_args x = {ctx, k, a, b, out_a, out_b};
  return xf_with_sunk_decls(
      ctx, k, outer, ir_depth(inner) - ir_depth(outer) + 1, interchange_fn, &x);
}

static xf_status interchange_band(scc_ctx *ctx, ir_kernel *k, ir_node *a,
                                  ir_node *b, ir_node **out_a,
                                  ir_node **out_b) {
  if (!a || !b || a->kind != IR_NODE_LOOP || b->kind != IR_NODE_LOOP) {
    scc_fail(ctx, a ? a->loc : (scc_loc){0},
             "loop.interchange needs two loops");
    return XF_SILENCEABLE;
  }
  if (a == b) {
    *out_a = a;
    *out_b = b;
    return XF_OK;
  }
  ir_node *outer = a, *inner = b;
  if (ir_node_within(a, b))
    outer = b, inner = a;
  else if (!ir_node_within(b, a)) {
    scc_fail(ctx, b->loc, "loops '%s' and '%s' are not nested in each other",
             xf_iv_name(a), xf_iv_name(b));
    return XF_SILENCEABLE;
  }
  int n = ir_depth(inner) - ir_depth(outer) + 1;
  ir_node **band = scc_arena_alloc(ctx->arena, sizeof(ir_node *) * (size_t)n);
  band[0] = outer;
  for (int d = 1; d < n; d++) {
    band[d] = ir_loop_only_child_loop(band[d - 1]);
    if (!band[d]) {
      scc_fail(ctx, band[d - 1]->loc,
               "loops '%s' and '%s' are not a perfect band: the body of "
               "loop '%s' is not a single loop",
               xf_iv_name(outer), xf_iv_name(inner), xf_iv_name(band[d - 1]));
      return XF_SILENCEABLE;
    }
  }
  int *perm = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)n);
  for (int d = 0; d < n; d++)
    perm[d] = d;
  perm[0] = n - 1;
  perm[n - 1] = 0;
  /* two adjacent loops, the inner bounds reading the outer iv: new bounds
   * by Fourier-Motzkin elimination */
  ir_expr *tri[4] = {0};
  if (n == 2 && xf_bounds_use(inner, outer->u.loop.iv)) {
    if (!xf_exchange_bounds(ctx, outer, inner, tri))
      return XF_SILENCEABLE;
  } else if (!xf_permutation_bounds_ok(ctx, band, perm, n))
    return XF_SILENCEABLE;
  const char *what =
      scc_arena_printf(ctx->arena, "loop.interchange of '%s' and '%s'",
                       xf_iv_name(a), xf_iv_name(b));
  if (!xf_band_final_values_unread(ctx, k, band, n, what))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_permutation(ctx, k, band, n, perm, &why)) {
    scc_fail(ctx, outer->loc, "loop.interchange of '%s' and '%s' %s",
             xf_iv_name(a), xf_iv_name(b), why);
    return XF_SILENCEABLE;
  }
  /* the new outer bounds, formed only where the old outer loop runs */
  ir_expr *guard =
      tri[0] ? xf_exchanged_bounds_guard(ctx, k, outer, inner, tri) : NULL;
  xf_permute_band(band, perm, n);
  if (tri[0]) {
    inner->u.loop.lb = tri[0];
    inner->u.loop.ub = tri[1];
    outer->u.loop.lb = tri[2];
    outer->u.loop.ub = tri[3];
  }
  if (guard)
    xf_wrap_in_if(ctx, inner, guard);
  *out_a = a;
  *out_b = b;
  return XF_OK;
}
