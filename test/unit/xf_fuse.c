/* xf_fuse.c (test) — loop.fuse (same and shifted bounds), loop.distribute
 * and loop.parallel: structure, semantics, refusals. */
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

static const int64_t ns[] = {-5, 0, 1, 2, 3, 7, 31, 100};

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

static ir_expr *fp(double v) { return ir_fp(ctx, IR_TY_DOUBLE, v, NULL); }

/* for (iv = lb + dl; iv < n + du; iv++) dst[iv] = src[iv] * 0.5 + 1 */
static ir_node *mk_map(xf_kb *b, ir_var *iv, int64_t dl, int64_t du,
                       ir_array *dst, ir_array *src) {
  ir_node *l = xf_loop(b, iv, xf_i(b, dl),
                       xf_bin(b, IR_OP_ADD, xf_v(b, b->n), xf_i(b, du)), 1);
  ir_expr *rhs = xf_bin(
      b, IR_OP_ADD, xf_bin(b, IR_OP_MUL, xf_at1(b, src, xf_v(b, iv)), fp(0.5)),
      fp(1.0));
  ir_block_append(&l->u.loop.body,
                  xf_assign(b, xf_at1(b, dst, xf_v(b, iv)), IR_OP_NONE, rhs));
  ir_block_append(&b->k->body, l);
  return l;
}

