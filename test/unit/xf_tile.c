/* xf_tile.c (test) — loop.tile: structure, partial tiles, symbolic and
 * triangular bounds, refusals. */
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

/* for (i = 0; i < ui; i++) for (j = lj; j < uj; j += sj)
 *   C[i][j] = C[i][j] * 0.5 + A[i][j] */
static ir_node *mk_2d(xf_kb *b, ir_expr *ui, ir_expr *lj, ir_expr *uj,
                      int64_t sj) {
  ir_node *li = xf_loop(b, b->i, xf_i(b, 0), ui, 1);
  ir_node *lj_ = xf_loop(b, b->j, lj, uj, sj);
  ir_expr *c = xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j));
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD,
             xf_bin(b, IR_OP_MUL, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                    ir_fp(ctx, IR_TY_DOUBLE, 0.5, "0.5")),
             xf_at2(b, b->A, xf_v(b, b->i), xf_v(b, b->j)));
  ir_block_append(&lj_->u.loop.body, xf_assign(b, c, IR_OP_NONE, rhs));
  ir_block_append(&li->u.loop.body, lj_);
  ir_block_append(&b->k->body, li);
  return li;
}

/* for i < n, for j < n, for k < n: C[i][j] += A[i][k] * B[k][j] */
static ir_node *mk_mm(xf_kb *b) {
  ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lj = xf_loop(b, b->j, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lk = xf_loop(b, b->kk, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_expr *rhs =
      xf_bin(b, IR_OP_MUL, xf_at2(b, b->A, xf_v(b, b->i), xf_v(b, b->kk)),
             xf_at2(b, b->B, xf_v(b, b->kk), xf_v(b, b->j)));
  ir_block_append(&lk->u.loop.body,
                  xf_assign(b, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                            IR_OP_ADD, rhs));
  ir_block_append(&lj->u.loop.body, lk);
  ir_block_append(&li->u.loop.body, lj);
  ir_block_append(&b->k->body, li);
  return li;
}

static const int64_t ns[] = {-5, 0, 1, 31, 32, 33, 100};

static void test_tile_structure(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  mk_2d(&o, xf_i(&o, 96), xf_i(&o, 0), xf_i(&o, 100), 1);
  ir_node *li = mk_2d(&t, xf_i(&t, 96), xf_i(&t, 0), xf_i(&t, 100), 1);
  ir_node *lj = ir_loop_only_child_loop(li);
  int64_t sizes[2] = {32, 32};
  ir_node *out[4];
  assert_int_equal(xf_tile(ctx, t.k, li, sizes, 2, out), XF_OK);
  /* nesting: i_t { j_t { i { j { S } } } } */
  assert_ptr_equal(t.k->body.first, out[0]);
  assert_ptr_equal(ir_loop_only_child_loop(out[0]), out[1]);
  assert_ptr_equal(ir_loop_only_child_loop(out[1]), out[2]);
  assert_ptr_equal(ir_loop_only_child_loop(out[2]), out[3]);
  assert_ptr_equal(out[2], li);
  assert_ptr_equal(out[3], lj);
  ir_var *it = out[0]->u.loop.iv, *jt = out[1]->u.loop.iv;
  assert_string_equal(it->name, "i_t");
  assert_string_equal(jt->name, "j_t");
  assert_int_equal(it->kind, IR_VAR_IV);
  assert_false(it->declared_outside);
  assert_int_equal(it->type, IR_TY_INT);
  /* tile loops */
  assert_int_equal(xf_cval(ctx, out[0]->u.loop.lb), 0);
  assert_int_equal(xf_cval(ctx, out[0]->u.loop.ub), 96);
  assert_int_equal(out[0]->u.loop.step, 32);
  assert_int_equal(xf_cval(ctx, out[1]->u.loop.ub), 100);
  assert_int_equal(out[1]->u.loop.step, 32);
  /* point loops: 32 divides 96, so no min for i; j needs min(j_t+32, 100) */
  assert_string_equal(xf_cstr(ctx, li->u.loop.lb), "i_t");
  assert_string_equal(xf_cstr(ctx, li->u.loop.ub), "i_t + 32");
  assert_int_equal(li->u.loop.step, 1);
  assert_string_equal(xf_cstr(ctx, lj->u.loop.lb), "j_t");
  ir_expr *ub = lj->u.loop.ub;
  assert_int_equal(ub->kind, IR_EXPR_BINARY);
  assert_int_equal(ub->u.bin.op, IR_OP_MIN);
  assert_string_equal(xf_cstr(ctx, ub->u.bin.a), "j_t + 32");
  assert_int_equal(xf_cval(ctx, ub->u.bin.b), 100);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
  assert_true(xf_same(&o, &t, 0));
}

static void test_tile_symbolic(void **state) {
  (void)state;
  int64_t sizes[][2] = {{32, 16}, {1, 7}, {5, 0}, {0, 3}, {128, 128}};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_2d(&o, xf_v(&o, o.n), xf_i(&o, 1), xf_v(&o, o.n), 2);
    ir_node *li = mk_2d(&t, xf_v(&t, t.n), xf_i(&t, 1), xf_v(&t, t.n), 2);
    ir_node *out[4];
    assert_int_equal(xf_tile(ctx, t.k, li, sizes[s], 2, out), XF_OK);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
}

/* Extents that are provably multiples of the tile (the main part of
 * loop.split: 0 .. max(0, 32 * floordiv(n, 32))) give full tiles: the point
 * loop runs j_t .. j_t + 32, without a min. */
static void test_tile_full_symbolic(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_kb *bs[2] = {&o, &t};
  ir_node *li = NULL;
  for (int q = 0; q < 2; q++) {
    xf_kb *b = bs[q];
    ir_expr *ub =
        ir_max(ctx, xf_i(b, 0),
               ir_mul_const(ctx, ir_floordiv(ctx, xf_v(b, b->n), 32), 32));
    li = mk_2d(b, ub, xf_i(b, 0), xf_v(b, b->n), 1);
  }
  int64_t sizes[2] = {32, 32};
  ir_node *out[4];
  assert_int_equal(xf_tile(ctx, t.k, li, sizes, 2, out), XF_OK);
  /* (max(0, 32 * floordiv(n, 32)) <= INT_MAX - 31: i_t + 32 cannot pass
   * INT_MAX, so the tile loop keeps the iv's type, int) */
  assert_string_equal(xf_cstr(ctx, out[2]->u.loop.ub), "i_t + 32");
  assert_int_equal(out[3]->u.loop.ub->u.bin.op, IR_OP_MIN);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
  /* the predicate itself */
  assert_true(ir_expr_multiple_of(ctx, xf_i(&t, -64), 32));
  assert_true(ir_expr_multiple_of(
      ctx, ir_sub(ctx, ir_mul_const(ctx, xf_v(&t, t.n), 64), xf_i(&t, 32)),
      32));
  assert_false(ir_expr_multiple_of(ctx, xf_v(&t, t.n), 32));
  assert_false(
      ir_expr_multiple_of(ctx, ir_min(ctx, xf_i(&t, 64), xf_v(&t, t.n)), 32));
  assert_false(ir_expr_multiple_of(
      ctx, ir_mul_const(ctx, ir_floordiv(ctx, xf_v(&t, t.n), 2), 16), 32));
}

static void test_tile_size_zero(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *li = mk_2d(&t, xf_v(&t, t.n), xf_i(&t, 0), xf_i(&t, 64), 1);
  int64_t sizes[2] = {0, 8};
  ir_node *out[4];
  assert_int_equal(xf_tile(ctx, t.k, li, sizes, 2, out), XF_OK);
  /* the untiled dimension: a tile loop running once, the original loop */
  assert_int_equal(xf_cval(ctx, out[0]->u.loop.lb), 0);
  assert_int_equal(xf_cval(ctx, out[0]->u.loop.ub), 1);
  assert_int_equal(xf_cval(ctx, li->u.loop.lb), 0);
  assert_ptr_equal(li->u.loop.ub->u.var, t.n);
  /* 8 divides 64: no min */
  assert_string_equal(xf_cstr(ctx, out[3]->u.loop.ub), "j_t + 8");
}

static void test_tile_matmul_3d(void **state) {
  (void)state;
  int64_t sizes[][3] = {{8, 0, 4}, {32, 32, 32}, {3, 5, 7}};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_mm(&o);
    ir_node *li = mk_mm(&t);
    ir_node *out[6];
    assert_int_equal(xf_tile(ctx, t.k, li, sizes[s], 3, out), XF_OK);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
  /* tiling only the two outer loops of the three: k stays inside */
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  mk_mm(&o);
  ir_node *li = mk_mm(&t), *out[4];
  int64_t two[2] = {16, 16};
  assert_int_equal(xf_tile(ctx, t.k, li, two, 2, out), XF_OK);
  assert_int_equal(ir_loop_only_child_loop(out[3])->u.loop.iv->id, t.kk->id);
  assert_true(xf_same(&o, &t, 33));
}

static void test_tile_fresh_names(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_var_new(ctx, t.k, "i_t", IR_TY_INT, IR_VAR_LOCAL, (scc_loc){0});
  ir_node *li = mk_2d(&t, xf_i(&t, 10), xf_i(&t, 0), xf_i(&t, 10), 1);
  int64_t sizes[1] = {4};
  ir_node *out[2];
  assert_int_equal(xf_tile(ctx, t.k, li, sizes, 1, out), XF_OK);
  assert_string_equal(out[0]->u.loop.iv->name, "i_t1");
  /* tiling again gives fresh names again */
  ir_node *out2[2];
  assert_int_equal(xf_tile(ctx, t.k, out[1], sizes, 1, out2), XF_OK);
  assert_string_equal(out2[0]->u.loop.iv->name, "i_t2");
}

/* for i < n: for j < i + 1: C[i][j] = ... (triangular) */
static ir_node *mk_tri(xf_kb *b) {
  return mk_2d(b, xf_v(b, b->n), xf_i(b, 0),
               xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 1)), 1);
}

