/* xf_unroll.c (test) — loop.unroll: full and by a factor, constant and
 * symbolic bounds, both step directions, refusals. */
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

static const int64_t ns[] = {-5, 0, 1, 2, 3, 31, 32, 33, 100, 250};

static void test_full(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_mk_rec(&o, xf_i(&o, 0), xf_i(&o, 4), 1);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 4), 1);
  int id = l->u.loop.body.first->u.assign.id;
  ir_node *m = l, *r = l;
  assert_int_equal(xf_unroll(ctx, t.k, l, 0, &m, &r), XF_OK);
  assert_null(m);
  assert_null(r);
  assert_int_equal(ir_block_len(&t.k->body), 4);
  int64_t want = 9;
  for (ir_node *p = t.k->body.first; p; p = p->next, want++) {
    assert_int_equal(p->kind, IR_NODE_ASSIGN);
    assert_int_equal(p->u.assign.id, id);
    assert_int_equal(xf_cval(ctx, p->u.assign.lhs->u.access.idx[0]), want);
  }
  assert_true(ir_verify_kernel(ctx, t.k, "loop.unroll"));
  assert_true(xf_same(&o, &t, 0));

  /* counting down by 2: 10, 8, ..., 2 */
  xf_kb o2 = xf_kb_new(ctx), t2 = xf_kb_new(ctx);
  xf_mk_rec(&o2, xf_i(&o2, 10), xf_i(&o2, 0), -2);
  l = xf_mk_rec(&t2, xf_i(&t2, 10), xf_i(&t2, 0), -2);
  assert_int_equal(xf_unroll(ctx, t2.k, l, 0, &m, &r), XF_OK);
  assert_int_equal(ir_block_len(&t2.k->body), 5);
  assert_int_equal(xf_cval(ctx, t2.k->body.last->u.assign.lhs->u.access.idx[0]),
                   10);
  assert_true(xf_same(&o2, &t2, 0));

  /* symbolic bounds a constant apart: n - 3 .. n, iv := n - 3 + t */
  xf_kb o3 = xf_kb_new(ctx), t3 = xf_kb_new(ctx);
  xf_mk_rec(&o3, xf_bin(&o3, IR_OP_SUB, xf_v(&o3, o3.n), xf_i(&o3, 3)),
            xf_v(&o3, o3.n), 1);
  l = xf_mk_rec(&t3, xf_bin(&t3, IR_OP_SUB, xf_v(&t3, t3.n), xf_i(&t3, 3)),
                xf_v(&t3, t3.n), 1);
  assert_int_equal(xf_unroll(ctx, t3.k, l, 0, &m, &r), XF_OK);
  assert_int_equal(ir_block_len(&t3.k->body), 3);
  assert_true(ir_verify_kernel(ctx, t3.k, "loop.unroll"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    if (!xf_same(&o3, &t3, ns[q]))
      fail_msg("n - 3 .. n fully unrolled differs for n = %lld",
               (long long)ns[q]);

  /* an empty loop disappears */
  xf_kb e = xf_kb_new(ctx);
  l = xf_mk_rec(&e, xf_i(&e, 5), xf_i(&e, 5), 1);
  assert_int_equal(xf_unroll(ctx, e.k, l, 0, &m, &r), XF_OK);
  assert_true(ir_block_empty(&e.k->body));
}

static void test_factor_constant(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_mk_rec(&o, xf_i(&o, 0), xf_i(&o, 10), 1);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 10), 1), *m, *r;
  assert_int_equal(xf_unroll(ctx, t.k, l, 4, &m, &r), XF_OK);
  assert_ptr_equal(m, l);
  assert_int_equal(xf_cval(ctx, m->u.loop.ub), 8);
  assert_int_equal(m->u.loop.step, 4);
  assert_int_equal(ir_block_len(&m->u.loop.body), 4);
  ir_node *s1 = m->u.loop.body.first->next;
  assert_string_equal(xf_cstr(ctx, s1->u.assign.lhs->u.access.idx[0]),
                      "i + 10");
  assert_string_equal(
      xf_cstr(ctx, m->u.loop.body.last->u.assign.lhs->u.access.idx[0]),
      "i + 12");
  assert_non_null(r);
  assert_ptr_equal(m->next, r);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 8);
  assert_int_equal(xf_cval(ctx, r->u.loop.ub), 10);
  assert_int_equal(r->u.loop.step, 1);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.unroll"));
  assert_true(xf_same(&o, &t, 0));

  /* 4 divides 12: no remainder loop */
  xf_kb u = xf_kb_new(ctx);
  l = xf_mk_rec(&u, xf_i(&u, 0), xf_i(&u, 12), 1);
  assert_int_equal(xf_unroll(ctx, u.k, l, 4, &m, &r), XF_OK);
  assert_null(r);
  assert_int_equal(ir_block_len(&u.k->body), 1);

  /* factor 1: no-op */
  xf_kb w = xf_kb_new(ctx);
  l = xf_mk_rec(&w, xf_i(&w, 0), xf_i(&w, 12), 1);
  ir_block *before = xf_snapshot(ctx, &w.k->body);
  assert_int_equal(xf_unroll(ctx, w.k, l, 1, &m, &r), XF_OK);
  assert_ptr_equal(m, l);
  assert_null(r);
  assert_true(xf_block_eq(before, &w.k->body));
}

