/* ops_generic.c — the handler of every transform in the generic form (an
 * ops.def row written SCHED_XF, a transforms/ function of type xf_loop_fn):
 * the op's attributes (number or string values, flags) and string operands
 * become an xf_args; the transform runs on each payload loop of the first
 * handle operand, which is consumed when the row says so; its remark (or
 * "applied to loop 'i'") is printed under -v; the loops it returns are
 * bound to the first result.  A new transform of one loop needs no code
 * here (docs/architecture.md, "Adding a transform"). */
#include "sched_int.h"

/* The transform of each SCHED_XF row (NULL for the other ops). */
static const xf_loop_fn xf_of[SCHED_NOPS] = {
#define SCHED_OP(...)
#define SCHED_XF(id, name, fn, ...) [SCHED_OP_##id] = fn,
#include "ops.def"
#undef SCHED_XF
#undef SCHED_OP
};

bool sched_op_generic(sched_run *r, const sched_stmt *s) {
  const sched_opdef *d = &sched_ops[s->op];
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  scc_arena *ar = r->ctx->arena;
  int na = s->nattrs, nops = 0;
  const char **keys = scc_arena_alloc(ar, sizeof *keys * (size_t)(na + 1));
  const char **strs = scc_arena_alloc(ar, sizeof *strs * (size_t)(na + 1));
  int64_t *nums = scc_arena_alloc(ar, sizeof *nums * (size_t)(na + 1));
  for (int i = 0; i < na; i++) {
    const sched_attr *a = &s->attrs[i];
    keys[i] = a->key;
    strs[i] =
        a->has_value && a->value.kind == SCHED_I_STRING ? a->value.text : NULL;
    nums[i] = a->has_value && !strs[i] ? sched_get_num(r, &a->value) : 0;
  }
  const char **opnds =
      scc_arena_alloc(ar, sizeof *opnds * (size_t)(s->nops + 1));
  for (int i = 1; i < s->nops; i++)
    if (s->ops[i]->kind == SCHED_I_STRING)
      opnds[nops++] = s->ops[i]->text;
  if (d->consumes & 1)
    sched_consume(r, s, &h, 1);
  scc_vec outs = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *out = NULL;
    xf_args args = {na, keys, nums, strs, nops, opnds, NULL};
    if (!l || !sched_xf_done(r, s, xf_of[s->op](r->ctx, r->k, l, &args, &out)))
      return false;
    if (args.remark)
      sched_remark_applied(r, s, "%s", args.remark);
    else
      sched_remark_applied(
          r, s, "applied to loop '%s'",
          out && out->kind == IR_NODE_LOOP ? out->u.loop.iv->name : "?");
    scc_vec_push(ar, &outs, out);
  }
  sched_set_result(r, s, 0, &outs);
  return true;
}
