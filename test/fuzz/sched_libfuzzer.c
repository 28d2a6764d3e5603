/* sched_libfuzzer.c — libFuzzer target for the schedule language's lexer,
 * parser and static checker (schedules/sched_lex.c, sched_parse.c,
 * sched_check.c), in process: every input is parsed and checked as a
 * schedule file with a fresh context, diagnostics going to /dev/null.
 * With SCHED_FUZZ_APPLY=1 in the environment a schedule that passes is
 * also run by the interpreter on the small i, j, k kernel of the unit tests
 * (test/unit/sched_test_util.h, built with the IR builders: no libclang);
 * that reaches the transforms and the dependence analysis but runs at tens
 * of inputs per second, not thousands (isl under ASan; the micro-kernel
 * schedules of the seed corpus take seconds each).  A crash, a sanitizer report, an exit (bad input
 * must be reported as errors, exit status 1 is the driver's business), or
 * a result that disagrees with the error count is a finding.
 *
 * Built by `make fuzz-sched` (CMake option SCHEDCC_FUZZ=ON with clang-19:
 * -fsanitize=fuzzer,address,undefined), run on a seed corpus of every
 * schedule in the tree (schedules/lib, samples, test/diff, test/difftol,
 * test/neg) with the dictionary test/fuzz/sched.dict.  The C side
 * (libclang, transforms on real kernels, emitters) is fuzzed by the random
 * differential tester, test/fuzz/run.py.  (test/unit/sched_fuzz.c is the
 * deterministic mutation test of the same functions in `make test`.)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "test/unit/sched_test_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *devnull;
  static int apply = -1;
  if (!devnull)
    devnull = fopen("/dev/null", "w");
  if (apply < 0) {
    const char *e = getenv("SCHED_FUZZ_APPLY");
    apply = e && strcmp(e, "1") == 0;
  }
  scc_ctx *ctx = scc_ctx_new();
  ctx->diag_out = devnull ? devnull : stderr;
  sched_program *p =
      sched_parse_string(ctx, "fuzz.sched", (const char *)data, size);
  /* A program is returned exactly when no error was reported. */
  if ((p != NULL) != (ctx->nerrors == 0))
    __builtin_trap();
  if (p && apply) {
    ir_module *m = ir_module_new(ctx, "t.c", "", 0);
    ir_node *li, *lj, *lk;
    build_ijk(ctx, m, "k", &li, &lj, &lk);
    bool ok = sched_apply(ctx, p, m, NULL);
    if (ok != (ctx->nerrors == 0))
      __builtin_trap();
  }
  scc_ctx_free(ctx);
  return 0;
}
