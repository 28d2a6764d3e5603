/* ir_clone.c (test) — deep copies, substitution and the IR verifier. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "xf_eval.h"

static scc_ctx *ctx;
static xf_kb kb;
static char *diag;
static size_t diag_len;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  ctx->diag_out = open_memstream(&diag, &diag_len);
  kb = xf_kb_new(ctx);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  fclose(ctx->diag_out);
  free(diag);
  diag = NULL;
  scc_ctx_free(ctx);
  return 0;
}

static const char *diags(void) {
  fflush(ctx->diag_out);
  return diag ? diag : "";
}

/* for i < n: for j < 10: C[i][j] = C[i][j] * 2.0 + A[i + 1][j] */
static ir_node *mk(void) {
  xf_kb *b = &kb;
  ir_node *li = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_node *lj = xf_loop(b, b->j, xf_i(b, 0), xf_i(b, 10), 1);
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD,
             xf_bin(b, IR_OP_MUL, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                    ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0")),
             xf_at2(b, b->A, xf_bin(b, IR_OP_ADD, xf_v(b, b->i), xf_i(b, 1)),
                    xf_v(b, b->j)));
  ir_block_append(&lj->u.loop.body,
                  xf_assign(b, xf_at2(b, b->C, xf_v(b, b->i), xf_v(b, b->j)),
                            IR_OP_NONE, rhs));
  ir_block_append(&li->u.loop.body, lj);
  ir_block_append(&b->k->body, li);
  return li;
}

static void test_clone_deep(void **state) {
  (void)state;
  ir_node *li = mk();
  ir_node *c = ir_node_clone(ctx, li, NULL);
  assert_null(c->in);
  assert_true(xf_node_eq(c, li));
  assert_ptr_equal(c->u.loop.iv, kb.i);
  assert_ptr_not_equal(c->u.loop.body.first, li->u.loop.body.first);
  assert_ptr_equal(c->u.loop.body.owner, c);
  ir_node *sj = c->u.loop.body.first;
  assert_ptr_equal(sj->in, &c->u.loop.body);
  ir_node *s = sj->u.loop.body.first,
          *s0 = li->u.loop.body.first->u.loop.body.first;
  assert_int_equal(s->u.assign.id, s0->u.assign.id);
  assert_ptr_not_equal(s->u.assign.rhs, s0->u.assign.rhs);
  /* the clone is independent: editing it leaves the original */
  c->u.loop.step = 2;
  assert_int_equal(li->u.loop.step, 1);
}

static void test_substitute(void **state) {
  (void)state;
  ir_node *li = mk();
  ir_node *lj = li->u.loop.body.first;
  /* j -> j + 3 in the assignment: A[i + 1][j + 3], C[i][j + 3] */
  ir_subst s = {0};
  ir_subst_add(ctx, &s, kb.j, ir_add_const(ctx, ir_var_ref(ctx, kb.j), 3));
  ir_node *a = ir_node_clone(ctx, lj->u.loop.body.first, &s);
  assert_string_equal(xf_cstr(ctx, a->u.assign.lhs->u.access.idx[1]), "j + 3");
  /* i -> 4: A[i + 1] becomes A[5] (simplified) */
  ir_subst s2 = {0};
  ir_subst_add(ctx, &s2, kb.i, ir_int(ctx, 4));
  ir_expr *rhs = ir_expr_clone(ctx, lj->u.loop.body.first->u.assign.rhs, &s2);
  ir_expr *acc = rhs->u.bin.b;
  assert_int_equal(xf_cval(ctx, acc->u.access.idx[0]), 5);
  /* floating parts keep their shape */
  assert_int_equal(rhs->kind, IR_EXPR_BINARY);
  assert_int_equal(rhs->u.bin.op, IR_OP_ADD);
  assert_int_equal(rhs->u.bin.a->u.bin.b->kind, IR_EXPR_FP);

  /* renaming an iv renames the loop */
  ir_var *ii = ir_var_new(ctx, kb.k, "ii", IR_TY_INT, IR_VAR_IV, (scc_loc){0});
  ir_subst r = {0};
  ir_subst_add(ctx, &r, kb.i, ir_var_ref(ctx, ii));
  ir_node *c = ir_node_clone(ctx, li, &r);
  assert_ptr_equal(c->u.loop.iv, ii);
  ir_node *cs = c->u.loop.body.first->u.loop.body.first;
  assert_ptr_equal(cs->u.assign.lhs->u.access.idx[0]->u.var, ii);

  /* in place */
  ir_node_substitute(ctx, li, &r);
  assert_ptr_equal(li->u.loop.iv, ii);
  assert_true(xf_node_eq(c, li));
  assert_true(ir_verify_kernel(ctx, kb.k, "test"));

  /* substituting a loop's own iv by a non-variable changes the bounds
   * only: the body still reads the loop's iv */
  ir_node *inner = xf_loop(&kb, kb.j, xf_v(&kb, kb.j), xf_i(&kb, 20), 1);
  ir_block_append(&inner->u.loop.body,
                  xf_assign(&kb, xf_at1(&kb, kb.x, xf_v(&kb, kb.j)), IR_OP_NONE,
                            ir_fp(ctx, IR_TY_DOUBLE, 1, "1.0")));
  ir_subst z = {0};
  ir_subst_add(ctx, &z, kb.j, ir_int(ctx, 7));
  ir_node *ci = ir_node_clone(ctx, inner, &z);
  assert_int_equal(xf_cval(ctx, ci->u.loop.lb), 7);
  assert_ptr_equal(ci->u.loop.body.first->u.assign.lhs->u.access.idx[0]->u.var,
                   kb.j);
}

