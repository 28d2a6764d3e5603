/* dep_narrow.c — unit tests of dep_graph_build_in (deps/dep_int.h): the
 * dependence graph narrowed to one iteration of the scope's enclosing loops
 * (and to one carried level) holds exactly the relations of the full graph
 * intersected with those conditions, no more and no fewer edges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "deps/dep_int.h"
#include "test/unit/xf_eval.h"

#include <isl/map.h>
#include <stdlib.h>
#include <string.h>

static ir_expr *add(xf_kb *b, ir_var *v, int64_t c) {
  if (c == 0)
    return xf_v(b, v);
  return xf_bin(b, c > 0 ? IR_OP_ADD : IR_OP_SUB, xf_v(b, v),
                xf_i(b, c > 0 ? c : -c));
}
static ir_expr *A2(xf_kb *b, ir_array *a, ir_var *x, int64_t cx, ir_var *y,
                   int64_t cy) {
  return xf_at2(b, a, add(b, x, cx), add(b, y, cy));
}
static ir_node *nest(ir_node *outer, ir_node *inner) {
  ir_block_append(&outer->u.loop.body, inner);
  return inner;
}

/* The edge of g with e's kind, statements and memory object, or NULL. */
static const dep_edge *same_edge(const dep_graph *g, const dep_edge *e) {
  for (int i = 0; i < g->edges.len; i++) {
    const dep_edge *f = g->edges.items[i];
    if (f->kind == e->kind && f->mem_obj == e->mem_obj &&
        strcmp(f->src->name, e->src->name) == 0 &&
        strcmp(f->dst->name, e->dst->name) == 0)
      return f;
  }
  return NULL;
}

/* Checks that narrow (built with same_outer and `level`) holds the edges of
 * full intersected with "equal ivs over the first `outer` loops" and, for
 * level >= 0, "equal before `level`, x < y at `level`" (increasing loops),
 * dropping those left empty. */
static void check_narrowed(const dep_graph *full, const dep_graph *narrow,
                           int outer, int level) {
  assert_int_equal(narrow->outer, outer);
  int kept = 0;
  for (int i = 0; i < full->edges.len; i++) {
    const dep_edge *e = full->edges.items[i];
    char *s = isl_map_to_str(e->rel);
    isl_map *m = isl_map_read_from_str(narrow->isl, s);
    free(s);
    int eq = level >= 0 ? level : outer;
    for (int d = 0; d < eq; d++)
      m = isl_map_equate(m, isl_dim_in, d, isl_dim_out, d);
    if (level >= 0)
      m = isl_map_order_lt(m, isl_dim_in, level, isl_dim_out, level);
    const dep_edge *f = same_edge(narrow, e);
    if (isl_map_is_empty(m) == isl_bool_true) {
      assert_null(f);
    } else {
      assert_non_null(f);
      assert_true(isl_map_is_equal(m, f->rel) == isl_bool_true);
      kept++;
    }
    isl_map_free(m);
  }
  assert_int_equal(narrow->edges.len, kept);
}

/* for k: for i: for j: A[i][j] = A[i - 1][j + 1] + A[i][j - 1]: a
 * Gauss-Seidel sweep repeated k times. */
static void test_sweeps(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_node *lk = xf_loop(&b, b.kk, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *li = nest(lk, xf_loop(&b, b.i, xf_i(&b, 1), add(&b, b.n, -1), 1));
  ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 1), add(&b, b.n, -1), 1));
  ir_expr *rhs = xf_bin(&b, IR_OP_ADD, A2(&b, b.A, b.i, -1, b.j, 1),
                        A2(&b, b.A, b.i, 0, b.j, -1));
  ir_block_append(&lj->u.loop.body,
                  xf_assign(&b, A2(&b, b.A, b.i, 0, b.j, 0), IR_OP_NONE, rhs));
  ir_block_append(&b.k->body, lk);
  dep_graph *full = dep_graph_build(ctx, b.k, &li, 1);
  assert_int_equal(full->outer, 0);
  dep_graph *in_k = dep_graph_build_in(ctx, b.k, &li, 1, true, -1);
  check_narrowed(full, in_k, 1, -1);
  dep_graph *by_i = dep_graph_build_in(ctx, b.k, &li, 1, true, 1);
  check_narrowed(full, by_i, 1, 1);
  dep_graph *by_j = dep_graph_build_in(ctx, b.k, &lj, 1, true, 2);
  check_narrowed(full, by_j, 2, 2);
  /* what k carries is in the full graph only */
  assert_true(full->edges.len >= in_k->edges.len);
  dep_graph_free(full);
  dep_graph_free(in_k);
  dep_graph_free(by_i);
  dep_graph_free(by_j);
  scc_ctx_free(ctx);
}

/* for i: for j: for k: { C[i][j] += A[i][k] * B[k][j];
 *                        C[i + 1][j] += A[i + 1][k] * B[k][j]; }
 * (two rows jammed): within one (i, j) iteration the rows never meet, so
 * the graph of the k loop has no edge between the two statements, while
 * the full graph has the one row i + 1 carries to the next i. */
static void test_jammed_rows(void **state) {
  (void)state;
  scc_ctx *ctx = scc_ctx_new();
  xf_kb b = xf_kb_new(ctx);
  ir_node *li = xf_loop(&b, b.i, xf_i(&b, 0), xf_v(&b, b.n), 1);
  ir_node *lj = nest(li, xf_loop(&b, b.j, xf_i(&b, 0), xf_v(&b, b.n), 1));
  ir_node *lk = nest(lj, xf_loop(&b, b.kk, xf_i(&b, 0), xf_v(&b, b.n), 1));
  for (int r = 0; r < 2; r++)
    ir_block_append(
        &lk->u.loop.body,
        xf_assign(&b, A2(&b, b.C, b.i, r, b.j, 0), IR_OP_ADD,
                  xf_bin(&b, IR_OP_MUL, A2(&b, b.A, b.i, r, b.kk, 0),
                         A2(&b, b.B, b.kk, 0, b.j, 0))));
  ir_block_append(&b.k->body, li);
  dep_graph *full = dep_graph_build(ctx, b.k, &lk, 1);
  dep_graph *narrow = dep_graph_build_in(ctx, b.k, &lk, 1, true, -1);
  check_narrowed(full, narrow, 2, -1);
  int across_full = 0, across_narrow = 0;
  for (int i = 0; i < full->edges.len; i++) {
    const dep_edge *e = full->edges.items[i];
    across_full += e->src != e->dst;
  }
  for (int i = 0; i < narrow->edges.len; i++) {
    const dep_edge *e = narrow->edges.items[i];
    across_narrow += e->src != e->dst;
  }
  assert_true(across_full > 0);
  assert_int_equal(across_narrow, 0);
  /* flow, anti and output on C of each row with itself, carried by k */
  assert_int_equal(narrow->edges.len, 6);
  dep_graph_free(full);
  dep_graph_free(narrow);
  scc_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sweeps),
      cmocka_unit_test(test_jammed_rows),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
