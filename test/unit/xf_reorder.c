/* xf_reorder.c (test) — loop.interchange and loop.reorder. */
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

/* for i < n: for j < uj: for k < n: C[i][j] += A[i][k] * B[k][j]
 * (uj NULL: n).  Loops returned in l[0..2]. */
static void mk_mm(xf_kb *b, ir_expr *uj, ir_node **l) {
  l[0] = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  l[1] = xf_loop(b, b->j, xf_i(b, 0), uj ? uj : xf_v(b, b->n), 1);
  l[2] = xf_loop(b, b->kk, xf_i(b, 0), xf_v(b, b->n), 1);
  l[0]->u.loop.label = "outer";
  ir_expr *rhs =
      xf_bin(b, IR_OP_MUL, xf_at2(b, b->A, xf_v(b, b->i), xf_v(b, b->kk)),
             xf_at2(b, b->B, xf_v(b, b->kk), xf_v(b, b->j)));
  ir_block_append(&l[2]->u.loop.body,
                  xf_assign(b, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                            IR_OP_ADD, rhs));
  ir_block_append(&l[1]->u.loop.body, l[2]);
  ir_block_append(&l[0]->u.loop.body, l[1]);
  ir_block_append(&b->k->body, l[0]);
}

static const int64_t ns[] = {0, 1, 7, 33, 100};

