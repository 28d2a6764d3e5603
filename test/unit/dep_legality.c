/* dep_legality.c — unit tests of the isl dependence analysis (deps/): each
 * legality query of dep.h on small hand-built kernels, with the exact
 * messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "deps/dep.h"
#include "test/unit/xf_eval.h"

#include <string.h>

/* ---- builders ----------------------------------------------------------- */

static ir_expr *add(xf_kb *b, ir_var *v, int64_t c) {
  if (c == 0)
    return xf_v(b, v);
  return xf_bin(b, c > 0 ? IR_OP_ADD : IR_OP_SUB, xf_v(b, v),
                xf_i(b, c > 0 ? c : -c));
}
static ir_expr *nm(xf_kb *b, int64_t c) { return add(b, b->n, c); }
static ir_expr *A2(xf_kb *b, ir_array *a, ir_var *x, int64_t cx, ir_var *y,
                   int64_t cy) {
  return xf_at2(b, a, add(b, x, cx), add(b, y, cy));
}
static ir_expr *plus(xf_kb *b, ir_expr *x, ir_expr *y) {
  return xf_bin(b, IR_OP_ADD, x, y);
}
static ir_node *nest(ir_node *outer, ir_node *inner) {
  ir_block_append(&outer->u.loop.body, inner);
  return inner;
}
static void body(ir_node *loop, ir_node *n) {
  ir_block_append(&loop->u.loop.body, n);
}

typedef struct two {
  ir_node *i, *j;
} two;

/* for i = 1 to n-1, for j = 1 to n-1: stmt */
static two square(xf_kb *b, ir_node *stmt) {
  two t;
  t.i = xf_loop(b, b->i, xf_i(b, 1), nm(b, -1), 1);
  t.j = nest(t.i, xf_loop(b, b->j, xf_i(b, 1), nm(b, -1), 1));
  body(t.j, stmt);
  ir_block_append(&b->k->body, t.i);
  return t;
}

static const int SWAP[2] = {1, 0};

/* ---- stencils ----------------------------------------------------------- */

static void test_jacobi(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_expr *rhs = plus(
      &b, plus(&b, A2(&b, b.A, b.i, -1, b.j, 0), A2(&b, b.A, b.i, 1, b.j, 0)),
      plus(&b, A2(&b, b.A, b.i, 0, b.j, -1), A2(&b, b.A, b.i, 0, b.j, 1)));
  two t =
      square(&b, xf_assign(&b, A2(&b, b.B, b.i, 0, b.j, 0), IR_OP_NONE, rhs));
  ir_node *band[2] = {t.i, t.j};
  const char *why = NULL;
  assert_true(dep_check_tiling(ctx, b.k, band, 2, &why));
  assert_true(dep_check_permutation(ctx, b.k, band, 2, SWAP, &why));
  assert_true(dep_check_parallel(ctx, b.k, t.i, false, NULL, &why));
  assert_true(dep_check_parallel(ctx, b.k, t.j, false, NULL, &why));
  assert_true(dep_check_unroll_and_jam(ctx, b.k, t.i, &why));
  assert_null(why);
  scc_ctx_free(ctx);
}

static two gauss_seidel(xf_kb *b) {
  ir_expr *rhs =
      plus(b, A2(b, b->A, b->i, -1, b->j, 1), A2(b, b->A, b->i, 0, b->j, -1));
  return square(b,
                xf_assign(b, A2(b, b->A, b->i, 0, b->j, 0), IR_OP_NONE, rhs));
}

