/* xf_regtile.c (test) — register tiling: loop.unroll_and_jam,
 * loop.scalar_replace, loop.hoist and loop.pack on a matmul nest with
 * symbolic and constant bounds, checked by structure and by running the
 * kernel before and after (xf_eval.h). */
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

/* for i < n, for j < n, for k < ub_k: C[i][j] += A[i][k] * B[k][j];
 * returns the i loop. */
static ir_node *mk_mm(xf_kb *b, int64_t kconst) {
  ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lj = xf_loop(b, b->j, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lk = xf_loop(b, b->kk, xf_i(b, 0),
                        kconst ? xf_i(b, kconst) : xf_v(b, b->n), 1);
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

/* Same arrays after running both kernels (assignment counts may differ). */
static bool same_arrays(xf_kb *x, xf_kb *y, int64_t n) {
  xf_eval e1, e2;
  xf_run(x, n, &e1);
  xf_run(y, n, &e2);
  bool ok = !e1.error && !e2.error;
  for (int id = 0; ok && id < 5; id++) {
    size_t size = id < 3 ? 128 * 128 : 512;
    ok = memcmp(e1.arr[id], e2.arr[id], sizeof(double) * size) == 0;
  }
  xf_run_free(&e1);
  xf_run_free(&e2);
  return ok;
}

static const int64_t ns[] = {0, 1, 2, 3, 5, 7, 16, 33};

static void test_unroll_and_jam(void **state) {
  (void)state;
  for (size_t t = 0; t < sizeof ns / sizeof *ns; t++) {
    xf_kb o = xf_kb_new(ctx), x = xf_kb_new(ctx);
    mk_mm(&o, 0);
    ir_node *li = mk_mm(&x, 0), *m, *r;
    assert_int_equal(xf_unroll_and_jam(ctx, x.k, li, 3, &m, &r), XF_OK);
    assert_ptr_equal(m, li);
    assert_int_equal(m->u.loop.step, 3);
    assert_non_null(r); /* symbolic trip count: a remainder */
    /* the j loop holds one k loop holding 3 statements (i, i+1, i+2) */
    ir_node *lj = m->u.loop.body.first;
    assert_int_equal(ir_block_len(&m->u.loop.body), 1);
    ir_node *lk = lj->u.loop.body.first;
    assert_int_equal(lk->kind, IR_NODE_LOOP);
    assert_int_equal(ir_block_len(&lk->u.loop.body), 3);
    assert_string_equal(
        xf_cstr(ctx, lk->u.loop.body.last->u.assign.lhs->u.access.idx[0]),
        "i + 2");
    assert_true(ir_verify_kernel(ctx, x.k, "loop.unroll_and_jam"));
    assert_true(xf_same(&o, &x, ns[t]));
  }
  /* constant trip count 12, factor 4: no remainder */
  xf_kb c = xf_kb_new(ctx);
  ir_node *l = xf_loop(&c, c.i, xf_i(&c, 0), xf_i(&c, 12), 1), *m, *r;
  ir_block_append(&l->u.loop.body,
                  xf_assign(&c, xf_at1(&c, c.x, xf_v(&c, c.i)), IR_OP_NONE,
                            xf_at1(&c, c.a, xf_v(&c, c.i))));
  ir_block_append(&c.k->body, l);
  assert_int_equal(xf_unroll_and_jam(ctx, c.k, l, 4, &m, &r), XF_OK);
  assert_null(r);
}

static void test_unroll_and_jam_refusals(void **state) {
  (void)state;
  /* triangular: for i { for j < i } */
  xf_kb b = xf_kb_new(ctx);
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *lj = xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.i), 1);
  ir_block_append(&lj->u.loop.body,
                  xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.j)), IR_OP_ADD,
                            xf_at1(&b, b.a, xf_v(&b, b.i))));
  ir_block_append(&li->u.loop.body, lj);
  ir_block_append(&b.k->body, li);
  ir_block *before = xf_snapshot(ctx, &b.k->body);
  ir_node *m, *r;
  assert_int_equal(xf_unroll_and_jam(ctx, b.k, li, 2, &m, &r), XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "cannot be jammed"));
  scc_fail_clear(ctx);
  assert_true(xf_block_eq(before, &b.k->body));
  assert_int_equal(xf_unroll_and_jam(ctx, b.k, li, 0, &m, &r), XF_SILENCEABLE);
  scc_fail_clear(ctx);
}

