/* hoist.c — loop.hoist: loop-invariant code motion of expressions.
 *
 * Inside `loop` (its whole body, nested loops included), every maximal
 * subexpression that is invariant in the loop and worth a register is
 * computed once before the loop into a new local (`T h = e;`, a vector
 * variable for a vector expression) and replaced by that local.  Structurally
 * equal expressions share one local.
 *  - invariant: reads no variable the loop changes (its iv, the ivs of inner
 *    loops, locals assigned or declared in it), and no element that the
 *    loop writes: an array written in the loop may be read when isl proves
 *    no write in the loop touches the element (dep_access_unwritten: lu's
 *    A[i][k], k < i, in the loop over j >= i writing A[i][j]);
 *  - worth it: an array load, a broadcast, or an arithmetic expression,
 *    cast or call with a floating-point or vector value; integer index
 *    arithmetic is left to the C compiler, and integer division (which may
 *    trap) is never moved;
 *  - expressions under an `if` in the loop or in an inner loop that may
 *    run zero times, assignment targets and loop bounds are not moved.
 * The hoisted code executes even when the loop runs zero times; unless the
 * trip count is a known positive constant, the loop and its hoisted
 * declarations are wrapped in `if (lb < ub)` (`lb > ub` counting down), so
 * no load happens that the original would not do.  The values are computed
 * by the same operations in the same order: the result is bit-identical.
 * *out: the loop (the same node).  Refused (payload untouched): nothing to
 * hoist; a loop that must be guarded (it may not run) whose iv is read
 * after it (xf_final_value_unread: under the guard a loop that does not
 * run no longer assigns lb to its iv).
 * Source: loop-invariant code motion, Aho, Lam, Sethi and Ullman,
 * Compilers: Principles, Techniques, and Tools, 2nd ed., §9.5.
 */
#include "../deps/dep.h"
#include "xf_reg.h"

typedef struct cand {
  ir_expr **slot;
} cand;

typedef struct hoist_state {
  scc_ctx *ctx;
  scc_vec vars, arrays; /* what the loop changes */
  scc_vec slots;        /* ir_expr **: maximal invariant subexpressions */
  ir_node *loop;
  ir_kernel *k;
  dep_access *da;         /* element queries, opened on first use */
  const ir_expr *blocked; /* a load not moved because the loop may write it */
} hoist_state;

typedef struct written_reads {
  hoist_state *s;
  bool ok;
} written_reads;

static void written_cb(ir_expr *e, void *data) {
  written_reads *w = data;
  hoist_state *s = w->s;
  if (!w->ok || e->kind != IR_EXPR_ACCESS ||
      !xfr_vec_has(&s->arrays, e->u.access.array))
    return;
  if (!s->da)
    s->da = dep_access_open(s->ctx, s->k, s->loop);
  w->ok = dep_access_unwritten(s->da, e);
  if (!w->ok && !s->blocked)
    s->blocked = e;
}

/* Invariant in the loop: reads no variable the loop changes, and every
 * load from an array the loop writes reads an element that no write in
 * the loop touches (isl: lu's A[i][k], k < i, in the loop over j >= i
 * that writes A[i][j]). */
static bool invariant(hoist_state *s, ir_expr *e) {
  if (!xfr_invariant(e, &s->vars, NULL))
    return false;
  if (xfr_invariant(e, &s->vars, &s->arrays))
    return true;
  written_reads w = {s, true};
  ir_walk_expr(e, written_cb, &w);
  return w.ok;
}

static bool has_int_div(const ir_expr *e);

static void div_cb(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_DIV || e->u.bin.op == IR_OP_MOD) &&
      ir_type_is_integer(e->type))
    *(bool *)data = true;
}

static bool has_int_div(const ir_expr *e) {
  bool found = false;
  ir_walk_expr((ir_expr *)e, div_cb, &found);
  return found;
}

static bool worth(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_ACCESS:
  case IR_EXPR_BROADCAST:
    return true;
  case IR_EXPR_UNARY:
  case IR_EXPR_BINARY:
  case IR_EXPR_SELECT:
  case IR_EXPR_CAST:
  case IR_EXPR_CALL:
  case IR_EXPR_REDUCE:
    return e->lanes > 1 || ir_type_is_float(e->type);
  default:
    return false;
  }
}

static bool children_are_exprs_only(const ir_expr *e) {
  /* subscripts of an access are index arithmetic: never candidates */
  return e->kind != IR_EXPR_ACCESS;
}

/* Finds maximal hoistable subexpressions of *slot. */
static void visit(hoist_state *s, ir_expr **slot) {
  ir_expr *e = *slot;
  if (!e)
    return;
  if (worth(e) && !has_int_div(e) && invariant(s, e)) {
    scc_vec_push(s->ctx->arena, &s->slots, slot);
    return;
  }
  if (!children_are_exprs_only(e))
    return;
  switch (e->kind) {
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    visit(s, &e->u.un.a);
    break;
  case IR_EXPR_BINARY:
    visit(s, &e->u.bin.a);
    visit(s, &e->u.bin.b);
    break;
  case IR_EXPR_SELECT:
    /* the arms run only when chosen (`p != NULL ? p[i] * w : 0`): a part
     * of one moved before the loop would run whatever the condition */
    visit(s, &e->u.sel.cond);
    break;
  case IR_EXPR_CAST:
    visit(s, &e->u.cast.a);
    break;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      visit(s, &e->u.call.args[i]);
    break;
  case IR_EXPR_SHUFFLE: {
    visit(s, &e->u.shuf.a);
    /* the second operand only when the mask picks from it (a reversal's
     * is a placeholder the emitters do not print: hoisted, it was a
     * variable nothing read, gcc -Wunused-variable; seed 1, kernel 12) */
    bool uses_b = false;
    for (int l = 0; l < e->lanes; l++)
      uses_b |= e->u.shuf.mask[l] >= e->lanes;
    if (uses_b)
      visit(s, &e->u.shuf.b);
    break;
  }
  default:
    break;
  }
}