static void test_gauss_seidel(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  two t = gauss_seidel(&b);
  ir_node *band[2] = {t.i, t.j};
  const char *why = NULL;
  assert_false(dep_check_permutation(ctx, b.k, band, 2, SWAP, &why));
  assert_string_equal(why,
                      "would reverse the flow dependence S0[i, j] -> "
                      "S0[i + 1, j - 1] (distance (1, -1)); S0 is at t.c:3:5");
  why = NULL;
  assert_false(dep_check_tiling(ctx, b.k, band, 2, &why));
  assert_string_equal(why,
                      "would reverse the flow dependence S0[i, j] -> "
                      "S0[i + 1, j - 1] (distance (1, -1)); S0 is at t.c:3:5");
  why = NULL;
  assert_false(dep_check_parallel(ctx, b.k, t.i, true, NULL, &why));
  assert_string_equal(why, "would break the flow dependence S0[i, j] -> "
                           "S0[i + 1, j - 1] carried by 'i' (distance (1, "
                           "-1)); S0 is at t.c:3:5");
  assert_false(dep_check_parallel(ctx, b.k, t.j, false, NULL, &why));
  assert_string_equal(
      why, "would break the flow dependence S0[i, j] -> "
           "S0[i, j + 1] carried by 'j' (distance (1)); S0 is at t.c:3:5");
  assert_false(dep_check_unroll_and_jam(ctx, b.k, t.i, &why));
  assert_string_equal(why,
                      "would reverse the flow dependence S0[i, j] -> "
                      "S0[i + 1, j - 1] (distance (1, -1)); S0 is at t.c:3:5");
  /* the identity permutation and a one-loop band are always legal */
  static const int id[2] = {0, 1};
  assert_true(dep_check_permutation(ctx, b.k, band, 2, id, &why));
  assert_true(dep_check_tiling(ctx, b.k, band, 1, &why));
  /* --unsafe: every query says yes */
  ctx->unsafe = true;
  assert_true(dep_check_permutation(ctx, b.k, band, 2, SWAP, &why));
  assert_true(dep_check_tiling(ctx, b.k, band, 2, &why));
  assert_true(dep_check_parallel(ctx, b.k, t.i, false, NULL, &why));
  assert_true(dep_check_unroll_and_jam(ctx, b.k, t.i, &why));
  scc_ctx_free(ctx);
}

/* ---- matmul: reductions ------------------------------------------------- */

static void test_matmul(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.n), 1));
  ir_node *lk = nest(lj, xf_loop(&b, b.kk, xf_i(&b, 0), xf_v(&b, b.n), 1));
  ir_expr *lhs = A2(&b, b.C, b.i, 0, b.j, 0);
  body(lk, xf_assign(&b, lhs, IR_OP_ADD,
                     xf_bin(&b, IR_OP_MUL, A2(&b, b.A, b.i, 0, b.kk, 0),
                            A2(&b, b.B, b.kk, 0, b.j, 0))));
  ir_block_append(&b.k->body, li);
  ir_node *band[3] = {li, lj, lk};
  const char *why = NULL;
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int p = 0; p < 6; p++)
    assert_true(dep_check_permutation(ctx, b.k, band, 3, perms[p], &why));
  assert_true(dep_check_tiling(ctx, b.k, band, 3, &why));
  assert_true(dep_check_parallel(ctx, b.k, li, false, NULL, &why));
  assert_true(dep_check_parallel(ctx, b.k, lj, false, NULL, &why));
  assert_true(dep_check_unroll_and_jam(ctx, b.k, li, &why));
  assert_null(why);
  assert_false(dep_check_parallel(ctx, b.k, lk, false, NULL, &why));
  assert_string_equal(
      why, "would break the flow dependence S0[i, j, k] -> "
           "S0[i, j, k + 1] carried by 'k' (distance (1)); S0 is at t.c:3:5");
  scc_vec red = {0};
  assert_true(dep_check_parallel(ctx, b.k, lk, true, &red, &why));
  assert_int_equal(red.len, 1);
  assert_ptr_equal(red.items[0], lhs);
  /* C[i][j] += C[i][k] * ...: reads the reduced array: no reduction */
  lk->u.loop.body.first->u.assign.rhs = A2(&b, b.C, b.i, 0, b.kk, 0);
  scc_vec red2 = {0};
  assert_false(dep_check_parallel(ctx, b.k, lk, true, &red2, &why));
  assert_int_equal(red2.len, 0);
  scc_ctx_free(ctx);
}

/* ---- scalars ------------------------------------------------------------ */

