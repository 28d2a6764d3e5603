/* be_vec.c (test) — vector IR in the C backend: the exact intrinsic text of
 * a small kernel (fused multiply-add with broadcast, a vector accumulator
 * and its horizontal reduction, unary minus, sqrt, a masked remainder) for
 * AVX-512, and its compilation under -Wall -Wextra -Werror for every ISA
 * (AVX-512, AVX2, SSE4.2 and the portable "scalar" lane loops), in float
 * and double. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "backend/be.h"

#include <stdio.h>
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

typedef struct vk {
  ir_kernel *k;
  ir_type t;
  int w;
} vk;

static ir_expr *vec(ir_expr *e, int w) {
  e->lanes = w;
  return e;
}

static ir_expr *bcast(ir_expr *a, ir_type t, int w) {
  ir_expr *e = scc_arena_alloc(ctx->arena, sizeof *e);
  e->kind = IR_EXPR_BROADCAST;
  e->type = t;
  e->lanes = w;
  e->u.un.a = a;
  return e;
}

/* A function kernel over float/double pointers x, y, parameters a, n and a
 * scalar s:
 *   decl T<W> acc = broadcast(0)
 *   for i = 0 to 64 step W vectorized(W) {
 *     y[i]<W> = fma(broadcast(a), x[i]<W>, y[i]<W>)
 *     acc += x[i]<W> * y[i]<W>
 *     y[i]<W> = -y[i]<W> / sqrt(x[i]<W>)
 *   }
 *   for i = 64 to n step W { y[i]<W mask n - i> = x[i]<W mask n - i> }
 *   s += reduce_add(acc)                                                 */
static ir_kernel *build(ir_isa isa, ir_type t, int w, bool masked) {
  ir_module *m = ir_module_new(ctx, "v.c", "", 0);
  ir_kernel *k = ir_kernel_new(ctx, m, "f");
  k->form = IR_KERNEL_FUNCTION;
  k->isa = isa;
  ir_var *n = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *a = ir_var_new(ctx, k, "a", t, IR_VAR_PARAM, none);
  ir_var *s = ir_var_new(ctx, k, "s", t, IR_VAR_LOCAL, none);
  s->declared_outside = true;
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *acc = ir_var_new(ctx, k, "acc", t, IR_VAR_LOCAL, none);
  acc->lanes = w;
  acc->declared_outside = true;
  ir_array *x = ir_array_new(ctx, k, "x", t, 1, none);
  ir_array *y = ir_array_new(ctx, k, "y", t, 1, none);
  x->is_pointer = y->is_pointer = true;
#define XI vec(ir_access(ctx, x, 1, (ir_expr *[]){ir_var_ref(ctx, i)}), w)
#define YI vec(ir_access(ctx, y, 1, (ir_expr *[]){ir_var_ref(ctx, i)}), w)
  ir_block_append(
      &k->body,
      ir_decl_new(ctx, acc, bcast(ir_fp(ctx, t, 0, NULL), t, w), none));
  ir_node *l = ir_loop_new(ctx, i, ir_int(ctx, 0), ir_int(ctx, 64), w, none);
  l->u.loop.attrs |= IR_LOOP_VECTORIZED;
  l->u.loop.vwidth = w;
  ir_block_append(&k->body, l);
  ir_expr *args[3] = {bcast(ir_var_ref(ctx, a), t, w), XI, YI};
  ir_block_append(
      &l->u.loop.body,
      ir_assign_new(
          ctx, k, YI, IR_OP_NONE,
          vec(ir_call(ctx, t == IR_TY_FLOAT ? "fmaf" : "fma", 3, args, t), w),
          none));
  ir_block_append(&l->u.loop.body,
                  ir_assign_new(ctx, k, vec(ir_var_ref(ctx, acc), w), IR_OP_ADD,
                                vec(ir_binary(ctx, IR_OP_MUL, XI, YI, t), w),
                                none));
  ir_expr *sq = XI;
  ir_expr *rt =
      vec(ir_call(ctx, t == IR_TY_FLOAT ? "sqrtf" : "sqrt", 1, &sq, t), w);
  ir_block_append(
      &l->u.loop.body,
      ir_assign_new(
          ctx, k, YI, IR_OP_NONE,
          vec(ir_binary(ctx, IR_OP_DIV, vec(ir_unary(ctx, IR_OP_NEG, YI, t), w),
                        rt, t),
              w),
          none));
  if (masked) {
    ir_node *r =
        ir_loop_new(ctx, i, ir_int(ctx, 64), ir_var_ref(ctx, n), w, none);
    ir_expr *mask = ir_binary(ctx, IR_OP_SUB, ir_var_ref(ctx, n),
                              ir_var_ref(ctx, i), IR_TY_INT);
    ir_expr *ly = YI, *lx = XI;
    ly->u.access.mask = mask;
    lx->u.access.mask = mask;
    ir_block_append(&r->u.loop.body,
                    ir_assign_new(ctx, k, ly, IR_OP_NONE, lx, none));
    ir_block_append(&k->body, r);
  }
  ir_expr *red = scc_arena_alloc(ctx->arena, sizeof *red);
  red->kind = IR_EXPR_REDUCE;
  red->type = t;
  red->u.un.op = IR_OP_ADD;
  red->u.un.a = vec(ir_var_ref(ctx, acc), w);
  ir_block_append(&k->body, ir_assign_new(ctx, k, ir_var_ref(ctx, s), IR_OP_ADD,
                                          red, none));
#undef XI
#undef YI
  return k;
}