typedef struct bounds {
  int lb_kind, ub_kind; /* 0: constant c, 1: n, 2: n - 3 */
  int64_t lb, ub, step;
} bounds;

static ir_expr *bound(xf_kb *b, int kind, int64_t c) {
  if (kind == 0)
    return xf_i(b, c);
  if (kind == 1)
    return xf_v(b, b->n);
  return xf_bin(b, IR_OP_SUB, xf_v(b, b->n), xf_i(b, 3));
}

static void test_factor_symbolic(void **state) {
  (void)state;
  const bounds cases[] =
      {
          {0, 1, 0, 0, 1},   {0, 1, 5, 0, 2},   {2, 1, 0, 0, 1},
          {1, 0, 0, 200, 3}, {1, 0, 0, -1, -1}, {1, 2, 0, 0, -2},
          {0, 1, 7, 0, -1}, /* counting down to n from 7 */
      };
  const int64_t factors[] = {2, 3, 4, 8};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (size_t f = 0; f < sizeof factors / sizeof factors[0]; f++) {
      const bounds *bc = &cases[c];
      xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
      xf_mk_rec(&o, bound(&o, bc->lb_kind, bc->lb),
                bound(&o, bc->ub_kind, bc->ub), bc->step);
      ir_node *l = xf_mk_rec(&t, bound(&t, bc->lb_kind, bc->lb),
                             bound(&t, bc->ub_kind, bc->ub), bc->step);
      ir_node *m, *r;
      /* n - 3 .. n runs 3 times whatever n is: no remainder when F | 3 */
      int64_t trip;
      bool exact =
          ir_loop_const_trip_count(ctx, l, &trip) && trip % factors[f] == 0;
      assert_int_equal(xf_unroll(ctx, t.k, l, factors[f], &m, &r), XF_OK);
      assert_int_equal(m->u.loop.step, factors[f] * bc->step);
      if (exact)
        assert_null(r);
      else
        assert_non_null(r);
      assert_true(ir_verify_kernel(ctx, t.k, "loop.unroll"));
      for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
        if (!xf_same(&o, &t, ns[q]))
          fail_msg("case %zu factor %lld n %lld", c, (long long)factors[f],
                   (long long)ns[q]);
      }
    }
}

