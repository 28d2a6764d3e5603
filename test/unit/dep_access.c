/* dep_access.c — unit tests of the element queries (deps/dep_access.c:
 * dep_access_disjoint, dep_access_unwritten, dep_access_lhs_private,
 * dep_access_offset_multiple),
 * of the reductions dep_check_parallel accepts through them, and of the
 * tiling query with sizes (deps/dep_tile.c), on small hand-built kernels
 * (PolyBench's trmm, lu and cholesky updates, jammed row sums). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "deps/dep.h"
#include "test/unit/xf_eval.h"

#include <string.h>

static ir_expr *plus(xf_kb *b, ir_var *v, int64_t c) {
  if (c == 0)
    return xf_v(b, v);
  return xf_bin(b, c > 0 ? IR_OP_ADD : IR_OP_SUB, xf_v(b, v),
                xf_i(b, c > 0 ? c : -c));
}
static ir_expr *mul(xf_kb *b, ir_expr *x, ir_expr *y) {
  return xf_bin(b, IR_OP_MUL, x, y);
}
static ir_node *nest(ir_node *outer, ir_node *inner) {
  ir_block_append(&outer->u.loop.body, inner);
  return inner;
}

/* ---- trmm: for i, for k = i + lo .. n, for j: B[i][j] += A[k][i]*B[k][j] */

static void test_trmm(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  for (int lo = 1; lo >= 0; lo--) {
    xf_kb b = xf_kb_new(ctx);
    ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
    ir_node *lk =
        nest(li, xf_loop(&b, b.kk, plus(&b, b.i, lo), xf_v(&b, b.n), 1));
    ir_node *lj = nest(lk, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.n), 1));
    ir_expr *w = xf_at2(&b, b.B, xf_v(&b, b.i), xf_v(&b, b.j));
    ir_expr *aki = xf_at2(&b, b.A, xf_v(&b, b.kk), xf_v(&b, b.i));
    ir_expr *bkj = xf_at2(&b, b.B, xf_v(&b, b.kk), xf_v(&b, b.j));
    ir_block_append(&lj->u.loop.body,
                    xf_assign(&b, w, IR_OP_ADD, mul(&b, aki, bkj)));
    ir_block_append(&b.k->body, li);
    /* k > i: row i (written) and row k (read) never meet, in j or in k */
    ir_node *loops[2] = {lj, lk};
    for (int l = 0; l < 2; l++) {
      dep_access *da = dep_access_open(ctx, b.k, loops[l]);
      assert_int_equal(dep_access_disjoint(da, w, bkj), lo == 1);
      assert_int_equal(dep_access_unwritten(da, bkj), lo == 1);
      assert_true(dep_access_disjoint(da, w, aki)); /* another array */
      assert_true(dep_access_unwritten(da, aki));
      /* the store itself: each j its own element; over k the same one */
      assert_int_equal(dep_access_disjoint(da, w, w), l == 0);
      dep_access_close(da);
    }
  }
  scc_ctx_free(ctx);
}

/* ---- lu: for i, for k < i + e, for j = i .. n: A[i][j] -= A[i][k]*A[k][j] */

static void test_lu(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  for (int e = 0; e <= 1; e++) {
    xf_kb b = xf_kb_new(ctx);
    ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
    ir_node *lk = nest(li, xf_loop(&b, b.kk, xf_i(&b, 0), plus(&b, b.i, e), 1));
    ir_node *lj = nest(lk, xf_loop(&b, b.j, xf_v(&b, b.i), xf_v(&b, b.n), 1));
    ir_expr *w = xf_at2(&b, b.A, xf_v(&b, b.i), xf_v(&b, b.j));
    ir_expr *aik = xf_at2(&b, b.A, xf_v(&b, b.i), xf_v(&b, b.kk));
    ir_expr *akj = xf_at2(&b, b.A, xf_v(&b, b.kk), xf_v(&b, b.j));
    ir_node *s = xf_assign(&b, w, IR_OP_SUB, mul(&b, aik, akj));
    ir_block_append(&lj->u.loop.body, s);
    ir_block_append(&b.k->body, li);
    dep_access *da = dep_access_open(ctx, b.k, lj);
    /* k < i <= j: A[i][k] is left of the written part of row i, row k is
     * above it; with k == i allowed both meet the store */
    assert_int_equal(dep_access_unwritten(da, aik), e == 0);
    assert_int_equal(dep_access_disjoint(da, w, akj), e == 0);
    assert_int_equal(dep_access_disjoint(da, w, aik), e == 0);
    dep_access_close(da);
    const char *why = NULL;
    assert_int_equal(dep_check_parallel(ctx, b.k, lj, false, NULL, &why),
                     e == 0);
  }
  scc_ctx_free(ctx);
}

