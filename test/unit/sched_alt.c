/* sched_alt.c — unit tests of alternatives (rollback of the payload and
 * the handles, fall-through to an empty region, every region failing,
 * yielded results, definite failures not caught, nesting), the static
 * consumption rules of regions, {failures = suppress}, and tunable
 * parameters (domains, -D values, constraints, param.assert). */
#include "sched_test_util.h"

typedef struct fixture {
  test_ctx t;
  ir_module *m;
  ir_kernel *k;
  ir_node *li, *lj, *lk;
} fixture;

static void fx_init(fixture *f) {
  tc_init(&f->t);
  f->m = ir_module_new(f->t.ctx, "t.c", "", 0);
  f->k = build_ijk(f->t.ctx, f->m, "bmm", &f->li, &f->lj, &f->lk);
}

static char *kernel_text(fixture *f) {
  scc_buf b = {0};
  ir_print_kernel(&b, f->t.ctx, f->k);
  char *s = scc_arena_strndup(f->t.ctx->arena, b.data, b.len);
  scc_buf_free(&b);
  return s;
}

static bool run_with(fixture *f, const char *text, const sched_options *o) {
  sched_program *p = parse(&f->t, text);
  if (!p) {
    fprintf(stderr, "%s", tc_out(&f->t));
    fail_msg("schedule did not parse");
  }
  return sched_apply(f->t.ctx, p, f->m, o);
}

static bool run(fixture *f, const char *text) {
  return run_with(f, text, NULL);
}

/* A region that applies two transforms and fails at the third leaves the
 * payload exactly as before (the printed IR is identical, the loop nodes
 * are the same objects) and the next region runs; the failure is a
 * remark under --remarks, and no error is counted. */
static void rollback(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  f.t.ctx->remarks = true;
  const char *before = kernel_text(&f);
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  alternatives {\n"
                      "    %a, %b = loop.split %i div_by 8\n"
                      "    %t:2 = loop.tile %a tile_sizes [4, 4]\n"
                      "    %c, %d = loop.split %t#1 div_by 0\n"
                      "  }, { }\n"
                      "}\n"));
  assert_string_equal(kernel_text(&f), before);
  assert_ptr_equal(f.k->body.first, f.li);
  assert_ptr_equal(f.li->u.loop.body.first, f.lj);
  assert_int_equal(f.t.ctx->nerrors, 0);
  assert_diag(&f.t, "t.sched:6:14: note: loop.split: ");
  assert_diag(&f.t, "(region 1 of 2 of the alternatives at 3:3 rolled back; "
                    "trying the next region)");
  assert_diag(&f.t, "t.sched:3:3: note: alternatives: region 2 of 2 applied");
  tc_free(&f.t);

  /* Without --remarks nothing is printed. */
  fx_init(&f);
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  alternatives {\n"
                      "    %a, %b = loop.split %i div_by 0\n"
                      "  }, { }\n"
                      "}\n"));
  assert_string_equal(tc_out(&f.t), "");
  tc_free(&f.t);
}

/* Handles invalidated at run time inside a rolled-back region are live
 * again after it: %j (matched from the root, so not statically nested in
 * %i) is invalidated when the region consumes %i, and restored. */
static void rollback_handles(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  f.t.ctx->remarks = true;
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  %j = match.loop \"j\" in %root\n"
                      "  alternatives {\n"
                      "    %a, %b = loop.split %i div_by 0\n"
                      "  }, { }\n"
                      "  remark %j \"j is live\"\n"
                      "}\n"));
  assert_diag(&f.t, "t.c:3:5: note: j is live");
  tc_free(&f.t);
}

/* The first region that succeeds wins; later ones do not run. */
static void first_success_wins(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  alternatives {\n"
                      "    %a, %b = loop.split %i div_by 0\n"
                      "  }, {\n"
                      "    %c, %d = loop.split %i div_by 16\n"
                      "  }, {\n"
                      "    print %root\n"
                      "  }\n"
                      "}\n"));
  assert_null(strstr(tc_out(&f.t), "// print"));
  /* split by 16 of 0..64: the main loop and an empty rest */
  assert_ptr_equal(f.k->body.first, f.li);
  tc_free(&f.t);
}

/* Every region failing is the op's failure: an error at the op with a
 * note per region (nothing silent); inside another alternatives it is a
 * silenceable failure that the outer one catches. */
