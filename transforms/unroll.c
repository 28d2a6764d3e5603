/* unroll.c — loop.unroll: full unrolling and unrolling by a factor.
 *
 * Full (factor 0): the loop, whose trip count T must be a constant <= 1024
 * (constant bounds, or bounds a constant apart: i_t .. i_t + 32), is
 * replaced by T copies of its body with iv := lb + t*step (t = 0..T-1),
 * in order.  The iv's value after the loop is not materialized: refused
 * when it is read there (xf_final_value_unread).
 * Factor F >= 2 (step s of either sign):
 *   main: for (i = lb; i <cmp> split; i += F*s) { body[i]; body[i+s]; ...
 *         body[i+(F-1)*s] }
 *   rest: for (i = split; i <cmp> ub; i += s) body[i]
 * With a constant trip count T the split is lb + (T - T mod F)*s and the
 * rest loop is omitted when F divides T; otherwise the split point is the
 * one of loop.split (see xf_split_point), which keeps both parts empty
 * when the loop does not run.
 * Declarations in the copies get a fresh variable per copy
 * (xf_rename_decls), so no scope declares a name twice.  A full unroll of
 * a loop at the top level of a loop or scop kernel whose body declares a
 * scalar is refused: declarations at the top of such a region stay
 * visible after it.
 * The copies of one unroll hold at most 2^18 statements (nested ones
 * counted): a larger request is refused with the count.
 * Source: Allen & Kennedy, Optimizing Compilers for Modern Architectures,
 * 2001, §8.4 (loop unrolling).
 */
#include "xf_util.h"

enum { XF_UNROLL_MAX = 1024 };
/* The most statements (IR nodes, nested ones counted) that the copies of
 * one unroll may hold: nested full unrolls of 1024 each would otherwise
 * write a million statements (42 MB of C) and take gigabytes. */
enum { XF_UNROLL_NODES_MAX = 1 << 18 };

static bool count_cb(ir_node *n, void *data) {
  (void)n;
  ++*(int64_t *)data;
  return true;
}

/* False, after scc_fail, when `copies` copies of loop's body hold more
 * than XF_UNROLL_NODES_MAX statements. */
static bool size_ok(scc_ctx *ctx, ir_node *loop, int64_t copies) {
  int64_t n = 0;
  ir_walk_block(&loop->u.loop.body, count_cb, &n);
  if (n * copies <= XF_UNROLL_NODES_MAX)
    return true;
  scc_fail(ctx, loop->loc,
           "loop '%s': unrolling its body of %lld statements %lld times "
           "would make %lld statements, more than the limit of %d; unroll "
           "by a smaller factor, or unroll fewer of the nested loops",
           loop->u.loop.iv->name, (long long)n, (long long)copies,
           (long long)(n * copies), XF_UNROLL_NODES_MAX);
  return false;
}

static xf_status full_unroll(scc_ctx *ctx, ir_kernel *k, ir_node *loop) {
  ir_loop *l = &loop->u.loop;
  int64_t trip;
  if (!ir_loop_const_trip_count(ctx, loop, &trip)) {
    scc_fail(ctx, loop->loc,
             "loop '%s' has a non-constant trip count and cannot be fully "
             "unrolled",
             l->iv->name);
    return XF_SILENCEABLE;
  }
  if (trip > XF_UNROLL_MAX) {
    scc_fail(ctx, loop->loc,
             "loop '%s' has %lld iterations: full unrolling is limited to %d",
             l->iv->name, (long long)trip, XF_UNROLL_MAX);
    return XF_SILENCEABLE;
  }
  if (!size_ok(ctx, loop, trip))
    return XF_SILENCEABLE;
  /* the loop disappears: nothing assigns its iv any more */
  if (!xf_final_value_unread(ctx, k, loop, l->iv, "loop.unroll {full}"))
    return XF_SILENCEABLE;
  for (int64_t t = 0; t < trip; t++) {
    ir_subst s = {0};
    ir_subst_add(
        ctx, &s, l->iv,
        ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL), t * l->step));
    ir_block copy;
    ir_block_init(&copy, NULL);
    ir_block_clone_into(ctx, &copy, &l->body, &s);
    if (t > 0)
      xf_rename_decls(ctx, k, &copy);
    else /* the first copy keeps the names another one does not hold */
      xf_rename_moved_decls(ctx, k, &copy, loop);
    while (copy.first) {
      ir_node *p = copy.first;
      ir_remove(p);
      ir_insert_before(loop, p);
    }
  }
  ir_remove(loop);
  return XF_OK;
}