/* ---- cholesky: for i, for j < i, for k < j + e:
 *      A[i][j] -= A[i][k] * A[j][k] ------------------------------------- */

static void test_cholesky(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  for (int e = 0; e <= 1; e++) {
    xf_kb b = xf_kb_new(ctx);
    ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
    ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.i), 1));
    ir_node *lk = nest(lj, xf_loop(&b, b.kk, xf_i(&b, 0), plus(&b, b.j, e), 1));
    ir_expr *w = xf_at2(&b, b.A, xf_v(&b, b.i), xf_v(&b, b.j));
    ir_expr *aik = xf_at2(&b, b.A, xf_v(&b, b.i), xf_v(&b, b.kk));
    ir_expr *ajk = xf_at2(&b, b.A, xf_v(&b, b.j), xf_v(&b, b.kk));
    ir_node *s = xf_assign(&b, w, IR_OP_SUB, mul(&b, aik, ajk));
    ir_block_append(&lk->u.loop.body, s);
    ir_block_append(&b.k->body, li);
    dep_access *da = dep_access_open(ctx, b.k, lk);
    /* the element reduced into is the statement's alone when k < j */
    assert_int_equal(dep_access_lhs_private(da, s), e == 0);
    dep_access_close(da);
    const char *why = NULL;
    scc_vec reds = {0};
    assert_int_equal(dep_check_parallel(ctx, b.k, lk, true, &reds, &why),
                     e == 0);
    if (e == 0) {
      assert_int_equal(reds.len, 1);
      assert_ptr_equal(reds.items[0], w);
    }
  }
  scc_ctx_free(ctx);
}

/* ---- row sums after unroll-and-jam: for i += 2, for j:
 *      C[i][0] += A[i][j]; C[i + d][0] += A[i + 1][j] ------------------- */

static void test_jammed_row_sums(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  for (int d = 1; d >= 0; d--) {
    xf_kb b = xf_kb_new(ctx);
    ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 2);
    ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.n), 1));
    ir_node *s0 =
        xf_assign(&b, xf_at2(&b, b.C, xf_v(&b, b.i), xf_i(&b, 0)), IR_OP_ADD,
                  xf_at2(&b, b.A, xf_v(&b, b.i), xf_v(&b, b.j)));
    ir_node *s1 =
        xf_assign(&b, xf_at2(&b, b.C, plus(&b, b.i, d), xf_i(&b, 0)), IR_OP_ADD,
                  xf_at2(&b, b.A, plus(&b, b.i, 1), xf_v(&b, b.j)));
    ir_block_append(&lj->u.loop.body, s0);
    ir_block_append(&lj->u.loop.body, s1);
    ir_block_append(&b.k->body, li);
    dep_access *da = dep_access_open(ctx, b.k, lj);
    assert_int_equal(dep_access_lhs_private(da, s0), d == 1);
    assert_int_equal(dep_access_lhs_private(da, s1), d == 1);
    dep_access_close(da);
    const char *why = NULL;
    scc_vec reds = {0};
    assert_int_equal(dep_check_parallel(ctx, b.k, lj, true, &reds, &why),
                     d == 1);
    if (d == 1)
      assert_int_equal(reds.len, 2); /* one reduction per row */
  }
  scc_ctx_free(ctx);
}

/* ---- tiling some dimensions: for i, for j, for k:
 *      A[j][k] = A[j + 1][k] * 0.5 (distances (1, -1, 0), (0, 1, 0)) ---- */

