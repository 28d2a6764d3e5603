/* fe_parse.c — unit tests of the frontend: kernels, regions, loops, bounds,
 * arrays and expressions raised from the files in test/data/fe/, and the
 * "unsupported in a kernel" diagnostics. */
/* cmocka needs these before it. */
// clang-format off
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <stdlib.h>
#include <string.h>

#include "frontend/fe.h"

typedef struct fixture {
  scc_ctx *ctx;
  char *diag;
  size_t diag_len;
} fixture;

static int setup(void **state) {
  fixture *f = calloc(1, sizeof *f);
  f->ctx = scc_ctx_new();
  f->ctx->diag_out = open_memstream(&f->diag, &f->diag_len);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  fclose(f->ctx->diag_out);
  free(f->diag);
  scc_ctx_free(f->ctx);
  free(f);
  return 0;
}

static const char *data_path(fixture *f, const char *name) {
  const char *dir = getenv("SCHEDCC_SOURCE_DIR");
  if (!dir)
    dir = ".";
  return scc_arena_printf(f->ctx->arena, "%s/test/data/fe/%s", dir, name);
}

static ir_module *parse(fixture *f, const char *name, const char *const *args,
                        int nargs) {
  ir_module *m = fe_parse_file(f->ctx, data_path(f, name), args, nargs);
  fflush(f->ctx->diag_out);
  return m;
}

static ir_kernel *kernel(ir_module *m, int i) {
  assert_true(i < m->kernels.len);
  return m->kernels.items[i];
}

/* The region text [begin, end) starts with `start` and ends with `last`. */
static void check_region(ir_module *m, ir_kernel *k, const char *start,
                         char last) {
  assert_true(k->begin < k->end && k->end <= m->source_len);
  assert_memory_equal(m->source + k->begin, start, strlen(start));
  assert_int_equal(m->source[k->end - 1], last);
}

static void check_const(fixture *f, ir_expr *e, int64_t want) {
  int64_t v;
  assert_non_null(e);
  assert_true(ir_expr_const_value(f->ctx, e, &v));
  assert_int_equal(v, want);
}

static ir_node *only_child(ir_node *loop) {
  assert_int_equal(loop->kind, IR_NODE_LOOP);
  assert_int_equal(ir_block_len(&loop->u.loop.body), 1);
  return loop->u.loop.body.first;
}

static bool has_name(ir_module *m, const char *name) {
  for (int i = 0; i < m->used_names.len; i++)
    if (strcmp(m->used_names.items[i], name) == 0)
      return true;
  return false;
}

/* ---- positive tests ----------------------------------------------------- */

