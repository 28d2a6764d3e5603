/* skew.c — loop.skew: skewing an inner loop by an outer one.
 *
 * With factor F, the inner loop (iv j, bounds [lb, ub), step s) nested at
 * any depth inside the outer loop (iv i) is rewritten over j' = j + F*i:
 *   for (j = lb + F*i; j < ub + F*i; j += s)  body[j := j - F*i]
 * The loop keeps its iv variable (which now holds j'), label and
 * attributes.  Every iteration runs exactly as before and in the same
 * order, so the transform needs no dependence check; what changes is the
 * shape of the iteration space: a dependence of distance (d_i, d_j)
 * becomes (d_i, d_j + F*d_i), which turns a wavefront nest (dependences
 * (1, -1) and (0, 1)) into a fully permutable, tileable band (loop.tile
 * handles the resulting non-rectangular bounds).
 * Source: M. Wolfe, "Loop Skewing: The Wavefront Method Revisited", IJPP
 * 15(4), 1986.
 */
#include "xf_util.h"

xf_status xf_skew(scc_ctx *ctx, ir_kernel *k, ir_node *outer, ir_node *inner,
                  int64_t factor, ir_node **outer_out, ir_node **inner_out) {
  if (!outer || outer->kind != IR_NODE_LOOP || !inner ||
      inner->kind != IR_NODE_LOOP) {
    scc_fail(ctx, outer ? outer->loc : (scc_loc){0},
             "loop.skew needs two loops");
    return XF_SILENCEABLE;
  }
  const char *in = xf_iv_name(inner), *out = xf_iv_name(outer);
  if (inner == outer || !ir_node_within(inner, outer)) {
    scc_fail(ctx, inner->loc,
             "loop '%s' is not nested inside loop '%s': loop.skew needs an "
             "outer loop and a loop inside it",
             in, out);
    return XF_SILENCEABLE;
  }
  ir_var *i = outer->u.loop.iv, *j = inner->u.loop.iv;
  if (!ir_type_is_integer(i->type) || !ir_type_is_integer(j->type) ||
      ir_type_is_unsigned(i->type) || ir_type_is_unsigned(j->type) ||
      ir_type_is_unsigned(inner->u.loop.lb->type) ||
      ir_type_is_unsigned(inner->u.loop.ub->type)) {
    scc_fail(ctx, inner->loc,
             "loop.skew of '%s' by '%s': unsigned induction variables or "
             "bounds are not supported (the skewed values could wrap around)",
             in, out);
    return XF_SILENCEABLE;
  }
  int64_t big = (int64_t)1 << 40;
  if (factor > big || factor < -big || !xf_fits_type(j->type, factor)) {
    scc_fail(ctx, inner->loc,
             "loop.skew factor %lld is too large for the type '%s' of '%s'",
             (long long)factor, ir_type_name(j->type), in);
    return XF_SILENCEABLE;
  }
  /* j + F*i and the bounds lb + F*i, ub + F*i are formed in j's type: with
   * constant bounds, every value they take must be one of it */
  int64_t ilo, ihi, jlo, jhi;
  const ir_loop *lo = &outer->u.loop, *li = &inner->u.loop;
  if (ir_expr_const_value(ctx, lo->lb, &ilo) &&
      ir_expr_const_value(ctx, lo->ub, &ihi) &&
      ir_expr_const_value(ctx, li->lb, &jlo) &&
      ir_expr_const_value(ctx, li->ub, &jhi)) {
    int64_t ends[2] = {ilo, ihi}, js[2] = {jlo, jhi};
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 2; b++) {
        int64_t fi, v;
        if (__builtin_mul_overflow(factor, ends[a], &fi) ||
            __builtin_add_overflow(js[b], fi, &v) ||
            !xf_fits_type(j->type, v)) {
          scc_fail(ctx, inner->loc,
                   "loop.skew of '%s' by '%s' with factor %lld: the skewed "
                   "bounds (up to %lld + %lld * %lld) do not fit the type "
                   "'%s' of '%s'",
                   in, out, (long long)factor, (long long)js[b],
                   (long long)factor, (long long)ends[a], ir_type_name(j->type),
                   in);
          return XF_SILENCEABLE;
        }
      }
  }
  /* Symbolic bounds: lb + F*i and ub + F*i over i's range (their
   * extremes are at its ends), each a value of j's type, proven or
   * checked at run time (xf_require_fits) */
  if (factor != 0) {
    const char *what = scc_arena_printf(
        ctx->arena, "loop.skew of '%s' by '%s' with factor %lld", in, out,
        (long long)factor);
    ir_expr *bounds[2] = {li->lb, li->ub};
    for (int b = 0; b < 2; b++) {
      ir_expr *e = ir_add(ctx, ir_expr_clone(ctx, bounds[b], NULL),
                          ir_mul_const(ctx, ir_var_ref(ctx, i), factor));
      if (!xf_require_fits(ctx, k, inner, e, j->type, what))
        return XF_SILENCEABLE;
    }
  }
  /* j must not be read outside its loops (a value read after the loop, in
   * the kernel or after it, or a bound using it), since j now holds
   * j + F*i. */
  if (!xf_final_value_unread(ctx, k, inner, j, "loop.skew"))
    return XF_SILENCEABLE;

  /* Rewrite. */
  *outer_out = outer;
  *inner_out = inner;
  if (factor == 0)
    return XF_OK;
  ir_loop *l = &inner->u.loop;
  ir_expr *fi = ir_mul_const(ctx, ir_var_ref(ctx, i), factor);
  l->lb = ir_add(ctx, l->lb, fi);
  l->ub = ir_add(ctx, l->ub, fi);
  ir_subst s = {0};
  ir_subst_add(ctx, &s, j,
               ir_sub(ctx, ir_var_ref(ctx, j),
                      ir_mul_const(ctx, ir_var_ref(ctx, i), factor)));
  for (ir_node *p = l->body.first; p; p = p->next)
    ir_node_substitute(ctx, p, &s);
  xf_guard_substituted(
      ctx, k, &l->body, j, false,
      scc_arena_printf(ctx->arena, "loop.skew of '%s' by '%s'", in, out));
  return XF_OK;
}
