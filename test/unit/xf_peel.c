/* xf_peel.c (test) — loop.peel front/back (constant, symbolic, negative
 * steps, empty ranges) and loop.skew (structure, semantics, skew + tile of
 * a wavefront nest, refusals). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

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

static const int64_t ns[] = {-5, 0, 1, 2, 3, 7, 31, 100};

/* Checks a silenceable refusal: message, IR and variables unchanged. */
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

static void check_peel(ir_expr *(*lb)(xf_kb *), ir_expr *(*ub)(xf_kb *),
                       int64_t step, int64_t n, bool front) {
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_mk_rec(&o, lb(&o), ub(&o), step);
  ir_node *l = xf_mk_rec(&t, lb(&t), ub(&t), step);
  ir_node *p = NULL, *r = NULL;
  assert_int_equal(xf_peel(ctx, t.k, l, n, front, &p, &r), XF_OK);
  assert_ptr_equal(r, l);
  assert_non_null(p);
  assert_ptr_equal(front ? p->next : r->next, front ? r : p);
  assert_int_equal(ir_block_len(&t.k->body), 2);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.peel"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static ir_expr *c0(xf_kb *b) { return xf_i(b, 0); }
static ir_expr *c3(xf_kb *b) { return xf_i(b, 3); }
static ir_expr *c50(xf_kb *b) { return xf_i(b, 50); }
static ir_expr *cm1(xf_kb *b) { return xf_i(b, -1); }
static ir_expr *pn(xf_kb *b) { return xf_v(b, b->n); }
static ir_expr *pn2(xf_kb *b) {
  return xf_bin(b, IR_OP_ADD, xf_v(b, b->n), xf_i(b, 2));
}

static void test_peel_semantics(void **state) {
  (void)state;
  for (int64_t n = 0; n <= 4; n++)
    for (int front = 0; front <= 1; front++) {
      check_peel(c0, pn, 1, n, front);   /* symbolic, may be empty */
      check_peel(c3, pn2, 2, n, front);  /* step 2, odd trip counts */
      check_peel(c0, c50, 3, n, front);  /* constant, 17 iterations */
      check_peel(pn, cm1, -1, n, front); /* counting down to 0 */
      check_peel(pn2, c3, -2, n, front); /* counting down by 2 */
    }
}

static void test_peel_structure(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 10), 1);
  ir_node *p, *r;
  assert_int_equal(xf_peel(ctx, t.k, l, 2, true, &p, &r), XF_OK);
  assert_int_equal(xf_cval(ctx, p->u.loop.lb), 0);
  assert_int_equal(xf_cval(ctx, p->u.loop.ub), 2);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 2);
  assert_int_equal(xf_cval(ctx, r->u.loop.ub), 10);
  ir_node *p2, *r2;
  assert_int_equal(xf_peel(ctx, t.k, r, 3, false, &p2, &r2), XF_OK);
  assert_int_equal(xf_cval(ctx, r2->u.loop.ub), 7);
  assert_int_equal(xf_cval(ctx, p2->u.loop.lb), 7);
  assert_int_equal(xf_cval(ctx, p2->u.loop.ub), 10);
  /* symbolic front: min(n, 0 + 2) as the peeled bound */
  xf_kb s = xf_kb_new(ctx);
  ir_node *ls = xf_mk_rec(&s, xf_i(&s, 0), xf_v(&s, s.n), 1);
  assert_int_equal(xf_peel(ctx, s.k, ls, 2, true, &p, &r), XF_OK);
  assert_int_equal(p->u.loop.ub->kind, IR_EXPR_BINARY);
  assert_int_equal(p->u.loop.ub->u.bin.op, IR_OP_MIN);
  assert_int_equal(xf_cval(ctx, r->u.loop.lb), 2);
}

