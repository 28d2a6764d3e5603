/* ops_library.c — handler of loop.to_library (transforms/to_library.c):
 * marks each payload loop's nest as one call of the library named by the
 * string operand, consumes the handle and binds the marked loops to the
 * optional result.  Its -v remark says what is called with which sizes
 * and what to link. */
#include <string.h>

#include "../ir/ir_gemm.h"
#include "sched_int.h"

static const char *expr_text(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *s =
      scc_arena_printf(ctx->arena, "%.*s", (int)b.len, b.data ? b.data : "");
  scc_buf_free(&b);
  return s;
}

bool sched_op_to_library(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  const char *lib = s->ops[1]->text;
  if (strcmp(lib, "cblas") != 0 && strcmp(lib, "libxsmm") != 0) {
    scc_error(r->ctx, s->ops[1]->loc,
              "loop.to_library: unknown library \"%s\" (known: \"cblas\", "
              "\"libxsmm\")",
              lib);
    return false;
  }
  sched_consume(r, s, &h, 1);
  scc_vec res = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *out = NULL;
    ir_gemm g;
    if (!l ||
        !sched_xf_done(r, s, xf_to_library(r->ctx, r->k, l, lib, &g, &out)))
      return false;
    if (r->ctx->remarks) {
      scc_ctx *c = r->ctx;
      bool d = g.type == IR_TY_DOUBLE;
      const char *fn = strcmp(lib, "cblas") == 0
                           ? (d ? "cblas_dgemm" : "cblas_sgemm")
                           : (d ? "a libxsmm_dmmdispatch kernel"
                                : "a libxsmm_smmdispatch kernel");
      const char *extra = "";
      if (g.trans_a || g.trans_b)
        extra = scc_arena_printf(
            c->arena, ", %s%s%s transposed", g.trans_a ? "A" : "",
            g.trans_a && g.trans_b ? " and " : "", g.trans_b ? "B" : "");
      if (g.alpha)
        extra = scc_arena_printf(c->arena, "%s, alpha = %s", extra,
                                 expr_text(c, g.alpha));
      if (g.beta)
        extra = scc_arena_printf(c->arena, "%s, beta = %s", extra,
                                 expr_text(c, g.beta));
      /* the band's loops in nesting order */
      const ir_node *o[3] = {g.loop_i, g.loop_j, g.loop_k};
      for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
          if (ir_depth(o[b]) < ir_depth(o[a])) {
            const ir_node *x = o[a];
            o[a] = o[b];
            o[b] = x;
          }
      sched_remark_applied(
          r, s,
          "the %s-%s-%s nest of '%s' (%s) becomes %s with M = %s, N = %s, "
          "K = %s, lda = %s, ldb = %s, ldc = %s%s%s; link with %s",
          o[0]->u.loop.iv->name, o[1]->u.loop.iv->name, o[2]->u.loop.iv->name,
          l->u.loop.iv->name, ir_type_name(g.type), fn, expr_text(c, g.m),
          expr_text(c, g.n), expr_text(c, g.k), expr_text(c, g.lda),
          expr_text(c, g.ldb), expr_text(c, g.ldc), extra,
          g.guards.len || strcmp(lib, "libxsmm") == 0
              ? " (the loops run instead when a run-time check fails)"
              : "",
          ir_library_link_flags(lib));
    }
    scc_vec_push(r->ctx->arena, &res, out);
  }
  sched_set_result(r, s, 0, &res);
  return true;
}
