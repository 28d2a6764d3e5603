/* xf_reg.h — helpers shared by the register-tiling transforms
 * (unroll_and_jam.c, scalar_replace.c, hoist.c, pack.c): expression slots
 * and structural equality, variables a loop defines, arrays it writes,
 * trip counts from bound differences, and the normalization of inner
 * loops that run at most once.  transforms/ only; not part of the API.
 */
#ifndef XF_REG_H
#define XF_REG_H

#include "xf_util.h"

/* Calls fn on the address of every expression of node n (not of nested
 * nodes) and of each of their subexpressions, children first (post-order),
 * so fn may replace *slot. */
typedef void (*xfr_slot_fn)(ir_expr **slot, void *data);
void xfr_walk_node_slots(ir_node *n, xfr_slot_fn fn, void *data);
/* The same for every node of a block, nested nodes included. */
void xfr_walk_block_slots(ir_block *b, xfr_slot_fn fn, void *data);

/* The variables whose value changes inside `loop` (its iv, the ivs of the
 * loops nested in it, the locals assigned or declared in it) are added to
 * *vars; the arrays written inside it to *arrays (each once). */
void xfr_loop_defs(scc_ctx *ctx, ir_node *loop, scc_vec *vars, scc_vec *arrays);
bool xfr_vec_has(const scc_vec *v, const void *p);
/* True when e reads none of the variables in `vars` and no array in
 * `arrays`. */
bool xfr_invariant(const ir_expr *e, const scc_vec *vars,
                   const scc_vec *arrays);

/* Inner loops of `loop` (at any depth) that run at most once are replaced:
 * never (a known trip count of 0) by nothing; exactly once (ub - lb a constant
 * in (0, |step|]) by their body with iv := lb; at most once (ub = min(lb + c,
 * e) with 0 < c <= step) by `if (lb < ub) body[iv := lb]`.  Loops whose iv
 * is read after them (xf_iv_read_after) are kept: the replacements do not
 * assign it.  Returns the number replaced. */
int xfr_inline_single_iteration(scc_ctx *ctx, ir_kernel *k, ir_node *loop);

/* ub - lb <= step provably (step > 0; through min, max and floordiv by
 * their affine bounds): the loop runs at most once, its iv = lb. */
bool xfr_at_most_once(scc_ctx *ctx, const ir_loop *l);

/* Up to 8 expressions free of min, max and floordiv, each an upper (or
 * lower) bound of integer expression e (min(a, b) <= a, c * floordiv(x, c)
 * <= x, ...); returns their number (0: none known). */
int xfr_bound_candidates(scc_ctx *ctx, ir_expr *e, bool upper, ir_expr **out);

/* Two accesses of the same array provably touch disjoint elements: a
 * subscript other than the last differs by a nonzero constant, or the last
 * ones differ by at least the lanes of the lower access. */
bool xfr_disjoint(scc_ctx *ctx, const ir_expr *a, const ir_expr *b);

#endif
