/* ops_scalar.c — handler of loop.expand_scalar (scalar expansion,
 * transforms/expand_scalar.c): applies it to every payload loop of the
 * operand handle, which stays valid (the loop is rewritten in place), and
 * binds the same loops to the optional result. */
#include "sched_int.h"

bool sched_op_expand_scalar(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  scc_vec outs = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *out = NULL;
    if (!l ||
        !sched_xf_done(
            r, s, xf_expand_scalar(r->ctx, r->k, l, s->ops[1]->text, &out)))
      return false;
    sched_remark_applied(r, s,
                         "'%s' expanded into an array indexed by '%s' (one "
                         "element per iteration)",
                         s->ops[1]->text, out->u.loop.iv->name);
    scc_vec_push(r->ctx->arena, &outs, out);
  }
  sched_set_result(r, s, 0, &outs);
  return true;
}
