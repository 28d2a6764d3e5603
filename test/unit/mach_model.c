/* mach_model.c (test) — the machine model: named CPUs, the host, the
 * choice from the compile flags, the fields by name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "machine/mach.h"

static int64_t get(const mach_model *m, const char *key) {
  int64_t v = -1;
  assert_true(mach_get(m, key, &v));
  return v;
}

/* Zen 4: AVX-512 on two 256-bit FMA pipes; Sapphire Rapids: two 512-bit
 * pipes and 2 MiB of L2; an AVX2 Haswell: 16 registers. */
static void test_named_cpus(void **state) {
  (void)state;
  const mach_model *z4 = mach_for_cpu("znver4");
  assert_non_null(z4);
  assert_string_equal(z4->isa, "avx512");
  assert_int_equal(get(z4, "vector_bits"), 512);
  assert_int_equal(get(z4, "vector_registers"), 32);
  assert_int_equal(get(z4, "fma_units"), 2);
  assert_int_equal(get(z4, "fma_bits"), 256);
  assert_int_equal(get(z4, "lanes_f32"), 16);
  assert_int_equal(get(z4, "lanes_f64"), 8);
  const mach_model *spr = mach_for_cpu("sapphirerapids");
  assert_non_null(spr);
  assert_int_equal(get(spr, "fma_bits"), 512);
  assert_int_equal(get(spr, "l2_bytes"), 2 << 20);
  assert_int_equal(get(spr, "l1d_bytes"), 48 << 10);
  const mach_model *hsw = mach_for_cpu("haswell");
  assert_string_equal(hsw->isa, "avx2");
  assert_int_equal(get(hsw, "vector_registers"), 16);
  assert_int_equal(get(hsw, "lanes_f32"), 8);
  const mach_model *n1 = mach_for_cpu("neoverse-n1");
  assert_string_equal(n1->arch, "aarch64");
  assert_string_equal(n1->isa, "neon");
  assert_int_equal(get(n1, "lanes_f32"), 4);
  /* no vectors: one lane */
  const mach_model *base = mach_for_cpu("x86-64");
  assert_int_equal(get(base, "vector_bits"), 0);
  assert_int_equal(get(base, "lanes_f32"), 1);
  assert_null(mach_for_cpu("pentium-pro-9000"));
  assert_null(mach_for_cpu(NULL));
}

static void test_fields(void **state) {
  (void)state;
  const mach_model *m = mach_for_cpu("znver5");
  int64_t v;
  assert_false(mach_get(m, "l1_bytes", &v));
  /* every name mach_key_names lists is a field */
  char names[256];
  snprintf(names, sizeof names, "%s", mach_key_names());
  int n = 0;
  for (char *t = strtok(names, ", "); t; t = strtok(NULL, ", "), n++)
    assert_true(mach_get(m, t, &v));
  assert_int_equal(n, 13);
}

/* The micro-kernel's register tile (mk_rows x mk_vecs): 14 x 2 with
 * AVX-512 on AMD, 6 x 4 on Intel and the generic x86-64-v4, 6 x 2 with 16
 * registers, 5 x 4 on NEON; each fits the registers beside a row of B and
 * one broadcast. */
static void test_micro_kernel(void **state) {
  (void)state;
  static const struct {
    const char *cpu;
    int rows, vecs;
  } want[] = {{"znver4", 14, 2},        {"znver5", 14, 2},
              {"sapphirerapids", 6, 4}, {"emeraldrapids", 6, 4},
              {"x86-64-v4", 6, 4},      {"haswell", 6, 2},
              {"znver2", 6, 2},         {"x86-64-v2", 6, 2},
              {"neoverse-v1", 5, 4},    {"x86-64", 6, 2}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const mach_model *m = mach_for_cpu(want[i].cpu);
    assert_non_null(m);
    int64_t rows = get(m, "mk_rows"), vecs = get(m, "mk_vecs");
    assert_int_equal(rows, want[i].rows);
    assert_int_equal(vecs, want[i].vecs);
    assert_true(rows * vecs + vecs + 1 <= get(m, "vector_registers"));
  }
}

/* The add pipes beside the FMA pipes (fadd_units): 2 on AMD's cores with
 * vectors, 0 on Intel's, Arm's and the generic x86-64 levels. */
static void test_fadd_units(void **state) {
  (void)state;
  static const struct {
    const char *cpu;
    int units;
  } want[] = {{"znver1", 2},  {"znver2", 2},         {"znver4", 2},
              {"znver5", 2},  {"sapphirerapids", 0}, {"skylake-avx512", 0},
              {"haswell", 0}, {"x86-64-v4", 0},      {"neoverse-v2", 0},
              {"x86-64", 0}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const mach_model *m = mach_for_cpu(want[i].cpu);
    assert_non_null(m);
    assert_int_equal(get(m, "fadd_units"), want[i].units);
  }
}

/* The host: whatever CPU runs the test, the values are plausible. */
static void test_host(void **state) {
  (void)state;
  const mach_model *h = mach_host();
  assert_non_null(h);
  assert_ptr_equal(h, mach_host()); /* computed once */
  assert_ptr_equal(h, mach_for_cpu("native"));
  int64_t bits = get(h, "vector_bits");
  assert_true(bits == 0 || bits == 128 || bits == 256 || bits == 512);
  assert_true(get(h, "vector_registers") >= 16);
  assert_true(get(h, "l1d_bytes") >= 4096);
  assert_true(get(h, "l2_bytes") >= get(h, "l1d_bytes"));
  assert_true(get(h, "line_bytes") >= 32);
  assert_non_null(h->name);
  assert_non_null(h->source);
}

/* The last -march=/-mcpu= wins, --mcpu= overrides, "native" and no flag
 * give the host, an unknown CPU the host with a warning. */
static void test_select(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  ctx->diag_out = fopen("/dev/null", "w");
  const char *f1[] = {"-O2", "-march=haswell", "-I.", "-march=znver4"};
  assert_ptr_equal(mach_select(ctx, f1, 4, NULL), mach_for_cpu("znver4"));
  assert_ptr_equal(mach_select(ctx, f1, 4, "neoverse-v1"),
                   mach_for_cpu("neoverse-v1"));
  const char *f2[] = {"-mcpu=apple-m1"};
  assert_ptr_equal(mach_select(ctx, f2, 1, NULL), mach_for_cpu("apple-m1"));
  const char *f3[] = {"-march=native"};
  assert_ptr_equal(mach_select(ctx, f3, 1, NULL), mach_host());
  assert_ptr_equal(mach_select(ctx, NULL, 0, NULL), mach_host());
  assert_int_equal(ctx->nwarnings, 0);
  const char *f4[] = {"-march=pentium-pro-9000"};
  assert_ptr_equal(mach_select(ctx, f4, 1, NULL), mach_host());
  assert_int_equal(ctx->nwarnings, 1);
  fclose(ctx->diag_out);
  ctx->diag_out = stderr;
  scc_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_named_cpus),   cmocka_unit_test(test_fields),
      cmocka_unit_test(test_micro_kernel), cmocka_unit_test(test_fadd_units),
      cmocka_unit_test(test_host),         cmocka_unit_test(test_select),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