static bool node_cb(ir_node *n, void *data) {
  hoist_state *s = data;
  switch (n->kind) {
  case IR_NODE_IF:
    return false; /* conditional code: not moved */
  case IR_NODE_ASSIGN:
    visit(s, &n->u.assign.rhs); /* lhs subscripts: index arithmetic */
    return true;
  case IR_NODE_DECL:
    visit(s, &n->u.decl.init);
    return true;
  case IR_NODE_LOOP: {
    /* The loop itself, or an inner loop known to run: code in an inner
     * loop that may run zero times is not moved (it might never execute). */
    int64_t trip;
    return n == s->loop ||
           (ir_loop_const_trip_count(s->ctx, n, &trip) && trip > 0);
  }
  }
  return true;
}

xf_status xf_hoist(scc_ctx *ctx, ir_kernel *k, ir_node *loop, ir_node **out) {
  if (!loop || loop->kind != IR_NODE_LOOP || !loop->in) {
    scc_fail(ctx, loop ? loop->loc : (scc_loc){0},
             "the payload is not a loop of a kernel");
    return XF_SILENCEABLE;
  }
  /* its values would be computed for nobody (an unused variable) */
  if (xf_never_runs(ctx, loop, "loop.hoist", "there is nothing to hoist"))
    return XF_SILENCEABLE;
  hoist_state s = {.ctx = ctx, .k = k};
  xfr_loop_defs(ctx, loop, &s.vars, &s.arrays);
  s.loop = loop;
  ir_walk_block(&loop->u.loop.body, node_cb, &s);
  dep_access_close(s.da);
  if (s.slots.len == 0 && s.blocked) {
    scc_buf b = {0};
    ir_print_c_expr(&b, s.blocked);
    scc_fail(ctx, loop->loc,
             "loop.hoist: nothing in loop '%s' is loop-invariant and worth "
             "hoisting: the load '%s' does not move in the loop, but the "
             "loop may write that element of '%s' (a dependence)",
             xf_iv_name(loop), b.data ? b.data : "",
             s.blocked->u.access.array->name);
    scc_buf_free(&b);
    return XF_SILENCEABLE;
  }
  if (s.slots.len == 0) {
    scc_fail(ctx, loop->loc,
             "loop.hoist: nothing in loop '%s' is loop-invariant and worth "
             "hoisting (no invariant load or floating-point computation)",
             xf_iv_name(loop));
    return XF_SILENCEABLE;
  }
  ir_loop *l = &loop->u.loop;
  ir_node *anchor = loop;
  int64_t trip;
  bool guarded = !(ir_loop_const_trip_count(ctx, loop, &trip) && trip > 0);
  /* a loop that does not run still assigns lb to its iv; under the guard
   * it would not */
  if (guarded &&
      !xf_final_value_unread(
          ctx, k, loop, l->iv,
          scc_arena_printf(ctx->arena, "loop.hoist of '%s'", xf_iv_name(loop))))
    return XF_SILENCEABLE;
  if (guarded) {
    ir_node *guard =
        ir_if_new(ctx,
                  ir_binary(ctx, l->step > 0 ? IR_OP_LT : IR_OP_GT,
                            ir_expr_clone(ctx, l->lb, NULL),
                            ir_expr_clone(ctx, l->ub, NULL), IR_TY_INT),
                  loop->loc);
    ir_replace(loop, guard);
    ir_block_append(&guard->u.ifs.then_body, loop);
  }
  scc_vec done_exprs = {0}, done_vars = {0};
  for (int i = 0; i < s.slots.len; i++) {
    ir_expr **slot = s.slots.items[i];
    ir_var *v = NULL;
    for (int j = 0; j < done_exprs.len && !v; j++)
      if (ir_expr_equal(done_exprs.items[j], *slot))
        v = done_vars.items[j];
    if (!v) {
      ir_expr *e = *slot;
      const char *base =
          e->kind == IR_EXPR_ACCESS
              ? scc_arena_printf(ctx->arena, "%s_h", e->u.access.array->name)
              : "h";
      v = ir_var_new(ctx, k, ir_fresh_name(ctx, k, base), e->type, IR_VAR_LOCAL,
                     loop->loc);
      v->declared_outside = true;
      v->lanes = e->lanes;
      ir_insert_before(anchor, ir_decl_new(ctx, v, e, e->loc));
      scc_vec_push(ctx->arena, &done_exprs, e);
      scc_vec_push(ctx->arena, &done_vars, v);
    }
    ir_expr *ref = ir_var_ref(ctx, v);
    ref->lanes = v->lanes;
    ref->loc = (*slot)->loc;
    *slot = ref;
  }
  *out = loop;
  return XF_OK;
}