static void test_peel_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *l = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 3), 1);
  ir_node *p = NULL, *r = NULL;
  EXPECT_REFUSED(&t, xf_peel(ctx, t.k, l, 4, true, &p, &r),
                 "cannot peel 4 iterations of loop 'i', which runs 3 times");
  EXPECT_REFUSED(&t, xf_peel(ctx, t.k, l, -1, false, &p, &r),
                 "cannot peel -1 iterations of loop 'i': the count must be "
                 ">= 0");
  /* all of them is fine: the rest is empty */
  assert_int_equal(xf_peel(ctx, t.k, l, 3, false, &p, &r), XF_OK);
  assert_int_equal(xf_cval(ctx, r->u.loop.ub), 0);
}

/* for i in [0, n): for j in [1, n - 1):
 *   A[i + 1][j] = A[i][j - 1] + A[i][j + 1] ... a wavefront: (i, j) reads
 *   row i at j - 1 and j + 1 (dependences (1, 1) and (1, -1)) and
 *   A[i + 1][j - 1] (written by (i, j - 1): (0, 1)). */
static ir_node *mk_wave(xf_kb *b) {
  ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lj = xf_loop(b, b->j, xf_i(b, 1),
                        xf_bin(b, IR_OP_SUB, xf_v(b, b->n), xf_i(b, 1)), 1);
  ir_expr *i0 = xf_v(b, b->i), *j0 = xf_v(b, b->j);
  ir_expr *ip = xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 1));
  ir_expr *jm = xf_bin(b, IR_OP_SUB, xf_v(b, b->j), xf_i(b, 1));
  ir_expr *jp = xf_bin(b, IR_OP_ADD, xf_v(b, b->j), xf_i(b, 1));
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD,
             xf_bin(b, IR_OP_ADD, xf_at2(b, b->A, i0, jm),
                    xf_at2(b, b->A, xf_v(b, b->i), jp)),
             xf_bin(b, IR_OP_MUL,
                    xf_at2(b, b->A, ip,
                           xf_bin(b, IR_OP_SUB, xf_v(b, b->j), xf_i(b, 1))),
                    ir_fp(ctx, IR_TY_DOUBLE, 0.5, "0.5")));
  ir_block_append(
      &lj->u.loop.body,
      xf_assign(
          b,
          xf_at2(b, b->A, xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 1)), j0),
          IR_OP_NONE, rhs));
  ir_block_append(&li->u.loop.body, lj);
  ir_block_append(&b->k->body, li);
  return li;
}

static const int64_t wn[] = {-3, 0, 1, 2, 3, 9, 17, 64, 127};

static void test_skew(void **state) {
  (void)state;
  for (int64_t f = -2; f <= 3; f++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_wave(&o);
    ir_node *li = mk_wave(&t), *lj = ir_loop_only_child_loop(li);
    ir_node *oo = NULL, *oi = NULL;
    assert_int_equal(xf_skew(ctx, t.k, li, lj, f, &oo, &oi), XF_OK);
    assert_ptr_equal(oo, li);
    assert_ptr_equal(oi, lj);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.skew"));
    if (f == 1) {
      assert_string_equal(xf_cstr(ctx, lj->u.loop.lb), "i + 1");
      assert_string_equal(xf_cstr(ctx, lj->u.loop.ub), "n + i - 1");
    }
    for (size_t q = 0; q < sizeof wn / sizeof wn[0]; q++)
      assert_true(xf_same(&o, &t, wn[q]));
  }
}

