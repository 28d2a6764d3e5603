/* be_llvm.c — the LLVM backend on kernels raised by the frontend from C
 * strings and on kernels built by hand: the textual IR (-O0, so the
 * outlined kernel stays visible) has the expected signature (noalias
 * exactly for the pointers the source declares restrict: `*restrict`,
 * `[restrict N]`, `__restrict__`, `__restrict`, a macro for one of them,
 * `(*restrict A)[N]`, file-scope pointers), loop blocks and no fast-math
 * flags on scalar code; object files link with cc and run, giving C's
 * results (an induction variable and a scalar written by a scop kernel
 * keep their final values after it); vector IR becomes vector loads,
 * masked loads and stores and a reassociating reduction; a kernel-local
 * array (a loop.pack buffer) is a 64-byte aligned alloca of the kernel, not
 * an argument; the vector accumulator of a loop kernel stays in the kernel
 * (the caller's frame is intact at -O0); unsupported calls are refused with
 * a diagnostic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "backend/be.h"
#include "frontend/fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static scc_ctx *ctx;
static const scc_loc none = {0};
static char dir[256];

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  const char *t = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/be_llvm-XXXXXX", t && *t ? t : "/tmp");
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

static ir_expr *V(ir_var *v) { return ir_var_ref(ctx, v); }
static ir_expr *I(int64_t v) { return ir_int(ctx, v); }
static ir_expr *A1(ir_array *a, ir_expr *i) { return ir_access(ctx, a, 1, &i); }

static size_t off(const char *src, const char *s) {
  const char *p = strstr(src, s);
  assert_non_null(p);
  return (size_t)(p - src);
}

static char *path(const char *name) {
  return scc_arena_printf(ctx->arena, "%s/%s", dir, name);
}

static char *slurp(const char *p) {
  size_t len;
  char *s = scc_read_file(ctx->arena, p, &len);
  assert_non_null(s);
  return s;
}

/* Links an object file with cc, runs it, returns its stdout. */
static char *link_and_run(const char *obj) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "cc '%s' -o '%s/prog' -lm && '%s/prog' > '%s/out'",
           obj, dir, dir, dir);
  assert_int_equal(system(cmd), 0);
  return slurp(path("out"));
}

/* ---- a function kernel: axpy over restrict and plain pointers ------------ */

static const char fn_src[] =
    "#include <stdio.h>\n"
    "#pragma schedcc kernel\n"
    "void axpy(int n, double *restrict y, const double *x) {\n"
    "  for (int i = 0; i < n; i++)\n"
    "    y[i] = y[i] + x[i] * 0.1;\n"
    "}\n"
    "int main(void) {\n"
    "  double y[5] = {1, 2, 3, 4, 5}, x[5] = {0.5, 0.25, 1, 2, 3};\n"
    "  axpy(5, y, x);\n"
    "  for (int i = 0; i < 5; i++) printf(\"%a\\n\", y[i]);\n"
    "  return 0;\n"
    "}\n";

/* Writes `src` to the test directory as `name` and parses it with the
 * frontend (the module the driver would give the backend). */
static ir_module *parse(const char *name, const char *src) {
  char *c = path(name);
  FILE *f = fopen(c, "w");
  assert_non_null(f);
  fputs(src, f);
  assert_int_equal(fclose(f), 0);
  ir_module *m = fe_parse_file(ctx, c, NULL, 0);
  assert_non_null(m);
  return m;
}

/* y[i] = y[i] + x[i] * 0.1 for i in [0, n), as the frontend raises it */
static ir_module *build_fn_module(void) {
  ir_module *m = parse("axpy.c", fn_src);
  assert_int_equal(m->kernels.len, 1);
  return m;
}