xf_status xf_unroll(scc_ctx *ctx, ir_kernel *k, ir_node *loop, int64_t factor,
                    ir_node **main_out, ir_node **rest_out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  const char *iv = xf_iv_name(loop);
  if (factor < 0 || factor > XF_UNROLL_MAX) {
    scc_fail(ctx, loop->loc,
             "loop '%s' cannot be unrolled by %lld: the factor must be "
             "between 1 and %d (or full)",
             iv, (long long)factor, XF_UNROLL_MAX);
    return XF_SILENCEABLE;
  }
  if (factor == 1) {
    *main_out = loop;
    *rest_out = NULL;
    return XF_OK;
  }
  const ir_var *decl = ir_block_first_decl(&l->body);
  if (decl && factor == 0 && !ir_parent(loop) &&
      k->form != IR_KERNEL_FUNCTION) {
    /* the copies' declarations would be at the top level of a region,
     * whose declarations stay visible after it */
    scc_fail(ctx, loop->loc,
             "loop '%s' cannot be fully unrolled: its body declares '%s' and "
             "the loop is at the top level of the kernel region",
             iv, decl->name);
    return XF_SILENCEABLE;
  }
  if (factor == 0) {
    xf_status st = full_unroll(ctx, k, loop);
    if (st == XF_OK)
      *main_out = *rest_out = NULL;
    return st;
  }
  int64_t big_step;
  if (__builtin_mul_overflow(factor, l->step, &big_step) ||
      big_step == INT64_MIN) {
    scc_fail(ctx, loop->loc, "loop '%s': unroll factor %lld overflows the step",
             iv, (long long)factor);
    return XF_SILENCEABLE;
  }

  if (!size_ok(ctx, loop, factor))
    return XF_SILENCEABLE;

  /* Split point and whether a remainder is needed. */
  int64_t trip;
  ir_expr *split;
  bool need_rest = true;
  if (ir_loop_const_trip_count(ctx, loop, &trip)) {
    split = ir_add_const(ctx, ir_expr_clone(ctx, l->lb, NULL),
                         (trip - trip % factor) * l->step);
    need_rest = trip % factor != 0;
  } else {
    split = xf_split_point(ctx, loop, big_step < 0 ? -big_step : big_step);
    if (!xf_bound_size_ok(ctx, loop, split, "loop.unroll"))
      return XF_SILENCEABLE;
  }

  ir_node *rest = NULL;
  if (need_rest) {
    rest = ir_loop_new(ctx, l->iv, ir_expr_clone(ctx, split, NULL), l->ub,
                       l->step, loop->loc);
    rest->u.loop.attrs = l->attrs;
    ir_loop_copy_omp(ctx, &rest->u.loop, l);
    ir_block_clone_into(ctx, &rest->u.loop.body, &l->body, NULL);
    xf_rename_decls(ctx, k, &rest->u.loop.body);
  }
  ir_block copies;
  ir_block_init(&copies, NULL);
  for (int64_t u = 1; u < factor; u++) {
    ir_subst s = {0};
    ir_subst_add(ctx, &s, l->iv,
                 ir_add_const(ctx, ir_var_ref(ctx, l->iv), u * l->step));
    ir_block one;
    ir_block_init(&one, NULL);
    ir_block_clone_into(ctx, &one, &l->body, &s);
    xf_rename_decls(ctx, k, &one); /* each copy its own scalars */
    ir_block_move_all(&copies, &one);
  }
  ir_block_move_all(&l->body, &copies);
  l->ub = split;
  l->step = big_step;
  /* the copies read `i + u*s`, simplified: their parts within the type */
  xf_guard_substituted(
      ctx, k, &l->body, l->iv, true,
      scc_arena_printf(ctx->arena, "loop.unroll of '%s'", l->iv->name));
  if (rest)
    ir_insert_after(loop, rest);
  *main_out = loop;
  *rest_out = rest;
  return XF_OK;
}
