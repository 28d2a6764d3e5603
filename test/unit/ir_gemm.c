/* ir_gemm.c (test) — the matrix-product recognizer of loop.to_library
 * (ir/ir_gemm.h): the forms it accepts (loop orders, transposed operands,
 * linearized pointers, batches, alpha and beta, tiles) with the sizes,
 * leading dimensions, base elements and run-time guards it derives, and
 * its refusals with their messages.  Kernels come from C text through the
 * frontend (linked for this test: test/CMakeLists.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/fe.h"
#include "ir/ir_gemm.h"

static scc_ctx *ctx;
static char dir[256];
static int nfile;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  const char *t = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/ir_gemm-XXXXXX", t && *t ? t : "/tmp");
  assert_non_null(mkdtemp(dir));
  return 0;
}

static int teardown(void **state) {
  (void)state;
  scc_ctx_free(ctx);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

/* The first loop of the only kernel of `src` (a function kernel). */
static ir_node *root_of(const char *src) {
  char *p = scc_arena_printf(ctx->arena, "%s/k%d.c", dir, nfile++);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs(src, f);
  assert_int_equal(fclose(f), 0);
  ir_module *m = fe_parse_file(ctx, p, NULL, 0);
  assert_non_null(m);
  assert_int_equal(m->kernels.len, 1);
  ir_kernel *k = m->kernels.items[0];
  ir_node *n = k->body.first;
  while (n && n->kind != IR_NODE_LOOP)
    n = n->next;
  assert_non_null(n);
  return n;
}

static const char *txt(const ir_expr *e) {
  if (!e)
    return "(null)";
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *s = scc_arena_printf(ctx->arena, "%.*s", (int)b.len, b.data);
  scc_buf_free(&b);
  return s;
}

static ir_gemm match_ok(const char *src) {
  ir_gemm g;
  const char *why = NULL;
  scc_loc where;
  bool ok = ir_gemm_match(ctx, root_of(src), &g, &why, &where);
  if (!ok)
    fprintf(stderr, "refused: %s\n", why);
  assert_true(ok);
  return g;
}

static void refused(const char *src, const char *want) {
  ir_gemm g;
  const char *why = NULL;
  scc_loc where;
  assert_false(ir_gemm_match(ctx, root_of(src), &g, &why, &where));
  assert_non_null(why);
  if (!strstr(why, want))
    fprintf(stderr, "message: %s\nwanted: %s\n", why, want);
  assert_non_null(strstr(why, want));
  assert_true(where.line > 0);
}

#define K "#pragma schedcc kernel\n"

static void test_plain_and_orders(void **state) {
  (void)state;
  ir_gemm g =
      match_ok(K "void f(float A[4][5], float B[5][6], float C[4][6]) {\n"
                 "  for (int i = 0; i < 4; i++)\n"
                 "    for (int j = 0; j < 6; j++)\n"
                 "      for (int k = 0; k < 5; k++)\n"
                 "        C[i][j] += A[i][k] * B[k][j];\n"
                 "}\n");
  assert_int_equal(g.type, IR_TY_FLOAT);
  assert_string_equal(txt(g.m), "4");
  assert_string_equal(txt(g.n), "6");
  assert_string_equal(txt(g.k), "5");
  assert_string_equal(txt(g.lda), "5");
  assert_string_equal(txt(g.ldb), "6");
  assert_string_equal(txt(g.ldc), "6");
  assert_false(g.trans_a || g.trans_b);
  assert_null(g.alpha);
  assert_null(g.beta);
  assert_int_equal(g.guards.len, 0);
  assert_string_equal(txt(g.a), "A[0][0]");
  /* k-i-j order, offsets from non-zero lower bounds */
  g = match_ok(
      K "void f(double A[40][50], double B[50][36], double C[40][36]) {\n"
        "  for (int k = 1; k < 50; k++)\n"
        "    for (int i = 2; i < 34; i++)\n"
        "      for (int j = 3; j < 36; j++)\n"
        "        C[i][j] = C[i][j] + A[i][k] * B[k][j];\n"
        "}\n");
  assert_int_equal(g.type, IR_TY_DOUBLE);
  assert_string_equal(txt(g.m), "32");
  assert_string_equal(txt(g.n), "33");
  assert_string_equal(txt(g.k), "49");
  assert_string_equal(txt(g.a), "A[2][1]");
  assert_string_equal(txt(g.b), "B[1][3]");
  assert_string_equal(txt(g.c), "C[2][3]");
  assert_string_equal(g.loop_k->u.loop.iv->name, "k");
}