static void test_gemm_scop(void **state) {
  fixture *f = *state;
  ir_module *m = parse(f, "gemm_scop.c", NULL, 0);
  assert_non_null(m);
  assert_int_equal(f->ctx->nerrors, 0);
  assert_int_equal(m->kernels.len, 3);
  assert_true(has_name(m, "kernel_gemm") && has_name(m, "SCALAR_VAL"));

  /* Every kernel-marking pragma line is listed for the backend to leave
   * out, whole (indentation and newline included), in source order. */
  int scops = 0;
  size_t prev = 0;
  for (int i = 0; i < m->erase.len; i++) {
    ir_range *r = m->erase.items[i];
    assert_true(r->begin >= prev && r->end > r->begin);
    assert_true(r->begin == 0 || m->source[r->begin - 1] == '\n');
    assert_int_equal(m->source[r->end - 1], '\n');
    const char *t = m->source + r->begin;
    while (*t == ' ' || *t == '\t')
      t++;
    assert_memory_equal(t, "#pragma ", 8);
    scops += strncmp(t, "#pragma scop\n", 13) == 0;
    prev = r->end;
  }
  assert_int_equal(scops, 3);

  ir_kernel *k = kernel(m, 0);
  assert_string_equal(k->name, "kernel_gemm");
  assert_string_equal(k->func_name, "kernel_gemm");
  assert_int_equal(k->form, IR_KERNEL_SCOP);
  assert_int_equal(k->indent, 2);
  check_region(m, k, "for (i = 0; i < ni; i++) {", '}');
  assert_int_equal(ir_block_len(&k->body), 1);
  ir_node *li = k->body.first;
  assert_int_equal(li->kind, IR_NODE_LOOP);
  assert_string_equal(li->u.loop.iv->name, "i");
  assert_int_equal(li->u.loop.iv->kind, IR_VAR_IV);
  assert_true(li->u.loop.iv->declared_outside);
  assert_int_equal(li->u.loop.step, 1);
  check_const(f, li->u.loop.lb, 0);
  assert_int_equal(li->u.loop.ub->kind, IR_EXPR_VAR);
  assert_string_equal(li->u.loop.ub->u.var->name, "ni");
  assert_int_equal(li->loc.line, 12);
  assert_int_equal(li->loc.col, 3);
  assert_int_equal(ir_block_len(&li->u.loop.body), 2);
  ir_node *s0 = only_child(li->u.loop.body.first);
  assert_int_equal(s0->kind, IR_NODE_ASSIGN);
  assert_int_equal(s0->u.assign.op, IR_OP_MUL);
  ir_node *s1 = only_child(only_child(li->u.loop.body.last));
  assert_int_equal(s1->u.assign.op, IR_OP_ADD);
  assert_int_equal(s1->u.assign.lhs->kind, IR_EXPR_ACCESS);
  assert_int_equal(s1->u.assign.rhs->kind, IR_EXPR_BINARY);
  assert_int_equal(s1->u.assign.rhs->type, IR_TY_DOUBLE);
  assert_string_equal(s1->loc.file, m->filename);
  assert_int_equal(s1->loc.line, 17);

  ir_array *c = ir_kernel_find_array(k, "C");
  assert_non_null(c);
  assert_int_equal(c->rank, 2);
  assert_int_equal(c->elem, IR_TY_DOUBLE);
  assert_false(c->is_pointer);
  check_const(f, c->dims[0], 64);
  check_const(f, c->dims[1], 32);
  ir_var *beta = ir_kernel_find_var(k, "beta");
  assert_non_null(beta);
  assert_int_equal(beta->kind, IR_VAR_PARAM);
  assert_int_equal(beta->type, IR_TY_DOUBLE);

  /* Two scops in one function: numbered; a macro at the region's end. */
  ir_kernel *k1 = kernel(m, 1), *k2 = kernel(m, 2);
  assert_string_equal(k1->name, "two_scops_1");
  assert_string_equal(k2->name, "two_scops_2");
  check_region(m, k1, "for (i = 0; i < n; i++)", ';');
  assert_true(k1->end - k1->begin >= strlen("SCALAR_VAL(0.0);"));
  assert_memory_equal(m->source + k1->end - strlen("SCALAR_VAL(0.0);"),
                      "SCALAR_VAL(0.0);", strlen("SCALAR_VAL(0.0);"));
  ir_node *a = only_child(k1->body.first);
  assert_int_equal(a->u.assign.rhs->kind, IR_EXPR_FP);
  assert_null(a->u.assign.rhs->u.fp.spelling); /* from a macro */

  /* Counting down: i >= 0 gives ub -1; the global G is an array. */
  ir_node *down = k2->body.first;
  assert_int_equal(down->u.loop.step, -1);
  check_const(f, down->u.loop.ub, -1);
  assert_int_equal(down->u.loop.lb->kind, IR_EXPR_BINARY);
  assert_int_equal(down->u.loop.lb->u.bin.op, IR_OP_SUB);
  ir_expr *rhs = only_child(down)->u.assign.rhs; /* x[i] * 0.5f + 1e-3 */
  assert_int_equal(rhs->u.bin.op, IR_OP_ADD);
  assert_int_equal(rhs->u.bin.b->kind, IR_EXPR_FP);
  assert_string_equal(rhs->u.bin.b->u.fp.spelling, "1e-3");
  ir_expr *half = rhs->u.bin.a->u.bin.b;
  assert_int_equal(half->kind, IR_EXPR_FP);
  assert_int_equal(half->type, IR_TY_FLOAT);
  assert_string_equal(half->u.fp.spelling, "0.5f");
  assert_true(half->u.fp.val == 0.5);
  ir_array *g = ir_kernel_find_array(k2, "G");
  assert_non_null(g);
  assert_int_equal(g->rank, 1);
}

