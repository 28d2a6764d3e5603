/* be_c_test.c — the C backend: the generated text of each kernel form
 * (function, loop, scop), splicing into the source with every byte outside
 * the kernel ranges preserved, range checks, and compile/run checks of the
 * generated code (-Wall -Wextra -Werror; floordiv/ceildiv/min/max values for
 * negative numerators); line markers after regenerated kernels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "backend/be.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static scc_ctx *ctx;
static const scc_loc none = {0};

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

static ir_expr *V(ir_var *v) { return ir_var_ref(ctx, v); }
static ir_expr *I(int64_t v) { return ir_int(ctx, v); }
static ir_expr *B(ir_op op, ir_expr *a, ir_expr *b) {
  bool cmp = op >= IR_OP_LT && op <= IR_OP_LOR;
  return ir_binary(ctx, op, a, b, cmp ? IR_TY_INT : a->type);
}
static ir_expr *A2(ir_array *a, ir_expr *i, ir_expr *j) {
  ir_expr *idx[2] = {i, j};
  return ir_access(ctx, a, 2, idx);
}
static ir_expr *A1(ir_array *a, ir_expr *i) { return ir_access(ctx, a, 1, &i); }
static ir_node *loop(ir_block *in, ir_var *iv, ir_expr *lb, ir_expr *ub,
                     int64_t step) {
  ir_node *l = ir_loop_new(ctx, iv, lb, ub, step, none);
  ir_block_append(in, l);
  return l;
}
static ir_block *body(ir_node *l) { return &l->u.loop.body; }

/* Offset of the first occurrence of s in src (must exist). */
static size_t off(const char *src, const char *s) {
  const char *p = strstr(src, s);
  assert_non_null(p);
  return (size_t)(p - src);
}

/* ---- a function kernel --------------------------------------------------- */

static const char fn_src[] =
    "/* head */\n"
    "#pragma schedcc kernel\n"
    "void mv(int n, float A[][8], float *x, float *y) {\n"
    "  int j;\n"
    "  old(body);\n"
    "}\n"
    "/* tail */\n";

/* mv: y[i] = sum_j A[i][j] * x[j] with a triangular inner loop, a
 * declared-outside iv counting down, a labelled loop and an if/else. */
static ir_module *build_fn_module(void) {
  ir_module *m = ir_module_new(ctx, "mv.c", fn_src, strlen(fn_src));
  ir_kernel *k = ir_kernel_new(ctx, m, "mv");
  k->form = IR_KERNEL_FUNCTION;
  k->begin = off(fn_src, "{\n") + 1;
  k->end = off(fn_src, "}\n/* tail");
  k->indent = 0;
  ir_var *n = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *j = ir_var_new(ctx, k, "j", IR_TY_INT, IR_VAR_IV, none);
  j->declared_outside = true;
  ir_var *t = ir_var_new(ctx, k, "t", IR_TY_FLOAT, IR_VAR_LOCAL, none);
  t->declared_outside = true;
  ir_array *A = ir_array_new(ctx, k, "A", IR_TY_FLOAT, 2, none);
  ir_array *x = ir_array_new(ctx, k, "x", IR_TY_FLOAT, 1, none);
  ir_array *y = ir_array_new(ctx, k, "y", IR_TY_FLOAT, 1, none);
  x->is_pointer = y->is_pointer = true;

  ir_block_append(&k->body, ir_decl_new(ctx, j, NULL, none));
  ir_node *li = loop(&k->body, i, I(0), V(n), 1);
  li->u.loop.label = "rows";
  ir_block_append(body(li),
                  ir_decl_new(ctx, t, ir_fp(ctx, IR_TY_FLOAT, 0, NULL), none));
  ir_node *lj = loop(body(li), j, V(i), I(-1), -1); /* j = i down to 0 */
  ir_block_append(body(lj),
                  ir_assign_new(ctx, k, V(t), IR_OP_ADD,
                                B(IR_OP_MUL, A2(A, V(i), V(j)), A1(x, V(j))),
                                none));
  ir_node *g = ir_if_new(
      ctx, B(IR_OP_GT, V(t), ir_fp(ctx, IR_TY_FLOAT, 0, "0.f")), none);
  ir_block_append(body(li), g);
  ir_block_append(&g->u.ifs.then_body,
                  ir_assign_new(ctx, k, A1(y, V(i)), IR_OP_NONE, V(t), none));
  ir_block_append(&g->u.ifs.else_body,
                  ir_assign_new(ctx, k, A1(y, V(i)), IR_OP_NONE,
                                ir_unary(ctx, IR_OP_NEG, V(t), IR_TY_FLOAT),
                                none));
  return m;
}