static void test_transposed_alpha_vla(void **state) {
  (void)state;
  ir_gemm g =
      match_ok(K "void f(int m, int n, int p, double alpha, double A[p][m],\n"
                 "       double B[n][p], double C[m][n]) {\n"
                 "  for (int j = 0; j < n; j++)\n"
                 "    for (int i = 0; i < m; i++)\n"
                 "      for (int k = 0; k < p; k++)\n"
                 "        C[i][j] += alpha * A[k][i] * B[j][k];\n"
                 "}\n");
  assert_true(g.trans_a && g.trans_b);
  assert_string_equal(txt(g.lda), "m");
  assert_string_equal(txt(g.ldb), "p");
  assert_string_equal(txt(g.ldc), "n");
  assert_string_equal(txt(g.alpha), "alpha");
  /* m > 0, n > 0, p > 0; lda >= m etc. hold by construction */
  assert_int_equal(g.guards.len, 3);
}

/* C -= A * B and C = C - alpha * A * B: the product with alpha negated. */
static void test_minus(void **state) {
  (void)state;
  ir_gemm g =
      match_ok(K "void f(float A[4][5], float B[5][6], float C[4][6]) {\n"
                 "  for (int i = 0; i < 4; i++)\n"
                 "    for (int j = 0; j < 6; j++)\n"
                 "      for (int k = 0; k < 5; k++)\n"
                 "        C[i][j] -= A[i][k] * B[k][j];\n"
                 "}\n");
  assert_string_equal(txt(g.alpha), "-1.0f");
  assert_false(g.trans_a || g.trans_b);
  g = match_ok(K "void f(double alpha, double A[4][5], double B[6][5],\n"
                 "       double C[4][6]) {\n"
                 "  for (int i = 0; i < 4; i++)\n"
                 "    for (int j = 0; j < 6; j++)\n"
                 "      for (int k = 0; k < 5; k++)\n"
                 "        C[i][j] = C[i][j] - alpha * A[i][k] * B[j][k];\n"
                 "}\n");
  assert_string_equal(txt(g.alpha), "-alpha");
  assert_true(g.trans_b);
  /* B - C is not C minus a product */
  refused(K "void f(float A[4][5], float B[5][6], float C[4][6]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 6; j++)\n"
            "      for (int k = 0; k < 5; k++)\n"
            "        C[i][j] = A[i][k] * B[k][j] - C[i][j];\n"
            "}\n",
          "not an accumulation");
}

static void test_linearized_beta(void **state) {
  (void)state;
  ir_gemm g = match_ok(
      K "void f(int m, int n, int p, float alpha, float beta, const float *A,\n"
        "       int lda, const float *B, int ldb, float *C, int ldc) {\n"
        "  for (int i = 0; i < m; i++)\n"
        "    for (int j = 0; j < n; j++) {\n"
        "      C[i * ldc + j] *= beta;\n"
        "      for (int k = 0; k < p; k++)\n"
        "        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j] * alpha;\n"
        "    }\n"
        "}\n");
  assert_string_equal(txt(g.lda), "lda");
  assert_string_equal(txt(g.ldb), "ldb");
  assert_string_equal(txt(g.ldc), "ldc");
  assert_string_equal(txt(g.alpha), "alpha");
  assert_string_equal(txt(g.beta), "beta");
  assert_non_null(g.scale);
  assert_string_equal(txt(g.a), "A[0]");
  /* three extents and three leading dimensions checked at run time */
  assert_int_equal(g.guards.len, 6);
}

/* PolyBench's gemm: the scaling in a j loop of its own; a scaling loop
 * over other columns is refused. */
static void test_polybench(void **state) {
  (void)state;
  ir_gemm g = match_ok(
      K "void f(int ni, int nj, int nk, double alpha, double beta,\n"
        "       double C[20][22], double A[20][24], double B[24][22]) {\n"
        "  for (int i = 0; i < ni; i++) {\n"
        "    for (int j = 0; j < nj; j++)\n"
        "      C[i][j] *= beta;\n"
        "    for (int k = 0; k < nk; k++)\n"
        "      for (int j = 0; j < nj; j++)\n"
        "        C[i][j] += alpha * A[i][k] * B[k][j];\n"
        "  }\n"
        "}\n");
  assert_string_equal(txt(g.beta), "beta");
  assert_string_equal(txt(g.alpha), "alpha");
  assert_string_equal(txt(g.m), "ni");
  assert_string_equal(txt(g.k), "nk");
  refused(K "void f(int ni, int nj, int nk, double alpha, double beta,\n"
            "       double C[20][22], double A[20][24], double B[24][22]) {\n"
            "  for (int i = 0; i < ni; i++) {\n"
            "    for (int j = 1; j < nj; j++)\n"
            "      C[i][j] *= beta;\n"
            "    for (int k = 0; k < nk; k++)\n"
            "      for (int j = 0; j < nj; j++)\n"
            "        C[i][j] += alpha * A[i][k] * B[k][j];\n"
            "  }\n"
            "}\n",
          "the statement before loop 'k' is not a scaling");
  /* linearized: the scaling loop's C[i * ldc + j] is the product's
   * element although a clone of it prints C[j + i * ldc] (refused before:
   * found by test/fuzz/libcall.py); and C written as C[j + i * ldc] on the
   * right of `C = C + ...` */
  g = match_ok(
      K "void f(int m, int n, int p, float beta, const float *A, int lda,\n"
        "       const float *B, int ldb, float *C, int ldc) {\n"
        "  for (int i = 0; i < m; i++) {\n"
        "    for (int j = 0; j < n; j++)\n"
        "      C[i * ldc + j] *= beta;\n"
        "    for (int k = 0; k < p; k++)\n"
        "      for (int j = 0; j < n; j++)\n"
        "        C[i * ldc + j] = C[j + i * ldc] + A[i * lda + k] * "
        "B[k * ldb + j];\n"
        "  }\n"
        "}\n");
  assert_string_equal(txt(g.beta), "beta");
  assert_string_equal(txt(g.ldc), "ldc");
}