static void all_fail(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  const char *before = kernel_text(&f);
  assert_false(run(&f, "named_sequence @main(%root) {\n"
                       "  %i = match.loop \"i\" in %root\n"
                       "  alternatives {\n"
                       "    %a, %b = loop.split %i div_by 0\n"
                       "  }, {\n"
                       "    loop.vectorize %i {width = 8, isa = \"avx2\"}\n"
                       "  }\n"
                       "}\n"));
  assert_diag(&f.t, "t.sched:3:3: error: alternatives: all 2 regions failed\n");
  assert_diag(&f.t, "t.sched:4:14: note: region 1 failed: loop.split: ");
  assert_diag(&f.t, "t.sched:6:5: note: region 2 failed: loop.vectorize: ");
  assert_string_equal(kernel_text(&f), before);
  tc_free(&f.t);

  fx_init(&f);
  f.t.ctx->remarks = true;
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  alternatives {\n"
                      "    alternatives {\n"
                      "      %a, %b = loop.split %i div_by 0\n"
                      "    }, {\n"
                      "      %c, %d = loop.split %i div_by -1\n"
                      "    }\n"
                      "  }, {\n"
                      "    print %i\n"
                      "  }\n"
                      "}\n"));
  assert_diag(&f.t, "t.sched:4:5: note: alternatives: all 2 regions failed "
                    "(region 1: loop.split: ");
  assert_diag(&f.t, "// print %i");
  tc_free(&f.t);
}

/* Definite failures (a loop transform on the kernel root) are not caught. */
static void definite_not_caught(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  f.t.ctx->remarks = true;
  assert_false(run(&f, "named_sequence @main(%root) {\n"
                       "  alternatives {\n"
                       "    loop.unroll %root {factor = 2}\n"
                       "  }, {\n"
                       "    print %root\n"
                       "  }\n"
                       "}\n"));
  assert_diag(&f.t, "t.sched:3:5: error: loop.unroll: payload of '%root' is "
                    "kernel 'bmm', not a loop");
  assert_null(strstr(tc_out(&f.t), "// print"));
  assert_null(strstr(tc_out(&f.t), "rolled back"));
  tc_free(&f.t);
}

/* %r = alternatives ... yield: the results are what the region that ran
 * yields. */
static void yields(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  %r, %p = alternatives {\n"
                      "    %a, %b = loop.split %i div_by 0\n"
                      "    %n = param.constant 1\n"
                      "    yield %a, %n\n"
                      "  }, {\n"
                      "    %j = match.loop \"j\" in %i\n"
                      "    %n = param.constant 2\n"
                      "    yield %j, %n\n"
                      "  }\n"
                      "  remark %r \"r\"\n"
                      "  loop.unroll %r {factor = %p}\n"
                      "}\n"));
  assert_diag(&f.t, "t.c:3:5: note: r\n");
  assert_int_equal(f.lj->u.loop.step, 2);
  tc_free(&f.t);
}

/* Static checks: a handle consumed in any region is consumed after the op;
 * each region sees the handles as before the op; yields agree in count and
 * kind; yield is last; names are local to their region. */