static void test_fn_ir(void **state) {
  (void)state;
  ir_module *m = build_fn_module();
  be_llvm_options o = {.kind = BE_LLVM_IR, .opt_level = 0};
  char *out = path("axpy.ll");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, out));
  char *ll = slurp(out);
  /* the outlined kernel: internal, noalias only on the restrict pointer */
  const char *def = strstr(ll, "define internal void @__schedcc_kernel_axpy(");
  assert_non_null(def);
  const char *eol = strchr(def, '\n');
  char *sig = scc_arena_strndup(ctx->arena, def, (size_t)(eol - def));
  assert_non_null(strstr(sig, "ptr noalias nocapture %y"));
  assert_non_null(strstr(sig, "ptr nocapture %x"));
  assert_null(strstr(sig, "noalias nocapture %x"));
  assert_non_null(strstr(sig, "i32 %n"));
  /* the call that replaced the body */
  assert_non_null(strstr(ll, "call void @__schedcc_kernel_axpy("));
  /* loop blocks; plain float arithmetic, no fast-math flags, no FMA */
  assert_non_null(strstr(ll, "for.cond:"));
  assert_non_null(strstr(ll, "for.body:"));
  assert_non_null(strstr(ll, "for.inc:"));
  assert_non_null(strstr(ll, "fmul double"));
  assert_non_null(strstr(ll, "fadd double"));
  assert_null(strstr(ll, "fast "));
  assert_null(strstr(ll, "reassoc"));
  assert_null(strstr(ll, "contract"));
  assert_null(strstr(ll, "fmuladd"));
  /* i < n compares signed ints; i++ does not wrap */
  assert_non_null(strstr(ll, "icmp slt i32"));
  assert_non_null(strstr(ll, "add nsw i32"));
}

static void test_fn_object_runs(void **state) {
  (void)state;
  ir_module *m = build_fn_module();
  be_llvm_options o = {.kind = BE_LLVM_OBJECT, .opt_level = 2};
  char *obj = path("axpy.o");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, obj));
  char *got = link_and_run(obj);
  /* what C computes: y[i] + x[i] * 0.1, rounded twice */
  double y[5] = {1, 2, 3, 4, 5}, x[5] = {0.5, 0.25, 1, 2, 3};
  volatile double tenth = 0.1;
  scc_buf want = {0};
  for (int i = 0; i < 5; i++) {
    volatile double p = x[i] * tenth;
    scc_buf_printf(&want, "%a\n", y[i] + p);
  }
  assert_string_equal(got, want.data);
  scc_buf_free(&want);
}

static void test_asm(void **state) {
  (void)state;
  ir_module *m = build_fn_module();
  be_llvm_options o = {.kind = BE_LLVM_ASM, .opt_level = 1};
  char *s = path("axpy.s");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, s));
  char *text = slurp(s);
  assert_non_null(strstr(text, "axpy"));
  assert_non_null(strstr(text, "main"));
}

/* ---- a scop kernel: values of outer variables after the kernel --------- */

static const char scop_src[] = "#include <stdio.h>\n"
                               "static double a[10];\n"
                               "int main(void) {\n"
                               "  int i;\n"
                               "  double s = 0.5;\n"
                               "  char c = -3;\n"
                               "  for (i = 0; i < 10; i++) a[i] = i;\n"
                               "#pragma scop\n"
                               "  for (i = 0; i < 10; i++)\n"
                               "    s += a[i] / c;\n"
                               "#pragma endscop\n"
                               "  printf(\"%d %a\\n\", i, s);\n"
                               "  return 0;\n"
                               "}\n";