static void test_fuse_same_bounds(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  mk_map(&o, o.i, 0, 0, o.x, o.a);
  mk_map(&o, o.j, 0, 0, o.a, o.x);
  ir_node *a = mk_map(&t, t.i, 0, 0, t.x, t.a);
  ir_node *b = mk_map(&t, t.j, 0, 0, t.a, t.x);
  (void)b;
  ir_node *f = NULL;
  assert_int_equal(xf_fuse(ctx, t.k, a, a->next, &f), XF_OK);
  assert_ptr_equal(f, a);
  assert_int_equal(ir_block_len(&t.k->body), 1);
  assert_int_equal(ir_block_len(&a->u.loop.body), 2);
  /* b's iv j was replaced by i */
  assert_false(ir_expr_uses_var(a->u.loop.body.last->u.assign.rhs, t.j));
  assert_true(ir_verify_kernel(ctx, t.k, "loop.fuse"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static void test_fuse_shifted(void **state) {
  (void)state;
  static const int64_t sh[][4] = {{0, 0, 1, 1},  {1, 1, 0, 0}, {0, 0, 2, -1},
                                  {2, -1, 0, 0}, {0, 3, 1, 0}, {3, 5, 0, 0}};
  for (size_t c = 0; c < sizeof sh / sizeof sh[0]; c++) {
    xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
    mk_map(&o, o.i, sh[c][0], sh[c][1], o.x, o.a);
    mk_map(&o, o.i, sh[c][2], sh[c][3], o.a, o.a);
    ir_node *a = mk_map(&t, t.i, sh[c][0], sh[c][1], t.x, t.a);
    mk_map(&t, t.i, sh[c][2], sh[c][3], t.a, t.a);
    ir_node *f = NULL;
    assert_int_equal(xf_fuse(ctx, t.k, a, a->next, &f), XF_OK);
    assert_true(ir_verify_kernel(ctx, t.k, "loop.fuse"));
    int loops = 1 + (sh[c][0] != sh[c][2]) + (sh[c][1] != sh[c][3]);
    assert_int_equal(ir_block_len(&t.k->body), loops);
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
      assert_true(xf_same(&o, &t, ns[q]));
  }
}

static void test_fuse_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *a = mk_map(&t, t.i, 0, 0, t.x, t.a);
  ir_node *mid = mk_map(&t, t.j, 0, 0, t.a, t.x);
  ir_node *c = mk_map(&t, t.kk, 0, 0, t.x, t.x);
  ir_node *f;
  EXPECT_REFUSED(&t, xf_fuse(ctx, t.k, a, c, &f),
                 "loop.fuse of 'i' and 'k': the loops are not adjacent (the "
                 "second must directly follow the first in the same block)");
  EXPECT_REFUSED(&t, xf_fuse(ctx, t.k, mid, a, &f),
                 "loop.fuse of 'j' and 'i': the loops are not adjacent (the "
                 "second must directly follow the first in the same block)");
  mid->u.loop.step = 2;
  EXPECT_REFUSED(&t, xf_fuse(ctx, t.k, a, mid, &f),
                 "loop.fuse of 'i' and 'j': different steps (1 and 2)");
  mid->u.loop.step = 1;
  mid->u.loop.ub = xf_bin(&t, IR_OP_MUL, xf_v(&t, t.n), xf_i(&t, 2));
  EXPECT_REFUSED(&t, xf_fuse(ctx, t.k, a, mid, &f),
                 "loop.fuse of 'i' and 'j': the bounds are neither equal nor "
                 "shifted by constants");
}

/* for i < n: { x[i] = a[i] + 1; C[i][0] = x[i] * 2; a[i + 1] = 3 } */
static ir_node *mk_three(xf_kb *b) {
  ir_node *l = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_expr *i = xf_v(b, b->i);
  ir_block_append(&l->u.loop.body,
                  xf_assign(b, xf_at1(b, b->x, i), IR_OP_NONE,
                            xf_bin(b, IR_OP_ADD, xf_at1(b, b->a, i), fp(1))));
  ir_block_append(
      &l->u.loop.body,
      xf_assign(b, xf_at2(b, b->C, xf_v(b, b->i), xf_i(b, 0)), IR_OP_NONE,
                xf_bin(b, IR_OP_MUL, xf_at1(b, b->x, xf_v(b, b->i)), fp(2))));
  ir_block_append(&l->u.loop.body, xf_assign(b, xf_at1(b, b->a, xf_v(b, b->i)),
                                             IR_OP_ADD, fp(3)));
  ir_block_append(&b->k->body, l);
  return l;
}

static void test_distribute(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  mk_three(&o);
  ir_node *l = mk_three(&t);
  ir_node **parts = NULL;
  int n = 0;
  assert_int_equal(xf_distribute(ctx, t.k, l, 3, &parts, &n), XF_OK);
  assert_int_equal(n, 3);
  assert_ptr_equal(parts[0], l);
  assert_ptr_equal(parts[0]->next, parts[1]);
  assert_ptr_equal(parts[1]->next, parts[2]);
  for (int p = 0; p < 3; p++)
    assert_int_equal(ir_block_len(&parts[p]->u.loop.body), 1);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.distribute"));
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
  /* the bound count differs: refused before anything changes */
  xf_kb u = xf_kb_new(ctx);
  ir_node *lu = mk_three(&u);
  EXPECT_REFUSED(&u, xf_distribute(ctx, u.k, lu, 2, &parts, &n),
                 "loop.distribute of 'i' yields 3 loops, but 2 are bound");
  ir_block empty;
  ir_block_init(&empty, NULL);
  ir_node *le = xf_loop(&u, u.j, xf_i(&u, 0), xf_i(&u, 4), 1);
  ir_block_append(&u.k->body, le);
  EXPECT_REFUSED(&u, xf_distribute(ctx, u.k, le, 0, &parts, &n),
                 "loop.distribute of 'j': the body is empty");
}

static void test_parallel(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  /* for i: for j (j declared outside): C[i][j] = A[i][j] * 2 */
  t.j->declared_outside = true;
  ir_node *li = xf_loop(&t, t.i, xf_i(&t, 0), xf_v(&t, t.n), 1);
  ir_node *lj = xf_loop(&t, t.j, xf_i(&t, 0), xf_v(&t, t.n), 1);
  ir_block_append(
      &lj->u.loop.body,
      xf_assign(&t, xf_at2(&t, t.C, xf_v(&t, t.i), xf_v(&t, t.j)), IR_OP_NONE,
                xf_bin(&t, IR_OP_MUL,
                       xf_at2(&t, t.A, xf_v(&t, t.i), xf_v(&t, t.j)), fp(2))));
  ir_block_append(&li->u.loop.body, lj);
  ir_block_append(&t.k->body, li);
  xf_kb o = xf_kb_new(ctx);
  ir_block_clone_into(ctx, &o.k->body, &t.k->body, NULL);
  ir_node *p = NULL;
  EXPECT_REFUSED(&t, xf_parallel(ctx, t.k, li, "sideways", false, &p),
                 "loop.parallel of 'i': unknown OpenMP schedule \"sideways\" "
                 "(static, dynamic, guided, each optionally \",N\", auto or "
                 "runtime)");
  assert_int_equal(xf_parallel(ctx, t.k, li, "dynamic,4", false, &p), XF_OK);
  assert_ptr_equal(p, li);
  assert_true(li->u.loop.attrs & IR_LOOP_PARALLEL);
  assert_string_equal(li->u.loop.omp_schedule, "dynamic,4");
  assert_int_equal(li->u.loop.omp_reductions.len, 0);
  /* the inner iv, declared outside, is listed in a private clause */
  assert_ptr_equal(lj->u.loop.iv, t.j);
  assert_int_equal(li->u.loop.omp_private.len, 1);
  assert_ptr_equal(li->u.loop.omp_private.items[0], t.j);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.parallel"));
  /* a nested loop cannot be made parallel inside a parallel one */
  EXPECT_REFUSED(&t, xf_parallel(ctx, t.k, lj, NULL, false, &p),
                 "loop.parallel of 'j': it is nested in the parallel loop "
                 "'i'");
  EXPECT_REFUSED(&t, xf_parallel(ctx, t.k, li, NULL, false, &p),
                 "loop.parallel of 'i': already parallel");
  /* a shared scalar written in the loop */
  xf_kb s = xf_kb_new(ctx);
  ir_var *w = ir_var_new(ctx, s.k, "w", IR_TY_DOUBLE, IR_VAR_LOCAL,
                         (scc_loc){"t.c", 1, 1});
  w->declared_outside = true;
  ir_node *ls = xf_loop(&s, s.i, xf_i(&s, 0), xf_v(&s, s.n), 1);
  ir_block_append(&ls->u.loop.body,
                  xf_assign(&s, ir_var_ref(ctx, w), IR_OP_NONE,
                            xf_at1(&s, s.a, xf_v(&s, s.i))));
  ir_block_append(&ls->u.loop.body,
                  xf_assign(&s, xf_at1(&s, s.x, xf_v(&s, s.i)), IR_OP_NONE,
                            ir_var_ref(ctx, w)));
  ir_block_append(&s.k->body, ls);
  /* the dependence analysis sees the scalar's storage shared between
   * iterations (its values do not flow between them: value-based flow,
   * but w is one location for the threads) */
  EXPECT_REFUSED(&s, xf_parallel(ctx, s.k, ls, NULL, false, &p),
                 "loop.parallel of 'i' would break the anti dependence S1[i] "
                 "-> S0[i + 1] carried by 'i' (distance (1)); S1 is at "
                 "t.c:3:5, S0 at t.c:3:5");
  (void)o;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_fuse_same_bounds, setup, teardown),
      cmocka_unit_test_setup_teardown(test_fuse_shifted, setup, teardown),
      cmocka_unit_test_setup_teardown(test_fuse_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_distribute, setup, teardown),
      cmocka_unit_test_setup_teardown(test_parallel, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
