/* ir_affine.c (test) — affine forms, integer simplification, trip counts,
 * indexing maps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "xf_eval.h"

static scc_ctx *ctx;
static xf_kb kb;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  kb = xf_kb_new(ctx);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  scc_ctx_free(ctx);
  return 0;
}

#define V(v) xf_v(&kb, kb.v)
#define C(c) xf_i(&kb, c)
#define B(op, x, y) xf_bin(&kb, IR_OP_##op, x, y)

static void test_canonical_affine(void **state) {
  (void)state;
  /* j + 1 + 2*i - 2  ->  2 * i + j - 1 */
  ir_expr *e = B(SUB, B(ADD, B(ADD, V(j), C(1)), B(MUL, C(2), V(i))), C(2));
  ir_expr *s = ir_simplify(ctx, e);
  assert_string_equal(xf_cstr(ctx, s), "2 * i + j - 1");
  assert_string_equal(xf_cstr(ctx, ir_add_const(ctx, V(i), 32)), "i + 32");
  /* i - i + 3 folds to a constant */
  int64_t v;
  assert_true(ir_expr_const_value(ctx, B(ADD, B(SUB, V(i), V(i)), C(3)), &v));
  assert_int_equal(v, 3);
  /* -(i) + 5 and i * 3 * 2 */
  assert_string_equal(xf_cstr(ctx, ir_sub(ctx, C(5), V(i))), "-i + 5");
  assert_string_equal(
      xf_cstr(ctx, ir_mul_const(ctx, ir_mul_const(ctx, V(i), 3), 2)), "6 * i");
  assert_string_equal(xf_cstr(ctx, ir_add(ctx, C(2), C(3))), "5");
  /* a positive term goes first: j - i + 1, not -i + j + 1 */
  assert_string_equal(
      xf_cstr(ctx, ir_add_const(ctx, ir_sub(ctx, V(j), V(i)), 1)), "j - i + 1");
  assert_string_equal(xf_cstr(ctx, ir_sub(ctx, ir_sub(ctx, V(j), V(i)), V(kk))),
                      "j - i - k");
}

static void test_min_max_div(void **state) {
  (void)state;
  assert_int_equal(xf_cval(ctx, ir_min(ctx, C(5), C(3))), 3);
  assert_int_equal(xf_cval(ctx, ir_max(ctx, C(5), C(3))), 5);
  ir_expr *x = ir_add_const(ctx, V(i), 4);
  assert_string_equal(xf_cstr(ctx, ir_min(ctx, x, ir_add_const(ctx, V(i), 4))),
                      "i + 4");
  /* min(i + 4, i + 1) = i + 1; max = i + 4 */
  assert_string_equal(xf_cstr(ctx, ir_min(ctx, x, ir_add_const(ctx, V(i), 1))),
                      "i + 1");
  assert_string_equal(xf_cstr(ctx, ir_max(ctx, x, ir_add_const(ctx, V(i), 1))),
                      "i + 4");
  /* min(i, n) stays */
  ir_expr *m = ir_min(ctx, V(i), V(n));
  assert_int_equal(m->kind, IR_EXPR_BINARY);
  assert_int_equal(m->u.bin.op, IR_OP_MIN);
  /* floordiv / ceildiv of constants round toward -inf / +inf */
  assert_int_equal(xf_cval(ctx, ir_floordiv(ctx, C(-7), 2)), -4);
  assert_int_equal(xf_cval(ctx, ir_ceildiv(ctx, C(-7), 2)), -3);
  assert_int_equal(xf_cval(ctx, ir_floordiv(ctx, C(7), 2)), 3);
  assert_int_equal(xf_cval(ctx, ir_ceildiv(ctx, C(7), 2)), 4);
  /* (32*n + 5) floordiv 32 = n; n floordiv 1 = n; n floordiv 32 stays */
  ir_expr *f =
      ir_floordiv(ctx, ir_add_const(ctx, ir_mul_const(ctx, V(n), 32), 5), 32);
  assert_string_equal(xf_cstr(ctx, f), "n");
  assert_string_equal(xf_cstr(ctx, ir_floordiv(ctx, V(n), 1)), "n");
  ir_expr *g = ir_floordiv(ctx, V(n), 32);
  assert_int_equal(g->kind, IR_EXPR_BINARY);
  assert_int_equal(g->u.bin.op, IR_OP_FLOORDIV);
  /* atoms combine: fd + fd - fd */
  ir_expr *h = ir_sub(ctx, ir_add(ctx, g, g), g);
  assert_int_equal(h->kind, IR_EXPR_BINARY);
  assert_int_equal(h->u.bin.op, IR_OP_FLOORDIV);
}