static void test_scalar_replace(void **state) {
  (void)state;
  for (size_t t = 0; t < sizeof ns / sizeof *ns; t++) {
    xf_kb o = xf_kb_new(ctx), x = xf_kb_new(ctx);
    mk_mm(&o, 0);
    ir_node *li = mk_mm(&x, 0), *m, *r, *out;
    assert_int_equal(xf_unroll_and_jam(ctx, x.k, li, 2, &m, &r), XF_OK);
    ir_node *lj = m->u.loop.body.first;
    ir_node *lk = lj->u.loop.body.first;
    assert_int_equal(xf_scalar_replace(ctx, x.k, lk, &out), XF_OK);
    assert_ptr_equal(out, lk);
    /* k may run zero times (k < n): under `if (0 < n)`, two loads
     * before k, two stores after it */
    assert_int_equal(ir_block_len(&lj->u.loop.body), 1);
    ir_node *guard = lj->u.loop.body.first;
    assert_int_equal(guard->kind, IR_NODE_IF);
    assert_string_equal(xf_cstr(ctx, guard->u.ifs.cond), "0 < n");
    ir_block *gb = &guard->u.ifs.then_body;
    assert_int_equal(ir_block_len(gb), 5);
    assert_int_equal(gb->first->kind, IR_NODE_DECL);
    assert_int_equal(gb->last->kind, IR_NODE_ASSIGN);
    assert_int_equal(lk->u.loop.body.first->u.assign.lhs->kind, IR_EXPR_VAR);
    assert_true(ir_verify_kernel(ctx, x.k, "loop.scalar_replace"));
    assert_true(same_arrays(&o, &x, ns[t]));
  }
  /* nothing invariant in j */
  xf_kb y = xf_kb_new(ctx);
  ir_node *li = mk_mm(&y, 0), *out;
  ir_block *before = xf_snapshot(ctx, &y.k->body);
  assert_int_equal(xf_scalar_replace(ctx, y.k, li->u.loop.body.first, &out),
                   XF_SILENCEABLE);
  scc_fail_clear(ctx);
  assert_true(xf_block_eq(before, &y.k->body));
}

static void test_hoist_and_pack(void **state) {
  (void)state;
  xf_kb x = xf_kb_new(ctx);
  for (int d = 0; d < 2; d++)
    x.B->dims[d] = xf_i(&x, 128);
  ir_node *li = mk_mm(&x, 20), *out;
  ir_node *lj = li->u.loop.body.first, *lk = lj->u.loop.body.first;
  /* over j the tile B[0..19][0..n) is not bounded by a constant */
  assert_int_equal(xf_pack(ctx, x.k, lj, "B", 0, -1, 0, &out), XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "not bounded by a constant"));
  scc_fail_clear(ctx);
  /* C is written in k */
  assert_int_equal(xf_pack(ctx, x.k, lk, "C", 0, -1, 0, &out), XF_SILENCEABLE);
  scc_fail_clear(ctx);
  /* over k (k < 20, j fixed): the column B[0..19][j], 20 elements, copied
   * before k and hoisted out of nothing (the corner reads j) */
  assert_int_equal(xf_pack(ctx, x.k, lk, "B", 0, -1, 0, &out), XF_OK);
  ir_array *buf = x.k->arrays.items[x.k->arrays.len - 1];
  assert_true(buf->is_local);
  assert_int_equal(buf->rank, 1);
  assert_int_equal(xf_cval(ctx, buf->dims[0]), 20);
  assert_int_equal(ir_block_len(&lj->u.loop.body), 2); /* copy nest, k */
  ir_expr *rd = lk->u.loop.body.first->u.assign.rhs->u.bin.b;
  assert_ptr_equal(rd->u.access.array, buf);
  assert_string_equal(xf_cstr(ctx, rd->u.access.idx[0]), "k");
  assert_true(ir_verify_kernel(ctx, x.k, "loop.pack"));
  /* hoist: nothing in k is invariant in k */
  assert_int_equal(xf_hoist(ctx, x.k, lk, &out), XF_SILENCEABLE);
  scc_fail_clear(ctx);
  /* in j, A[i][k] is invariant only inside k, which j contains: k runs 20
   * times, so A[i][0..] loads stay; but nothing at j's level reads only
   * i: refused as well */
  assert_int_equal(xf_hoist(ctx, x.k, lj, &out), XF_SILENCEABLE);
  scc_fail_clear(ctx);
}

static void test_hoist(void **state) {
  (void)state;
  for (size_t t = 0; t < sizeof ns / sizeof *ns; t++) {
    /* for i: for j < n: x[j] += a[i] * 2.0  ->  h = a[i] * 2.0 hoisted */
    xf_kb o = xf_kb_new(ctx), x = xf_kb_new(ctx);
    xf_kb *bs[2] = {&o, &x};
    ir_node *lj = NULL;
    for (int v = 0; v < 2; v++) {
      xf_kb *b = bs[v];
      ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_i(b, 4), 1);
      ir_node *l = xf_loop(b, b->j, xf_i(b, 0), xf_v(b, b->n), 1);
      ir_expr *rhs = xf_bin(b, IR_OP_MUL, xf_at1(b, b->a, xf_v(b, b->i)),
                            ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0"));
      ir_block_append(
          &l->u.loop.body,
          xf_assign(b, xf_at1(b, b->x, xf_v(b, b->j)), IR_OP_ADD, rhs));
      ir_block_append(&li->u.loop.body, l);
      ir_block_append(&b->k->body, li);
      lj = l;
    }
    ir_node *out;
    assert_int_equal(xf_hoist(ctx, x.k, lj, &out), XF_OK);
    /* n is symbolic: j and the hoisted decl are guarded by if (0 < n) */
    ir_node *g = ir_parent(lj);
    assert_int_equal(g->kind, IR_NODE_IF);
    assert_int_equal(g->u.ifs.then_body.first->kind, IR_NODE_DECL);
    assert_int_equal(lj->u.loop.body.first->u.assign.rhs->kind, IR_EXPR_VAR);
    assert_true(ir_verify_kernel(ctx, x.k, "loop.hoist"));
    assert_true(same_arrays(&o, &x, ns[t]));
  }
}

