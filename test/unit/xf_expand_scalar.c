/* xf_expand_scalar.c (test) — loop.expand_scalar: the expanded kernel
 * computes what the original computes (steps 1 and 2, a declaration at
 * the top of the body), and the refusals leave the IR unchanged. */
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

#define EXPECT_REFUSED(kb, call, msg)                                          \
  do {                                                                         \
    ir_block *before_ = xf_snapshot(ctx, &(kb)->k->body);                      \
    int nvars_ = (kb)->k->vars.len, narr_ = (kb)->k->arrays.len;               \
    assert_int_equal((call), XF_SILENCEABLE);                                  \
    assert_non_null(ctx->pending_msg);                                         \
    assert_string_equal(ctx->pending_msg, (msg));                              \
    assert_true(xf_block_eq(before_, &(kb)->k->body));                         \
    assert_int_equal(nvars_, (kb)->k->vars.len);                               \
    assert_int_equal(narr_, (kb)->k->arrays.len);                              \
    scc_fail_clear(ctx);                                                       \
  } while (0)

/* Runs kernel b with n, the expanded array (id 5, if any) 512 long. */
static void run(xf_kb *b, int64_t n, xf_eval *ev) {
  memset(ev, 0, sizeof *ev);
  for (int id = 0; id < 6; id++) {
    int rank = id < 3 ? 2 : 1;
    int64_t size = rank == 2 ? 128 * 128 : 512;
    ev->arr[id] = calloc((size_t)size, sizeof(double));
    ev->ext[id][0] = rank == 2 ? 128 : 512;
    ev->ext[id][1] = 128;
    for (int64_t e = 0; id < 5 && e < size; e++)
      ev->arr[id][e] = (double)((e * (id + 3) + id) % 7);
  }
  ev->ivals[b->n->id] = n;
  xf_ev_block(ev, &b->k->body);
}

static bool same(xf_kb *x, xf_kb *y, int64_t n) {
  xf_eval e1, e2;
  run(x, n, &e1);
  run(y, n, &e2);
  bool ok = !e1.error && !e2.error;
  for (int id = 0; ok && id < 5; id++)
    ok = memcmp(e1.arr[id], e2.arr[id],
                sizeof(double) * (id < 3 ? 128 * 128 : 512)) == 0;
  for (int id = 0; id < 6; id++) {
    free(e1.arr[id]);
    free(e2.arr[id]);
  }
  return ok;
}

/* for (i = lb; i < n; i += step) { t = a[i] * 2; x[i] = t * t + t; }
 * (with decl: `double t = a[i] * 2;`) */
static ir_node *build(xf_kb *b, ir_var **t, int64_t lb, int64_t step,
                      bool decl) {
  scc_loc loc = {"t.c", 1, 1};
  *t = ir_var_new(ctx, b->k, "t", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  (*t)->declared_outside = true;
  ir_node *l = xf_loop(b, b->i, xf_i(b, lb), xf_v(b, b->n), step);
  ir_expr *init = xf_bin(b, IR_OP_MUL, xf_at1(b, b->a, xf_v(b, b->i)),
                         ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0"));
  if (decl)
    ir_block_append(&l->u.loop.body, ir_decl_new(ctx, *t, init, loc));
  else
    ir_block_append(&l->u.loop.body,
                    xf_assign(b, xf_v(b, *t), IR_OP_NONE, init));
  ir_block_append(
      &l->u.loop.body,
      xf_assign(b, xf_at1(b, b->x, xf_v(b, b->i)), IR_OP_NONE,
                xf_bin(b, IR_OP_ADD,
                       xf_bin(b, IR_OP_MUL, xf_v(b, *t), xf_v(b, *t)),
                       xf_v(b, *t))));
  ir_block_append(&b->k->body, l);
  return l;
}

static void check(int64_t lb, int64_t step, bool decl) {
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  ir_var *to, *tt;
  build(&o, &to, lb, step, decl);
  ir_node *l = build(&t, &tt, lb, step, decl);
  ir_node *out = NULL;
  assert_int_equal(xf_expand_scalar(ctx, t.k, l, "t", &out), XF_OK);
  assert_ptr_equal(out, l);
  ir_array *x = t.k->arrays.items[t.k->arrays.len - 1];
  assert_string_equal(x->name, "t_x");
  assert_true(x->is_local);
  assert_int_equal(x->rank, 1);
  /* every use of t is now an element of t_x */
  for (ir_node *p = l->u.loop.body.first; p; p = p->next) {
    assert_int_equal(p->kind, IR_NODE_ASSIGN);
    assert_false(ir_expr_uses_var(p->u.assign.lhs, tt));
    assert_false(ir_expr_uses_var(p->u.assign.rhs, tt));
  }
  assert_int_equal(l->u.loop.body.first->u.assign.lhs->kind, IR_EXPR_ACCESS);
  assert_true(ir_verify_kernel(ctx, t.k, "loop.expand_scalar"));
  static const int64_t ns[] = {0, 1, 2, 5, 64, 300};
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(same(&o, &t, ns[q]));
}

static void test_expand(void **state) {
  (void)state;
  check(0, 1, false);
  check(3, 2, false);
  check(0, 1, true);
}

static void test_refused(void **state) {
  (void)state;
  scc_loc loc = {"t.c", 1, 1};
  /* x[i] = t; t = a[i]: each iteration reads the previous one's value */
  xf_kb b = xf_kb_new(ctx);
  ir_var *t = ir_var_new(ctx, b.k, "t", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  t->declared_outside = true;
  ir_node *l = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_block_append(&l->u.loop.body, xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)),
                                             IR_OP_NONE, xf_v(&b, t)));
  ir_block_append(&l->u.loop.body, xf_assign(&b, xf_v(&b, t), IR_OP_NONE,
                                             xf_at1(&b, b.a, xf_v(&b, b.i))));
  ir_block_append(&b.k->body, l);
  ir_node *out = NULL;
  EXPECT_REFUSED(&b, xf_expand_scalar(ctx, b.k, l, "t", &out),
                 "loop.expand_scalar of 't' in loop 'i': an iteration of 'i' "
                 "reads 't' before it writes it (the value comes from before "
                 "the loop or from an earlier iteration)");
  EXPECT_REFUSED(&b, xf_expand_scalar(ctx, b.k, l, "u", &out),
                 "loop.expand_scalar of 'u' in loop 'i': the kernel has no "
                 "scalar of that name (an integer local assigned only by its "
                 "initializer is replaced by its value where it is read, and "
                 "has none: docs/real-c.md)");
  /* private to each iteration, but live after the kernel */
  xf_kb c = xf_kb_new(ctx);
  ir_var *tc;
  ir_node *lc = build(&c, &tc, 0, 1, false);
  tc->live_out = true;
  EXPECT_REFUSED(&c, xf_expand_scalar(ctx, c.k, lc, "t", &out),
                 "loop.expand_scalar of 't' in loop 'i': the value 't' holds "
                 "after the loop is read after the kernel, and the expanded "
                 "loop would not leave it there");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_expand, setup, teardown),
      cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
