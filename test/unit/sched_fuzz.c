/* sched_fuzz.c — robustness of the lexer, parser and checker: thousands of
 * deterministic random mutations of valid schedules must each either parse
 * or be rejected with at least one error, never crash; accepted ones are
 * also run on a small kernel (run it under the sanitizer build to catch
 * memory errors). */
#include "sched_test_util.h"

static const char *const seeds[] = {
    "named_sequence @main(%root) {\n"
    "  %i_loop = match.loop \"i\" in %root   # comment\n"
    "  %main, %rest = loop.split %i_loop div_by 32\n"
    "  %tiled:2 = loop.tile %main tile_sizes [32, 32]\n"
    "  loop.unroll %rest {full}\n"
    "}\n",
    "named_sequence @main(%r) {\n"
    "  %p = param.constant 8\n"
    "  %a = match.op \"for\" {nth = %p} in %r\n"
    "  %x, %y, %z, %w = loop.tile %a tile_sizes [%p, 0]\n"
    "  %a2, %b2 = loop.interchange %x, %y\n"
    "  %o:2 = loop.reorder [%b2, %a2]\n"
    "  include @h(%o#1)\n"
    "}\n"
    "named_sequence @h(%l) { loop.unroll %l {factor = 2} }\n",
};

static const char alphabet[] = "%#@{}[](),=:;\"\n 0123456789aZ_.-/";

static void mutations(void **state) {
  (void)state;
  uint64_t rng = 0x9e3779b97f4a7c15u;
  int accepted = 0, rejected = 0;
  for (int iter = 0; iter < 4000; iter++) {
    const char *seed = seeds[iter % 2];
    size_t len = strlen(seed);
    char buf[1024];
    memcpy(buf, seed, len + 1);
    int nmut = 1 + iter % 4;
    for (int m = 0; m < nmut; m++) {
      rng = rng * 6364136223846793005u + 1442695040888963407u;
      size_t pos = (size_t)(rng >> 33) % len;
      int what = (int)(rng >> 20) % 3;
      char ch = alphabet[(rng >> 8) % (sizeof alphabet - 1)];
      if (what == 0) /* replace */
        buf[pos] = ch;
      else if (what == 1 && len > 1) { /* delete */
        memmove(buf + pos, buf + pos + 1, len - pos);
        len--;
      } else if (len + 1 < sizeof buf) { /* insert */
        memmove(buf + pos + 1, buf + pos, len - pos + 1);
        buf[pos] = ch;
        len++;
      }
    }
    test_ctx t;
    tc_init(&t);
    sched_program *p = sched_parse_string(t.ctx, "f.sched", buf, len);
    if (p) {
      accepted++;
      assert_int_equal(t.ctx->nerrors, 0);
      /* ... and runs on a kernel without crashing; false iff errors. */
      ir_module *m = ir_module_new(t.ctx, "t.c", "", 0);
      ir_node *li, *lj, *lk;
      build_ijk(t.ctx, m, "k", &li, &lj, &lk);
      bool ok = sched_apply(t.ctx, p, m, NULL);
      assert_int_equal(ok, t.ctx->nerrors == 0);
    } else {
      rejected++;
      assert_true(t.ctx->nerrors > 0);
      assert_non_null(strstr(tc_out(&t), "error: "));
    }
    tc_free(&t);
  }
  assert_true(rejected > 1000);
  assert_true(accepted > 10);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(mutations)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
