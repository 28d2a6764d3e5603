/* xf_split.c (test) — loop.split: structure and semantics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "transforms/xf.h"
#include "xf_eval.h"

static scc_ctx *ctx;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  scc_ctx_free(ctx);
  return 0;
}

static const int64_t ns[] = {-5, 0, 1, 31, 32, 33, 100, 196, 250};

static void test_split_constant(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_mk_rec(&o, xf_i(&o, 0), xf_i(&o, 196), 1);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 196), 1);
  ir_node *m = NULL, *r = NULL;
  assert_int_equal(xf_split(ctx, t.k, l, 32, &m, &r), XF_OK);
  assert_ptr_equal(m, l);
  assert_ptr_equal(m->next, r);
  assert_ptr_equal(r->u.loop.iv, t.i);
  assert_int_equal(xf_cval(ctx, m->u.loop.lb), 0);
  assert_int_equal(xf_cval(ctx, m->u.loop.ub), 192);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 192);
  assert_int_equal(xf_cval(ctx, r->u.loop.ub), 196);
  assert_int_equal(r->u.loop.step, 1);
  assert_int_equal(ir_block_len(&r->u.loop.body), 1);
  /* the clone keeps the statement id */
  assert_int_equal(r->u.loop.body.first->u.assign.id,
                   m->u.loop.body.first->u.assign.id);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.split"));
  assert_true(xf_same(&o, &t, 0));
}

static void test_split_exact_and_step(void **state) {
  (void)state;
  /* 192 by 32: the rest exists but is empty */
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 192), 1);
  ir_node *m, *r;
  assert_int_equal(xf_split(ctx, t.k, l, 32, &m, &r), XF_OK);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 192);
  assert_int_equal(xf_cval(ctx, r->u.loop.ub), 192);
  /* step 3 over [0, 10) by 2: main [0, 6) (2 iterations), rest [6, 10) */
  xf_kb o = xf_kb_new(ctx), u = xf_kb_new(ctx);
  xf_mk_rec(&o, xf_i(&o, 0), xf_i(&o, 10), 3);
  l = xf_mk_rec(&u, xf_i(&u, 0), xf_i(&u, 10), 3);
  assert_int_equal(xf_split(ctx, u.k, l, 2, &m, &r), XF_OK);
  assert_int_equal(xf_cval(ctx, m->u.loop.ub), 6);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 6);
  assert_int_equal(r->u.loop.step, 3);
  assert_true(xf_same(&o, &u, 0));
  /* empty constant loop [10, 4): both parts empty, rest starts at 10 */
  xf_kb e = xf_kb_new(ctx);
  l = xf_mk_rec(&e, xf_i(&e, 10), xf_i(&e, 4), 1);
  assert_int_equal(xf_split(ctx, e.k, l, 4, &m, &r), XF_OK);
  assert_int_equal(xf_cval(ctx, m->u.loop.ub), 10);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 10);
}

static void check_symbolic(ir_expr *(*lb)(xf_kb *), ir_expr *(*ub)(xf_kb *),
                           int64_t step, int64_t by) {
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_mk_rec(&o, lb(&o), ub(&o), step);
  ir_node *l = xf_mk_rec(&t, lb(&t), ub(&t), step);
  ir_node *m, *r;
  assert_int_equal(xf_split(ctx, t.k, l, by, &m, &r), XF_OK);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.split"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static ir_expr *zero(xf_kb *b) { return xf_i(b, 0); }
static ir_expr *ten(xf_kb *b) { return xf_i(b, 10); }
static ir_expr *two_hundred(xf_kb *b) { return xf_i(b, 200); }
static ir_expr *par(xf_kb *b) { return xf_v(b, b->n); }
static ir_expr *par_minus_3(xf_kb *b) {
  return xf_bin(b, IR_OP_SUB, xf_v(b, b->n), xf_i(b, 3));
}

static void test_split_symbolic(void **state) {
  (void)state;
  check_symbolic(zero, par, 1, 32);
  check_symbolic(ten, par, 1, 32); /* n < 10: nothing may run */
  check_symbolic(par, two_hundred, 3, 4);
  check_symbolic(par_minus_3, par, 1, 2);
  check_symbolic(ten, par_minus_3, 2, 5);
  /* the split of [0, n) by 32 */
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_v(&t, t.n), 1), *m, *r;
  assert_int_equal(xf_split(ctx, t.k, l, 32, &m, &r), XF_OK);
  assert_ptr_equal(r->u.loop.ub->u.var, t.n);
}

static bool has_op(const ir_expr *e, ir_op op) {
  if (e->kind != IR_EXPR_BINARY)
    return false;
  return e->u.bin.op == op || has_op(e->u.bin.a, op) || has_op(e->u.bin.b, op);
}

static void test_split_unsigned(void **state) {
  (void)state;
  /* for (size_t u = 1; u < m; u++): ub - lb would wrap for m == 0, so the
   * distance is clamped (max(m, 1) - 1) instead of clamping the result */
  xf_kb t = xf_kb_new(ctx);
  ir_var *m =
      ir_var_new(ctx, t.k, "m", IR_TY_ULONG, IR_VAR_PARAM, (scc_loc){0});
  ir_var *u = ir_var_new(ctx, t.k, "u", IR_TY_ULONG, IR_VAR_IV, (scc_loc){0});
  ir_node *l = xf_loop(&t, u, xf_i(&t, 1), ir_var_ref(ctx, m), 1);
  ir_block_append(&l->u.loop.body,
                  xf_assign(&t, xf_at1(&t, t.x, ir_var_ref(ctx, u)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  ir_block_append(&t.k->body, l);
  ir_node *mn, *r;
  assert_int_equal(xf_split(ctx, t.k, l, 8, &mn, &r), XF_OK);
  ir_expr *sp = r->u.loop.lb;
  assert_int_equal(sp->kind, IR_EXPR_BINARY);
  assert_int_equal(sp->u.bin.op, IR_OP_ADD);
  assert_true(has_op(sp, IR_OP_MAX));
  assert_true(has_op(sp, IR_OP_FLOORDIV));
  assert_int_equal(sp->type, IR_TY_ULONG);
}

static void test_split_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 100), 1), *m = NULL,
          *r = NULL;
  ir_block *before = xf_snapshot(ctx, &t.k->body);
  assert_int_equal(xf_split(ctx, t.k, l, 0, &m, &r), XF_SILENCEABLE);
  assert_non_null(ctx->pending_msg);
  assert_non_null(strstr(ctx->pending_msg, "loop 'i'"));
  assert_non_null(strstr(ctx->pending_msg, "at least 1"));
  assert_true(xf_block_eq(before, &t.k->body));
  scc_fail_clear(ctx);

  xf_kb d = xf_kb_new(ctx);
  l = xf_mk_rec(&d, xf_i(&d, 99), xf_i(&d, -1), -1);
  before = xf_snapshot(ctx, &d.k->body);
  assert_int_equal(xf_split(ctx, d.k, l, 4, &m, &r), XF_SILENCEABLE);
  assert_string_equal(ctx->pending_msg,
                      "loop 'i' has a non-positive step (-1): only loops "
                      "counting up can be split");
  assert_true(xf_block_eq(before, &d.k->body));
  assert_int_equal(xf_count_nodes(&d.k->body), 2);
  scc_fail_clear(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_split_constant, setup, teardown),
      cmocka_unit_test_setup_teardown(test_split_exact_and_step, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_split_symbolic, setup, teardown),
      cmocka_unit_test_setup_teardown(test_split_unsigned, setup, teardown),
      cmocka_unit_test_setup_teardown(test_split_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