static void test_scalar_temporary(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  scc_loc loc = {"t.c", 1, 1};
  ir_var *t = ir_var_new(ctx, b.k, "t", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  t->declared_outside = true;
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  body(li,
       xf_assign(&b, xf_v(&b, t), IR_OP_NONE, xf_at1(&b, b.a, xf_v(&b, b.i))));
  body(li, xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)), IR_OP_NONE,
                     xf_bin(&b, IR_OP_MUL, xf_v(&b, t), xf_v(&b, t))));
  ir_block_append(&b.k->body, li);
  const char *why = NULL;
  assert_false(dep_check_parallel(ctx, b.k, li, true, NULL, &why));
  /* value-based: the flow stays within an iteration; storage is shared */
  assert_string_equal(why, "would break the anti dependence S1[i] -> "
                           "S0[i + 1] carried by 'i' (distance (1)); S1 is at "
                           "t.c:3:5, S0 at t.c:3:5");
  /* but t is private to each iteration (written before it is read): a
   * second loop `t = x[i]; a[i] = t + t;` fuses with the first (whole
   * iterations interleaved), unless t's last value is read afterwards */
  ir_node *l2 = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  body(l2,
       xf_assign(&b, xf_v(&b, t), IR_OP_NONE, xf_at1(&b, b.x, xf_v(&b, b.i))));
  body(l2, xf_assign(&b, xf_at1(&b, b.a, xf_v(&b, b.i)), IR_OP_NONE,
                     xf_bin(&b, IR_OP_ADD, xf_v(&b, t), xf_v(&b, t))));
  ir_block_append(&b.k->body, l2);
  why = NULL;
  assert_true(dep_check_fusion(ctx, b.k, li, l2, &why));
  t->live_out = true;
  assert_false(dep_check_fusion(ctx, b.k, li, l2, &why));
  assert_non_null(strstr(why, "'t' is read after the loops"));
  t->live_out = false;
  ir_remove(l2);

  /* the same with `double u = a[i];` declared in the body: private */
  xf_kb c = xf_kb_new(ctx);
  ir_var *u = ir_var_new(ctx, c.k, "u", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  ir_node *lc = xf_loop(&c, c.i, xf_i(&c, 0), xf_v(&c, c.n), 1);
  body(lc, ir_decl_new(ctx, u, xf_at1(&c, c.a, xf_v(&c, c.i)), loc));
  body(lc, xf_assign(&c, xf_at1(&c, c.x, xf_v(&c, c.i)), IR_OP_NONE,
                     xf_bin(&c, IR_OP_MUL, xf_v(&c, u), xf_v(&c, u))));
  ir_block_append(&c.k->body, lc);
  why = NULL;
  assert_true(dep_check_parallel(ctx, c.k, lc, false, NULL, &why));
  /* a scalar sum is a reduction */
  xf_kb d = xf_kb_new(ctx);
  ir_var *s = ir_var_new(ctx, d.k, "s", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  s->declared_outside = true;
  ir_node *ld = xf_loop(&d, d.i, xf_i(&d, 0), xf_v(&d, d.n), 1);
  ir_expr *sl = xf_v(&d, s);
  body(ld, xf_assign(&d, sl, IR_OP_NONE,
                     xf_bin(&d, IR_OP_ADD, xf_v(&d, s),
                            xf_at1(&d, d.a, xf_v(&d, d.i)))));
  ir_block_append(&d.k->body, ld);
  assert_false(dep_check_parallel(ctx, d.k, ld, false, NULL, &why));
  scc_vec red = {0};
  assert_true(dep_check_parallel(ctx, d.k, ld, true, &red, &why));
  assert_int_equal(red.len, 1);
  assert_ptr_equal(red.items[0], sl);
  scc_ctx_free(ctx);
}

/* ---- triangular nest (LU-like) ------------------------------------------ */

static void test_triangular(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_node *lk = xf_loop(&b, b.kk, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *li = nest(lk, xf_loop(&b, b.i, add(&b, b.kk, 1), xf_v(&b, b.n), 1));
  ir_node *lj = nest(li, xf_loop(&b, b.j, add(&b, b.kk, 1), xf_v(&b, b.n), 1));
  body(lj, xf_assign(&b, A2(&b, b.A, b.i, 0, b.j, 0), IR_OP_SUB,
                     xf_bin(&b, IR_OP_MUL, A2(&b, b.A, b.i, 0, b.kk, 0),
                            A2(&b, b.A, b.kk, 0, b.j, 0))));
  ir_block_append(&b.k->body, lk);
  ir_node *inner[2] = {li, lj};
  const char *why = NULL;
  assert_true(dep_check_permutation(ctx, b.k, inner, 2, SWAP, &why));
  assert_true(dep_check_tiling(ctx, b.k, inner, 2, &why));
  assert_true(dep_check_parallel(ctx, b.k, li, false, NULL, &why));
  assert_true(dep_check_parallel(ctx, b.k, lj, false, NULL, &why));
  assert_false(dep_check_parallel(ctx, b.k, lk, false, NULL, &why));
  assert_non_null(strstr(why, "carried by 'k'"));
  /* the whole band is fully permutable too (all distances >= 0) */
  ir_node *all[3] = {lk, li, lj};
  assert_true(dep_check_tiling(ctx, b.k, all, 3, &why));
  scc_ctx_free(ctx);
}

/* ---- loops counting down ------------------------------------------------ */

static void test_counting_down(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  /* for (i = n - 1; i >= 0; i--) x[i] = x[i + 1] + a[i] */
  ir_node *li = xf_loop(&b, b.i, nm(&b, -1), xf_i(&b, -1), -1);
  body(li, xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)), IR_OP_NONE,
                     plus(&b, xf_at1(&b, b.x, add(&b, b.i, 1)),
                          xf_at1(&b, b.a, xf_v(&b, b.i)))));
  ir_block_append(&b.k->body, li);
  const char *why = NULL;
  assert_false(dep_check_parallel(ctx, b.k, li, false, NULL, &why));
  assert_string_equal(
      why, "would break the flow dependence S0[i] -> "
           "S0[i - 1] carried by 'i' (distance (-1)); S0 is at t.c:3:5");

  /* i counting down, j up: A[i][j] = A[i + 1][j - 1] has distance (-1, 1),
   * forward in both loops: the interchange is legal.  With i counting up
   * the same statement's dependence (1, -1)... reads A[i - 1][j + 1]. */
  xf_kb c = xf_kb_new(ctx);
  ir_node *ci = xf_loop(&c, c.i, nm(&c, -2), xf_i(&c, 0), -1);
  ir_node *cj = nest(ci, xf_loop(&c, c.j, xf_i(&c, 1), nm(&c, -1), 1));
  body(cj, xf_assign(&c, A2(&c, c.A, c.i, 0, c.j, 0), IR_OP_NONE,
                     A2(&c, c.A, c.i, 1, c.j, -1)));
  ir_block_append(&c.k->body, ci);
  ir_node *band[2] = {ci, cj};
  assert_true(dep_check_permutation(ctx, c.k, band, 2, SWAP, &why));
  assert_true(dep_check_tiling(ctx, c.k, band, 2, &why));
  /* reading A[i + 1][j + 1] instead: distance (-1, -1), backward in j */
  cj->u.loop.body.first->u.assign.rhs = A2(&c, c.A, c.i, 1, c.j, 1);
  assert_false(dep_check_permutation(ctx, c.k, band, 2, SWAP, &why));
  assert_string_equal(why,
                      "would reverse the flow dependence S0[i, j] -> "
                      "S0[i - 1, j - 1] (distance (-1, -1)); S0 is at t.c:3:5");
  scc_ctx_free(ctx);
}