static void test_scop_outer_values(void **state) {
  (void)state;
  const char *src = scop_src;
  ir_module *m = ir_module_new(ctx, "scop.c", src, strlen(src));
  ir_kernel *k = ir_kernel_new(ctx, m, "main");
  k->form = IR_KERNEL_SCOP;
  k->func_name = "main";
  k->begin = off(src, "for (i = 0; i < 10; i++)\n");
  k->end = off(src, "\n#pragma endscop");
  k->indent = 2;
  ir_range *r1 = scc_arena_alloc(ctx->arena, sizeof *r1);
  r1->begin = off(src, "#pragma scop");
  r1->end = r1->begin + strlen("#pragma scop\n");
  ir_range *r2 = scc_arena_alloc(ctx->arena, sizeof *r2);
  r2->begin = off(src, "#pragma endscop");
  r2->end = r2->begin + strlen("#pragma endscop\n");
  scc_vec_push(ctx->arena, &m->erase, r1);
  scc_vec_push(ctx->arena, &m->erase, r2);
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  i->declared_outside = true;
  ir_var *s = ir_var_new(ctx, k, "s", IR_TY_DOUBLE, IR_VAR_LOCAL, none);
  s->declared_outside = true;
  ir_var *c = ir_var_new(ctx, k, "c", IR_TY_CHAR, IR_VAR_PARAM, none);
  c->declared_outside = true;
  ir_array *a = ir_array_new(ctx, k, "a", IR_TY_DOUBLE, 1, none);
  a->dims = scc_arena_alloc(ctx->arena, sizeof(ir_expr *));
  a->dims[0] = I(10);
  ir_node *l = ir_loop_new(ctx, i, I(0), I(10), 1, none);
  ir_block_append(&k->body, l);
  /* s += a[i] / c: c converts to double (a negative char) */
  ir_expr *q = ir_binary(ctx, IR_OP_DIV, A1(a, V(i)), V(c), IR_TY_DOUBLE);
  ir_block_append(&l->u.loop.body,
                  ir_assign_new(ctx, k, V(s), IR_OP_ADD, q, none));
  be_llvm_options o = {.kind = BE_LLVM_OBJECT, .opt_level = 2};
  char *obj = path("scop.o");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, obj));
  char *got = link_and_run(obj);
  double want = 0.5;
  volatile char cc = -3;
  for (int j = 0; j < 10; j++)
    want += (double)j / cc;
  char buf[64];
  snprintf(buf, sizeof buf, "10 %a\n", want);
  assert_string_equal(got, buf);
}

/* ---- vector IR ------------------------------------------------------------
 */

static const char vec_src[] =
    "#include <stdio.h>\n"
    "#pragma schedcc kernel\n"
    "void vsum(float *a, float *b, float *out) {\n"
    "  old(body);\n"
    "}\n"
    "int main(void) {\n"
    "  float a[11], b[11], out[1];\n"
    "  for (int i = 0; i < 11; i++) { a[i] = (float)i; b[i] = 0; }\n"
    "  vsum(a, b, out);\n"
    "  for (int i = 0; i < 11; i++) printf(\"%g \", b[i]);\n"
    "  printf(\"%g\\n\", out[0]);\n"
    "  return 0;\n"
    "}\n";

/* for i = 0 to 8 step 4: b[i]<4> = a[i]<4> * 2;  then the remainder
 * b[8]<4 mask 3> = a[8]<4 mask 3> * 2; out[0] = reduce_add(a[0]<4>). */
static ir_module *build_vec_module(void) {
  const char *src = vec_src;
  ir_module *m = ir_module_new(ctx, "vsum.c", src, strlen(src));
  ir_kernel *k = ir_kernel_new(ctx, m, "vsum");
  k->form = IR_KERNEL_FUNCTION;
  k->func_name = "vsum";
  k->begin = off(src, "{\n  old") + 1;
  k->end = off(src, "}\nint main");
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_array *a = ir_array_new(ctx, k, "a", IR_TY_FLOAT, 1, none);
  ir_array *b = ir_array_new(ctx, k, "b", IR_TY_FLOAT, 1, none);
  ir_array *out = ir_array_new(ctx, k, "out", IR_TY_FLOAT, 1, none);
  a->is_pointer = b->is_pointer = out->is_pointer = true;
  ir_node *l = ir_loop_new(ctx, i, I(0), I(8), 4, none);
  l->u.loop.attrs |= IR_LOOP_VECTORIZED;
  l->u.loop.vwidth = 4;
  ir_block_append(&k->body, l);
  ir_expr *two = ir_fp(ctx, IR_TY_FLOAT, 2.0, "2.0f");
  ir_expr *two4 = ir_unary(ctx, IR_OP_NONE, two, IR_TY_FLOAT);
  two4->kind = IR_EXPR_BROADCAST;
  two4->lanes = 4;
  ir_expr *la = A1(a, V(i)), *lb = A1(b, V(i));
  la->lanes = lb->lanes = 4;
  ir_expr *mul = ir_binary(ctx, IR_OP_MUL, la, two4, IR_TY_FLOAT);
  mul->lanes = 4;
  ir_block_append(&l->u.loop.body,
                  ir_assign_new(ctx, k, lb, IR_OP_NONE, mul, none));
  /* the masked remainder */
  ir_expr *ra = A1(a, I(8)), *rb = A1(b, I(8));
  ra->lanes = rb->lanes = 4;
  ra->u.access.mask = I(3);
  rb->u.access.mask = I(3);
  ir_expr *rmul = ir_binary(ctx, IR_OP_MUL, ra, two4, IR_TY_FLOAT);
  rmul->lanes = 4;
  ir_block_append(&k->body, ir_assign_new(ctx, k, rb, IR_OP_NONE, rmul, none));
  /* a horizontal sum */
  ir_expr *va = A1(a, I(0));
  va->lanes = 4;
  ir_expr *red = ir_unary(ctx, IR_OP_ADD, va, IR_TY_FLOAT);
  red->kind = IR_EXPR_REDUCE;
  ir_block_append(&k->body,
                  ir_assign_new(ctx, k, A1(out, I(0)), IR_OP_NONE, red, none));
  return m;
}

