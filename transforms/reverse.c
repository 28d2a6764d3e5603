/* reverse.c — loop.reverse: loop reversal.
 *
 *   for (i = lb; i < ub; i++) S      becomes
 *   for (i = ub - 1; i >= lb; i--) S      (IR: lb' = ub - 1, ub' = lb - 1)
 * and a loop counting down (IR ub exclusive: i > X) counts up from X + 1
 * to its start.  The loop node is rewritten in place (it keeps its label,
 * attributes and body).
 * Legality: every iteration runs once, in the opposite order, so no
 * dependence may be carried by the loop (dep_check_parallel, reductions
 * refused: a floating-point sum rounded in the other order is another
 * value); the iv's value after the loop (lb - 1 instead of ub) must not be
 * read (xf_final_value_unread).
 * Bounds (issue 27): the reversed loop's last step passes lb - 1 (counting
 * up: the old start + 1), which must be a value of the iv's type, proven
 * by interval bounds or checked at run time (xf_require_fits); its new
 * start ub - 1 (X + 1) leaves the type only when the loop does not run
 * (ub = INT_MIN <= lb), so when that is not proven the reversed loop runs
 * under `if (lb < ub)`.
 * Written in the generic form (xf_args, ops.def's SCHED_XF): no handler of
 * its own.  Source: loop reversal, Wolfe, "High Performance Compilers for
 * Parallel Computing", 1996, §9.2.
 */
#include "../deps/dep.h"
#include "xf_util.h"

xf_status xf_reverse(scc_ctx *ctx, ir_kernel *k, ir_node *loop, xf_args *args,
                     ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0}, "the payload is not a loop");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  if (l->step != 1 && l->step != -1) {
    scc_fail(ctx, loop->loc,
             "loop.reverse of '%s': the step is %lld; only loops of step 1 "
             "or -1 are reversed (strip-mine it first with loop.split)",
             iv, (long long)l->step);
    return XF_SILENCEABLE;
  }
  if (!ir_type_is_integer(l->iv->type)) {
    scc_fail(ctx, loop->loc, "loop.reverse of '%s': the iv is no integer", iv);
    return XF_SILENCEABLE;
  }
  const char *why = NULL;
  if (!dep_check_parallel(ctx, k, loop, false, NULL, &why)) {
    scc_fail(ctx, loop->loc, "loop.reverse of '%s' %s", iv,
             why ? why : "would reverse a dependence carried by the loop");
    return XF_SILENCEABLE;
  }
  const char *what = scc_arena_printf(ctx->arena, "loop.reverse of '%s'", iv);
  if (!xf_final_value_unread(ctx, k, loop, l->iv, what))
    return XF_SILENCEABLE;
  bool up = l->step > 0;
  ir_type t = l->iv->type;
  /* the last value the reversed loop steps to, and its first */
  ir_expr *stop =
      ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL), up ? -1 : 1);
  ir_expr *start =
      ir_add_const(ctx, ir_expr_clone(ctx, l->ub, NULL), up ? -1 : 1);
  if (!xf_require_fits(ctx, k, loop, stop, t, what))
    return XF_SILENCEABLE;
  ir_expr *cond = xf_fits_everywhere(ctx, loop, start, t)
                      ? NULL
                      : xf_runs_test(ctx, k, loop);
  bool guard = cond != NULL;

  /* Rewrite. */
  l->lb = start;
  l->ub = stop;
  l->step = -l->step;
  if (guard)
    xf_wrap_in_if(ctx, loop, cond);
  args->remark = scc_arena_printf(
      ctx->arena, "loop '%s' runs backward (counting %s)%s", iv,
      up ? "down" : "up", guard ? ", under a test that it runs at all" : "");
  *out = loop;
  return XF_OK;
}