static void test_function_and_loop_kernels(void **state) {
  fixture *f = *state;
  ir_module *m = parse(f, "func_kernel.c", NULL, 0);
  assert_non_null(m);
  assert_int_equal(m->kernels.len, 3);

  ir_kernel *lu = kernel(m, 0);
  assert_string_equal(lu->name, "lu");
  assert_int_equal(lu->form, IR_KERNEL_FUNCTION);
  assert_int_equal(lu->indent, 0);
  assert_int_equal(m->source[lu->begin - 1], '{');
  assert_int_equal(m->source[lu->end], '}');
  assert_int_equal(m->source[lu->end + 1], '\n');
  /* Every parameter: n a var, A, L, s arrays. */
  ir_var *n = ir_kernel_find_var(lu, "n");
  assert_non_null(n);
  assert_int_equal(n->kind, IR_VAR_PARAM);
  ir_array *A = ir_kernel_find_array(lu, "A");
  ir_array *L = ir_kernel_find_array(lu, "L");
  ir_array *s = ir_kernel_find_array(lu, "s");
  assert_true(A && L && s);
  assert_int_equal(A->rank, 2);
  assert_int_equal(A->elem, IR_TY_FLOAT);
  assert_int_equal(L->rank, 2); /* float (*L)[n] */
  assert_null(L->dims[0]);
  assert_non_null(L->dims[1]);
  assert_int_equal(L->dims[1]->kind, IR_EXPR_VAR);
  assert_ptr_equal(L->dims[1]->u.var, n);
  assert_int_equal(A->dims[1]->kind, IR_EXPR_VAR); /* VLA float A[n][n] */
  assert_int_equal(s->rank, 1);                    /* float s[restrict n] */
  assert_false(s->is_pointer);

  ir_node *li = lu->body.first;
  assert_false(li->u.loop.iv->declared_outside); /* for (int i = ...) */
  ir_node *lj = only_child(li);
  assert_false(lj->u.loop.iv->declared_outside);
  /* Triangular: j <= i gives ub i + 1. */
  assert_true(ir_expr_uses_var(lj->u.loop.ub, li->u.loop.iv));
  assert_int_equal(lj->u.loop.ub->kind, IR_EXPR_BINARY);
  ir_node *decl = lj->u.loop.body.first;
  assert_int_equal(decl->kind, IR_NODE_DECL);
  assert_string_equal(decl->u.decl.var->name, "t");
  assert_true(decl->u.decl.var->declared_outside);
  assert_int_equal(decl->u.decl.var->kind, IR_VAR_LOCAL);
  assert_int_equal(decl->u.decl.init->kind, IR_EXPR_ACCESS);
  ir_node *iff = decl->next;
  assert_int_equal(iff->kind, IR_NODE_IF);
  assert_int_equal(iff->u.ifs.cond->u.bin.op, IR_OP_LOR);
  assert_int_equal(iff->u.ifs.cond->u.bin.a->u.bin.op, IR_OP_LAND);
  assert_int_equal(ir_block_len(&iff->u.ifs.then_body), 1);
  assert_int_equal(ir_block_len(&iff->u.ifs.else_body), 1);
  ir_expr *neg = iff->u.ifs.else_body.first->u.assign.rhs;
  assert_int_equal(neg->kind, IR_EXPR_UNARY);
  assert_int_equal(neg->u.un.op, IR_OP_NEG);
  assert_int_equal(neg->u.un.a->kind, IR_EXPR_CALL);
  assert_string_equal(neg->u.un.a->u.call.fn, "sqrtf");
  assert_string_equal(neg->u.un.a->u.call.args[0]->u.call.fn, "fabsf");
  assert_int_equal(neg->u.un.a->type, IR_TY_FLOAT);

  /* A labelled loop kernel: named by its label; steps 2 and -1. */
  ir_kernel *rows = kernel(m, 1);
  assert_string_equal(rows->name, "rows");
  assert_string_equal(rows->func_name, "driver");
  assert_int_equal(rows->form, IR_KERNEL_LOOP);
  assert_int_equal(rows->indent, 2);
  check_region(m, rows, "for (i = 0; i < m; i += 2)", ';');
  ir_node *ri = rows->body.first;
  assert_string_equal(ri->u.loop.label, "rows");
  assert_int_equal(ri->u.loop.step, 2);
  ir_node *rk = only_child(ri);
  assert_int_equal(rk->u.loop.step, -1);
  check_const(f, rk->u.loop.ub, 0);
  ir_array *p = ir_kernel_find_array(rows, "p");
  assert_true(p->is_pointer);
  assert_int_equal(p->rank, 1);
  assert_null(p->dims[0]);
  ir_expr *sub = only_child(rk)->u.assign.lhs->u.access.idx[0];
  assert_int_equal(sub->u.bin.op, IR_OP_ADD); /* i * lda + k */
  assert_int_equal(ir_kernel_find_var(rows, "acc")->kind, IR_VAR_PARAM);

  ir_kernel *k2 = kernel(m, 2);
  assert_string_equal(k2->name, "driver_2");
  check_const(f, k2->body.first->u.loop.ub, -1);
  ir_node *red = only_child(k2->body.first);
  assert_int_equal(red->u.assign.lhs->kind, IR_EXPR_VAR);
  assert_int_equal(red->u.assign.lhs->u.var->kind, IR_VAR_LOCAL);
  ir_expr *sel = red->u.assign.rhs;
  assert_int_equal(sel->kind, IR_EXPR_SELECT);
  assert_int_equal(sel->u.sel.b->kind, IR_EXPR_CAST);
  assert_int_equal(sel->u.sel.b->u.cast.to, IR_TY_DOUBLE);
}