static void test_vector_ir(void **state) {
  (void)state;
  ir_module *m = build_vec_module();
  be_llvm_options o = {.kind = BE_LLVM_IR, .opt_level = 0};
  char *out = path("vsum.ll");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, out));
  char *ll = slurp(out);
  assert_non_null(strstr(ll, "load <4 x float>"));
  assert_non_null(strstr(ll, "store <4 x float>"));
  assert_non_null(strstr(ll, "fmul <4 x float>"));
  assert_non_null(strstr(ll, "@llvm.masked.load.v4f32.p0("));
  assert_non_null(strstr(ll, "@llvm.masked.store.v4f32.p0("));
  /* reassociation only on the reduction */
  assert_non_null(strstr(ll, "call reassoc float @llvm.vector.reduce.fadd"));
  assert_null(strstr(ll, "fmul reassoc"));
}

static void test_vector_runs(void **state) {
  (void)state;
  ir_module *m = build_vec_module();
  be_llvm_options o = {.kind = BE_LLVM_OBJECT, .opt_level = 3};
  char *obj = path("vsum.o");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, obj));
  /* b[0..10] = 2a (the mask stops at b[10]); out = 0+1+2+3 */
  assert_string_equal(link_and_run(obj), "0 2 4 6 8 10 12 14 16 18 20 6\n");
}

/* ---- kernel-local arrays (loop.pack buffers) ----------------------------- */

static const char local_src[] =
    "#include <stdio.h>\n"
    "#pragma schedcc kernel\n"
    "void rev(float *a, float *b) {\n"
    "  old(body);\n"
    "}\n"
    "int main(void) {\n"
    "  float a[8], b[8];\n"
    "  for (int i = 0; i < 8; i++) a[i] = (float)i;\n"
    "  rev(a, b);\n"
    "  for (int i = 0; i < 8; i++) printf(\"%g \", b[i]);\n"
    "  printf(\"\\n\");\n"
    "  return 0;\n"
    "}\n";

/* for i < 8: B_p[i / 4][i % 4] = a[i] * 2;  for i < 8: b[i] = B_p[(7 - i) /
 * 4][(7 - i) % 4], with B_p a local `_Alignas(64) float B_p[2][4]`. */