static const char fn_kernel_want[] = "\n"
                                     "  int j;\n"
                                     "  for (int i = 0; i < n; i++) {\n"
                                     "    float t = 0.0f;\n"
                                     "    for (j = i; j >= 0; j--) {\n"
                                     "      t += A[i][j] * x[j];\n"
                                     "    }\n"
                                     "    if (t > 0.f) {\n"
                                     "      y[i] = t;\n"
                                     "    } else {\n"
                                     "      y[i] = -t;\n"
                                     "    }\n"
                                     "  }\n";

static void test_function_kernel(void **state) {
  (void)state;
  ir_module *m = build_fn_module();
  scc_buf b = {0};
  assert_true(be_emit_kernel_c(ctx, m->kernels.items[0], &b));
  assert_string_equal(b.data, fn_kernel_want);
  scc_buf_free(&b);

  /* the whole file: bytes outside [begin, end) unchanged */
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  scc_buf want = {0};
  scc_buf_puts(&want, "/* head */\n"
                      "#pragma schedcc kernel\n"
                      "void mv(int n, float A[][8], float *x, float *y) {");
  scc_buf_puts(&want, fn_kernel_want);
  scc_buf_puts(&want, "}\n/* tail */\n");
  assert_string_equal(b.data, want.data);
  scc_buf_free(&want);
  scc_buf_free(&b);
}

/* ---- loop and scop kernels ------------------------------------------------
 */

static const char loop_src[] = "void f(int n, int m, double *a, double *b) {\n"
                               "  int q = 0;\n"
                               "  #pragma schedcc kernel\n"
                               "  #pragma schedcc label(top)\n"
                               "  for (int i = 0; i < n; i++) a[i] = 0;\n"
                               "  q++;\n"
                               "  if (q) {\n"
                               "#pragma scop\n"
                               "    b[0] = 1;\n"
                               "    b[1] = 2;\n"
                               "#pragma endscop\n"
                               "  }\n"
                               "}\n";