static void test_misc(void **state) {
  fixture *f = *state;
  ir_module *m = parse(f, "misc.c", NULL, 0);
  assert_non_null(m);
  assert_int_equal(m->kernels.len, 2);
  ir_kernel *k = kernel(m, 0);
  assert_string_equal(k->name, "tri");
  assert_int_equal(k->form, IR_KERNEL_FUNCTION);
  /* int i, j; become declarations. */
  ir_node *d = k->body.first;
  assert_int_equal(d->kind, IR_NODE_DECL);
  assert_null(d->u.decl.init);
  assert_int_equal(d->next->kind, IR_NODE_DECL);
  ir_node *li = d->next->next;
  assert_int_equal(li->kind, IR_NODE_LOOP); /* n > i; i = i + 1 */
  assert_int_equal(li->u.loop.step, 1);
  assert_int_equal(li->u.loop.ub->kind, IR_EXPR_VAR);
  assert_true(li->u.loop.iv->declared_outside);
  ir_node *lj = only_child(li);
  assert_string_equal(lj->u.loop.label, "inner");
  ir_node *st = lj->u.loop.body.last; /* cnt[j % 4]++ */
  assert_int_equal(st->kind, IR_NODE_ASSIGN);
  assert_int_equal(st->u.assign.op, IR_OP_ADD);
  check_const(f, st->u.assign.rhs, 1);
  assert_int_equal(st->u.assign.lhs->u.access.idx[0]->u.bin.op, IR_OP_MOD);
  ir_array *cnt = ir_kernel_find_array(k, "cnt");
  assert_int_equal(cnt->elem, IR_TY_INT);
  ir_node *s1 = st->prev;
  assert_int_equal(s1->u.assign.op, IR_OP_SUB);
  assert_int_equal(s1->prev->u.assign.rhs->u.sel.cond->u.un.op, IR_OP_NOT);

  ir_kernel *t = kernel(m, 1);
  assert_string_equal(t->name, "twice");
  assert_int_equal(t->body.first->u.loop.step, 2); /* i = 2 + i */
  check_region(m, t, "for (i = 1;", '}');
}

static void test_flags(void **state) {
  fixture *f = *state;
  const char *inc =
      scc_arena_printf(f->ctx->arena, "-I%s", data_path(f, "inc"));
  const char *args[] = {inc, "-DSIZE=100", "-std=c11"};
  ir_module *m = parse(f, "flags.c", args, 3);
  assert_non_null(m);
  ir_kernel *k = kernel(m, 0);
  assert_string_equal(k->name, "f");
  check_const(f, k->body.first->u.loop.ub, 100);
  ir_expr *rhs = only_child(k->body.first)->u.assign.rhs;
  assert_int_equal(rhs->u.bin.a->kind, IR_EXPR_FP);
  assert_null(rhs->u.bin.a->u.fp.spelling); /* SCALE is a macro */
  assert_true(rhs->u.bin.a->u.fp.val == 2.5);
}

static void test_no_kernel(void **state) {
  fixture *f = *state;
  ir_module *m = parse(f, "nokernel.c", NULL, 0);
  assert_non_null(m);
  assert_int_equal(m->kernels.len, 0);
  assert_int_equal(f->ctx->nerrors, 0);
  assert_true(has_name(m, "f") && has_name(m, "x"));
  assert_false(has_name(m, "return"));
}

/* ---- negative tests ------------------------------------------------------ */

static void expect(fixture *f, const char *what) {
  if (!f->diag || !strstr(f->diag, what)) {
    print_error("missing diagnostic: %s\nin:\n%s\n", what,
                f->diag ? f->diag : "");
    fail();
  }
}