static ir_module *build_local_module(void) {
  const char *src = local_src;
  ir_module *m = ir_module_new(ctx, "rev.c", src, strlen(src));
  ir_kernel *k = ir_kernel_new(ctx, m, "rev");
  k->form = IR_KERNEL_FUNCTION;
  k->func_name = "rev";
  k->begin = off(src, "{\n  old") + 1;
  k->end = off(src, "}\nint main");
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *j = ir_var_new(ctx, k, "j", IR_TY_INT, IR_VAR_IV, none);
  ir_array *a = ir_array_new(ctx, k, "a", IR_TY_FLOAT, 1, none);
  ir_array *b = ir_array_new(ctx, k, "b", IR_TY_FLOAT, 1, none);
  a->is_pointer = b->is_pointer = true;
  ir_array *p = ir_array_new(ctx, k, "B_p", IR_TY_FLOAT, 2, none);
  p->is_local = true;
  p->dims[0] = I(2);
  p->dims[1] = I(4);
  ir_node *l1 = ir_loop_new(ctx, i, I(0), I(8), 1, none);
  ir_block_append(&k->body, l1);
  ir_expr *pi[2] = {ir_binary(ctx, IR_OP_DIV, V(i), I(4), IR_TY_INT),
                    ir_binary(ctx, IR_OP_MOD, V(i), I(4), IR_TY_INT)};
  ir_expr *dbl = ir_binary(ctx, IR_OP_MUL, A1(a, V(i)),
                           ir_fp(ctx, IR_TY_FLOAT, 2.0, "2.0f"), IR_TY_FLOAT);
  ir_block_append(
      &l1->u.loop.body,
      ir_assign_new(ctx, k, ir_access(ctx, p, 2, pi), IR_OP_NONE, dbl, none));
  ir_node *l2 = ir_loop_new(ctx, j, I(0), I(8), 1, none);
  ir_block_append(&k->body, l2);
  ir_expr *r = ir_binary(ctx, IR_OP_SUB, I(7), V(j), IR_TY_INT);
  ir_expr *pj[2] = {ir_binary(ctx, IR_OP_DIV, r, I(4), IR_TY_INT),
                    ir_binary(ctx, IR_OP_MOD, r, I(4), IR_TY_INT)};
  ir_block_append(&l2->u.loop.body,
                  ir_assign_new(ctx, k, A1(b, V(j)), IR_OP_NONE,
                                ir_access(ctx, p, 2, pj), none));
  return m;
}

static void test_local_array(void **state) {
  (void)state;
  ir_module *m = build_local_module();
  be_llvm_options o = {.kind = BE_LLVM_IR, .opt_level = 0};
  char *out = path("rev.ll");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, out));
  char *ll = slurp(out);
  /* the buffer is the kernel's own, 64-byte aligned, not an argument */
  const char *def = strstr(ll, "define internal void @__schedcc_kernel_rev(");
  assert_non_null(def);
  char *sig =
      scc_arena_strndup(ctx->arena, def, (size_t)(strchr(def, '\n') - def));
  assert_null(strstr(sig, "B_p"));
  assert_non_null(strstr(def, "%B_p = alloca [8 x float], align 64"));
  /* at -O0 and -O2 the object runs and reverses 2a */
  for (int lvl = 0; lvl <= 2; lvl += 2) {
    o = (be_llvm_options){.kind = BE_LLVM_OBJECT, .opt_level = lvl};
    char *obj = path("rev.o");
    be_lower_module(ctx, m);
    assert_true(be_emit_llvm(ctx, m, &o, obj));
    assert_string_equal(link_and_run(obj), "14 12 10 8 6 4 2 0 \n");
  }
}

/* ---- a vector accumulator in a loop kernel ------------------------------- */

static const char acc_src[] = "#include <stdio.h>\n"
                              "static float x[11];\n"
                              "int main(void) {\n"
                              "  for (int i = 0; i < 11; i++) x[i] = i;\n"
                              "  float s = 0.5f;\n"
                              "#pragma schedcc kernel\n"
                              "  for (int i = 0; i < 11; i++)\n"
                              "    s += x[i];\n"
                              "  printf(\"%g\\n\", s);\n"
                              "  return 0;\n"
                              "}\n";

/* What loop.vectorize {width = 8, reassoc} makes of the loop:
 *   decl float<8> s_acc = broadcast<8>(0.0f)
 *   for i = 0 to 8 step 8: s_acc += x[i]<8>
 *   s += reduce_add(s_acc)
 *   for i = 8 to 11: s += x[i] */
