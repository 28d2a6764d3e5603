/* xf_sink.c (test) — loop.sink (code sinking): a loop moved into the
 * first or last iteration of its neighbour keeps the program's results
 * (interpreted, over several n), its structure (the guard, its place), the
 * run-time check it records when the trip count is not provably positive,
 * and each refusal leaves the IR untouched. */
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
    int nassume_ = (kb)->k->assumptions.len;                                   \
    assert_int_equal((call), XF_SILENCEABLE);                                  \
    assert_non_null(ctx->pending_msg);                                         \
    assert_string_equal(ctx->pending_msg, (msg));                              \
    assert_true(xf_block_eq(before_, &(kb)->k->body));                         \
    assert_int_equal(nassume_, (kb)->k->assumptions.len);                      \
    scc_fail_clear(ctx);                                                       \
  } while (0)

/* for (j = 0; j < 8; j++) a[j + off] = x[j + src] + 1.0: the loop to sink,
 * appended to the kernel's body. */
static ir_node *mk_row(xf_kb *b, int64_t off, int64_t src) {
  ir_node *l = xf_loop(b, b->j, xf_i(b, 0), xf_i(b, 8), 1);
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD,
             xf_at1(b, b->x, xf_bin(b, IR_OP_ADD, xf_v(b, b->j), xf_i(b, src))),
             ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0"));
  ir_block_append(
      &l->u.loop.body,
      xf_assign(
          b, xf_at1(b, b->a, xf_bin(b, IR_OP_ADD, xf_v(b, b->j), xf_i(b, off))),
          IR_OP_NONE, rhs));
  ir_block_append(&b->k->body, l);
  return l;
}

/* The row then the recurrence over [lb, ub) (which reads a[8..]: the row
 * writes a[8..16), read by the first iterations), or the recurrence then
 * the row (which reads x[9..], written by the recurrence). */
static void build(xf_kb *b, bool row_first, ir_expr *lb, ir_expr *ub,
                  ir_node **row, ir_node **rec) {
  if (row_first) {
    *row = mk_row(b, 8, 100);
    *rec = xf_mk_rec(b, lb, ub, 1);
  } else {
    *rec = xf_mk_rec(b, lb, ub, 1);
    *row = mk_row(b, 200, 9);
  }
}