static char *emit(ir_kernel *k) {
  scc_buf b = {0};
  assert_true(be_emit_kernel_c(ctx, k, &b));
  char *s = scc_arena_strdup(ctx->arena, b.data);
  scc_buf_free(&b);
  return s;
}

/* Compiles the kernel text inside a function with cc and the flags; true
 * when it compiles without warnings. */
static bool compiles(const char *kernel, ir_type t, const char *flags) {
  char path[] = "/tmp/be_vec_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  const char *T = ir_type_name(t);
  fprintf(f,
          "#include <immintrin.h>\n#include <math.h>\n"
          "%s f(int n, %s a, %s *x, %s *y);\n"
          "%s f(int n, %s a, %s *x, %s *y) {\n  %s s = 0;\n  (void)n;%s  "
          "return s;\n}\n",
          T, T, T, T, T, T, T, T, T, kernel);
  fclose(f);
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "cc -std=c17 -Wall -Wextra -Werror -fsyntax-only %s -x c %s", flags,
           path);
  int rc = system(cmd);
  if (rc != 0)
    fprintf(stderr, "failed: %s\n%s", cmd, kernel);
  unlink(path);
  return rc == 0;
}

static const char avx512_want[] =
    "\n"
    "  __m512 acc = _mm512_set1_ps(0.0f);\n"
    "  for (int i = 0; i < 64; i += 16) {\n"
    "    _mm512_storeu_ps(&y[i], _mm512_fmadd_ps(_mm512_set1_ps(a), "
    "_mm512_loadu_ps(&x[i]), _mm512_loadu_ps(&y[i])));\n"
    "    acc = _mm512_add_ps(acc, _mm512_mul_ps(_mm512_loadu_ps(&x[i]), "
    "_mm512_loadu_ps(&y[i])));\n"
    "    _mm512_storeu_ps(&y[i], "
    "_mm512_div_ps(_mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512("
    "_mm512_loadu_ps(&y[i])), _mm512_castps_si512(_mm512_set1_ps(-0.0f)))), "
    "_mm512_sqrt_ps(_mm512_loadu_ps(&x[i]))));\n"
    "  }\n"
    "  for (int i = 64; i < n; i += 16) {\n"
    "    _mm512_mask_storeu_ps(&y[i], (__mmask16)((1u << (n - i)) - 1u), "
    "_mm512_maskz_loadu_ps((__mmask16)((1u << (n - i)) - 1u), &x[i]));\n"
    "  }\n"
    "  s += _mm512_reduce_add_ps(acc);\n";

