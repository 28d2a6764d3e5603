/* specialize.c — loop.specialize %l "cond": versions a loop on a condition
 * over the kernel's parameters, so that each version is scheduled on its
 * own (Halide's Func::specialize; index-set splitting on a run-time
 * condition):
 *
 *   for (j ...) body        if (n % 16 == 0 && m >= 64)
 *                     =>      for (j ...) body      <- %then
 *                           else
 *                             for (j ...) body      <- %else (a copy)
 *
 * The condition is evaluated once, where the loop starts, and reads only
 * the kernel's integer parameters (scalars the kernel never writes) and
 * constants, so it has the same value wherever it could be placed and
 * either version computes what the loop computes: no dependence can be
 * violated and none is asked.  The loop moves into the then-branch (its
 * handles, and those of loops inside it, stay valid); the else-branch
 * holds a copy whose declarations are renamed and whose label is dropped.
 * The condition's arithmetic comes in long (sched_cond_ir: integer casts are
 * the only other node taken).  Inside the then-branch, isl's dependence
 * analysis sees the condition as part of every statement's iteration domain (an
 * affine or quasi-affine condition: `n % 16 == 0`), and xf_known_multiple
 * (xf_util.c) lets loop.vectorize and loop.tile use a conjunct `e % c == 0` as
 * the fact that a loop of e iterations needs no remainder.  Refused: a payload
 * that is not a loop of the kernel, a condition reading anything else. Source:
 * Halide, "Func::specialize" (Ragan-Kelley et al., PLDI 2013, and the Halide
 * documentation); versioning: Allen & Kennedy, Optimizing Compilers for Modern
 * Architectures, 2001, §7.3.
 */
#include "xf_util.h"

typedef struct cond_check {
  const ir_var *bad;
  bool other; /* a load, a call, a float */
} cond_check;

static void cond_cb(ir_expr *e, void *data) {
  cond_check *c = data;
  if (e->kind == IR_EXPR_VAR) {
    if (!c->bad &&
        (e->u.var->kind != IR_VAR_PARAM || !ir_type_is_integer(e->u.var->type)))
      c->bad = e->u.var;
  } else if (e->kind != IR_EXPR_INT && e->kind != IR_EXPR_BINARY &&
             e->kind != IR_EXPR_UNARY &&
             !(e->kind == IR_EXPR_CAST && ir_type_is_integer(e->type))) {
    c->other = true;
  }
}

xf_status xf_specialize(scc_ctx *ctx, ir_kernel *k, ir_node *loop,
                        ir_expr *cond, ir_node **then_out, ir_node **else_out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "loop.specialize: the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  cond_check c = {NULL, false};
  ir_walk_expr(cond, cond_cb, &c);
  if (c.bad || c.other) {
    scc_fail(ctx, loop->loc,
             "loop.specialize: the condition %s%s%s; it may read only the "
             "kernel's integer parameters and constants",
             c.bad ? "reads '" : "loads, calls or is not integer",
             c.bad ? c.bad->name : "", c.bad ? "'" : "");
    return XF_SILENCEABLE;
  }
  ir_node *copy = ir_node_clone(ctx, loop, NULL);
  xf_rename_node_decls(ctx, k, copy);
  copy->u.loop.label = NULL;
  ir_node *branch = ir_if_new(ctx, cond, loop->loc);
  ir_insert_before(loop, branch);
  ir_remove(loop);
  ir_block_append(&branch->u.ifs.then_body, loop);
  ir_block_append(&branch->u.ifs.else_body, copy);
  *then_out = loop;
  *else_out = copy;
  return XF_OK;
}
