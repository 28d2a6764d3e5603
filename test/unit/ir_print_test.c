/* ir_print_test.c — C spelling of expressions (precedence, associativity,
 * literals of every type, min/max/floordiv/ceildiv) and the textual IR of
 * kernels (header, loops, ifs, domains and access relations). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

static scc_ctx *ctx;
static ir_kernel *k;
static ir_var *vi, *vj, *vn, *vx, *vy, *vz, *vu;
static ir_array *arrA, *arrP;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  ir_module *m = ir_module_new(ctx, "t.c", "", 0);
  k = ir_kernel_new(ctx, m, "t");
  scc_loc none = {0};
  vi = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  vj = ir_var_new(ctx, k, "j", IR_TY_INT, IR_VAR_IV, none);
  vn = ir_var_new(ctx, k, "n", IR_TY_INT, IR_VAR_PARAM, none);
  vx = ir_var_new(ctx, k, "x", IR_TY_FLOAT, IR_VAR_PARAM, none);
  vy = ir_var_new(ctx, k, "y", IR_TY_FLOAT, IR_VAR_PARAM, none);
  vz = ir_var_new(ctx, k, "z", IR_TY_FLOAT, IR_VAR_PARAM, none);
  vu = ir_var_new(ctx, k, "u", IR_TY_UINT, IR_VAR_PARAM, none);
  arrA = ir_array_new(ctx, k, "A", IR_TY_FLOAT, 2, none);
  arrA->dims[0] = ir_int(ctx, 8);
  arrA->dims[1] = ir_var_ref(ctx, vn);
  arrP = ir_array_new(ctx, k, "P", IR_TY_DOUBLE, 1, none);
  arrP->is_pointer = true;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  scc_ctx_free(ctx);
  return 0;
}

/* Short builders. */
static ir_expr *V(ir_var *v) { return ir_var_ref(ctx, v); }
static ir_expr *I(int64_t v) { return ir_int(ctx, v); }
static ir_expr *B(ir_op op, ir_expr *a, ir_expr *b) {
  bool cmp = op >= IR_OP_LT && op <= IR_OP_LOR;
  return ir_binary(ctx, op, a, b, cmp ? IR_TY_INT : a->type);
}
static ir_expr *NEG(ir_expr *a) { return ir_unary(ctx, IR_OP_NEG, a, a->type); }
static ir_expr *LIT(ir_type t, int64_t v) {
  ir_expr *e = ir_int(ctx, v);
  e->type = t;
  return e;
}

static void check(ir_expr *e, const char *want) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  assert_non_null(b.data);
  assert_string_equal(b.data, want);
  scc_buf_free(&b);
}

static void test_associativity(void **state) {
  (void)state;
  ir_expr *x = V(vx), *y = V(vy), *z = V(vz);
  check(B(IR_OP_ADD, B(IR_OP_ADD, x, y), z), "x + y + z");
  check(B(IR_OP_ADD, x, B(IR_OP_ADD, y, z)), "x + (y + z)");
  check(B(IR_OP_SUB, x, B(IR_OP_SUB, y, z)), "x - (y - z)");
  check(B(IR_OP_SUB, B(IR_OP_SUB, x, y), z), "x - y - z");
  check(B(IR_OP_DIV, x, B(IR_OP_MUL, y, z)), "x / (y * z)");
  check(B(IR_OP_MUL, B(IR_OP_DIV, x, y), z), "x / y * z");
  check(B(IR_OP_MUL, x, B(IR_OP_MUL, y, z)), "x * (y * z)");
}