static void test_vector_accumulator(void **state) {
  (void)state;
  const char *src = acc_src;
  ir_module *m = ir_module_new(ctx, "acc.c", src, strlen(src));
  ir_kernel *k = ir_kernel_new(ctx, m, "main");
  k->form = IR_KERNEL_LOOP;
  k->func_name = "main";
  k->begin = off(src, "for (int i = 0; i < 11; i++)\n");
  k->end = off(src, "\n  printf");
  k->indent = 2;
  ir_range *r = scc_arena_alloc(ctx->arena, sizeof *r);
  r->begin = off(src, "#pragma schedcc kernel");
  r->end = r->begin + strlen("#pragma schedcc kernel\n");
  scc_vec_push(ctx->arena, &m->erase, r);
  ir_var *i = ir_var_new(ctx, k, "i", IR_TY_INT, IR_VAR_IV, none);
  ir_var *s = ir_var_new(ctx, k, "s", IR_TY_FLOAT, IR_VAR_LOCAL, none);
  s->declared_outside = true;
  ir_var *acc = ir_var_new(ctx, k, "s_acc", IR_TY_FLOAT, IR_VAR_LOCAL, none);
  acc->declared_outside = true;
  acc->lanes = 8;
  ir_array *x = ir_array_new(ctx, k, "x", IR_TY_FLOAT, 1, none);
  x->dims[0] = I(11);
  ir_expr *zero = ir_unary(ctx, IR_OP_NONE,
                           ir_fp(ctx, IR_TY_FLOAT, 0.0, "0.0f"), IR_TY_FLOAT);
  zero->kind = IR_EXPR_BROADCAST;
  zero->lanes = 8;
  ir_block_append(&k->body, ir_decl_new(ctx, acc, zero, none));
  ir_node *l = ir_loop_new(ctx, i, I(0), I(8), 8, none);
  l->u.loop.attrs |= IR_LOOP_VECTORIZED;
  l->u.loop.vwidth = 8;
  ir_block_append(&k->body, l);
  ir_expr *vx = A1(x, V(i)), *vacc = V(acc);
  vx->lanes = vacc->lanes = 8;
  ir_block_append(&l->u.loop.body,
                  ir_assign_new(ctx, k, vacc, IR_OP_ADD, vx, none));
  ir_expr *racc = V(acc);
  racc->lanes = 8;
  ir_expr *red = ir_unary(ctx, IR_OP_ADD, racc, IR_TY_FLOAT);
  red->kind = IR_EXPR_REDUCE;
  ir_block_append(&k->body, ir_assign_new(ctx, k, V(s), IR_OP_ADD, red, none));
  ir_node *rest = ir_loop_new(ctx, i, I(8), I(11), 1, none);
  ir_block_append(&k->body, rest);
  ir_block_append(&rest->u.loop.body,
                  ir_assign_new(ctx, k, V(s), IR_OP_ADD, A1(x, V(i)), none));

  be_llvm_options o = {.kind = BE_LLVM_IR, .opt_level = 0};
  char *out = path("acc.ll");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, out));
  char *ll = slurp(out);
  /* the accumulator lives in the kernel; only s is passed by address */
  const char *def = strstr(ll, "define internal void @__schedcc_kernel_main(");
  assert_non_null(def);
  char *sig =
      scc_arena_strndup(ctx->arena, def, (size_t)(strchr(def, '\n') - def));
  assert_null(strstr(sig, "s_acc"));
  assert_non_null(strstr(sig, "ptr nocapture %s"));
  assert_non_null(strstr(def, "%s_acc = alloca <8 x float>"));
  /* at -O0 the caller's frame stays intact: 0.5 + 0 + 1 + ... + 10 */
  for (int lvl = 0; lvl <= 2; lvl += 2) {
    o = (be_llvm_options){.kind = BE_LLVM_OBJECT, .opt_level = lvl};
    char *obj = path("acc.o");
    be_lower_module(ctx, m);
    assert_true(be_emit_llvm(ctx, m, &o, obj));
    assert_string_equal(link_and_run(obj), "55.5\n");
  }
}

/* ---- restrict, from the frontend's output ---------------------------------
 */

static const char restrict_src[] =
    "#define RESTRICT __restrict__\n"
    "static float g1[100], *restrict gp /* , restrict */, g2[100];\n"
    "#pragma schedcc kernel\n"
    "void k1(int n, float *restrict x, float *y) {\n"
    "  for (int i = 0; i < n; i++)\n"
    "    x[i] += y[i];\n"
    "}\n"
    "#pragma schedcc kernel\n"
    "void k2(float x[restrict 100], float y[100] /* restrict */) {\n"
    "  for (int i = 0; i < 100; i++)\n"
    "    x[i] += y[i];\n"
    "}\n"
    "#pragma schedcc kernel\n"
    "void k3(float *__restrict__ x, const float *__restrict y, float *z,\n"
    "        float *RESTRICT w) {\n"
    "  for (int i = 0; i < 100; i++)\n"
    "    x[i] += y[i] + z[i] + w[i];\n"
    "}\n"
    "#pragma schedcc kernel\n"
    "void k4(float (*restrict A)[100], float (*B)[100]) {\n"
    "  for (int i = 0; i < 100; i++)\n"
    "    A[i][0] += B[i][0] + g1[i] + g2[i] + gp[i];\n"
    "}\n";

