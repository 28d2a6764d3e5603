/* split.c — loop.split: index-set splitting of a loop into a main part
 * whose trip count is a multiple of N and a remainder part.
 *
 * For step s > 0 and M = N*s the split point is
 *   split = max(lb, lb + floordiv(ub - lb, M) * M)
 * (a constant with constant bounds: 196 split by 32 gives 192).  The max
 * keeps the split at lb when the loop does not run (ub < lb), so that the
 * remainder [split, ub) is empty too; without it floordiv of a negative
 * distance would start the remainder below lb.
 * Source: Wolfe, High Performance Compilers for Parallel Computing, 1996,
 * §9.3 (index-set splitting).
 */
#include "xf_util.h"

xf_status xf_split(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int64_t div_by,
                   ir_node **main_out, ir_node **rest_out) {
  (void)k;
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  if (div_by < 1) {
    scc_fail(ctx, loop->loc,
             "loop '%s' cannot be split by %lld: the divisor must be at "
             "least 1",
             iv, (long long)div_by);
    return XF_SILENCEABLE;
  }
  if (l->step <= 0) {
    scc_fail(ctx, loop->loc,
             "loop '%s' has a non-positive step (%lld): only loops counting "
             "up can be split",
             iv, (long long)l->step);
    return XF_SILENCEABLE;
  }
  int64_t m;
  if (__builtin_mul_overflow(div_by, l->step, &m) ||
      !xf_fits_type(l->iv->type, m)) {
    scc_fail(ctx, loop->loc,
             "loop '%s': split factor %lld times step %lld does not fit its "
             "type '%s'",
             iv, (long long)div_by, (long long)l->step,
             ir_type_name(l->iv->type));
    return XF_SILENCEABLE;
  }

  ir_expr *split = xf_split_point(ctx, loop, m);
  if (!xf_bound_size_ok(ctx, loop, split, "loop.split"))
    return XF_SILENCEABLE;
  ir_node *rest = ir_loop_new(ctx, l->iv, ir_expr_clone(ctx, split, NULL),
                              l->ub, l->step, loop->loc);
  rest->u.loop.attrs = l->attrs;
  ir_loop_copy_omp(ctx, &rest->u.loop, l);
  ir_block_clone_into(ctx, &rest->u.loop.body, &l->body, NULL);
  xf_rename_decls(ctx, k, &rest->u.loop.body);
  l->ub = split;
  if (loop->in)
    ir_insert_after(loop, rest);
  *main_out = loop;
  *rest_out = rest;
  return XF_OK;
}