static void static_checks(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %i = match.loop \"i\" in %root\n"
                        "  alternatives {\n"
                        "    loop.unroll %i {full}\n"
                        "  }, { }\n"
                        "  loop.unroll %i {factor = 2}\n"
                        "}\n"));
  assert_diag(&t, "t.sched:6:15: error: handle '%i' was consumed by "
                  "'loop.unroll' at 4:5");
  tc_free(&t);

  tc_init(&t);
  assert_non_null(parse(&t, "named_sequence @main(%root) {\n"
                            "  %i = match.loop \"i\" in %root\n"
                            "  alternatives {\n"
                            "    loop.unroll %i {full}\n"
                            "  }, {\n"
                            "    loop.unroll %i {factor = 2}\n"
                            "  }\n"
                            "}\n"));
  tc_free(&t);

  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %i = match.loop \"i\" in %root\n"
                        "  %r = alternatives {\n"
                        "    yield %i, %i\n"
                        "  }, {\n"
                        "    %p = param.constant 1\n"
                        "    yield %p\n"
                        "  }, { }\n"
                        "  %x = alternatives {\n"
                        "    yield %root\n"
                        "    print %root\n"
                        "  }\n"
                        "  print %p\n"
                        "}\n"));
  assert_diag(&t, "t.sched:4:5: error: region 1 of 'alternatives' yields 2 "
                  "values, but the op binds 1");
  assert_diag(&t, "t.sched:8:6: error: region 3 of 'alternatives' yields "
                  "nothing, but the op binds 1 value");
  assert_diag(&t, "t.sched:10:5: error: 'yield' must be the last statement "
                  "of its region");
  assert_diag(&t, "t.sched:13:9: error: use of undefined handle '%p'");
  tc_free(&t);

  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %r = alternatives {\n"
                        "    yield %root\n"
                        "  }, {\n"
                        "    %p = param.constant 1\n"
                        "    yield %p\n"
                        "  }\n"
                        "  yield %r\n"
                        "}\n"));
  assert_diag(&t, "t.sched:6:11: error: value 1 yielded by region 2 of "
                  "'alternatives' is a parameter, but region 1 yields a "
                  "handle");
  assert_diag(&t, "t.sched:8:3: error: 'yield' must be the last statement of "
                  "an 'alternatives' region");
  tc_free(&t);
}

/* {failures = suppress}: a failing op is undone, reported as a remark, and
 * the sequence goes on; its results are empty handles.  The default
 * (propagate) stops at the failure with an error. */
static void suppress(void **state) {
  (void)state;
  fixture f;
  fx_init(&f);
  f.t.ctx->remarks = true;
  assert_true(run(&f, "named_sequence @s(%i, %j) {failures = suppress} {\n"
                      "  %a, %b = loop.split %i div_by 0\n"
                      "  print %a\n"
                      "  loop.unroll %j {factor = 4}\n"
                      "}\n"
                      "named_sequence @main(%root) {\n"
                      "  %i = match.loop \"i\" in %root\n"
                      "  %j = match.loop \"j\" in %root\n"
                      "  include @s(%i, %j)\n"
                      "}\n"));
  assert_diag(&f.t, "t.sched:2:12: note: loop.split: ");
  assert_diag(&f.t, "(suppressed: @s has {failures = suppress}; the op was "
                    "undone and the sequence goes on)");
  assert_diag(&f.t, "// print %a (t.sched:3:3): 0 payloads");
  assert_int_equal(f.lj->u.loop.step, 4);
  assert_int_equal(f.t.ctx->nerrors, 0);
  tc_free(&f.t);

  fx_init(&f);
  assert_false(run(&f, "named_sequence @main(%root) {failures = propagate} {\n"
                       "  %i = match.loop \"i\" in %root\n"
                       "  %a, %b = loop.split %i div_by 0\n"
                       "  print %root\n"
                       "}\n"));
  assert_diag(&f.t, "t.sched:3:12: error: loop.split: ");
  assert_null(strstr(tc_out(&f.t), "// print"));
  tc_free(&f.t);

  test_ctx t;
  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {failures = ignore} {\n"
                        "}\n"));
  assert_diag(&t, "t.sched:1:41: error: 'failures' must be 'suppress' or "
                  "'propagate'");
  tc_free(&t);
}

/* Parameters: values from -D or the default, used as numbers; param.assert
 * fails silenceably on 0. */
static void params_values(void **state) {
  (void)state;
  const char *text = "named_sequence @main(%root) {\n"
                     "  %u = param.tunable \"u\" range [1, 64] {divides = 64, "
                     "default = 4}\n"
                     "  %v = param.tunable \"vect\" choice [0, 1]\n"
                     "  %j = match.loop \"j\" in %root\n"
                     "  alternatives {\n"
                     "    param.assert %v\n"
                     "    loop.unroll %j {factor = 2}\n"
                     "  }, {\n"
                     "    loop.unroll %j {factor = %u}\n"
                     "  }\n"
                     "}\n";
  fixture f;
  fx_init(&f);
  f.t.ctx->remarks = true;
  assert_true(run(&f, text));
  assert_int_equal(f.lj->u.loop.step, 4);
  assert_diag(&f.t, "t.sched:6:5: note: param.assert: parameter '%v' is 0");
  tc_free(&f.t);

  const char *names[] = {"vect", "u"};
  int64_t values[] = {1, 16};
  sched_options o = {
      .ndefines = 2, .define_names = names, .define_values = values};
  fx_init(&f);
  assert_true(run_with(&f, text, &o));
  assert_int_equal(f.lj->u.loop.step, 2);
  tc_free(&f.t);

  values[0] = 0;
  fx_init(&f);
  assert_true(run_with(&f, text, &o));
  assert_int_equal(f.lj->u.loop.step, 16);
  tc_free(&f.t);
}

