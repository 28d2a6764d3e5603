/* xf_fuse_shift.c (test) — loop.fuse {shift = S} (transforms/fuse_shift.c):
 * one guarded loop, the semantics of shifted fusion under a time loop and
 * after skewing and tiling the band (time tiling of a two-sweep stencil),
 * and the refusals with the shift they suggest. */
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

static const int64_t ns[] = {-5, 0, 1, 2, 3, 4, 7, 31, 100};

#define EXPECT_REFUSED(kb, call, msg)                                          \
  do {                                                                         \
    ir_block *before_ = xf_snapshot(ctx, &(kb)->k->body);                      \
    int nvars_ = (kb)->k->vars.len;                                            \
    assert_int_equal((call), XF_SILENCEABLE);                                  \
    assert_non_null(ctx->pending_msg);                                         \
    assert_string_equal(ctx->pending_msg, (msg));                              \
    assert_true(xf_block_eq(before_, &(kb)->k->body));                         \
    assert_int_equal(nvars_, (kb)->k->vars.len);                               \
    scc_fail_clear(ctx);                                                       \
  } while (0)

/* dst[iv] = src[iv - 1] + src[iv] + src[iv + 1], iv in [1, n - 1 + du) */
static ir_node *mk_sweep(xf_kb *b, ir_var *iv, int64_t du, ir_array *dst,
                         ir_array *src) {
  ir_node *l = xf_loop(b, iv, xf_i(b, 1),
                       xf_bin(b, IR_OP_ADD, xf_v(b, b->n), xf_i(b, du - 1)), 1);
  ir_expr *s = xf_bin(
      b, IR_OP_ADD,
      xf_bin(b, IR_OP_ADD,
             xf_at1(b, src, xf_bin(b, IR_OP_SUB, xf_v(b, iv), xf_i(b, 1))),
             xf_at1(b, src, xf_v(b, iv))),
      xf_at1(b, src, xf_bin(b, IR_OP_ADD, xf_v(b, iv), xf_i(b, 1))));
  ir_block_append(&l->u.loop.body,
                  xf_assign(b, xf_at1(b, dst, xf_v(b, iv)), IR_OP_NONE, s));
  return l;
}

/* for (k = 0; k < 5; k++) { x <- a sweep (iv i); a <- x sweep (iv iv2) }:
 * jacobi-1d with a time loop k.  Returns the time loop. */
static ir_node *mk_jacobi(xf_kb *b, ir_var *iv2, int64_t du) {
  ir_node *t = xf_loop(b, b->kk, xf_i(b, 0), xf_i(b, 5), 1);
  ir_block_append(&t->u.loop.body, mk_sweep(b, b->i, 0, b->x, b->a));
  ir_block_append(&t->u.loop.body, mk_sweep(b, iv2, du, b->a, b->x));
  ir_block_append(&b->k->body, t);
  return t;
}