static void test_skew_then_tile(void **state) {
  (void)state;
  int64_t sizes[][2] = {{8, 8}, {3, 5}, {1, 4}, {5, 1}, {0, 4}, {4, 0}};
  for (int64_t f = -1; f <= 2; f++)
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
      mk_wave(&o);
      ir_node *li = mk_wave(&t), *lj = ir_loop_only_child_loop(li);
      ir_node *oo, *oi, *out[4];
      assert_int_equal(xf_skew(ctx, t.k, li, lj, f, &oo, &oi), XF_OK);
      /* f < 1 leaves a dependence the tiling would reverse: the mechanics
       * of tiling the skewed band are exercised with the check off */
      ctx->unsafe = f < 1;
      assert_int_equal(xf_tile(ctx, t.k, oo, sizes[s], 2, out), XF_OK);
      ctx->unsafe = false;
      assert_true(ir_verify_kernel(ctx, t.k, "loop.tile"));
      assert_ptr_equal(out[3], lj);
      /* the skewed, tiled order is legal for f >= 1: same result; for every
       * f the same points run (same number of assignments) */
      for (size_t q = 0; q < sizeof wn / sizeof wn[0]; q++) {
        if (f >= 1)
          assert_true(xf_same(&o, &t, wn[q]));
        xf_eval e1, e2;
        xf_run(&o, wn[q], &e1);
        xf_run(&t, wn[q], &e2);
        assert_null(e1.error);
        assert_null(e2.error);
        assert_int_equal(e1.steps, e2.steps);
        xf_run_free(&e1);
        xf_run_free(&e2);
      }
    }
  /* unskewed, the wavefront's dependences forbid the tiling */
  {
    xf_kb t = xf_kb_new(ctx);
    ir_node *li = mk_wave(&t), *out[4];
    int64_t sz[2] = {8, 8};
    assert_int_equal(xf_tile(ctx, t.k, li, sz, 2, out), XF_SILENCEABLE);
    assert_non_null(strstr(ctx->pending_msg, "would reverse"));
    scc_fail_clear(ctx);
  }
  /* the point loop of the skewed dimension clips with max/min */
  xf_kb t = xf_kb_new(ctx);
  ir_node *li = mk_wave(&t), *lj = ir_loop_only_child_loop(li), *oo, *oi,
          *out[4];
  int64_t s8[2] = {8, 8};
  assert_int_equal(xf_skew(ctx, t.k, li, lj, 1, &oo, &oi), XF_OK);
  assert_int_equal(xf_tile(ctx, t.k, li, s8, 2, out), XF_OK);
  assert_int_equal(lj->u.loop.lb->u.bin.op, IR_OP_MAX);
  assert_int_equal(lj->u.loop.ub->u.bin.op, IR_OP_MIN);
  /* the tile loop counts in long long (the bound is a parameter) */
  assert_string_equal(xf_cstr(ctx, out[1]->u.loop.lb), "i_t + 1LL");
}

static void test_skew_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *li = mk_wave(&t), *lj = ir_loop_only_child_loop(li);
  ir_node *l2 = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 4), 1);
  ir_node *oo, *oi;
  EXPECT_REFUSED(&t, xf_skew(ctx, t.k, lj, li, 1, &oo, &oi),
                 "loop 'i' is not nested inside loop 'j': loop.skew needs an "
                 "outer loop and a loop inside it");
  EXPECT_REFUSED(&t, xf_skew(ctx, t.k, li, l2, 1, &oo, &oi),
                 "loop 'i' is not nested inside loop 'i': loop.skew needs an "
                 "outer loop and a loop inside it");
  /* j read after its loop (a statement of i's body) */
  ir_block_append(&li->u.loop.body,
                  xf_assign(&t, xf_at1(&t, t.x, xf_v(&t, t.j)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  EXPECT_REFUSED(&t, xf_skew(ctx, t.k, li, lj, 1, &oo, &oi),
                 "loop.skew: the induction variable 'j' is read after its "
                 "loop (in the kernel, outside its loops), where it would "
                 "hold another value");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_peel_semantics, setup, teardown),
      cmocka_unit_test_setup_teardown(test_peel_structure, setup, teardown),
      cmocka_unit_test_setup_teardown(test_peel_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_skew, setup, teardown),
      cmocka_unit_test_setup_teardown(test_skew_then_tile, setup, teardown),
      cmocka_unit_test_setup_teardown(test_skew_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