static void expect_bind_error(const char *text, const char *name, int64_t v,
                              const char *diag) {
  fixture f;
  fx_init(&f);
  const char *names[] = {name};
  int64_t values[] = {v};
  sched_options o = {
      .ndefines = name ? 1 : 0, .define_names = names, .define_values = values};
  const char *before = kernel_text(&f);
  assert_false(run_with(&f, text, &o));
  assert_diag(&f.t, diag);
  assert_string_equal(kernel_text(&f), before);
  tc_free(&f.t);
}

/* -D errors and constraints are reported before anything runs. */
static void params_errors(void **state) {
  (void)state;
  const char *text = "named_sequence @main(%root) {\n"
                     "  %t1 = param.tunable \"t1\" range [1, 196] {divides = "
                     "196}\n"
                     "  %t3 = param.tunable \"t3\" range [16, 64] {step = 8}\n"
                     "  %v = param.tunable \"vect\" choice [0, 1] {default = "
                     "1}\n"
                     "  param.constraint \"t3 % 16 == 0 || vect == 0\"\n"
                     "  %j = match.loop \"j\" in %root\n"
                     "  loop.unroll %j {factor = %t3}\n"
                     "}\n";
  expect_bind_error(text, "t2", 3,
                    "t.sched: error: -D t2=3: the schedule declares no "
                    "parameter 't2'; did you mean 't1'?\n"
                    "t.sched:2:23: note: parameter 't1' is declared here");
  expect_bind_error(text, "t1", 3,
                    "t.sched:2:23: error: -D t1=3 is outside the domain of "
                    "parameter 't1': range [1, 196] {divides = 196}: 1, 2, "
                    "4, 7, 14, 28, 49, 98, 196");
  expect_bind_error(text, "t3", 20,
                    "t.sched:3:23: error: -D t3=20 is outside the domain of "
                    "parameter 't3': range [16, 64] {step = 8}");
  expect_bind_error(text, "t3", 24,
                    "t.sched:5:20: error: parameter values violate the "
                    "constraint \"t3 % 16 == 0 || vect == 0\": t3 = 24 (-D), "
                    "vect = 1 (default)");
  expect_bind_error("named_sequence @main(%root) {\n}\n", "t", 1,
                    "t.sched: error: -D t=1: the schedule declares no "
                    "tunable parameters");

  test_ctx t;
  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %a = param.tunable \"a\" range [8, 1]\n"
                        "  %b = param.tunable \"b\" range [5, 7] {divides = "
                        "11}\n"
                        "  %c = param.tunable \"c\" choice [1, 2] {default = "
                        "3}\n"
                        "}\n"));
  assert_diag(&t, "t.sched:2:32: error: empty range [8, 1] for parameter 'a'");
  assert_diag(&t, "t.sched:3:50: error: parameter 'b' has an empty domain: "
                  "no divisor of 11 in range [5, 7]");
  assert_diag(&t, "t.sched:4:51: error: default 3 of parameter 'c' is "
                  "outside its domain choice [1, 2]");
  tc_free(&t);

  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %d = param.tunable \"d\" choice [1] {step = 2}\n"
                        "  %e = param.tunable \"1e\" choice [%d]\n"
                        "  %f, %g = param.tunable \"f\" range [1, 2]\n"
                        "}\n"));
  assert_diag(&t, "t.sched:2:38: error: unknown attribute 'step' of "
                  "'param.tunable' choice (expected default)");
  assert_diag(&t, "t.sched:3:22: error: parameter name \"1e\" must be an "
                  "identifier");
  assert_diag(&t, "t.sched:3:35: error: the domain of a tunable parameter "
                  "holds integer literals, got a parameter");
  assert_diag(&t, "t.sched:4:3: error: 'param.tunable' produces 1 result, "
                  "but 2 are bound");
  tc_free(&t);

  tc_init(&t);
  assert_null(parse(&t, "named_sequence @main(%root) {\n"
                        "  %a = param.tunable \"a\" range [1, 8]\n"
                        "  param.constraint \"a + (a * 2 > 3\"\n"
                        "  param.constraint \"aa > 1\"\n"
                        "  param.constraint \"a / 0 == 1\"\n"
                        "}\n"));
  assert_diag(&t, "t.sched:3:35: error: constraint: expected ')', got the "
                  "end of the constraint");
  assert_diag(&t, "t.sched:4:21: error: constraint: unknown parameter 'aa'; "
                  "did you mean 'a'?");
  tc_free(&t);

  expect_bind_error("named_sequence @main(%root) {\n"
                    "  %a = param.tunable \"a\" range [0, 8]\n"
                    "  param.constraint \"8 % a == 0\"\n"
                    "}\n",
                    NULL, 0,
                    "t.sched:3:20: error: constraint \"8 % a == 0\" cannot "
                    "be evaluated (division by zero) with a = 0 (default)");
  /* C semantics: truncating division, precedence, ! */
  fixture f;
  fx_init(&f);
  assert_true(run(&f, "named_sequence @main(%root) {\n"
                      "  %a = param.tunable \"a\" range [-7, 8]\n"
                      "  param.constraint \"a / 2 == -3 && a % 2 == -1\"\n"
                      "  param.constraint \"!(a > 0) && 1 + 2 * 3 == 7 || 0\"\n"
                      "}\n"));
  tc_free(&f.t);
}