static void check_sink(bool row_first, bool symbolic) {
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  ir_node *orow, *orec, *row, *rec, *out = NULL;
  build(&o, row_first, xf_i(&o, 0), symbolic ? NULL : xf_i(&o, 50), &orow,
        &orec);
  build(&t, row_first, xf_i(&t, 0), symbolic ? NULL : xf_i(&t, 50), &row, &rec);
  assert_int_equal(xf_sink(ctx, t.k, row, rec, &out), XF_OK);
  assert_ptr_equal(out, rec);
  assert_int_equal(ir_block_len(&t.k->body), 1);
  /* the guard: first node (row first) or last node of the loop's body */
  ir_block *body = &rec->u.loop.body;
  ir_node *g = row_first ? body->first : body->last;
  assert_int_equal(g->kind, IR_NODE_IF);
  assert_ptr_equal(g->u.ifs.then_body.first, row);
  assert_string_equal(xf_cstr(ctx, g->u.ifs.cond),
                      row_first ? "i == 0"
                                : (symbolic ? "i == n - 1" : "i == 49"));
  assert_true(ir_verify_kernel(ctx, t.k, "loop.sink"));
  /* a check exactly when the trip count (n) is not known */
  assert_int_equal(t.k->assumptions.len, symbolic ? 1 : 0);
  if (symbolic) {
    const ir_assumption *as = t.k->assumptions.items[0];
    assert_int_equal(as->kind, IR_ASSUME_COND);
    assert_string_equal(xf_cstr(ctx, as->cond), "0 < n");
    assert_string_equal(as->text, "loop 'i' runs at least once (0 < n)");
  }
  /* the same results wherever the check holds (n >= 1 when symbolic) */
  static const int64_t ns[] = {1, 2, 3, 9, 50, 100};
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

static void test_sink_first(void **state) {
  (void)state;
  check_sink(true, false);
  check_sink(true, true);
}

static void test_sink_last(void **state) {
  (void)state;
  check_sink(false, false);
  check_sink(false, true);
}

/* for (k = 0; k < n; k++) { row; for (i = k; i < k + 4 | n; i++) ... }:
 * bounds over an enclosing iv are fine when the trip count is known;
 * refused when it reads k (n - k). */
static void test_sink_enclosing(void **state) {
  (void)state;
  for (int known = 0; known <= 1; known++) {
    xf_kb t = xf_kb_new(ctx);
    ir_node *outer = xf_loop(&t, t.kk, xf_i(&t, 0), xf_v(&t, t.n), 1);
    ir_node *row = mk_row(&t, 8, 100);
    ir_expr *ub = known ? xf_bin(&t, IR_OP_ADD, xf_v(&t, t.kk), xf_i(&t, 4))
                        : xf_v(&t, t.n);
    ir_node *rec = xf_mk_rec(&t, xf_v(&t, t.kk), ub, 1);
    ir_remove(row);
    ir_remove(rec);
    ir_block_append(&outer->u.loop.body, row);
    ir_block_append(&outer->u.loop.body, rec);
    ir_block_append(&t.k->body, outer);
    ir_node *out = NULL;
    if (known) {
      assert_int_equal(xf_sink(ctx, t.k, row, rec, &out), XF_OK);
      assert_int_equal(t.k->assumptions.len, 0);
      assert_string_equal(xf_cstr(ctx, rec->u.loop.body.first->u.ifs.cond),
                          "i == k");
    } else {
      EXPECT_REFUSED(
          &t, xf_sink(ctx, t.k, row, rec, &out),
          "loop.sink of 'j' (line 2) into 'i' (line 2): whether loop 'i' runs "
          "at all depends on 'k', so it cannot be checked once at the "
          "kernel's entry ('j' would not run when 'i' does not); sink it "
          "into a loop whose trip count reads only parameters");
    }
  }
}

static void test_sink_refused(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *row = mk_row(&t, 8, 100);
  ir_node *mid = xf_mk_rec(&t, xf_i(&t, 0), xf_i(&t, 4), 1);
  ir_node *rec = xf_mk_rec(&t, xf_i(&t, 0), xf_v(&t, t.n), 1);
  ir_node *out = NULL;
  EXPECT_REFUSED(&t, xf_sink(ctx, t.k, row, rec, &out),
                 "loop.sink of 'j' (line 2) into 'i' (line 2): the loops are "
                 "not adjacent (the "
                 "loop to sink must directly precede or follow 'i' in the "
                 "same block)");
  EXPECT_REFUSED(&t, xf_sink(ctx, t.k, rec, rec, &out),
                 "loop.sink of 'i' (line 2) into itself: the two handles hold "
                 "the same loop (match.op {nth = N} counts the loops as they "
                 "are now, after earlier fusions and sinks)");
  /* mid's iv is rec's: sinking one into the other would clobber it */
  EXPECT_REFUSED(&t, xf_sink(ctx, t.k, mid, rec, &out),
                 "loop.sink of 'i' (line 2) into 'i' (line 2): loop 'i' sets "
                 "'i', the induction variable of the loop it would go into, "
                 "which would then hold another value (both loops run over "
                 "it: loop.sink moves a loop of another dimension, such as a "
                 "boundary row, into a sweep)");
  /* a loop that never runs */
  ir_node *none = xf_mk_rec(&t, xf_i(&t, 5), xf_i(&t, 5), 1);
  ir_remove(none);
  ir_insert_after(row, none);
  EXPECT_REFUSED(
      &t, xf_sink(ctx, t.k, row, none, &out),
      "loop.sink of 'j' (line 2) into 'i' (line 2): loop 'i' never runs (0 "
      "iterations), so 'j' would never run");
  /* step 2 */
  none->u.loop.ub = xf_i(&t, 9);
  none->u.loop.step = 2;
  EXPECT_REFUSED(
      &t, xf_sink(ctx, t.k, row, none, &out),
      "loop.sink of 'j' (line 2) into 'i' (line 2): loop 'i' has step 2; code "
      "sinking needs step 1 (the guard names its first or last "
      "iteration)");
}

/* A skewed loop, i from k + 1 to n + k: its trip count n - 1 reads only
 * the parameter, which the check compares (0 < n - 1). */
static void test_sink_skewed(void **state) {
  (void)state;
  xf_kb o = xf_kb_new(ctx), t = xf_kb_new(ctx);
  xf_kb *bs[2] = {&o, &t};
  ir_node *row = NULL, *rec = NULL;
  for (int q = 0; q < 2; q++) {
    xf_kb *b = bs[q];
    ir_node *outer = xf_loop(b, b->kk, xf_i(b, 0), xf_i(b, 3), 1);
    row = mk_row(b, 8, 100);
    rec = xf_mk_rec(b, xf_bin(b, IR_OP_ADD, xf_v(b, b->kk), xf_i(b, 1)),
                    xf_bin(b, IR_OP_ADD, xf_v(b, b->n), xf_v(b, b->kk)), 1);
    ir_remove(row);
    ir_remove(rec);
    ir_block_append(&outer->u.loop.body, row);
    ir_block_append(&outer->u.loop.body, rec);
    ir_block_append(&b->k->body, outer);
  }
  ir_node *out = NULL;
  assert_int_equal(xf_sink(ctx, t.k, row, rec, &out), XF_OK);
  assert_int_equal(t.k->assumptions.len, 1);
  const ir_assumption *as = t.k->assumptions.items[0];
  assert_string_equal(xf_cstr(ctx, as->cond), "0 < n - 1");
  static const int64_t ns[] = {2, 3, 9, 40};
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++)
    assert_true(xf_same(&o, &t, ns[q]));
}

