/* sched_test_util.h — helpers shared by the sched_* unit tests: a context
 * whose diagnostics are captured in memory, and a tiny hand-built kernel. */
#ifndef SCHED_TEST_UTIL_H
#define SCHED_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "schedules/sched_int.h"

/* A context with diagnostics going to a memory stream. */
typedef struct test_ctx {
  scc_ctx *ctx;
  FILE *f;
  char *buf;
  size_t len;
} test_ctx;

static inline void tc_init(test_ctx *t) {
  t->ctx = scc_ctx_new();
  t->buf = NULL;
  t->len = 0;
  t->f = open_memstream(&t->buf, &t->len);
  assert_non_null(t->f);
  t->ctx->diag_out = t->f;
}

/* The diagnostics printed so far (NUL-terminated). */
static inline const char *tc_out(test_ctx *t) {
  fflush(t->f);
  return t->buf ? t->buf : "";
}

static inline void tc_free(test_ctx *t) {
  fclose(t->f);
  free(t->buf);
  scc_ctx_free(t->ctx);
}

/* Asserts that `needle` occurs in the diagnostics, printing them if not. */
#define assert_diag(t, needle)                                                 \
  do {                                                                         \
    const char *out_ = tc_out(t);                                              \
    if (!strstr(out_, (needle)))                                               \
      fprintf(stderr, "diagnostics were:\n%s---\nexpected to find:\n%s\n",     \
              out_, (needle));                                                 \
    assert_non_null(strstr(out_, (needle)));                                   \
  } while (0)

static inline sched_program *parse(test_ctx *t, const char *text) {
  return sched_parse_string(t->ctx, "t.sched", text, strlen(text));
}

/* The kernel
 *   for i = 0 to 64 {            (label "rows")
 *     for j = 0 to 64 {
 *       for k = 0 to 64 {
 *         C[i][j] += A[i][k]       (S0)
 * built with the ir.c builders; loops are returned through li/lj/lk.  C
 * and A are restrict: their extents are not known, so sched_apply could
 * not build the run-time overlap check that a transformed nest would
 * otherwise need, and would put the kernel back as it was. */
static inline ir_kernel *build_ijk(scc_ctx *ctx, ir_module *m, const char *name,
                                   ir_node **li, ir_node **lj, ir_node **lk) {
  ir_kernel *k = ir_kernel_new(ctx, m, name);
  scc_loc loc = {"t.c", 1, 1};
  ir_var *iv[3];
  ir_node *l[3];
  const char *names[3] = {"i", "j", "k"};
  for (int d = 0; d < 3; d++) {
    loc.line = d + 2;
    loc.col = 3 + 2 * d;
    iv[d] = ir_var_new(ctx, k, names[d], IR_TY_INT, IR_VAR_IV, loc);
    l[d] = ir_loop_new(ctx, iv[d], ir_int(ctx, 0), ir_int(ctx, 64), 1, loc);
    if (d == 0)
      ir_block_append(&k->body, l[d]);
    else
      ir_block_append(&l[d - 1]->u.loop.body, l[d]);
  }
  l[0]->u.loop.label = "rows";
  ir_array *C = ir_array_new(ctx, k, "C", IR_TY_FLOAT, 2, loc);
  ir_array *A = ir_array_new(ctx, k, "A", IR_TY_FLOAT, 2, loc);
  C->is_restrict = A->is_restrict = true;
  ir_expr **ci = scc_arena_alloc(ctx->arena, 2 * sizeof *ci);
  ir_expr **ai = scc_arena_alloc(ctx->arena, 2 * sizeof *ai);
  ci[0] = ir_var_ref(ctx, iv[0]);
  ci[1] = ir_var_ref(ctx, iv[1]);
  ai[0] = ir_var_ref(ctx, iv[0]);
  ai[1] = ir_var_ref(ctx, iv[2]);
  loc.line = 5;
  ir_block_append(&l[2]->u.loop.body,
                  ir_assign_new(ctx, k, ir_access(ctx, C, 2, ci), IR_OP_ADD,
                                ir_access(ctx, A, 2, ai), loc));
  *li = l[0];
  *lj = l[1];
  *lk = l[2];
  return k;
}

#endif