static void test_bad_constructs(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "bad_constructs.c", NULL, 0));
  /* (A[idx[i]] = ..., a scatter, is a write of any element of A) */
  assert_int_equal(f->ctx->nerrors, 6);
  expect(f, "bad_constructs.c:8:5: error: unsupported in a kernel: 'while'");
  expect(f, "bad_constructs.c:11:15: error: unsupported in a kernel: call "
            "to 'g'");
  expect(f, "bad_constructs.c:13:7: error: unsupported in a kernel: 'break'");
  expect(f, "bad_constructs.c:14:5: error: unsupported in a kernel: struct "
            "member access");
  expect(f, "bad_constructs.c:15:29: error: unsupported in a kernel: loop "
            "step");
  expect(f, "bad_constructs.c:18:7: error: unsupported in a kernel: "
            "assignment to the induction variable 'j'");
}

static void test_bad_more(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "bad_more.c", NULL, 0));
  /* (*p is p[0]) */
  assert_int_equal(f->ctx->nerrors, 5);
  expect(f, "bad_more.c:6:5: error: unsupported in a kernel: 'goto'");
  expect(f, "bad_more.c:10:5: error: unsupported in a kernel: 'do' loop");
  expect(f, "bad_more.c:20:5: error: unsupported in a kernel: 'switch'");
  expect(f, "bad_more.c:24:5: error: unsupported in a kernel: 'continue'");
  expect(f, "bad_more.c:26:3: error: unsupported in a kernel: 'return'");
}

static void test_bad_exprs(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "bad_exprs.c", NULL, 0));
  /* Shifts and bitwise operators, and writes through subscripts that are
   * not affine (A[D[i]], A[i * i], A[k] with k data-dependent: a write of
   * any element), are accepted; a data-dependent bound is not; the unused
   * struct parameter of the function kernel is not an error. */
  assert_int_equal(f->ctx->nerrors, 6);
  expect(f, "bad_exprs.c:31:25: error: unsupported in a kernel: loop bound "
            "depending on 'k', which the kernel writes");
  expect(f, "bad_exprs.c:4:15: error: unsupported in a kernel: loop "
            "condition whose direction does not match the step");
  expect(f, "bad_exprs.c:6:19: error: unsupported in a kernel: pointer "
            "arithmetic");
  expect(f, "bad_exprs.c:9:19: error: unsupported in a kernel: pointer "
            "dereference");
  expect(f, "bad_exprs.c:11:13: error: unsupported in a kernel: operator "
            "','");
  expect(f, "bad_exprs.c:16:19: error: unsupported in a kernel: non-affine "
            "loop bound");
}

static void test_bad_regions(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "bad_regions.c", NULL, 0));
  assert_int_equal(f->ctx->nerrors, 4);
  expect(f, "bad_regions.c:3:1: error: kernels must not nest or overlap");
  expect(f, "bad_regions.c:10:1: error: '#pragma schedcc kernel' must "
            "precede a function definition or a 'for' loop");
  expect(f, "bad_regions.c:12:1: error: '#pragma schedcc label' must "
            "precede a 'for' loop");
  expect(f, "bad_regions.c:14:1: error: '#pragma scop' without '#pragma "
            "endscop'");
}

static void test_bad_pragma(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "bad_pragma.c", NULL, 0));
  expect(f, "bad_pragma.c:2:17: error: unknown pragma 'schedcc kernal'");
}

static void test_clang_error(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "clang_error.c", NULL, 0));
  assert_int_equal(f->ctx->nerrors, 1);
  expect(f, "clang_error.c:3:12: error: use of undeclared identifier "
            "'undeclared_thing'");
}

static void test_missing_file(void **state) {
  fixture *f = *state;
  assert_null(parse(f, "does_not_exist.c", NULL, 0));
  assert_int_equal(f->ctx->nerrors, 1);
  expect(f, "error: cannot open '");
  expect(f, "No such file");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_gemm_scop, setup, teardown),
      cmocka_unit_test_setup_teardown(test_function_and_loop_kernels, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_misc, setup, teardown),
      cmocka_unit_test_setup_teardown(test_flags, setup, teardown),
      cmocka_unit_test_setup_teardown(test_no_kernel, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_constructs, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_more, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_exprs, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_regions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_pragma, setup, teardown),
      cmocka_unit_test_setup_teardown(test_clang_error, setup, teardown),
      cmocka_unit_test_setup_teardown(test_missing_file, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