static void expect_refused(xf_kb *t, ir_node *outer, const int64_t *sizes,
                           int n, const char *msg) {
  ir_block *before = xf_snapshot(ctx, &t->k->body);
  int count = xf_count_nodes(&t->k->body);
  int nvars = t->k->vars.len;
  ir_node *out[8] = {0};
  assert_int_equal(xf_tile(ctx, t->k, outer, sizes, n, out), XF_SILENCEABLE);
  assert_non_null(ctx->pending_msg);
  assert_string_equal(ctx->pending_msg, msg);
  assert_true(xf_block_eq(before, &t->k->body));
  assert_int_equal(count, xf_count_nodes(&t->k->body));
  assert_int_equal(nvars, t->k->vars.len);
  scc_fail_clear(ctx);
}

static void test_tile_triangular(void **state) {
  (void)state;
  /* both dimensions tiled: exact with max/min point bounds */
  int64_t sq[][2] = {{4, 4}, {3, 5}, {1, 1}, {7, 2}};
  for (size_t s = 0; s < sizeof sq / sizeof sq[0]; s++) {
    xf_kb o = xf_kb_new(ctx), w = xf_kb_new(ctx);
    mk_tri(&o);
    ir_node *lw = mk_tri(&w);
    ir_node *o4[4];
    assert_int_equal(xf_tile(ctx, w.k, lw, sq[s], 2, o4), XF_OK);
    assert_true(ir_verify_kernel(ctx, w.k, "loop.tile"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &w, ns[q]));
  }
  /* a non-rectangular dimension with step 2 is refused */
  xf_kb t = xf_kb_new(ctx);
  ir_node *li = mk_2d(&t, xf_v(&t, t.n), xf_i(&t, 0),
                      xf_bin(&t, IR_OP_ADD, xf_v(&t, t.i), xf_i(&t, 1)), 2);
  int64_t sizes[2] = {4, 4};
  expect_refused(&t, li, sizes, 2,
                 "bounds of loop 'j' depend on 'i' and its step is 2: "
                 "non-rectangular dimensions are tiled only with step 1");
  /* untiled j: allowed, and correct */
  xf_kb o = xf_kb_new(ctx), u = xf_kb_new(ctx);
  mk_tri(&o);
  li = mk_tri(&u);
  int64_t only_i[2] = {4, 0};
  ir_node *out[4];
  assert_int_equal(xf_tile(ctx, u.k, li, only_i, 2, out), XF_OK);
  assert_true(ir_verify_kernel(ctx, u.k, "loop.tile"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &u, ns[q]));
  /* bounds depending on an iv outside the band are fine */
  xf_kb p = xf_kb_new(ctx), v = xf_kb_new(ctx);
  mk_tri(&p);
  li = mk_tri(&v);
  int64_t one[1] = {3};
  assert_int_equal(xf_tile(ctx, v.k, ir_loop_only_child_loop(li), one, 1, out),
                   XF_OK);
  assert_true(ir_verify_kernel(ctx, v.k, "loop.tile"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&p, &v, ns[q]));
}