static void test_types_and_floats(void **state) {
  (void)state;
  ir_var *l =
      ir_var_new(ctx, kb.k, "len", IR_TY_LONG, IR_VAR_PARAM, (scc_loc){0});
  ir_expr *e = ir_add_const(ctx, ir_var_ref(ctx, l), 1);
  assert_int_equal(e->type, IR_TY_LONG);
  assert_int_equal(ir_add(ctx, V(i), C(1))->type, IR_TY_INT);
  /* floating point is never touched */
  ir_expr *fp = B(ADD,
                  B(ADD, ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0"),
                    ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0")),
                  xf_at1(&kb, kb.x, V(i)));
  assert_ptr_equal(ir_simplify(ctx, fp), fp);
  int64_t v;
  assert_false(ir_expr_const_value(ctx, fp, &v));
  /* -1 < 1u is false in C: not folded as a signed comparison */
  ir_expr *one_u = ir_int(ctx, 1);
  one_u->type = IR_TY_UINT;
  assert_false(ir_expr_const_value(
      ctx, ir_binary(ctx, IR_OP_LT, ir_int(ctx, -1), one_u, IR_TY_INT), &v));
  assert_true(ir_expr_const_value(
      ctx, ir_binary(ctx, IR_OP_LT, ir_int(ctx, -1), ir_int(ctx, 1), IR_TY_INT),
      &v));
  assert_int_equal(v, 1);
}

static void test_to_affine(void **state) {
  (void)state;
  ir_affine a;
  /* written j first: terms come out sorted by var id (i before j) */
  ir_expr *e = B(SUB, B(ADD, V(j), B(MUL, V(i), C(2))), C(1));
  assert_true(ir_expr_to_affine(ctx, e, &a));
  assert_int_equal(a.constant, -1);
  assert_int_equal(a.nterms, 2);
  assert_ptr_equal(a.vars[0], kb.i);
  assert_int_equal(a.coefs[0], 2);
  assert_ptr_equal(a.vars[1], kb.j);
  assert_int_equal(a.coefs[1], 1);
  assert_string_equal(xf_cstr(ctx, ir_affine_to_expr(ctx, &a, IR_TY_INT)),
                      "2 * i + j - 1");
  int64_t c;
  assert_true(ir_affine_coef(ctx, e, kb.j, &c));
  assert_int_equal(c, 1);
  assert_true(ir_affine_coef(ctx, e, kb.n, &c));
  assert_int_equal(c, 0);
  assert_false(ir_expr_to_affine(ctx, B(MUL, V(i), V(j)), &a));
  assert_false(ir_expr_to_affine(ctx, ir_floordiv(ctx, V(i), 2), &a));
  assert_false(ir_expr_to_affine(ctx, B(MIN, V(i), V(j)), &a));
  /* i - i is affine with no terms */
  assert_true(ir_expr_to_affine(ctx, B(SUB, V(i), V(i)), &a));
  assert_int_equal(a.nterms, 0);

  ir_affine subs[2];
  ir_expr *acc = xf_at2(&kb, kb.A, B(ADD, V(i), C(1)), V(j));
  assert_true(ir_access_affine(ctx, acc, subs));
  assert_int_equal(subs[0].constant, 1);
  assert_ptr_equal(subs[0].vars[0], kb.i);
  assert_ptr_equal(subs[1].vars[0], kb.j);
  ir_expr *lin = xf_at2(&kb, kb.A, B(MUL, V(i), V(n)), V(j));
  assert_false(ir_access_affine(ctx, lin, subs));
}

static int64_t trip(int64_t lb, int64_t ub, int64_t step) {
  ir_node *l = xf_loop(&kb, kb.i, C(lb), C(ub), step);
  int64_t n = -1;
  assert_true(ir_loop_const_trip_count(ctx, l, &n));
  return n;
}

static void test_trip_count(void **state) {
  (void)state;
  assert_int_equal(trip(0, 196, 1), 196);
  assert_int_equal(trip(0, 10, 3), 4);
  assert_int_equal(trip(0, 9, 3), 3);
  assert_int_equal(trip(5, 5, 1), 0);
  assert_int_equal(trip(10, 0, 1), 0);
  assert_int_equal(trip(9, -1, -1), 10);
  assert_int_equal(trip(10, 0, -2), 5);
  assert_int_equal(trip(0, 10, -1), 0);
  int64_t n;
  ir_node *l = xf_loop(&kb, kb.i, C(0), V(n), 1);
  assert_false(ir_loop_const_trip_count(ctx, l, &n));
  /* bounds that fold: (n - n + 8) */
  ir_node *l2 = xf_loop(&kb, kb.i, C(0), B(ADD, B(SUB, V(n), V(n)), C(8)), 2);
  assert_true(ir_loop_const_trip_count(ctx, l2, &n));
  assert_int_equal(n, 4);
  /* symbolic bounds a constant apart: n .. n + 32 step 16, and down */
  ir_node *l3 = xf_loop(&kb, kb.i, V(n), B(ADD, V(n), C(32)), 16);
  assert_true(ir_loop_const_trip_count(ctx, l3, &n));
  assert_int_equal(n, 2);
  ir_node *l4 = xf_loop(&kb, kb.i, B(ADD, V(n), C(9)), B(SUB, V(n), C(1)), -1);
  assert_true(ir_loop_const_trip_count(ctx, l4, &n));
  assert_int_equal(n, 10);
  /* min(n + 32, 500) - n is not a constant */
  ir_node *l5 =
      xf_loop(&kb, kb.i, V(n), B(MIN, B(ADD, V(n), C(32)), C(500)), 1);
  assert_false(ir_loop_const_trip_count(ctx, l5, &n));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_canonical_affine, setup, teardown),
      cmocka_unit_test_setup_teardown(test_min_max_div, setup, teardown),
      cmocka_unit_test_setup_teardown(test_types_and_floats, setup, teardown),
      cmocka_unit_test_setup_teardown(test_to_affine, setup, teardown),
      cmocka_unit_test_setup_teardown(test_trip_count, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