/* ---- strides, guards and non-affine subscripts -------------------------- */

static void test_stride_and_nonaffine(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  /* for (i = 0; i < n; i += 2) x[i + 1] = x[i]: odd written, even read */
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 2);
  body(li, xf_assign(&b, xf_at1(&b, b.x, add(&b, b.i, 1)), IR_OP_NONE,
                     xf_at1(&b, b.x, xf_v(&b, b.i))));
  ir_block_append(&b.k->body, li);
  const char *why = NULL;
  assert_true(dep_check_parallel(ctx, b.k, li, false, NULL, &why));
  /* step 1: a real recurrence */
  li->u.loop.step = 1;
  assert_false(dep_check_parallel(ctx, b.k, li, false, NULL, &why));

  /* x[i * n] = a[i]: delinearized to x[i][0] (rows of n elements, under
   * the run-time condition 0 < n that deps/dep_assume.c checks):
   * independent iterations */
  xf_kb c = xf_kb_new(ctx);
  ir_node *lc = xf_loop(&c, c.i, xf_i(&c, 0), xf_v(&c, c.n), 1);
  body(lc,
       xf_assign(
           &c,
           xf_at1(&c, c.x, xf_bin(&c, IR_OP_MUL, xf_v(&c, c.i), xf_v(&c, c.n))),
           IR_OP_NONE, xf_at1(&c, c.a, xf_v(&c, c.i))));
  ir_block_append(&c.k->body, lc);
  assert_true(dep_check_parallel(ctx, c.k, lc, false, NULL, &why));
  assert_int_equal(c.k->delinearized.len, 1);
  /* x[i * i] = a[i]: non-affine write, may touch anything */
  lc->u.loop.body.first->u.assign.lhs =
      xf_at1(&c, c.x, xf_bin(&c, IR_OP_MUL, xf_v(&c, c.i), xf_v(&c, c.i)));
  assert_false(dep_check_parallel(ctx, c.k, lc, false, NULL, &why));
  assert_string_equal(why, "would break the output dependence S0[i] -> "
                           "S0[i + 1] carried by 'i' (distance (1)); "
                           "`x[i * i]` is not affine: it may touch any "
                           "element of 'x'; S0 is at t.c:3:5");
  /* the affine 2 * i instead: independent iterations */
  lc->u.loop.body.first->u.assign.lhs =
      xf_at1(&c, c.x, xf_bin(&c, IR_OP_MUL, xf_i(&c, 2), xf_v(&c, c.i)));
  assert_true(dep_check_parallel(ctx, c.k, lc, false, NULL, &why));

  /* a guard: if (i < 5) x[i + 5] = x[i]: writes [5, 10), reads [0, 5) */
  xf_kb d = xf_kb_new(ctx);
  ir_node *ld = xf_loop(&d, d.i, xf_i(&d, 0), xf_v(&d, d.n), 1);
  ir_node *g = ir_if_new(ctx, xf_bin(&d, IR_OP_LT, xf_v(&d, d.i), xf_i(&d, 5)),
                         (scc_loc){"t.c", 2, 3});
  ir_block_append(&g->u.ifs.then_body,
                  xf_assign(&d, xf_at1(&d, d.x, add(&d, d.i, 5)), IR_OP_NONE,
                            xf_at1(&d, d.x, xf_v(&d, d.i))));
  body(ld, g);
  ir_block_append(&d.k->body, ld);
  assert_true(dep_check_parallel(ctx, d.k, ld, false, NULL, &why));
  g->u.ifs.cond = xf_bin(&d, IR_OP_LT, xf_v(&d, d.i), xf_i(&d, 6));
  assert_false(dep_check_parallel(ctx, d.k, ld, false, NULL, &why));
  scc_ctx_free(ctx);
}