static void test_tile_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *li = mk_2d(&t, xf_i(&t, 10), xf_i(&t, 0), xf_i(&t, 10), 1);
  /* i's body gets a second statement: not a perfect band */
  ir_block_append(&li->u.loop.body,
                  xf_assign(&t, xf_at1(&t, t.x, xf_v(&t, t.i)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  int64_t sizes[2] = {4, 4};
  expect_refused(&t, li, sizes, 2,
                 "loop 'i' is not perfectly nested: its body is not a single "
                 "loop but 2 nodes (a loop at line 2, a statement at line 3) "
                 "(a band of 2 loops was requested)");
  int64_t neg[1] = {-2};
  expect_refused(&t, li, neg, 1,
                 "loop 'i' cannot be tiled by -2: tile sizes must be >= 0");
  xf_kb d = xf_kb_new(ctx);
  ir_node *ld = xf_loop(&d, d.i, xf_i(&d, 9), xf_i(&d, -1), -1);
  ir_block_append(&ld->u.loop.body,
                  xf_assign(&d, xf_at1(&d, d.x, xf_v(&d, d.i)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  ir_block_append(&d.k->body, ld);
  int64_t four[1] = {4};
  expect_refused(&d, ld, four, 1,
                 "loop 'i' has a non-positive step (-1) and cannot be tiled");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_tile_structure, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_symbolic, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_full_symbolic, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_size_zero, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_matmul_3d, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_fresh_names, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_triangular, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tile_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