static void test_unroll_outer_of_nest(void **state) {
  (void)state;
  /* for i < n: for j < n: C[i][j] = C[i][j] * 0.5 + A[i][j], i unrolled
   * by 3: the copies of the j loop share the iv j */
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_kb *bs[2] = {&o, &t};
  ir_node *outer = NULL;
  for (int q = 0; q < 2; q++) {
    xf_kb *b = bs[q];
    ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
    ir_node *lj = xf_loop(b, b->j, xf_i(b, 0), xf_v(b, b->n), 1);
    ir_expr *rhs = xf_bin(b, IR_OP_ADD,
                          xf_bin(b, IR_OP_MUL,
                                 xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                                 ir_fp(ctx, IR_TY_DOUBLE, 0.5, "0.5")),
                          xf_at2(b, b->A, xf_v(b, b->j), xf_v(b, b->i)));
    ir_block_append(&lj->u.loop.body,
                    xf_assign(b, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                              IR_OP_NONE, rhs));
    ir_block_append(&li->u.loop.body, lj);
    ir_block_append(&b->k->body, li);
    outer = li;
  }
  ir_node *m, *r;
  assert_int_equal(xf_unroll(ctx, t.k, outer, 3, &m, &r), XF_OK);
  assert_int_equal(ir_block_len(&m->u.loop.body), 3);
  assert_ptr_equal(m->u.loop.body.last->u.loop.iv, t.j);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.unroll"));
  for (size_t q = 0; q < 8; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static void expect_refused(xf_kb *t, ir_node *l, int64_t factor,
                           const char *msg) {
  ir_block *before = xf_snapshot(ctx, &t->k->body);
  int count = xf_count_nodes(&t->k->body);
  ir_node *m = NULL, *r = NULL;
  assert_int_equal(xf_unroll(ctx, t->k, l, factor, &m, &r), XF_SILENCEABLE);
  assert_non_null(ctx->pending_msg);
  assert_string_equal(ctx->pending_msg, msg);
  assert_true(xf_block_eq(before, &t->k->body));
  assert_int_equal(count, xf_count_nodes(&t->k->body));
  scc_fail_clear(ctx);
}

static void test_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_v(&t, t.n), 1);
  expect_refused(&t, l, 0,
                 "loop 'i' has a non-constant trip count and cannot be fully "
                 "unrolled");
  expect_refused(&t, l, -1,
                 "loop 'i' cannot be unrolled by -1: the factor must be "
                 "between 1 and 1024 (or full)");
  xf_kb u = xf_kb_new(ctx);
  l = xf_mk_rec(&u, xf_i(&u, 0), xf_i(&u, 2000), 1);
  expect_refused(&u, l, 0,
                 "loop 'i' has 2000 iterations: full unrolling is limited to "
                 "1024");
  /* a body declaring a scalar */
  xf_kb d = xf_kb_new(ctx);
  l = xf_mk_rec(&d, xf_i(&d, 0), xf_i(&d, 8), 1);
  ir_var *tmp =
      ir_var_new(ctx, d.k, "tmp", IR_TY_DOUBLE, IR_VAR_LOCAL, (scc_loc){0});
  tmp->declared_outside = true;
  ir_insert_before(l->u.loop.body.first,
                   ir_decl_new(ctx, tmp, ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0"),
                               (scc_loc){0}));
  /* at the top level of a scop region, a full unroll would leave the
   * copies' declarations visible after it */
  d.k->form = IR_KERNEL_SCOP;
  expect_refused(&d, l, 0,
                 "loop 'i' cannot be fully unrolled: its body declares 'tmp' "
                 "and the loop is at the top level of the kernel region");
  /* unrolled by 2: each copy declares its own variable (tmp, tmp1) */
  ir_node *m = NULL, *r = NULL;
  assert_int_equal(xf_unroll(ctx, d.k, l, 2, &m, &r), XF_OK);
  const ir_node *d0 = m->u.loop.body.first;
  assert_int_equal(d0->kind, IR_NODE_DECL);
  assert_ptr_equal(d0->u.decl.var, tmp);
  const ir_node *d1 = d0;
  while (d1->next && d1->next->kind != IR_NODE_DECL)
    d1 = d1->next;
  assert_non_null(d1->next);
  assert_string_equal(d1->next->u.decl.var->name, "tmp1");
  assert_true(ir_verify_kernel(ctx, d.k, "loop.unroll"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_full, setup, teardown),
      cmocka_unit_test_setup_teardown(test_factor_constant, setup, teardown),
      cmocka_unit_test_setup_teardown(test_factor_symbolic, setup, teardown),
      cmocka_unit_test_setup_teardown(test_unroll_outer_of_nest, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