/* A batch: the loop inside the batch loop is the root; the base elements
 * keep the batch subscript. */
static void test_batch(void **state) {
  (void)state;
  ir_node *b =
      root_of(K "void f(float A[6][196][2305], float B[6][2305][256],\n"
                "       float C[6][196][256]) {\n"
                "  for (int b = 0; b < 6; b++)\n"
                "    for (int i = 0; i < 196; i++)\n"
                "      for (int j = 0; j < 256; j++)\n"
                "        for (int k = 0; k < 2305; k++)\n"
                "          C[b][i][j] += A[b][i][k] * B[b][k][j];\n"
                "}\n");
  ir_gemm g;
  const char *why;
  scc_loc where;
  assert_true(ir_gemm_match(ctx, b->u.loop.body.first, &g, &why, &where));
  assert_string_equal(txt(g.a), "A[b][0][0]");
  assert_string_equal(txt(g.lda), "2305");
  assert_string_equal(txt(g.ldb), "256");
  assert_string_equal(txt(g.k), "2305");
}

static void test_refusals(void **state) {
  (void)state;
  refused(K "void f(float A[4][4], float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += A[i][k] + B[k][j];\n"
            "}\n",
          "is neither an element of a matrix nor a loop-invariant float");
  refused(
      K "void f(float A[4][4], float B[4][4], float C[4][4], float D[4][4]) {\n"
        "  for (int i = 0; i < 4; i++)\n"
        "    for (int j = 0; j < 4; j++)\n"
        "      for (int k = 0; k < 4; k++)\n"
        "        C[i][j] += A[i][k] * B[k][j] * D[k][j];\n"
        "}\n",
      "the product reads 3 matrix elements");
  refused(K "void f(float A[4][8], float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += A[i][2 * k] * B[k][j];\n"
            "}\n",
          "'A' is not contiguous along 'i' or 'k'");
  refused(K "void f(float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += C[i][k] * B[k][j];\n"
            "}\n",
          "'C' is both the result and an operand");
  refused(K "void f(float A[4][4], float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j += 2)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += A[i][k] * B[k][j];\n"
            "}\n",
          "loop 'j' has step 2");
  refused(K "void f(float A[4][4], float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j <= i; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += A[i][k] * B[k][j];\n"
            "}\n",
          "the bounds of loop 'j' depend on another loop");
  refused(K "void f(float A[4][4], float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += 2.0 * A[i][k] * B[k][j];\n"
            "}\n",
          "not an accumulation");
  refused(K "void f(int lda, float *A, float B[4][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 4; k++)\n"
            "        C[i][j] += A[i * i + k] * B[k][j];\n"
            "}\n",
          "is not linear in 'i'");
  refused(K "void f(float A[4][2], float B[2][4], float C[4][4]) {\n"
            "  for (int i = 0; i < 4; i++)\n"
            "    for (int j = 0; j < 4; j++)\n"
            "      for (int k = 0; k < 3; k++)\n"
            "        C[i][j] += A[i][k] * B[k][j];\n"
            "}\n",
          "the rows of A ('A') are 2 elements apart but K = 3 long");
  refused(K "void f(float A[6][4][4], float B[6][4][4], float C[6][4][4]) {\n"
            "  for (int b = 0; b < 6; b++)\n"
            "    for (int i = 0; i < 4; i++)\n"
            "      for (int j = 0; j < 4; j++)\n"
            "        for (int k = 0; k < 4; k++)\n"
            "          C[b][i][j] += A[b][i][k] * B[b][k][j];\n"
            "}\n",
          "the nest has more than three loops");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_and_orders),
      cmocka_unit_test(test_transposed_alpha_vla),
      cmocka_unit_test(test_minus),
      cmocka_unit_test(test_linearized_beta),
      cmocka_unit_test(test_batch),
      cmocka_unit_test(test_polybench),
      cmocka_unit_test(test_refusals),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