/* The signature line of kernel `name`'s outlined function. */
static char *kernel_sig(const char *ll, const char *name) {
  char *head = scc_arena_printf(
      ctx->arena, "define internal void @__schedcc_kernel_%s(", name);
  const char *def = strstr(ll, head);
  assert_non_null(def);
  return scc_arena_strndup(ctx->arena, def, (size_t)(strchr(def, '\n') - def));
}

static void test_restrict_from_frontend(void **state) {
  (void)state;
  ir_module *m = parse("restrict.c", restrict_src);
  assert_int_equal(m->kernels.len, 4);
  be_llvm_options o = {.kind = BE_LLVM_IR, .opt_level = 0};
  char *out = path("restrict.ll");
  be_lower_module(ctx, m);
  assert_true(be_emit_llvm(ctx, m, &o, out));
  char *ll = slurp(out);
  char *s1 = kernel_sig(ll, "k1");
  assert_non_null(strstr(s1, "ptr noalias nocapture %x"));
  assert_non_null(strstr(s1, "ptr nocapture %y"));
  char *s2 = kernel_sig(ll, "k2");
  assert_non_null(strstr(s2, "ptr noalias nocapture %x"));
  assert_non_null(strstr(s2, "ptr nocapture %y"));
  char *s3 = kernel_sig(ll, "k3");
  assert_non_null(strstr(s3, "ptr noalias nocapture %x"));
  assert_non_null(strstr(s3, "ptr noalias nocapture %y"));
  assert_non_null(strstr(s3, "ptr nocapture %z"));
  assert_non_null(strstr(s3, "ptr noalias nocapture %w"));
  char *s4 = kernel_sig(ll, "k4");
  assert_non_null(strstr(s4, "ptr noalias nocapture %A"));
  assert_non_null(strstr(s4, "ptr nocapture %B"));
  assert_non_null(strstr(s4, "ptr nocapture %g1"));
  assert_non_null(strstr(s4, "ptr nocapture %g2"));
  assert_non_null(strstr(s4, "ptr noalias nocapture %gp"));
}

/* ---- refusals ----------------------------------------------------------- */

static void test_unknown_call_refused(void **state) {
  (void)state;
  ir_module *m = build_fn_module();
  ir_kernel *k = m->kernels.items[0];
  ir_node *l = k->body.first;
  ir_expr *arg = ir_fp(ctx, IR_TY_DOUBLE, 1.0, "1.0");
  ir_expr *call = ir_call(ctx, "frobnicate", 1, &arg, IR_TY_DOUBLE);
  l->u.loop.body.first->u.assign.rhs = call;
  FILE *diag = tmpfile();
  assert_non_null(diag);
  ctx->diag_out = diag;
  int before = ctx->nerrors;
  be_llvm_options o = {.kind = BE_LLVM_OBJECT, .opt_level = 2};
  char *obj = path("refused.o");
  be_lower_module(ctx, m);
  assert_false(be_emit_llvm(ctx, m, &o, obj));
  ctx->diag_out = stderr;
  assert_int_equal(ctx->nerrors, before + 1);
  rewind(diag);
  char text[512] = {0};
  size_t n = fread(text, 1, sizeof text - 1, diag);
  fclose(diag);
  assert_true(n > 0);
  assert_non_null(strstr(text, "call to 'frobnicate'"));
  assert_int_not_equal(access(obj, F_OK), 0); /* nothing written */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fn_ir),
      cmocka_unit_test(test_fn_object_runs),
      cmocka_unit_test(test_asm),
      cmocka_unit_test(test_scop_outer_values),
      cmocka_unit_test(test_vector_ir),
      cmocka_unit_test(test_vector_runs),
      cmocka_unit_test(test_unknown_call_refused),
      cmocka_unit_test(test_local_array),
      cmocka_unit_test(test_vector_accumulator),
      cmocka_unit_test(test_restrict_from_frontend),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