static ir_module *build_loop_module(void) {
  ir_module *m = ir_module_new(ctx, "f.c", loop_src, strlen(loop_src));
  /* kernel 1: a loop kernel (label outside the range) */
  ir_kernel *k = ir_kernel_new(ctx, m, "top");
  k->form = IR_KERNEL_LOOP;
  k->begin = off(loop_src, "for (int i");
  k->end = off(loop_src, "\n  q++;");
  k->indent = 2;
  ir_var *n = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *mm = ir_var_new(ctx, k, "m", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *ii = ir_var_new(ctx, k, "i_t", IR_TY_INT, IR_VAR_IV, none);
  ir_var *j = ir_var_new(ctx, k, "j", IR_TY_LONG, IR_VAR_IV, none);
  ir_array *a = ir_array_new(ctx, k, "a", IR_TY_DOUBLE, 1, none);
  a->is_pointer = true;
  ir_node *lt = loop(&k->body, ii, I(0), V(n), 32);
  lt->u.loop.label = "top";
  lt->u.loop.attrs = IR_LOOP_PARALLEL;
  ir_node *li = loop(
      body(lt), i, V(ii),
      ir_binary(ctx, IR_OP_MIN, B(IR_OP_ADD, V(ii), I(32)), V(n), IR_TY_INT),
      1);
  li->u.loop.label = "point";
  ir_node *g = ir_if_new(ctx, B(IR_OP_LT, V(i), V(mm)), none);
  ir_block_append(body(li), g);
  ir_block_append(&g->u.ifs.then_body,
                  ir_assign_new(ctx, k, A1(a, V(i)), IR_OP_NONE,
                                ir_fp(ctx, IR_TY_DOUBLE, 0, NULL), none));
  ir_node *g2 = ir_if_new(ctx, B(IR_OP_EQ, V(i), V(mm)), none);
  ir_block_append(&g->u.ifs.else_body, g2);
  ir_block_append(&g2->u.ifs.then_body,
                  ir_assign_new(ctx, k, A1(a, V(i)), IR_OP_MUL,
                                ir_fp(ctx, IR_TY_DOUBLE, 2, NULL), none));
  ir_block_append(&g2->u.ifs.else_body,
                  ir_assign_new(ctx, k, A1(a, V(i)), IR_OP_MAX,
                                ir_fp(ctx, IR_TY_DOUBLE, 1, "1."), none));
  /* a second loop in the same kernel: inclusive bounds, long iv, steps */
  ir_node *lj =
      loop(&k->body, j, ir_cast(ctx, IR_TY_LONG, I(0)),
           B(IR_OP_ADD, ir_cast(ctx, IR_TY_LONG, V(n)), ir_int(ctx, 1)), 3);
  ir_block_append(body(lj),
                  ir_assign_new(ctx, k, A1(a, V(j)), IR_OP_SUB,
                                ir_fp(ctx, IR_TY_DOUBLE, 1, NULL), none));
  ir_node *lk =
      loop(&k->body, j, V(n),
           B(IR_OP_SUB, ir_cast(ctx, IR_TY_LONG, V(mm)), ir_int(ctx, 1)), -4);
  (void)lk;

  /* kernel 2: a scop inside an if, indent 4 */
  ir_kernel *s = ir_kernel_new(ctx, m, "f_2");
  s->form = IR_KERNEL_SCOP;
  s->begin = off(loop_src, "b[0]");
  s->end = off(loop_src, "b[1] = 2;") + strlen("b[1] = 2;");
  s->indent = 4;
  ir_array *bb = ir_array_new(ctx, s, "b", IR_TY_DOUBLE, 1, none);
  bb->is_pointer = true;
  ir_block_append(&s->body,
                  ir_assign_new(ctx, s, A1(bb, I(1)), IR_OP_NONE,
                                ir_fp(ctx, IR_TY_DOUBLE, 2, "2"), none));
  ir_block_append(&s->body,
                  ir_assign_new(ctx, s, A1(bb, I(0)), IR_OP_NONE,
                                ir_fp(ctx, IR_TY_DOUBLE, 1, "1"), none));
  return m;
}

static const char loop_kernel_want[] =
    "#pragma omp parallel for\n"
    "  for (int i_t = 0; i_t < n; i_t += 32) {\n"
    "    for (int i = i_t; i < (i_t + 32 < n ? i_t + 32 : n); i++) {\n"
    "      if (i < m) {\n"
    "        a[i] = 0.0;\n"
    "      } else if (i == m) {\n"
    "        a[i] *= 2.0;\n"
    "      } else {\n"
    "        a[i] = (a[i] > 1. ? a[i] : 1.);\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "  for (long j = (long)0; j <= (long)n; j += 3) {\n"
    "    a[j] -= 1.0;\n"
    "  }\n"
    "  for (long j = n; j >= (long)m; j -= 4) {\n"
    "  }";

static void test_loop_kernel(void **state) {
  (void)state;
  ir_module *m = build_loop_module();
  scc_buf b = {0};
  assert_true(be_emit_kernel_c(ctx, m->kernels.items[0], &b));
  assert_string_equal(b.data, loop_kernel_want);
  scc_buf_free(&b);
}

static void test_scop_kernel_and_splicing(void **state) {
  (void)state;
  ir_module *m = build_loop_module();
  scc_buf b = {0};
  assert_true(be_emit_kernel_c(ctx, m->kernels.items[1], &b));
  assert_string_equal(b.data, "b[1] = 2;\n    b[0] = 1;");
  scc_buf_free(&b);

  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  scc_buf want = {0};
  scc_buf_puts(&want, "void f(int n, int m, double *a, double *b) {\n"
                      "  int q = 0;\n"
                      "  #pragma schedcc kernel\n"
                      "  #pragma schedcc label(top)\n"
                      "  ");
  scc_buf_puts(&want, loop_kernel_want);
  scc_buf_puts(&want, "\n"
                      "  q++;\n"
                      "  if (q) {\n"
                      "#pragma scop\n"
                      "    b[1] = 2;\n"
                      "    b[0] = 1;\n"
                      "#pragma endscop\n"
                      "  }\n"
                      "}\n");
  assert_string_equal(b.data, want.data);
  scc_buf_free(&want);
  scc_buf_free(&b);
}

/* The pragma lines the frontend lists in m->erase are left out of the
 * output; the bytes around them are copied unchanged. */
static void test_erased_pragma_lines(void **state) {
  (void)state;
  const char *src = "int x;\n"
                    "  #pragma scop\n"
                    "  y = 1;\n"
                    "  #pragma endscop\n"
                    "int z;\n";
  ir_module *m = ir_module_new(ctx, "e.c", src, strlen(src));
  size_t b1 = strlen("int x;\n");
  size_t e1 = b1 + strlen("  #pragma scop\n");
  size_t b2 = e1 + strlen("  y = 1;\n");
  size_t e2 = b2 + strlen("  #pragma endscop\n");
  ir_range r1 = {b1, e1}, r2 = {b2, e2};
  scc_vec_push(ctx->arena, &m->erase, &r1);
  scc_vec_push(ctx->arena, &m->erase, &r2);
  scc_buf b = {0};
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  assert_string_equal(b.data, "int x;\n  y = 1;\nint z;\n");
  scc_buf_free(&b);
}

/* Line markers (schedcc --line-markers, the compiler wrapper): a loop
 * kernel regenerated on more lines than it had, the erased pragma line
 * before it and the text after it on the region's last line; every line
 * copied from the source keeps its number. */
static void test_line_markers(void **state) {
  (void)state;
  const char *src = "int x;\n"
                    "#pragma schedcc kernel\n"
                    "  for (;;) x(); /* after */\n"
                    "int z;\n";
  ir_module *m = ir_module_new(ctx, "dir/l \"q\".c", src, strlen(src));
  ir_range r = {off(src, "#pragma"), off(src, "  for")};
  scc_vec_push(ctx->arena, &m->erase, &r);
  ir_kernel *k = ir_kernel_new(ctx, m, "g");
  k->form = IR_KERNEL_LOOP;
  k->begin = off(src, "for");
  k->end = off(src, " /* after");
  k->indent = 2;
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *j = ir_var_new(ctx, k, "j", IR_TY_INT, IR_VAR_IV, none);
  loop(body(loop(&k->body, i, I(0), I(4), 1)), j, I(0), I(4), 1);
  scc_buf b = {0};
  be_lower_module(ctx, m);
  assert_true(be_emit_c_line_markers(ctx, m, "out.c", &b));
  assert_string_equal(b.data, "#line 1 \"dir/l \\\"q\\\".c\"\n"
                              "int x;\n"
                              "#line 3 \"dir/l \\\"q\\\".c\"\n"
                              "  for (int i = 0; i < 4; i++) {\n"
                              "#line 6 \"out.c\"\n"
                              "    for (int j = 0; j < 4; j++) {\n"
                              "    }\n"
                              "  }\n"
                              "#line 3 \"dir/l \\\"q\\\".c\"\n"
                              " /* after */\n"
                              "int z;\n");
  /* without markers: the same code, no #line */
  b.len = 0;
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  assert_null(strstr(b.data, "#line"));
  scc_buf_free(&b);
}

/* Labels name loops for schedules only: the C output has no label pragma
 * (compilers warn about unknown pragmas); an empty loop kernel stays a
 * statement. */
static void test_loop_kernel_new_label_and_empty(void **state) {
  (void)state;
  const char *src = "  for (;;) x();\n";
  ir_module *m = ir_module_new(ctx, "g.c", src, strlen(src));
  ir_kernel *k = ir_kernel_new(ctx, m, "g");
  k->form = IR_KERNEL_LOOP;
  k->begin = 2;
  k->end = strlen(src) - 1;
  k->indent = 2;
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_node *l = loop(&k->body, i, I(0), I(196), 1);
  l->u.loop.label = "top";
  scc_buf b = {0};
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  assert_string_equal(b.data, "  for (int i = 0; i < 196; i++) {\n"
                              "  }\n");
  b.len = 0;
  ir_remove(l);
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  assert_string_equal(b.data, "  ;\n");
  scc_buf_free(&b);
}

static void test_overlapping_ranges_rejected(void **state) {
  (void)state;
  const char *src = "int a; int b; int c;\n";
  ir_module *m = ir_module_new(ctx, "o.c", src, strlen(src));
  ir_kernel *k1 = ir_kernel_new(ctx, m, "k1");
  ir_kernel *k2 = ir_kernel_new(ctx, m, "k2");
  k1->form = k2->form = IR_KERNEL_SCOP;
  k1->begin = 0;
  k1->end = 10;
  k2->begin = 7;
  k2->end = 12;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ctx->diag_out = f;
  scc_buf b = {0};
  int before = ctx->nerrors;
  be_lower_module(ctx, m);
  assert_false(be_emit_c(ctx, m, &b));
  fclose(f);
  ctx->diag_out = stderr;
  assert_int_equal(ctx->nerrors, before + 1);
  assert_non_null(strstr(text, "internal error: kernel 'k2'"));
  assert_int_equal(b.len, 0);
  free(text);
  scc_buf_free(&b);
  /* past the end of the file */
  k2->begin = 12;
  k2->end = 100;
  ctx->diag_out = fopen("/dev/null", "w");
  be_lower_module(ctx, m);
  assert_false(be_emit_c(ctx, m, &b));
  fclose(ctx->diag_out);
  ctx->diag_out = stderr;
  scc_buf_free(&b);
}

/* ---- compile and run checks -------------------------------------------- */

static char tmpdir[64];

static char *write_tmp(const char *name, const char *text) {
  if (!tmpdir[0]) {
    strcpy(tmpdir, "/tmp/be_c_test.XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
  }
  char *path = malloc(256);
  snprintf(path, 256, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

static int run(const char *fmt, const char *a, const char *b) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  return system(cmd);
}

/* The emitted files compile without warnings (gcc/cc, and clang-19 when
 * installed).  Pragmas schedcc/omp are unknown to a plain compile: the
 * files that keep them need -Wno-unknown-pragmas (as their input did). */
static void test_emitted_code_compiles(void **state) {
  (void)state;
  const char *flags = "-std=c17 -Wall -Wextra -Werror -Wno-unknown-pragmas "
                      "-fsyntax-only";
  ir_module *m1 = build_fn_module();
  ir_module *m2 = build_loop_module();
  scc_buf b1 = {0}, b2 = {0};
  be_lower_module(ctx, m1);
  assert_true(be_emit_c(ctx, m1, &b1));
  be_lower_module(ctx, m2);
  assert_true(be_emit_c(ctx, m2, &b2));
  /* the fn source calls old(): it is gone; declare nothing else */
  char *p1 = write_tmp("mv.c", b1.data);
  char *p2 = write_tmp("f.c", b2.data);
  const char *ccs[] = {"cc", "gcc", "clang-19"};
  int compiled = 0;
  for (int c = 0; c < 3; c++) {
    char probe[128];
    snprintf(probe, sizeof probe, "command -v %s >/dev/null 2>&1", ccs[c]);
    if (system(probe) != 0)
      continue;
    char fl[256];
    snprintf(fl, sizeof fl, "%s %s", ccs[c], flags);
    assert_int_equal(run("%s %s", fl, p1), 0);
    assert_int_equal(run("%s %s", fl, p2), 0);
    assert_int_equal(run("%s -fopenmp %s", fl, p2), 0);
    compiled++;
  }
  assert_true(compiled > 0);
  free(p1);
  free(p2);
  scc_buf_free(&b1);
  scc_buf_free(&b2);
}

/* Duplicated non-simple operands of min/max/floordiv in bounds are
 * computed once before the loop, and reused by a sibling loop. */
static void test_bound_hoisting(void **state) {
  (void)state;
  const char *src = "void h(int n, float *c) {}\n";
  ir_module *m = ir_module_new(ctx, "h.c", src, strlen(src));
  scc_vec_push(ctx->arena, &m->used_names, "k_hi");
  ir_kernel *k = ir_kernel_new(ctx, m, "h");
  k->form = IR_KERNEL_FUNCTION;
  k->begin = off(src, "{") + 1;
  k->end = off(src, "}");
  ir_var *n = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *kt = ir_var_new(ctx, k, "k_t", IR_TY_INT, IR_VAR_IV, none);
  ir_var *kk = ir_var_new(ctx, k, "k", IR_TY_INT, IR_VAR_IV, none);
  ir_array *c = ir_array_new(ctx, k, "c", IR_TY_FLOAT, 1, none);
  c->is_pointer = true;
  ir_node *lt = loop(&k->body, kt, I(0), V(n), 8);
  ir_expr *hi =
      ir_binary(ctx, IR_OP_MIN, B(IR_OP_ADD, V(kt), I(8)), V(n), IR_TY_INT);
  ir_expr *q =
      ir_binary(ctx, IR_OP_FLOORDIV, B(IR_OP_SUB, hi, V(kt)), I(4), IR_TY_INT);
  ir_expr *split =
      ir_binary(ctx, IR_OP_MAX, V(kt),
                B(IR_OP_ADD, V(kt), B(IR_OP_MUL, I(4), q)), IR_TY_INT);
  ir_node *l1 = loop(body(lt), kk, V(kt), split, 4);
  ir_block_append(body(l1),
                  ir_assign_new(ctx, k, A1(c, V(kk)), IR_OP_ADD,
                                ir_fp(ctx, IR_TY_FLOAT, 1, "1.f"), none));
  ir_node *l2 = loop(body(lt), kk, split, hi, 1);
  ir_block_append(body(l2),
                  ir_assign_new(ctx, k, A1(c, V(kk)), IR_OP_ADD,
                                ir_fp(ctx, IR_TY_FLOAT, 1, "1.f"), none));
  scc_buf b = {0};
  be_lower_module(ctx, m);
  assert_true(be_emit_c(ctx, m, &b));
  assert_string_equal(
      b.data,
      "void h(int n, float *c) {\n"
      "  for (int k_t = 0; k_t < n; k_t += 8) {\n"
      "    int k_hi1 = (k_t + 8 < n ? k_t + 8 : n) - k_t;\n"
      "    int k_hi2 = k_t + 4 * (k_hi1 < 0 ? (k_hi1 - 3) / 4 : k_hi1 / 4);\n"
      "    for (int k = k_t; k < (k_t > k_hi2 ? k_t : k_hi2); k += 4) {\n"
      "      c[k] += 1.f;\n"
      "    }\n"
      "    for (int k = (k_t > k_hi2 ? k_t : k_hi2); k < (k_t + 8 < n ? k_t "
      "+ 8 : n); k++) {\n"
      "      c[k] += 1.f;\n"
      "    }\n"
      "  }\n"
      "}\n");
  char *p = write_tmp("h.c", b.data);
  assert_int_equal(
      run("cc %s %s", "-std=c17 -Wall -Wextra -Werror -c -o /dev/null", p), 0);
  free(p);
  scc_buf_free(&b);
}

/* floordiv/ceildiv/min/max printed by the backend give the mathematical
 * values for numerators -10..10: a program evaluates them and compares with
 * a reference written independently (q = a / c adjusted by the sign of the
 * remainder). */
static void test_floordiv_ceildiv_semantics(void **state) {
  (void)state;
  ir_module *m = ir_module_new(ctx, "d.c", "", 0);
  ir_kernel *k = ir_kernel_new(ctx, m, "d");
  ir_var *a = ir_var_new(ctx, k, "a", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *b = ir_var_new(ctx, k, "b", IR_TY_INT, IR_VAR_PARAM, none);
  scc_buf prog = {0};
  scc_buf_puts(&prog,
               "#include <stdio.h>\n"
               "static int fl(int a, int c) { return a / c - (a % c < 0); }\n"
               "static int ce(int a, int c) { return a / c + (a % c > 0); }\n"
               "int main(void) {\n"
               "  int bad = 0;\n"
               "  for (int a = -10; a <= 10; a++) {\n"
               "    for (int b = -3; b <= 3; b++) {\n");
  const int divs[] = {1, 2, 3, 4, 7, 16};
  for (int d = 0; d < 6; d++) {
    int c = divs[d];
    ir_expr *num[2] = {V(a), B(IR_OP_SUB, V(a), B(IR_OP_MUL, V(b), I(2)))};
    const char *numc[2] = {"a", "(a - b * 2)"};
    for (int x = 0; x < 2; x++) {
      ir_op ops[2] = {IR_OP_FLOORDIV, IR_OP_CEILDIV};
      for (int o = 0; o < 2; o++) {
        scc_buf_puts(&prog, "      if (");
        ir_print_c_expr(&prog, ir_binary(ctx, ops[o], num[x], I(c), IR_TY_INT));
        scc_buf_printf(&prog,
                       " != %s(%s, %d)) { printf(\"%s(%%d, %d) wrong for a "
                       "= %%d b = %%d\\n\", %s, a, b); bad++; }\n",
                       o ? "ce" : "fl", numc[x], c, o ? "ceildiv" : "floordiv",
                       c, numc[x]);
      }
    }
  }
  scc_buf_puts(&prog, "      if (");
  ir_print_c_expr(&prog, B(IR_OP_MIN, B(IR_OP_SUB, V(a), I(1)), V(b)));
  scc_buf_puts(&prog, " != (a - 1 <= b ? a - 1 : b)) bad++;\n      if (");
  ir_print_c_expr(&prog, B(IR_OP_MAX, B(IR_OP_MUL, V(a), I(-1)), V(b)));
  scc_buf_puts(&prog, " != (-a >= b ? -a : b)) bad++;\n"
                      "    }\n"
                      "  }\n"
                      "  return bad != 0;\n"
                      "}\n");
  char *src = write_tmp("div.c", prog.data);
  char exe[256];
  snprintf(exe, sizeof exe, "%s/div", tmpdir);
  assert_int_equal(run("cc -std=c17 -Wall -Wextra -Werror -o %s %s", exe, src),
                   0);
  assert_int_equal(run("%s%s", exe, ""), 0);
  free(src);
  scc_buf_free(&prog);
}

static int cleanup(void **state) {
  (void)state;
  if (tmpdir[0]) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
      return 1;
  }
  return teardown(state);
}

/* ---- the lowering of run-time checks (be_lower.c) ------------------------ */

/* A disjointness assumption becomes one int expression over element
 * addresses (constant offsets folded, a zero offset left out), a condition
 * assumption its condition; lowering twice changes nothing; the emitters
 * refuse a versioned kernel that was not lowered. */
static void test_lower_checks(void **state) {
  (void)state;
  ir_module *m = ir_module_new(ctx, "t.c", "", 0);
  ir_kernel *k = ir_kernel_new(ctx, m, "f");
  ir_array *a = ir_array_new(ctx, k, "a", IR_TY_FLOAT, 1, none);
  ir_array *b = ir_array_new(ctx, k, "b", IR_TY_DOUBLE, 1, none);
  ir_var *n = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_assumption *dis = scc_arena_alloc(ctx->arena, sizeof *dis);
  *dis = (ir_assumption){.kind = IR_ASSUME_DISJOINT,
                         .a = a,
                         .b = b,
                         .a_lo = I(0),
                         .a_hi = V(n),
                         .b_lo = B(IR_OP_ADD, I(2), I(3)),
                         .b_hi = B(IR_OP_ADD, V(n), I(8))};
  ir_assumption *cond = scc_arena_alloc(ctx->arena, sizeof *cond);
  *cond =
      (ir_assumption){.kind = IR_ASSUME_COND, .cond = B(IR_OP_LE, V(n), I(64))};
  scc_vec_push(ctx->arena, &k->assumptions, dis);
  scc_vec_push(ctx->arena, &k->assumptions, cond);
  k->original = scc_arena_alloc(ctx->arena, sizeof *k->original);
  assert_false(be_check_lowered(ctx, k));
  ctx->nerrors = 0;
  be_lower_module(ctx, m);
  assert_true(be_check_lowered(ctx, k));
  scc_buf t = {0};
  ir_print_c_expr(&t, dis->check);
  assert_string_equal(t.data,
                      "(uintptr_t)a + (uintptr_t)(n) * sizeof(float) <= "
                      "(uintptr_t)b + 5 * sizeof(double) || "
                      "(uintptr_t)b + (uintptr_t)(n + 8) * sizeof(double) <= "
                      "(uintptr_t)a");
  assert_ptr_equal(cond->check, cond->cond);
  ir_expr *first = dis->check;
  be_lower_kernel(ctx, k);
  assert_ptr_equal(dis->check, first);
  assert_int_equal(dis->check->u.bin.a->u.bin.a->kind, IR_EXPR_ELEM_ADDR);
  assert_int_equal(dis->check->u.bin.a->u.bin.a->type, IR_TY_ULONG);
  scc_buf_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_function_kernel),
      cmocka_unit_test(test_loop_kernel),
      cmocka_unit_test(test_scop_kernel_and_splicing),
      cmocka_unit_test(test_loop_kernel_new_label_and_empty),
      cmocka_unit_test(test_erased_pragma_lines),
      cmocka_unit_test(test_line_markers),
      cmocka_unit_test(test_overlapping_ranges_rejected),
      cmocka_unit_test(test_emitted_code_compiles),
      cmocka_unit_test(test_bound_hoisting),
      cmocka_unit_test(test_floordiv_ceildiv_semantics),
      cmocka_unit_test(test_lower_checks),
  };
  return cmocka_run_group_tests(tests, setup, cleanup);
}