static void test_shift_one_loop(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  mk_jacobi(&o, o.i, 0);
  ir_node *time = mk_jacobi(&t, t.i, 0);
  ir_node *a = time->u.loop.body.first, *f = NULL;
  assert_int_equal(xf_fuse_shift(ctx, t.k, a, a->next, 1, &f), XF_OK);
  assert_ptr_equal(f, a);
  /* one loop over [1, n): a band (k, i) */
  assert_int_equal(ir_block_len(&time->u.loop.body), 1);
  assert_string_equal(xf_cstr(ctx, f->u.loop.ub), "n");
  /* two guarded bodies: i < n - 1, then i >= 2 */
  assert_int_equal(ir_block_len(&f->u.loop.body), 2);
  assert_int_equal(f->u.loop.body.first->kind, IR_NODE_IF);
  assert_int_equal(f->u.loop.body.last->kind, IR_NODE_IF);
  assert_string_equal(xf_cstr(ctx, f->u.loop.body.first->u.ifs.cond),
                      "i < n - 1");
  assert_string_equal(xf_cstr(ctx, f->u.loop.body.last->u.ifs.cond), "i >= 2");
  assert_true(ir_verify_kernel(ctx, t.k, "loop.fuse"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

/* Different ivs, unequal bounds, a larger shift than needed: the same
 * result. */
static void test_shift_other_iv(void **state) {
  (void)state;
  for (int64_t sh = 1; sh <= 3; sh++)
    for (int64_t du = -2; du <= 2; du++) {
      xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
      mk_jacobi(&o, o.j, du);
      ir_node *time = mk_jacobi(&t, t.j, du);
      ir_node *a = time->u.loop.body.first, *f = NULL;
      assert_int_equal(xf_fuse_shift(ctx, t.k, a, a->next, sh, &f), XF_OK);
      assert_int_equal(ir_block_len(&time->u.loop.body), 1);
      assert_true(ir_verify_kernel(ctx, t.k, "loop.fuse"));
      for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
        assert_true(xf_same(&o, &t, ns[q]));
    }
}

/* Shifted fusion, skew of i by the time loop (factor 2), tiling of the
 * (k, i) band: the time-tiled jacobi computes the same. */
static void test_shift_skew_tile(void **state) {
  (void)state;
  static const int64_t sizes[][2] = {{2, 3}, {1, 1}, {4, 8}, {3, 0}};
  for (size_t c = 0; c < sizeof sizes / sizeof sizes[0]; c++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_jacobi(&o, o.i, 0);
    ir_node *time = mk_jacobi(&t, t.i, 0);
    ir_node *a = time->u.loop.body.first, *f = NULL, *so, *si;
    assert_int_equal(xf_fuse_shift(ctx, t.k, a, a->next, 1, &f), XF_OK);
    assert_int_equal(xf_skew(ctx, t.k, time, f, 2, &so, &si), XF_OK);
    ir_node *loops[4];
    assert_int_equal(xf_tile(ctx, t.k, so, sizes[c], 2, loops), XF_OK);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
  /* without the skew, the band (k, i) is not tileable */
  xf_kb u = xf_kb_new(ctx);
  ir_node *time = mk_jacobi(&u, u.i, 0);
  ir_node *a = time->u.loop.body.first, *f = NULL, *loops[4];
  assert_int_equal(xf_fuse_shift(ctx, u.k, a, a->next, 1, &f), XF_OK);
  static const int64_t sz[2] = {2, 4};
  assert_int_equal(xf_tile(ctx, u.k, time, sz, 2, loops), XF_SILENCEABLE);
  scc_fail_clear(ctx);
}

static void test_shift_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *time = mk_jacobi(&t, t.i, 0);
  ir_node *a = time->u.loop.body.first, *f;
  /* too small a shift: the message names the dependence and the shift */
  EXPECT_REFUSED(
      &t, xf_fuse_shift(ctx, t.k, a, a->next, 0, &f),
      "loop.fuse of 'i' and 'i' with shift 0 would reverse the flow "
      "dependence S0[k, i] -> S1[k, i - 1] (distance (-1)); S0 is at t.c:3:5, "
      "S1 at t.c:3:5; "
      "shifting the "
      "iterations of 'i' by 1 (`loop.fuse %i, %i {shift = 1}`) makes the "
      "fusion legal");
  EXPECT_REFUSED(
      &t, xf_fuse_shift(ctx, t.k, a, a->next, -2, &f),
      "loop.fuse of 'i' and 'i' with shift -2 would reverse the flow "
      "dependence S0[k, i] -> S1[k, i - 3] (distance (-3)); S0 is at t.c:3:5, "
      "S1 at t.c:3:5; shifting the "
      "iterations of 'i' by 1 (`loop.fuse %i, %i {shift = 1}`) makes the "
      "fusion legal");
  /* the plain loop.fuse names the shift too */
  EXPECT_REFUSED(
      &t, xf_fuse(ctx, t.k, a, a->next, &f),
      "loop.fuse of 'i' and 'i' would reverse the flow dependence S0[k, i] "
      "-> S1[k, i - 1] (distance (-1)); S0 is at t.c:3:5, S1 at t.c:3:5; "
      "shifting the iterations of 'i' by 1 "
      "(`loop.fuse %i, %i {shift = 1}`) makes the fusion legal");
  EXPECT_REFUSED(&t, xf_fuse_shift(ctx, t.k, a, time, 1, &f),
                 "loop.fuse of 'i' and 'k': the loops are not adjacent (the "
                 "second must directly follow the first in the same block, or "
                 "each be the only node of adjacent `if` guards)");
  a->u.loop.step = a->next->u.loop.step = 2;
  EXPECT_REFUSED(&t, xf_fuse_shift(ctx, t.k, a, a->next, 1, &f),
                 "loop.fuse of 'i' and 'i': a shift or shifted bounds need "
                 "step 1 (step is 2)");
}

/* dst[i][j] = src[i - 1][j] + src[i][j - 1] + src[i][j + 1] + src[i + 1][j]
 * over [1, n - 1)^2 (ivs i and j) */
static ir_node *mk_sweep2(xf_kb *b, ir_array *dst, ir_array *src) {
  ir_node *li = xf_loop(b, b->i, xf_i(b, 1),
                        xf_bin(b, IR_OP_SUB, xf_v(b, b->n), xf_i(b, 1)), 1);
  ir_node *lj = xf_loop(b, b->j, xf_i(b, 1),
                        xf_bin(b, IR_OP_SUB, xf_v(b, b->n), xf_i(b, 1)), 1);
  ir_expr *i = xf_v(b, b->i), *j = xf_v(b, b->j);
  ir_expr *im = xf_bin(b, IR_OP_SUB, xf_v(b, b->i), xf_i(b, 1));
  ir_expr *ip = xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 1));
  ir_expr *jm = xf_bin(b, IR_OP_SUB, xf_v(b, b->j), xf_i(b, 1));
  ir_expr *jp = xf_bin(b, IR_OP_ADD, xf_v(b, b->j), xf_i(b, 1));
  ir_expr *sum =
      xf_bin(b, IR_OP_ADD,
             xf_bin(b, IR_OP_ADD,
                    xf_bin(b, IR_OP_ADD, xf_at2(b, src, im, xf_v(b, b->j)),
                           xf_at2(b, src, xf_v(b, b->i), jm)),
                    xf_at2(b, src, xf_v(b, b->i), jp)),
             xf_at2(b, src, ip, xf_v(b, b->j)));
  ir_block_append(&lj->u.loop.body,
                  xf_assign(b, xf_at2(b, dst, i, j), IR_OP_NONE, sum));
  ir_block_append(&li->u.loop.body, lj);
  return li;
}

/* for (k = 0; k < 4; k++) { B <- A; A <- B }: jacobi-2d */
static ir_node *mk_jacobi2(xf_kb *b) {
  ir_node *t = xf_loop(b, b->kk, xf_i(b, 0), xf_i(b, 4), 1);
  ir_block_append(&t->u.loop.body, mk_sweep2(b, b->B, b->A));
  ir_block_append(&t->u.loop.body, mk_sweep2(b, b->A, b->B));
  ir_block_append(&b->k->body, t);
  return t;
}

/* The j loops under the guards of the i fusion fuse too; then (k, i, j) is
 * a perfect band that skews and tiles. */
static void test_shift_guarded(void **state) {
  (void)state;
  static const int64_t sizes[][3] = {{2, 3, 4}, {1, 1, 1}, {3, 5, 2}};
  for (size_t c = 0; c < sizeof sizes / sizeof sizes[0]; c++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_jacobi2(&o);
    ir_node *time = mk_jacobi2(&t);
    ir_node *a = time->u.loop.body.first, *fi = NULL, *fj = NULL;
    assert_int_equal(xf_fuse_shift(ctx, t.k, a, a->next, 1, &fi), XF_OK);
    ir_node *j1 = fi->u.loop.body.first->u.ifs.then_body.first;
    ir_node *j2 = fi->u.loop.body.last->u.ifs.then_body.first;
    assert_int_equal(xf_fuse_shift(ctx, t.k, j1, j2, 1, &fj), XF_OK);
    assert_ptr_equal(fj, j1);
    /* i's body is the j loop alone; j's body the two guarded statements */
    assert_ptr_equal(fi->u.loop.body.first, fj);
    assert_null(fj->next);
    assert_int_equal(ir_block_len(&fj->u.loop.body), 2);
    assert_string_equal(xf_cstr(ctx, fj->u.loop.body.first->u.ifs.cond),
                        "i < n - 1 && j < n - 1");
    assert_string_equal(xf_cstr(ctx, fj->u.loop.body.last->u.ifs.cond),
                        "i >= 2 && j >= 2");
    assert_true(ir_verify_kernel(ctx, t.k, "loop.fuse"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
    ir_node *so, *si, *so2, *sj, *loops[6];
    assert_int_equal(xf_skew(ctx, t.k, time, fi, 2, &so, &si), XF_OK);
    assert_int_equal(xf_skew(ctx, t.k, so, fj, 2, &so2, &sj), XF_OK);
    assert_int_equal(xf_tile(ctx, t.k, so2, sizes[c], 3, loops), XF_OK);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
  /* a guard that reads an array is not moved: the loops are not adjacent */
  xf_kb u = xf_kb_new(ctx);
  ir_node *time = mk_jacobi2(&u);
  ir_node *a = time->u.loop.body.first, *fi = NULL, *f;
  assert_int_equal(xf_fuse_shift(ctx, u.k, a, a->next, 1, &fi), XF_OK);
  ir_node *g = fi->u.loop.body.first;
  g->u.ifs.cond = xf_bin(&u, IR_OP_LAND, g->u.ifs.cond,
                         xf_bin(&u, IR_OP_GT, xf_at1(&u, u.x, xf_i(&u, 0)),
                                ir_fp(ctx, IR_TY_DOUBLE, 0.0, "0.0")));
  EXPECT_REFUSED(&u,
                 xf_fuse_shift(ctx, u.k, g->u.ifs.then_body.first,
                               fi->u.loop.body.last->u.ifs.then_body.first, 1,
                               &f),
                 "loop.fuse of 'j' and 'j': the loops are not adjacent (the "
                 "second must directly follow the first in the same block, or "
                 "each be the only node of adjacent `if` guards)");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_shift_one_loop, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shift_other_iv, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shift_skew_tile, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shift_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shift_guarded, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
