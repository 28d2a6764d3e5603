/* ops_library.c — handlers of loop.to_library (transforms/to_library.c):
 * marks each payload loop's nest as one call of the library named by the
 * string operand, consumes the handle and binds the marked loops to the
 * optional result; its -v remark says what is called with which sizes and
 * what to link.  And of match.matmul: the loops of a matrix product by
 * their roles (ir_gemm_match), whatever their order and names. */
#include <string.h>

#include "../ir/ir_gemm.h"
#include "sched_int.h"
#include "sched_remark.h"

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
                                 ir_c_text(c, g.alpha));
      if (g.beta)
        extra = scc_arena_printf(c->arena, "%s, beta = %s", extra,
                                 ir_c_text(c, g.beta));
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
          l->u.loop.iv->name, ir_type_name(g.type), fn, ir_c_text(c, g.m),
          ir_c_text(c, g.n), ir_c_text(c, g.k), ir_c_text(c, g.lda),
          ir_c_text(c, g.ldb), ir_c_text(c, g.ldc), extra,
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

typedef struct mm_find {
  scc_ctx *ctx;
  ir_gemm g;
  bool found;
  const char *why; /* of the outermost loop tried */
  scc_loc where;
} mm_find;

static bool mm_cb(ir_node *n, void *data) {
  mm_find *f = data;
  if (f->found || n->kind != IR_NODE_LOOP)
    return !f->found;
  const char *why = NULL;
  scc_loc where = {0};
  if (ir_gemm_match(f->ctx, n, &f->g, &why, &where)) {
    f->found = true;
    return false;
  }
  if (!f->why) {
    f->why = why;
    f->where = where;
  }
  return true;
}

/* %i, %j, %k = match.matmul in %h: in each payload item, the first loop
 * nest (outermost first, in source order) that ir_gemm_match reads as C
 * += alpha * op(A) * op(B) (any loop order, arrays or pointers with
 * leading dimensions, a scale held in a local such as darknet's A_PART);
 * %i is its loop over the rows of C, %j over the columns, %k the
 * reduction.  Silenceable when none is, with the first nest's reason. */
bool sched_op_match_matmul(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  scc_vec out[3] = {{0}, {0}, {0}};
  for (int j = 0; j < h->n; j++) {
    mm_find f = {.ctx = r->ctx};
    ir_node *n = h->items[j];
    if (!n)
      ir_walk_block(&r->k->body, mm_cb, &f);
    else if (n->kind == IR_NODE_LOOP && mm_cb(n, &f))
      ir_walk_block(&n->u.loop.body, mm_cb, &f);
    else if (n->kind == IR_NODE_IF) {
      ir_walk_block(&n->u.ifs.then_body, mm_cb, &f);
      ir_walk_block(&n->u.ifs.else_body, mm_cb, &f);
    }
    if (!f.found) {
      scc_fail(r->ctx, f.why && f.where.file ? f.where : s->loc,
               "match.matmul: no loop nest in the payload is a matrix "
               "product%s%s",
               f.why ? ": " : "", f.why ? f.why : "");
      return sched_silenceable(r, s);
    }
    if (r->ctx->remarks) {
      const ir_node *l[3] = {f.g.loop_i, f.g.loop_j, f.g.loop_k};
      scc_buf b = {0};
      for (int i = 0; i < 3; i++)
        scc_buf_printf(&b, "%s%s loop '%s' at %s:%d:%d", i ? ", " : "",
                       i == 0   ? "rows (i):"
                       : i == 1 ? "columns (j):"
                                : "reduction (k):",
                       l[i]->u.loop.iv->name,
                       l[i]->loc.file ? l[i]->loc.file : "?", l[i]->loc.line,
                       l[i]->loc.col);
      sched_remark_applied(r, s, "found a matrix product%s: %s",
                           f.g.trans_a || f.g.trans_b
                               ? (f.g.trans_a && f.g.trans_b ? " (A and B "
                                                               "transposed)"
                                  : f.g.trans_a              ? " (A transposed)"
                                                : " (B transposed)")
                               : "",
                           b.data ? b.data : "");
      scc_buf_free(&b);
    }
    const ir_expr *el[3] = {f.g.a, f.g.b, f.g.c};
    for (int i = 0; i < 3; i++)
      if (el[i] && el[i]->kind == IR_EXPR_ACCESS)
        r->mm_roles[i] = el[i]->u.access.array->name;
    scc_vec_push(r->ctx->arena, &out[0], f.g.loop_i);
    scc_vec_push(r->ctx->arena, &out[1], f.g.loop_j);
    scc_vec_push(r->ctx->arena, &out[2], f.g.loop_k);
  }
  for (int i = 0; i < 3; i++)
    sched_set_result(r, s, i, &out[i]);
  return true;
}

const char *sched_role_array(const sched_run *r, const char *text) {
  if (text[0] != '@' || text[1] < 'A' || text[1] > 'C' || text[2])
    return text;
  const char *a = r->mm_roles[text[1] - 'A'];
  return a ? a : text + 1;
}