static void test_avx512_text(void **state) {
  (void)state;
  char *got = emit(build(IR_ISA_AVX512, IR_TY_FLOAT, 16, true));
  assert_string_equal(got, avx512_want);
  assert_true(compiles(got, IR_TY_FLOAT, "-mavx512f -mfma"));
  got = emit(build(IR_ISA_AVX512, IR_TY_DOUBLE, 8, true));
  assert_non_null(strstr(got, "__m512d acc = _mm512_set1_pd(0.0);"));
  assert_non_null(strstr(got, "(__mmask8)((1u << (n - i)) - 1u)"));
  assert_non_null(strstr(got, "s += _mm512_reduce_add_pd(acc);"));
  assert_true(compiles(got, IR_TY_DOUBLE, "-mavx512f -mfma"));
}

static void test_avx2(void **state) {
  (void)state;
  char *got = emit(build(IR_ISA_AVX2, IR_TY_FLOAT, 8, true));
  assert_non_null(strstr(got, "_mm256_fmadd_ps(_mm256_set1_ps(a), "));
  assert_non_null(strstr(got, "_mm256_maskstore_ps(&y[i], "
                              "_mm256_cmpgt_epi32(_mm256_set1_epi32(n - i), "
                              "_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), "));
  assert_non_null(strstr(got, "  __m128 red = _mm_add_ps("
                              "_mm256_castps256_ps128(acc), "
                              "_mm256_extractf128_ps(acc, 1));\n"
                              "  red = _mm_add_ps(red, _mm_movehl_ps(red, "
                              "red));\n"
                              "  red = _mm_add_ss(red, _mm_shuffle_ps(red, "
                              "red, 1));\n"
                              "  s += _mm_cvtss_f32(red);\n"));
  assert_true(compiles(got, IR_TY_FLOAT, "-mavx2 -mfma"));
  got = emit(build(IR_ISA_AVX2, IR_TY_DOUBLE, 4, true));
  assert_non_null(strstr(got, "s += _mm_cvtsd_f64(red);"));
  assert_true(compiles(got, IR_TY_DOUBLE, "-mavx2 -mfma"));
}

static void test_sse(void **state) {
  (void)state;
  char *got = emit(build(IR_ISA_SSE42, IR_TY_FLOAT, 4, false));
  /* no FMA in SSE4.2: a multiply and an add */
  assert_non_null(strstr(got, "_mm_add_ps(_mm_mul_ps(_mm_set1_ps(a), "));
  assert_non_null(strstr(got, "_mm_xor_ps(_mm_loadu_ps(&y[i]), "
                              "_mm_set1_ps(-0.0f))"));
  assert_true(compiles(got, IR_TY_FLOAT, "-msse4.2"));
  got = emit(build(IR_ISA_SSE42, IR_TY_DOUBLE, 2, false));
  assert_true(compiles(got, IR_TY_DOUBLE, "-msse4.2"));
  /* masked accesses need AVX2 or AVX-512 */
  scc_buf b = {0};
  FILE *old = ctx->diag_out;
  ctx->diag_out = fopen("/dev/null", "w");
  assert_false(
      be_emit_kernel_c(ctx, build(IR_ISA_SSE42, IR_TY_FLOAT, 4, true), &b));
  fclose(ctx->diag_out);
  ctx->diag_out = old;
  scc_buf_free(&b);
}

static void test_scalar(void **state) {
  (void)state;
  char *got = emit(build(IR_ISA_SCALAR, IR_TY_FLOAT, 4, true));
  assert_non_null(strstr(got, "  float acc[4];\n"
                              "  for (int lane = 0; lane < 4; lane++) {\n"
                              "    acc[lane] = 0.0f;\n"
                              "  }\n"));
  assert_non_null(strstr(got, "      y[i + lane] = fmaf(a, x[i + lane], "
                              "y[i + lane]);\n"));
  assert_non_null(strstr(got, "    for (int lane = 0; lane < n - i; lane++) "
                              "{\n      y[i + lane] = lane < n - i ? "
                              "x[i + lane] : 0.0f;\n"));
  assert_non_null(strstr(got, "  s += (acc[0] + acc[1] + acc[2] + acc[3]);\n"));
  assert_true(compiles(got, IR_TY_FLOAT, ""));
  got = emit(build(IR_ISA_SCALAR, IR_TY_DOUBLE, 3, false));
  assert_true(compiles(got, IR_TY_DOUBLE, ""));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_avx512_text),
      cmocka_unit_test(test_avx2),
      cmocka_unit_test(test_sse),
      cmocka_unit_test(test_scalar),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