static void test_precedence(void **state) {
  (void)state;
  ir_expr *x = V(vx), *y = V(vy), *z = V(vz);
  check(B(IR_OP_MUL, B(IR_OP_ADD, x, y), z), "(x + y) * z");
  check(B(IR_OP_ADD, x, B(IR_OP_MUL, y, z)), "x + y * z");
  check(B(IR_OP_MOD, V(vi), B(IR_OP_ADD, V(vj), I(2))), "i % (j + 2)");
  /* comparisons and logic: parentheses gcc -Wparentheses asks for */
  ir_expr *lt = B(IR_OP_LT, V(vi), V(vn));
  ir_expr *ge = B(IR_OP_GE, V(vj), I(0));
  check(B(IR_OP_LAND, lt, ge), "i < n && j >= 0");
  check(B(IR_OP_LOR, B(IR_OP_LAND, lt, ge), lt), "(i < n && j >= 0) || i < n");
  check(B(IR_OP_LOR, B(IR_OP_LOR, lt, ge), lt), "i < n || j >= 0 || i < n");
  check(B(IR_OP_EQ, lt, I(1)), "(i < n) == 1");
  check(B(IR_OP_EQ, ir_unary(ctx, IR_OP_NOT, V(vi), IR_TY_INT), V(vj)),
        "(!i) == j");
  check(ir_unary(ctx, IR_OP_NOT, B(IR_OP_LT, V(vi), V(vj)), IR_TY_INT),
        "!(i < j)");
}

static void test_unary_minus(void **state) {
  (void)state;
  check(NEG(V(vx)), "-x");
  check(NEG(NEG(V(vx))), "-(-x)");
  check(NEG(I(-1)), "-(-1)");
  check(NEG(I(1)), "-1");
  check(NEG(B(IR_OP_ADD, V(vx), V(vy))), "-(x + y)");
  check(B(IR_OP_MUL, V(vx), NEG(V(vy))), "x * -y");
  check(B(IR_OP_SUB, V(vx), NEG(V(vy))), "x - -y");
  check(NEG(ir_fp(ctx, IR_TY_DOUBLE, -2.0, NULL)), "-(-2.0)");
}

static void test_select_cast_call_access(void **state) {
  (void)state;
  ir_expr *c = B(IR_OP_LT, V(vx), V(vy));
  ir_expr *sel = ir_select(ctx, c, V(vx), V(vy), IR_TY_FLOAT);
  check(sel, "x < y ? x : y");
  check(B(IR_OP_ADD, sel, V(vz)), "(x < y ? x : y) + z");
  check(ir_select(ctx, c, sel, V(vz), IR_TY_FLOAT),
        "x < y ? (x < y ? x : y) : z");
  check(ir_cast(ctx, IR_TY_FLOAT, V(vi)), "(float)i");
  check(ir_cast(ctx, IR_TY_DOUBLE, B(IR_OP_ADD, V(vi), V(vj))),
        "(double)(i + j)");
  check(B(IR_OP_MUL, ir_cast(ctx, IR_TY_FLOAT, V(vi)), V(vx)), "(float)i * x");
  ir_expr *args[2] = {B(IR_OP_ADD, V(vx), V(vy)), sel};
  check(ir_call(ctx, "sqrtf", 1, args, IR_TY_FLOAT), "sqrtf(x + y)");
  check(ir_call(ctx, "fmaxf", 2, args, IR_TY_FLOAT),
        "fmaxf(x + y, x < y ? x : y)");
  ir_expr *idx[2] = {B(IR_OP_ADD, V(vi), I(1)), V(vj)};
  check(ir_access(ctx, arrA, 2, idx), "A[i + 1][j]");
  ir_expr *lin[1] = {B(IR_OP_ADD, B(IR_OP_MUL, V(vi), V(vn)), V(vj))};
  check(ir_access(ctx, arrP, 1, lin), "P[i * n + j]");
}