/* ---- fusion ------------------------------------------------------------- */

static void test_fusion(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  /* for i: x[i] = a[i];  for i: a[i] = x[i + 1] (reads ahead: illegal) */
  ir_node *la = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  body(la, xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)), IR_OP_NONE,
                     xf_at1(&b, b.a, xf_v(&b, b.i))));
  ir_node *lb = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *s1 = xf_assign(&b, xf_at2(&b, b.C, xf_v(&b, b.i), xf_i(&b, 0)),
                          IR_OP_NONE, xf_at1(&b, b.x, add(&b, b.i, 1)));
  body(lb, s1);
  ir_block_append(&b.k->body, la);
  ir_block_append(&b.k->body, lb);
  const char *why = NULL;
  assert_false(dep_check_fusion(ctx, b.k, la, lb, &why));
  assert_string_equal(
      why, "would reverse the flow dependence S0[i] -> "
           "S1[i - 1] (distance (-1)); S0 is at t.c:3:5, S1 at t.c:3:5");
  /* C[i][0] = x[i]: legal */
  s1->u.assign.rhs = xf_at1(&b, b.x, xf_v(&b, b.i));
  assert_true(dep_check_fusion(ctx, b.k, la, lb, &why));
  /* C[i][0] = x[i - 1]: legal too (the value was produced earlier) */
  s1->u.assign.rhs = xf_at1(&b, b.x, add(&b, b.i, -1));
  assert_true(dep_check_fusion(ctx, b.k, la, lb, &why));
  scc_ctx_free(ctx);
}

