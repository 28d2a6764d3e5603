/* ops_register.c — handlers of the register-tiling and packing ops:
 * loop.unroll_and_jam, loop.scalar_replace, loop.hoist, loop.pack.  Each
 * applies its transform to every payload loop of the operand handle (which
 * it consumes) and binds the results (see ops.def). */
#include "sched_int.h"

bool sched_op_unroll_and_jam(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  const sched_attr *f = sched_attr_find(s, "factor");
  int64_t factor = sched_get_num(r, &f->value);
  if (factor < 1) {
    scc_error(r->ctx, f->value.loc,
              "loop.unroll_and_jam: {factor = N} must be at least 1, got %lld",
              (long long)factor);
    return false;
  }
  sched_consume(r, s, &h, 1);
  scc_vec mains = {0}, rests = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *main = NULL, *rest = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l ||
        !sched_xf_done(
            r, s, xf_unroll_and_jam(r->ctx, r->k, l, factor, &main, &rest)))
      return false;
    sched_remark_unroll_and_jam(r, s, &b, factor, main, rest);
    scc_vec_push(r->ctx->arena, &mains, main);
    scc_vec_push(r->ctx->arena, &rests, rest);
  }
  sched_set_result(r, s, 0, &mains);
  sched_set_result(r, s, 1, &rests);
  return true;
}

/* One transform of one loop: the op's string operand (or NULL) and its
 * number attribute (or 0) passed through. */
typedef xf_status (*one_loop_xf)(scc_ctx *, ir_kernel *, ir_node *,
                                 const char *, int64_t, ir_node **);

static xf_status do_scalar_replace(scc_ctx *ctx, ir_kernel *k, ir_node *l,
                                   const char *arg, int64_t num,
                                   ir_node **out) {
  (void)arg, (void)num;
  return xf_scalar_replace(ctx, k, l, out);
}

static xf_status do_hoist(scc_ctx *ctx, ir_kernel *k, ir_node *l,
                          const char *arg, int64_t num, ir_node **out) {
  (void)arg, (void)num;
  return xf_hoist(ctx, k, l, out);
}

/* num: the panel (0: none) plus 65 times (the panel's subscript + 1 (0:
 * the buffer's outermost dimension) plus 33 times the prefetch distance
 * (0: none)), so that loop.pack fits one_loop. */
static xf_status do_pack(scc_ctx *ctx, ir_kernel *k, ir_node *l,
                         const char *arg, int64_t num, ir_node **out) {
  int64_t rest = num / 65;
  return xf_pack(ctx, k, l, arg, (int)(num % 65), (int)(rest % 33) - 1,
                 (int)(rest / 33), out);
}

static xf_status do_prefetch(scc_ctx *ctx, ir_kernel *k, ir_node *l,
                             const char *arg, int64_t num, ir_node **out) {
  return xf_prefetch(ctx, k, l, arg, (int)num, out);
}

/* The common shape: one loop handle in (consumed when ops.def says so:
 * loop.pack rewrites in place and consumes nothing), the same loops out. */
static bool one_loop(sched_run *r, const sched_stmt *s, one_loop_xf xf,
                     const char *arg, int64_t num) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  if (sched_ops[s->op].consumes & 1)
    sched_consume(r, s, &h, 1);
  scc_vec outs = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *out = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l || !sched_xf_done(r, s, xf(r->ctx, r->k, l, arg, num, &out)))
      return false;
    sched_remark_one_loop(r, s, &b, arg);
    scc_vec_push(r->ctx->arena, &outs, out);
  }
  sched_set_result(r, s, 0, &outs);
  return true;
}

bool sched_op_scalar_replace(sched_run *r, const sched_stmt *s) {
  return one_loop(r, s, do_scalar_replace, NULL, 0);
}

bool sched_op_hoist(sched_run *r, const sched_stmt *s) {
  return one_loop(r, s, do_hoist, NULL, 0);
}

bool sched_op_pack(sched_run *r, const sched_stmt *s) {
  int64_t panel, prefetch;
  if (!sched_attr_num(r, s, "panel", 1, 64, 0,
                      "loop.pack: {panel = N} takes the size of a "
                      "micro-panel",
                      &panel) ||
      !sched_attr_num(r, s, "prefetch", 1, 1024, 0,
                      "loop.pack: {prefetch = D} takes how many rows ahead "
                      "of the copy to prefetch",
                      &prefetch))
    return false;
  const sched_attr *pa = sched_attr_find(s, "panel");
  int64_t dim = 0;
  const sched_attr *da = sched_attr_find(s, "dim");
  if (da) {
    dim = sched_get_num(r, &da->value);
    if (!pa || dim < 1 || dim > 32) {
      scc_error(r->ctx, da->value.loc,
                !pa ? "loop.pack: {dim = D} says which subscript {panel = N} "
                      "cuts into micro-panels; give {panel = N} too"
                    : "loop.pack: {dim = D} takes the array's subscript "
                      "that the micro-panels cut, counted from 1, got %lld",
                (long long)dim);
      return false;
    }
  }
  return one_loop(r, s, do_pack, sched_role_array(r, s->ops[1]->text),
                  panel + 65 * (dim + 33 * prefetch));
}

bool sched_op_prefetch(sched_run *r, const sched_stmt *s) {
  int64_t distance;
  if (!sched_attr_num(r, s, "distance", 1, 1024, 1,
                      "loop.prefetch: {distance = D} takes the iterations "
                      "ahead",
                      &distance))
    return false;
  return one_loop(r, s, do_prefetch, sched_role_array(r, s->ops[1]->text),
                  distance);
}