static void test_int_literals(void **state) {
  (void)state;
  check(I(42), "42");
  check(I(-7), "-7");
  check(I(5000000000LL), "5000000000L");
  check(LIT(IR_TY_LONG, 3), "3L");
  check(LIT(IR_TY_LLONG, -3), "-3LL");
  check(LIT(IR_TY_UINT, 3), "3U");
  check(LIT(IR_TY_ULONG, 3), "3UL");
  check(LIT(IR_TY_ULLONG, -1), "18446744073709551615ULL");
  check(LIT(IR_TY_INT, INT32_MIN), "(-2147483647 - 1)");
  check(LIT(IR_TY_LONG, INT64_MIN), "(-9223372036854775807L - 1)");
  check(LIT(IR_TY_SHORT, 7), "(short)7");
  check(LIT(IR_TY_BOOL, 1), "(_Bool)1");
  check(B(IR_OP_MUL, V(vi), I(-2)), "i * -2");
}

static void test_negative_constants_in_sums(void **state) {
  (void)state;
  check(B(IR_OP_ADD, V(vi), I(-1)), "i - 1");
  check(B(IR_OP_SUB, V(vi), I(-4)), "i + 4");
  check(B(IR_OP_ADD, B(IR_OP_ADD, V(vi), I(-1)), V(vj)), "i - 1 + j");
  check(B(IR_OP_SUB, V(vj), B(IR_OP_ADD, V(vi), I(-1))), "j - (i - 1)");
  check(B(IR_OP_ADD, V(vi), LIT(IR_TY_LONG, -8)), "i - 8L");
  /* not for floating point: x + -1.0 keeps its tree */
  check(B(IR_OP_ADD, V(vx), ir_fp(ctx, IR_TY_FLOAT, -1.0, NULL)), "x + -1.0f");
  /* INT_MIN cannot be negated */
  check(B(IR_OP_ADD, V(vi), LIT(IR_TY_INT, INT32_MIN)),
        "i + (-2147483647 - 1)");
}

static void test_fp_literals(void **state) {
  (void)state;
  check(ir_fp(ctx, IR_TY_FLOAT, 0.5, "0.5f"), "0.5f");
  check(ir_fp(ctx, IR_TY_DOUBLE, 1e-3, "1e-3"), "1e-3");
  check(ir_fp(ctx, IR_TY_DOUBLE, 2.0, NULL), "2.0");
  check(ir_fp(ctx, IR_TY_DOUBLE, 0.1, NULL), "0.1");
  check(ir_fp(ctx, IR_TY_DOUBLE, 1.0 / 3.0, NULL), "0.3333333333333333");
  check(ir_fp(ctx, IR_TY_FLOAT, (double)0.1f, NULL), "0.1f");
  check(ir_fp(ctx, IR_TY_FLOAT, 3.0, NULL), "3.0f");
  check(ir_fp(ctx, IR_TY_FLOAT, 1e20, NULL), "1e+20f");
  check(ir_fp(ctx, IR_TY_LDOUBLE, 2.5, NULL), "2.5L");
  check(ir_fp(ctx, IR_TY_LDOUBLE, 0.1, NULL), "0x1.999999999999ap-4L");
  check(ir_fp(ctx, IR_TY_DOUBLE, -0.0, NULL), "-0.0");
  check(ir_fp(ctx, IR_TY_DOUBLE, 1.0 / 0.0, NULL), "__builtin_inf()");
  check(B(IR_OP_SUB, V(vx), ir_fp(ctx, IR_TY_FLOAT, -2.0, NULL)), "x - -2.0f");
}