/* --emit=params: the JSON the tuner reads. */
static void params_json(void **state) {
  (void)state;
  test_ctx t;
  tc_init(&t);
  sched_program *p =
      parse(&t, "named_sequence @main(%root) {\n"
                "  %t1 = param.tunable \"t1\" range [1, 12] {divides = 12}\n"
                "  %t2 = param.tunable \"t2\" range [8, 64] {step = 8, "
                "default = 32}\n"
                "  alternatives {\n"
                "    %v = param.tunable \"vect\" choice [0, 1]\n"
                "  }, { }\n"
                "  param.constraint \"t2 % 16 == 0 || vect == 0\"\n"
                "}\n");
  assert_non_null(p);
  const char *names[] = {"t1"};
  int64_t values[] = {6};
  sched_options o = {
      .ndefines = 1, .define_names = names, .define_values = values};
  scc_buf b = {0};
  assert_true(sched_params_json(t.ctx, p, &o, &b));
  assert_string_equal(
      b.data,
      "{\n"
      "  \"schedule\": \"t.sched\",\n"
      "  \"parameters\": [\n"
      "    {\"name\": \"t1\", \"domain\": \"range\", \"low\": 1, \"high\": "
      "12, \"step\": 1, \"divides\": 12, \"values\": [1, 2, 3, 4, 6, 12], "
      "\"default\": 1, \"value\": 6, \"given\": true, \"file\": \"t.sched\", "
      "\"line\": 2, \"col\": 9},\n"
      "    {\"name\": \"t2\", \"domain\": \"range\", \"low\": 8, \"high\": "
      "64, \"step\": 8, \"default\": 32, \"value\": 32, \"given\": false, "
      "\"file\": \"t.sched\", \"line\": 3, \"col\": 9},\n"
      "    {\"name\": \"vect\", \"domain\": \"choice\", \"values\": [0, 1], "
      "\"default\": 0, \"value\": 0, \"given\": false, \"file\": "
      "\"t.sched\", \"line\": 5, \"col\": 10}\n"
      "  ],\n"
      "  \"constraints\": [\n"
      "    {\"expr\": \"t2 % 16 == 0 || vect == 0\", \"params\": [\"t2\", "
      "\"vect\"], \"file\": \"t.sched\", \"line\": 7, \"col\": 20}\n"
      "  ]\n"
      "}\n");
  scc_buf_free(&b);
  tc_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rollback),
      cmocka_unit_test(rollback_handles),
      cmocka_unit_test(first_success_wins),
      cmocka_unit_test(all_fail),
      cmocka_unit_test(definite_not_caught),
      cmocka_unit_test(yields),
      cmocka_unit_test(static_checks),
      cmocka_unit_test(suppress),
      cmocka_unit_test(params_values),
      cmocka_unit_test(params_errors),
      cmocka_unit_test(params_json),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