static void test_interchange(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  ir_node *lo[3], *l[3], *a, *b;
  mk_mm(&o, NULL, lo);
  mk_mm(&t, NULL, l);
  assert_int_equal(xf_interchange(ctx, t.k, l[0], l[2], &a, &b), XF_OK);
  assert_ptr_equal(a, l[0]);
  assert_ptr_equal(b, l[2]);
  /* k { j { i { S } } } */
  assert_ptr_equal(t.k->body.first, l[2]);
  assert_ptr_equal(ir_loop_only_child_loop(l[2]), l[1]);
  assert_ptr_equal(ir_loop_only_child_loop(l[1]), l[0]);
  assert_int_equal(l[0]->u.loop.body.first->kind, IR_NODE_ASSIGN);
  assert_ptr_equal(l[0]->u.loop.body.first->in, &l[0]->u.loop.body);
  assert_string_equal(l[0]->u.loop.label, "outer");
  assert_true(ir_verify_kernel(ctx, t.k, "loop.interchange"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
  /* adjacent loops, given inner first */
  assert_int_equal(xf_interchange(ctx, t.k, l[0], l[1], &a, &b), XF_OK);
  assert_ptr_equal(ir_loop_only_child_loop(l[2]), l[0]);
  assert_ptr_equal(ir_loop_only_child_loop(l[0]), l[1]);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.interchange"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

/* Triangular: j <= i.  Adjacent i and j exchange their bounds (j from 0
 * to n - 1 outside, i from j to n - 1 inside): the same points. */
static void test_interchange_triangular(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  ir_node *lo[3], *l[3], *a, *b;
  mk_mm(&o, xf_bin(&o, IR_OP_ADD, xf_v(&o, o.i), xf_i(&o, 1)), lo);
  mk_mm(&t, xf_bin(&t, IR_OP_ADD, xf_v(&t, t.i), xf_i(&t, 1)), l);
  assert_int_equal(xf_interchange(ctx, t.k, l[0], l[1], &a, &b), XF_OK);
  assert_ptr_equal(t.k->body.first, l[1]);
  assert_ptr_equal(ir_loop_only_child_loop(l[1]), l[0]);
  assert_false(ir_expr_uses_var(l[1]->u.loop.lb, t.i));
  assert_false(ir_expr_uses_var(l[1]->u.loop.ub, t.i));
  assert_true(ir_expr_uses_var(l[0]->u.loop.lb, t.j));
  assert_true(ir_verify_kernel(ctx, t.k, "loop.interchange"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
  /* the same by loop.reorder, back to i, j */
  ir_node *order[2] = {l[0], l[1]}, *out[2];
  assert_int_equal(xf_reorder(ctx, t.k, order, 2, out), XF_OK);
  assert_ptr_equal(t.k->body.first, l[0]);
  assert_false(ir_expr_uses_var(l[0]->u.loop.lb, t.j));
  assert_false(ir_expr_uses_var(l[0]->u.loop.ub, t.j));
  assert_true(ir_verify_kernel(ctx, t.k, "loop.reorder"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static void test_reorder(void **state) {
  (void)state;
  int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int p = 0; p < 6; p++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    ir_node *lo[3], *l[3], *want[3], *out[3];
    mk_mm(&o, NULL, lo);
    mk_mm(&t, NULL, l);
    for (int d = 0; d < 3; d++)
      want[d] = l[perms[p][d]];
    assert_int_equal(xf_reorder(ctx, t.k, want, 3, out), XF_OK);
    assert_ptr_equal(t.k->body.first, want[0]);
    assert_ptr_equal(ir_loop_only_child_loop(want[0]), want[1]);
    assert_ptr_equal(ir_loop_only_child_loop(want[1]), want[2]);
    assert_int_equal(want[2]->u.loop.body.first->kind, IR_NODE_ASSIGN);
    for (int d = 0; d < 3; d++)
      assert_ptr_equal(out[d], want[d]);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.reorder"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
}

static void expect_unchanged(xf_kb *t, ir_block *before, const char *msg) {
  assert_non_null(ctx->pending_msg);
  assert_string_equal(ctx->pending_msg, msg);
  assert_true(xf_block_eq(before, &t->k->body));
  scc_fail_clear(ctx);
}

static void test_refused(void **state) {
  (void)state;
  /* j's bound reads i: i cannot move inside j, past j (only two adjacent
   * loops have their bounds exchanged) */
  xf_kb t = xf_kb_new(ctx);
  ir_node *l[3], *a, *b, *out[3];
  mk_mm(&t, xf_bin(&t, IR_OP_ADD, xf_v(&t, t.i), xf_i(&t, 1)), l);
  ir_block *before = xf_snapshot(ctx, &t.k->body);
  assert_int_equal(xf_interchange(ctx, t.k, l[0], l[2], &a, &b),
                   XF_SILENCEABLE);
  expect_unchanged(&t, before,
                   "bounds of loop 'j' depend on 'i', which would move "
                   "inside it");
  ir_node *order[3] = {l[2], l[1], l[0]};
  assert_int_equal(xf_reorder(ctx, t.k, order, 3, out), XF_SILENCEABLE);
  expect_unchanged(&t, before,
                   "bounds of loop 'j' depend on 'i', which would move "
                   "inside it");
  /* reorder of loops that are not one band */
  ir_node *two[2] = {l[0], l[0]};
  assert_int_equal(xf_reorder(ctx, t.k, two, 2, out), XF_SILENCEABLE);
  expect_unchanged(&t, before,
                   "loop 'i' is not part of the perfect band of 2 loops at "
                   "loop 'i' (or is given twice)");
  /* not perfectly nested: a statement next to k */
  ir_block_append(&l[1]->u.loop.body,
                  xf_assign(&t, xf_at1(&t, t.x, xf_v(&t, t.j)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  before = xf_snapshot(ctx, &t.k->body);
  assert_int_equal(xf_interchange(ctx, t.k, l[0], l[2], &a, &b),
                   XF_SILENCEABLE);
  expect_unchanged(&t, before,
                   "loops 'i' and 'k' are not a perfect band: the body of "
                   "loop 'j' is not a single loop");
  /* loops that are not nested */
  xf_kb s = xf_kb_new(ctx);
  ir_node *p[3], *q[3];
  mk_mm(&s, NULL, p);
  mk_mm(&s, NULL, q);
  before = xf_snapshot(ctx, &s.k->body);
  assert_int_equal(xf_interchange(ctx, s.k, p[0], q[1], &a, &b),
                   XF_SILENCEABLE);
  expect_unchanged(&s, before,
                   "loops 'i' and 'j' are not nested in each other");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_interchange, setup, teardown),
      cmocka_unit_test_setup_teardown(test_interchange_triangular, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_reorder, setup, teardown),
      cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