static void test_block_clone(void **state) {
  (void)state;
  mk();
  mk();
  ir_block b;
  ir_block_init(&b, NULL);
  ir_block_clone_into(ctx, &b, &kb.k->body, NULL);
  assert_int_equal(ir_block_len(&b), 2);
  assert_true(xf_block_eq(&b, &kb.k->body));
  assert_ptr_equal(b.first->in, &b);
}

static void test_verify_ok(void **state) {
  (void)state;
  mk();
  mk(); /* sibling loops sharing ivs */
  assert_true(ir_verify_kernel(ctx, kb.k, "test"));
  assert_int_equal(ctx->nerrors, 0);
}

static void test_verify_errors(void **state) {
  (void)state;
  ir_node *li = mk();
  ir_node *lj = li->u.loop.body.first;
  /* j's loop reuses i */
  lj->u.loop.iv = kb.i;
  assert_false(ir_verify_kernel(ctx, kb.k, "loop.tile"));
  assert_non_null(strstr(diags(), "IR verification failed after loop.tile: "
                                  "loop 'i' reuses the iv of an enclosing "
                                  "loop"));
  /* the assignment reads j outside its loop now */
  assert_non_null(strstr(diags(), "induction variable 'j' read outside its "
                                  "loop"));
  lj->u.loop.iv = kb.j;
  int before = ctx->nerrors;
  assert_true(ir_verify_kernel(ctx, kb.k, "x"));
  assert_int_equal(ctx->nerrors, before);

  /* wrong subscript count, zero step, bad lhs, broken links */
  ir_node *s = lj->u.loop.body.first;
  s->u.assign.lhs->u.access.n = 1;
  lj->u.loop.step = 0;
  assert_false(ir_verify_kernel(ctx, kb.k, "x"));
  assert_non_null(
      strstr(diags(), "access to 'C' has 1 instead of 2 subscripts"));
  assert_non_null(strstr(diags(), "loop 'j' has step 0"));
  s->u.assign.lhs->u.access.n = 2;
  lj->u.loop.step = 1;
  s->u.assign.lhs = ir_var_ref(ctx, kb.n);
  assert_false(ir_verify_kernel(ctx, kb.k, "x"));
  assert_non_null(
      strstr(diags(), "writes neither an array element nor a local"));
  s->u.assign.lhs = xf_at2(&kb, kb.C, xf_v(&kb, kb.i), xf_v(&kb, kb.j));
  s->in = NULL;
  assert_false(ir_verify_kernel(ctx, kb.k, "x"));
  assert_non_null(strstr(diags(), "block link"));
}

/* A block is one C scope: a name declared twice in it is a redefinition;
 * the same variable declared in two sibling blocks (a vector loop and its
 * remainder) or in a nested block is not. */