static void test_min_max_div(void **state) {
  (void)state;
  ir_expr *i = V(vi), *n = V(vn);
  check(B(IR_OP_MIN, B(IR_OP_ADD, i, I(32)), n), "(i + 32 < n ? i + 32 : n)");
  check(B(IR_OP_MAX, I(0), B(IR_OP_SUB, i, I(3))), "(0 > i - 3 ? 0 : i - 3)");
  check(B(IR_OP_ADD, B(IR_OP_MIN, i, n), I(1)), "(i < n ? i : n) + 1");
  check(B(IR_OP_FLOORDIV, i, I(4)), "(i < 0 ? (i - 3) / 4 : i / 4)");
  check(B(IR_OP_CEILDIV, i, I(4)), "(i > 0 ? (i + 3) / 4 : i / 4)");
  check(B(IR_OP_FLOORDIV, B(IR_OP_ADD, i, n), I(2)),
        "(i + n < 0 ? (i + n - 1) / 2 : (i + n) / 2)");
  check(B(IR_OP_MUL, B(IR_OP_FLOORDIV, i, I(2)), I(2)),
        "(i < 0 ? (i - 1) / 2 : i / 2) * 2");
  check(B(IR_OP_FLOORDIV, i, I(1)), "i");
  check(B(IR_OP_FLOORDIV, I(-7), I(2)), "-4");
  check(B(IR_OP_CEILDIV, I(-7), I(2)), "-3");
  check(B(IR_OP_CEILDIV, I(7), I(2)), "4");
  check(B(IR_OP_FLOORDIV, I(10), I(5)), "2");
  check(B(IR_OP_FLOORDIV, V(vu), LIT(IR_TY_UINT, 8)), "u / 8U");
  check(B(IR_OP_CEILDIV, V(vu), LIT(IR_TY_UINT, 8)), "(u + 7U) / 8U");
}

/* ---- textual IR ---------------------------------------------------------- */