/* loop.prefetch on the j loop of i, j, k (C[i][j] at j's level, A and B
 * in k): C[i][min(j + 2, n - 1)] prefetched for writing; A is only in k
 * (refused); the values do not change; a clone with i -> i + 1 carries the
 * prefetch with the substitution. */
static void test_prefetch(void **state) {
  (void)state;
  xf_kb x = xf_kb_new(ctx);
  for (int d = 0; d < 2; d++)
    x.A->dims[d] = x.B->dims[d] = x.C->dims[d] = xf_v(&x, x.n);
  ir_node *li = mk_mm(&x, 0), *out;
  ir_node *lj = li->u.loop.body.first;
  xf_kb o = xf_kb_new(ctx);
  mk_mm(&o, 0);
  assert_int_equal(xf_prefetch(ctx, x.k, lj, "A", 1, &out), XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "outside its inner loops"));
  scc_fail_clear(ctx);
  assert_int_equal(lj->u.loop.prefetch.len, 0);
  /* x (rank 1, no extent: a pointer, whose iteration would be clamped)
   * has no access in j */
  assert_int_equal(xf_prefetch(ctx, x.k, lj, "x", 1, &out), XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "no access of 'x'"));
  scc_fail_clear(ctx);
  /* C's loads sit in k, so j has none of its own either: fails */
  assert_int_equal(xf_prefetch(ctx, x.k, lj, "C", 2, &out), XF_SILENCEABLE);
  scc_fail_clear(ctx);
  /* after scalar replacement C[i][j] is loaded before k and stored after
   * it, in j's body: two accesses of one element, prefetched once */
  ir_node *lk = lj->u.loop.body.first;
  assert_int_equal(xf_scalar_replace(ctx, x.k, lk, &out), XF_OK);
  assert_int_equal(xf_prefetch(ctx, x.k, lj, "C", 2, &out), XF_OK);
  /* C is stored in j: prefetched for writing */
  assert_int_equal(lj->u.loop.prefetch.len, 0);
  assert_int_equal(lj->u.loop.prefetchw.len, 1);
  ir_expr *p = lj->u.loop.prefetchw.items[0];
  /* every subscript is clamped, max(0, min(s, n - 1)), the unmoved row
   * too */
  assert_string_equal(
      xf_cstr(ctx, p->u.access.idx[0]),
      "(0 > (i < n - 1 ? i : n - 1) ? 0 : (i < n - 1 ? i : n - 1))");
  /* (the moved subscript: j + 2 may pass INT_MAX for n near it, so it is
   * computed in long long) */
  assert_string_equal(
      xf_cstr(ctx, p->u.access.idx[1]),
      "(int)(0 > ((long long)j + 2 < (long long)n - 1 ? (long long)j + 2 : "
      "(long long)n - 1) ? 0 : ((long long)j + 2 < (long long)n - 1 ? (long "
      "long)j + 2 : (long long)n - 1))");
  assert_true(ir_verify_kernel(ctx, x.k, "loop.prefetch"));
  assert_true(same_arrays(&o, &x, 9));
  /* a clone of i's body with i -> i + 1 carries the prefetch, renamed */
  ir_subst s = {0};
  ir_subst_add(ctx, &s, x.i, ir_add_const(ctx, ir_var_ref(ctx, x.i), 1));
  ir_node *c = ir_node_clone(ctx, lj, &s);
  assert_int_equal(c->u.loop.prefetchw.len, 1);
  assert_string_equal(
      xf_cstr(ctx, ((ir_expr *)c->u.loop.prefetchw.items[0])->u.access.idx[0]),
      "(0 > (i + 1 < n - 1 ? i + 1 : n - 1) ? 0 : (i + 1 < n - 1 ? i + 1 : n - "
      "1))");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unroll_and_jam),
      cmocka_unit_test(test_unroll_and_jam_refusals),
      cmocka_unit_test(test_scalar_replace),
      cmocka_unit_test(test_hoist_and_pack),
      cmocka_unit_test(test_prefetch),
      cmocka_unit_test(test_hoist),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