static void test_verify_redeclaration(void **state) {
  (void)state;
  ir_node *li = mk();
  ir_node *lj = li->u.loop.body.first;
  ir_var *t =
      ir_var_new(ctx, kb.k, "t", IR_TY_DOUBLE, IR_VAR_LOCAL, (scc_loc){0});
  ir_var *t2 =
      ir_var_new(ctx, kb.k, "t", IR_TY_DOUBLE, IR_VAR_LOCAL, (scc_loc){0});
  ir_node *d1 =
      ir_decl_new(ctx, t, ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0"), (scc_loc){0});
  ir_insert_before(lj, d1);
  ir_block_append(
      &lj->u.loop.body,
      ir_decl_new(ctx, t2, ir_fp(ctx, IR_TY_DOUBLE, 2.0, "2.0"), (scc_loc){0}));
  ir_node *li2 = mk();
  ir_block_append(
      &li2->u.loop.body,
      ir_decl_new(ctx, t, ir_fp(ctx, IR_TY_DOUBLE, 3.0, "3.0"), (scc_loc){0}));
  assert_true(ir_verify_kernel(ctx, kb.k, "ok"));
  /* another variable named t in i's body, after the first */
  ir_node *d2 =
      ir_decl_new(ctx, t2, ir_fp(ctx, IR_TY_DOUBLE, 4.0, "4.0"), (scc_loc){0});
  ir_insert_after(lj, d2);
  assert_false(ir_verify_kernel(ctx, kb.k, "loop.scalar_replace"));
  assert_non_null(strstr(diags(), "IR verification failed after "
                                  "loop.scalar_replace: 't' is declared "
                                  "twice in one block"));
  ir_remove(d2);
  /* the same variable declared twice in one block */
  ir_insert_after(d1, ir_decl_new(ctx, t, NULL, (scc_loc){0}));
  int before = ctx->nerrors;
  assert_false(ir_verify_kernel(ctx, kb.k, "x"));
  assert_int_equal(ctx->nerrors, before + 1);
}

static char *print_kernel(void) {
  scc_buf b = {0};
  ir_print_kernel(&b, ctx, kb.k);
  char *s = strdup(b.data ? b.data : "");
  scc_buf_free(&b);
  return s;
}

/* A snapshot undoes what a transform does in place: loops moved, an
 * expression rewritten inside its tree, a variable and a statement id
 * added; the same node objects are back. */
static void test_snapshot_restore(void **state) {
  (void)state;
  ir_node *li = mk();
  ir_node *lj = ir_loop_only_child_loop(li);
  ir_node *st = lj->u.loop.body.first;
  char *before = print_kernel();
  int nvars = kb.k->vars.len, next_id = kb.k->next_stmt_id;
  ir_snapshot *snap = ir_kernel_snapshot(ctx, kb.k);

  ir_block tmp;
  ir_block_init(&tmp, NULL);
  ir_block_move_all(&tmp, &lj->u.loop.body);
  ir_remove(lj);
  ir_replace(li, lj);
  ir_block_append(&lj->u.loop.body, li);
  ir_block_move_all(&li->u.loop.body, &tmp);
  st->u.assign.lhs->u.access.idx[0] = xf_i(&kb, 0);
  ir_var_new(ctx, kb.k, "t", IR_TY_INT, IR_VAR_LOCAL, (scc_loc){0});
  ir_block_append(&li->u.loop.body,
                  xf_assign(&kb, xf_at2(&kb, kb.C, xf_i(&kb, 1), xf_i(&kb, 2)),
                            IR_OP_NONE, ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0")));
  char *changed = print_kernel();
  assert_string_not_equal(changed, before);

  ir_kernel_restore(kb.k, snap);
  char *after = print_kernel();
  assert_string_equal(after, before);
  assert_ptr_equal(kb.k->body.first, li);
  assert_ptr_equal(ir_loop_only_child_loop(li), lj);
  assert_ptr_equal(lj->u.loop.body.first, st);
  assert_int_equal(kb.k->vars.len, nvars);
  assert_int_equal(kb.k->next_stmt_id, next_id);
  assert_true(ir_verify_kernel(ctx, kb.k, "restore"));
  free(before);
  free(changed);
  free(after);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_clone_deep, setup, teardown),
      cmocka_unit_test_setup_teardown(test_substitute, setup, teardown),
      cmocka_unit_test_setup_teardown(test_block_clone, setup, teardown),
      cmocka_unit_test_setup_teardown(test_verify_ok, setup, teardown),
      cmocka_unit_test_setup_teardown(test_verify_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_verify_redeclaration, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_snapshot_restore, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