/* unsigned bounds; a declaration of l's body that x would fall under */
static void test_sink_refused_more(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *row = mk_row(&t, 8, 100);
  ir_node *rec = xf_mk_rec(&t, xf_i(&t, 0), xf_v(&t, t.n), 1);
  ir_node *out = NULL;
  ir_expr *ub = rec->u.loop.ub;
  rec->u.loop.ub = ir_cast(ctx, IR_TY_UINT, ub);
  EXPECT_REFUSED(
      &t, xf_sink(ctx, t.k, row, rec, &out),
      "loop.sink of 'j' (line 2) into 'i' (line 2): unsigned or non-integer "
      "induction variables or bounds are not supported (the check "
      "that 'i' runs at least once could wrap around)");
  rec->u.loop.ub = ub;
  /* rec first, then a row reading s; rec's body declares s */
  xf_kb u = xf_kb_new(ctx);
  scc_loc loc = {"t.c", 4, 3};
  ir_var *sv = ir_var_new(ctx, u.k, "s", IR_TY_DOUBLE, IR_VAR_LOCAL, loc);
  ir_node *r2 = xf_mk_rec(&u, xf_i(&u, 0), xf_v(&u, u.n), 1);
  ir_node *d = ir_decl_new(ctx, sv, ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0"), loc);
  ir_insert_before(r2->u.loop.body.first, d);
  ir_node *row2 = mk_row(&u, 200, 9);
  ir_node *asg = row2->u.loop.body.first;
  asg->u.assign.rhs = xf_v(&u, sv);
  EXPECT_REFUSED(&u, xf_sink(ctx, u.k, row2, r2, &out),
                 "loop.sink of 'j' (line 2) into 'i' (line 2): the body of 'i' "
                 "declares 's', "
                 "which loop 'j' reads: at the end of that body, 's' would "
                 "name the declaration (rename one of them)");
}

/* Two loops sunk into one loop record its check once; a snapshot taken
 * before a sink and restored drops the check the sink recorded. */
static void test_sink_checks(void **state) {
  (void)state;
  xf_kb t = xf_kb_new(ctx);
  ir_node *row = mk_row(&t, 8, 100);
  ir_node *rec = xf_mk_rec(&t, xf_i(&t, 0), xf_v(&t, t.n), 1);
  ir_node *row2 = mk_row(&t, 200, 9);
  ir_node *out = NULL;
  ir_snapshot *snap = ir_kernel_snapshot(ctx, t.k);
  assert_int_equal(xf_sink(ctx, t.k, row, rec, &out), XF_OK);
  assert_int_equal(t.k->assumptions.len, 1);
  ir_kernel_restore(t.k, snap);
  assert_int_equal(t.k->assumptions.len, 0);
  assert_ptr_equal(t.k->body.first, row);
  assert_int_equal(xf_sink(ctx, t.k, row, rec, &out), XF_OK);
  assert_int_equal(xf_sink(ctx, t.k, row2, rec, &out), XF_OK);
  assert_int_equal(t.k->assumptions.len, 1);
  assert_int_equal(ir_block_len(&t.k->body), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_sink_first, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_last, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_enclosing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_skewed, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_refused_more, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sink_checks, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