static void test_kernel_text(void **state) {
  (void)state;
  scc_ctx *c = scc_ctx_new();
  ir_module *m = ir_module_new(c, "dir/mm.c", "", 0);
  ir_kernel *kk = ir_kernel_new(c, m, "mm");
  kk->form = IR_KERNEL_FUNCTION;
  kk->loc = (scc_loc){"dir/mm.c", 3, 1};
  scc_loc none = {0};
  ir_var *n = ir_var_new(c, kk, "n", IR_TY_INT, IR_VAR_PARAM, none);
  ir_var *i = ir_var_new(c, kk, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *j = ir_var_new(c, kk, "j", IR_TY_INT, IR_VAR_IV, none);
  ir_var *t = ir_var_new(c, kk, "t", IR_TY_FLOAT, IR_VAR_LOCAL, none);
  j->declared_outside = true;
  ir_array *A = ir_array_new(c, kk, "A", IR_TY_FLOAT, 2, none);
  A->dims[1] = ir_int(c, 16);
  ir_array *P = ir_array_new(c, kk, "P", IR_TY_FLOAT, 1, none);
  P->is_pointer = true;

  ir_node *li = ir_loop_new(c, i, ir_int(c, 0), ir_var_ref(c, n), 1, none);
  li->u.loop.label = "outer";
  li->u.loop.attrs = IR_LOOP_PARALLEL;
  ir_block_append(&kk->body, li);
  ir_node *d = ir_decl_new(c, t, ir_fp(c, IR_TY_FLOAT, 0, "0.0f"), none);
  ir_block_append(&li->u.loop.body, d);
  ir_node *lj = ir_loop_new(
      c, j, ir_binary(c, IR_OP_ADD, ir_var_ref(c, n), ir_int(c, -1), IR_TY_INT),
      ir_int(c, -1), -2, none);
  ir_block_append(&li->u.loop.body, lj);
  ir_node *g = ir_if_new(
      c, ir_binary(c, IR_OP_LT, ir_var_ref(c, j), ir_var_ref(c, i), IR_TY_INT),
      none);
  ir_block_append(&lj->u.loop.body, g);
  ir_expr *aij[2] = {ir_var_ref(c, i), ir_var_ref(c, j)};
  ir_expr *pj[1] = {ir_var_ref(c, j)};
  ir_node *s0 = ir_assign_new(c, kk, ir_var_ref(c, t), IR_OP_ADD,
                              ir_binary(c, IR_OP_MUL, ir_access(c, A, 2, aij),
                                        ir_access(c, P, 1, pj), IR_TY_FLOAT),
                              none);
  ir_block_append(&g->u.ifs.then_body, s0);
  ir_node *s1 = ir_assign_new(c, kk, ir_access(c, A, 2, aij), IR_OP_NONE,
                              ir_binary(c, IR_OP_ADD, ir_access(c, A, 2, aij),
                                        ir_var_ref(c, t), IR_TY_FLOAT),
                              none);
  ir_block_append(&g->u.ifs.else_body, s1);

  scc_buf b = {0};
  ir_print_module(&b, c, m);
  const char *want =
      "kernel mm (function) at mm.c:3:1\n"
      "  arrays: float A[][16], float *P\n"
      "  params: int n\n"
      "  locals: float t\n"
      "  ivs: int i, int j [outside]\n"
      "  for i = 0 to n label(outer) parallel {\n"
      "    decl float t = 0.0f\n"
      "    for j = n + -1 to -1 step -2 {\n"
      "      if j < i {\n"
      "        S0: t += A[i][j] * P[j]\n"
      "            domain: { S0[i, j] : 0 <= i < n and -1 < j <= n + -1 and "
      "(n + -1 - j) mod 2 = 0 and j < i }\n"
      "            writes: { S0[i, j] -> t[] }\n"
      "            reads: { S0[i, j] -> t[]; S0[i, j] -> A[i, j]; S0[i, j] -> "
      "P[j] }\n"
      "      } else {\n"
      "        S1: A[i][j] = A[i][j] + t\n"
      "            domain: { S1[i, j] : 0 <= i < n and -1 < j <= n + -1 and "
      "(n + -1 - j) mod 2 = 0 and !(j < i) }\n"
      "            writes: { S1[i, j] -> A[i, j] }\n"
      "            reads: { S1[i, j] -> A[i, j]; S1[i, j] -> t[] }\n"
      "      }\n"
      "    }\n"
      "  }\n";
  assert_string_equal(b.data, want);

  /* a module of two kernels: separated by a blank line; an empty kernel */
  ir_kernel *k2 = ir_kernel_new(c, m, "mm_2");
  k2->form = IR_KERNEL_SCOP;
  b.len = 0;
  ir_print_kernel(&b, c, k2);
  scc_buf_puts(&b, "");
  assert_string_equal(b.data, "kernel mm_2 (scop)\n"
                              "  arrays: (none)\n"
                              "  params: (none)\n"
                              "  locals: (none)\n"
                              "  ivs: (none)\n");
  b.len = 0;
  ir_print_node(&b, c, s0, 0);
  assert_true(strncmp(b.data, "S0: t += A[i][j] * P[j]\n    domain: ", 36) ==
              0);
  b.len = 0;
  ir_print_module(&b, c, m);
  assert_non_null(strstr(b.data, "  }\n\nkernel mm_2 (scop)\n"));
  scc_buf_free(&b);
  scc_ctx_free(c);
}

static void test_ir_text_min_floordiv(void **state) {
  (void)state;
  scc_buf b = {0};
  ir_print_node(
      &b, ctx,
      ir_loop_new(ctx, vj,
                  ir_binary(ctx, IR_OP_FLOORDIV, V(vi), I(4), IR_TY_INT),
                  ir_binary(ctx, IR_OP_MIN, B(IR_OP_ADD, V(vi), I(4)), V(vn),
                            IR_TY_INT),
                  1, (scc_loc){0}),
      2);
  assert_string_equal(b.data,
                      "  for j = floordiv(i, 4) to min(i + 4, n) {\n  }\n");
  scc_buf_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_associativity),
      cmocka_unit_test(test_precedence),
      cmocka_unit_test(test_unary_minus),
      cmocka_unit_test(test_select_cast_call_access),
      cmocka_unit_test(test_int_literals),
      cmocka_unit_test(test_negative_constants_in_sums),
      cmocka_unit_test(test_fp_literals),
      cmocka_unit_test(test_min_max_div),
      cmocka_unit_test(test_kernel_text),
      cmocka_unit_test(test_ir_text_min_floordiv),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
