/* ops_version.c — handler of loop.specialize (transforms/specialize.c):
 *
 *   %fast, %other = loop.specialize %j "n % 16 == 0 && m >= %min"
 *
 * The condition (parsed by the checker: sched_cond_parse) names the
 * kernel's integer parameters bare and the sequence's parameters with %;
 * each payload loop is versioned on it, the loops of the then-branches
 * bound to the first result, the copies to the second, so that each
 * version gets a schedule of its own (Halide's Func::specialize).  Consumes
 * the operand. */
#include "sched_int.h"
#include "sched_remark.h"

bool sched_op_specialize(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  if (!s->expr) {
    scc_error(r->ctx, s->ops[1]->loc, "loop.specialize: condition not checked");
    return false;
  }
  /* the condition before the operand is consumed (the handles in it, of
   * loops nested in the operand's, stay valid until then) */
  const char *why;
  scc_loc where;
  ir_expr *cond0 = sched_cond_ir(r->ctx, s->expr, r->env, r->k, &why, &where);
  sched_consume(r, s, &h, 1);
  scc_vec thens = {0}, elses = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *t = NULL, *e = NULL;
    if (!l)
      return false;
    if (!cond0) {
      (void)where; /* the message names the culprit; the note, the loop */
      scc_fail(r->ctx, l->loc, "loop.specialize: \"%s\": %s", s->ops[1]->text,
               why);
      return sched_silenceable(r, s);
    }
    ir_expr *cond = j ? ir_expr_clone(r->ctx, cond0, NULL) : cond0;
    if (!sched_xf_done(r, s, xf_specialize(r->ctx, r->k, l, cond, &t, &e)))
      return false;
    scc_buf b = {0};
    ir_print_c_expr(&b, cond);
    sched_remark_applied(r, s,
                         "loop '%s' versioned on %s: the loop runs when it "
                         "holds, a copy of it otherwise",
                         t->u.loop.iv->name, b.data ? b.data : "");
    scc_buf_free(&b);
    scc_vec_push(r->ctx->arena, &thens, t);
    scc_vec_push(r->ctx->arena, &elses, e);
  }
  sched_set_result(r, s, 0, &thens);
  sched_set_result(r, s, 1, &elses);
  return true;
}