/* ---- distribution ------------------------------------------------------- */

static void test_distribution(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  /* for i = 1 to n: S0: x[i] = a[i - 1] * 2;  S1: a[i] = x[i] + 1
   * S0 -> S1 (x, same i), S1 -> S0 (a, next i): a recurrence cycle */
  ir_node *l = xf_loop(&b, b.i, xf_i(&b, 1), xf_v(&b, b.n), 1);
  ir_node *s0 =
      xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)), IR_OP_NONE,
                xf_bin(&b, IR_OP_MUL, xf_at1(&b, b.a, add(&b, b.i, -1)),
                       ir_fp(ctx, IR_TY_DOUBLE, 2, "2.0")));
  ir_node *s1 = xf_assign(&b, xf_at1(&b, b.a, xf_v(&b, b.i)), IR_OP_NONE,
                          plus(&b, xf_at1(&b, b.x, xf_v(&b, b.i)),
                               ir_fp(ctx, IR_TY_DOUBLE, 1, "1.0")));
  body(l, s0);
  body(l, s1);
  ir_block_append(&b.k->body, l);
  int groups = -1, *group_of = NULL;
  const char *why = NULL;
  assert_false(dep_check_distribution(ctx, b.k, l, &groups, &group_of, &why));
  assert_int_equal(groups, 1);
  assert_string_equal(
      why, "would reverse the flow dependence S1[i] -> "
           "S0[i + 1] (distance (1)); S1 is at t.c:3:5, S0 at t.c:3:5");
  /* S0 reads a[i] instead: only S0 -> S1 (anti and flow): two groups */
  s0->u.assign.rhs = xf_at1(&b, b.a, xf_v(&b, b.i));
  assert_true(dep_check_distribution(ctx, b.k, l, &groups, &group_of, &why));
  assert_int_equal(groups, 2);
  assert_int_equal(group_of[0], 0);
  assert_int_equal(group_of[1], 1);
  /* S0: x[i] = a[i - 1]; S1: a[i] = 1.0: only S1 -> S0 (next i): the
   * loop for S1 must come first */
  s0->u.assign.rhs = xf_at1(&b, b.a, add(&b, b.i, -1));
  s1->u.assign.rhs = ir_fp(ctx, IR_TY_DOUBLE, 1, "1.0");
  assert_true(dep_check_distribution(ctx, b.k, l, &groups, &group_of, &why));
  assert_int_equal(groups, 2);
  assert_int_equal(group_of[0], 1);
  assert_int_equal(group_of[1], 0);
  scc_ctx_free(ctx);
}

/* ---- --emit=deps -------------------------------------------------------- */

static void test_print(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  gauss_seidel(&b);
  scc_buf out = {0};
  dep_print_module(&out, ctx, b.k->module);
  assert_non_null(out.data);
  assert_non_null(strstr(out.data, "kernel t: 1 statement, 1 dependence\n"));
  assert_non_null(strstr(out.data, "flow S0 -> S0 on A"));
  assert_non_null(strstr(out.data, "[1, -1]"));
  assert_non_null(strstr(out.data, "[0, 1]"));
  scc_buf_free(&out);
  scc_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_jacobi),
      cmocka_unit_test(test_gauss_seidel),
      cmocka_unit_test(test_matmul),
      cmocka_unit_test(test_scalar_temporary),
      cmocka_unit_test(test_triangular),
      cmocka_unit_test(test_counting_down),
      cmocka_unit_test(test_stride_and_nonaffine),
      cmocka_unit_test(test_fusion),
      cmocka_unit_test(test_distribution),
      cmocka_unit_test(test_print),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