static void test_tiling_sizes(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.n), 1));
  ir_node *lk = nest(lj, xf_loop(&b, b.kk, xf_i(&b, 0), xf_v(&b, b.n), 1));
  ir_block_append(
      &lk->u.loop.body,
      xf_assign(&b, xf_at2(&b, b.A, xf_v(&b, b.j), xf_v(&b, b.kk)), IR_OP_NONE,
                mul(&b, xf_at2(&b, b.A, plus(&b, b.j, 1), xf_v(&b, b.kk)),
                    ir_fp(ctx, IR_TY_DOUBLE, 0.5, "0.5"))));
  ir_block_append(&b.k->body, li);
  ir_node *band[3] = {li, lj, lk};
  const char *why = NULL;
  /* the whole band is not permutable (j goes back by 1 across i) */
  assert_false(dep_check_tiling(ctx, b.k, band, 3, &why));
  /* i and k tiled, j not: legal */
  const int64_t ik[3] = {8, 0, 8};
  assert_true(dep_check_tiling_sizes(ctx, b.k, band, 3, ik, &why));
  /* j tiled: refused, with the skew that makes it tileable */
  const int64_t ij[3] = {8, 8, 0};
  why = NULL;
  assert_false(dep_check_tiling_sizes(ctx, b.k, band, 3, ij, &why));
  assert_non_null(why);
  assert_non_null(strstr(why, "(distance (1, -1, 0))"));
  assert_non_null(strstr(why, "a wavefront: skewing 'j' by 'i' (`loop.skew "
                              "%i, %j {factor = 1}`"));
  /* all sizes > 0: the same answer as dep_check_tiling */
  const int64_t all[3] = {4, 4, 4};
  assert_false(dep_check_tiling_sizes(ctx, b.k, band, 3, all, &why));
  scc_ctx_free(ctx);
}

/* ---- offsets that are multiples: for i = 0 .. n by 64, for j = i .. i + 64
 * by 16: B[0][j + c] starts c + 16q from the corner i (loop.pack's check
 * before it cuts the dimension of 16-lane vectors into micro-panels) */

static void test_offset_multiple(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  static const int64_t cs[] = {0, 1, 16, 48, 8};
  for (size_t t = 0; t < sizeof cs / sizeof cs[0]; t++) {
    int64_t c = cs[t];
    xf_kb b = xf_kb_new(ctx);
    ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 64);
    ir_node *lj =
        nest(li, xf_loop(&b, b.j, xf_v(&b, b.i), plus(&b, b.i, 64), 16));
    ir_expr *w = xf_at2(&b, b.A, xf_i(&b, 0), xf_v(&b, b.j));
    ir_expr *r = xf_at2(&b, b.B, xf_i(&b, 0), plus(&b, b.j, c));
    ir_block_append(&lj->u.loop.body, xf_assign(&b, w, IR_OP_NONE, r));
    ir_block_append(&b.k->body, li);
    dep_access *da = dep_access_open(ctx, b.k, lj);
    ir_expr *corner = xf_v(&b, b.i);
    assert_int_equal(dep_access_offset_multiple(da, r, 1, corner, 16),
                     c % 16 == 0);
    assert_int_equal(dep_access_offset_multiple(da, r, 1, corner, 8),
                     c % 8 == 0);
    /* j - i takes 16 and 48: not multiples of 32 */
    assert_false(dep_access_offset_multiple(da, r, 1, corner, 32));
    /* subscript 0 (row 0) minus the corner i: -64, -128, ... (the rows
     * stand for an outer dimension here) */
    assert_true(dep_access_offset_multiple(da, r, 0, corner, 64));
    assert_false(dep_access_offset_multiple(da, r, 0, corner, 128));
    assert_true(dep_access_offset_multiple(da, r, 0, xf_i(&b, 0), 5));
    dep_access_close(da);
  }
  scc_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trmm),
      cmocka_unit_test(test_lu),
      cmocka_unit_test(test_cholesky),
      cmocka_unit_test(test_jammed_row_sums),
      cmocka_unit_test(test_tiling_sizes),
      cmocka_unit_test(test_offset_multiple),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
