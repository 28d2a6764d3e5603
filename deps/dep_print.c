/* dep_print.c — dependences as text: the representative dependence of a
 * legality message, and the listing of --emit=deps.
 */
#include "dep_int.h"

#include <isl/map.h>
#include <isl/set.h>
#include <stdlib.h>
#include <string.h>

static void put_term(scc_buf *b, const char *name, int64_t v, bool have) {
  if (!have)
    scc_buf_printf(b, "%s'", name);
  else if (v > 0)
    scc_buf_printf(b, "%s + %lld", name, (long long)v);
  else if (v < 0)
    scc_buf_printf(b, "%s - %lld", name, (long long)-v);
  else
    scc_buf_puts(b, name);
}

static void put_instance(scc_buf *b, const dep_edge *e, bool sink, int c,
                         const int64_t *v, const bool *have_v) {
  const dep_stmt *s = sink ? e->dst : e->src;
  scc_buf_printf(b, "%s[", s->label);
  for (int d = 0; d < s->depth; d++) {
    if (d)
      scc_buf_puts(b, ", ");
    if (!sink)
      scc_buf_puts(b, s->loops[d]->u.loop.iv->name);
    else if (d < c)
      put_term(b, e->src->loops[d]->u.loop.iv->name, v[d], have_v[d]);
    else
      scc_buf_puts(b, s->loops[d]->u.loop.iv->name);
  }
  scc_buf_puts(b, "]");
}

static void put_distance(scc_buf *b, const int64_t *v, const bool *have_v,
                         int from, int to) {
  scc_buf_puts(b, "(");
  for (int d = from; d < to; d++) {
    if (d > from)
      scc_buf_puts(b, ", ");
    if (have_v[d])
      scc_buf_printf(b, "%lld", (long long)v[d]);
    else
      scc_buf_puts(b, "*");
  }
  scc_buf_puts(b, ")");
}

/* A product of an induction variable and a parameter in e: sets the two. */
typedef struct prod {
  const ir_var *iv, *param;
} prod;

static void prod_cb(ir_expr *e, void *data) {
  prod *p = data;
  if (p->iv || e->kind != IR_EXPR_BINARY || e->u.bin.op != IR_OP_MUL)
    return;
  const ir_expr *x = e->u.bin.a, *y = e->u.bin.b;
  for (int side = 0; side < 2; side++, x = e->u.bin.b, y = e->u.bin.a) {
    while (x->kind == IR_EXPR_CAST)
      x = x->u.cast.a;
    while (y->kind == IR_EXPR_CAST)
      y = y->u.cast.a;
    if (y->kind != IR_EXPR_VAR || y->u.var->kind != IR_VAR_PARAM)
      continue;
    if (x->kind == IR_EXPR_VAR && x->u.var->kind == IR_VAR_IV) {
      p->iv = x->u.var;
      p->param = y->u.var;
      return;
    }
  }
}

/* "; `C[i * ldc + j]` is not affine (product of 'i' and the parameter
 * 'ldc'); declare the array as `float C[][ldc]`": why the analysis had to
 * assume that an access of the dependence's array touches any element. */
static void put_nonaffine(scc_buf *b, const dep_edge *e) {
  const ir_expr *x = e->nonaffine;
  if (!x || x->kind != IR_EXPR_ACCESS)
    return;
  scc_buf_puts(b, "; `");
  ir_print_c_expr(b, x);
  scc_buf_puts(b, "` is not affine");
  prod p = {0};
  for (int i = 0; i < x->u.access.n; i++)
    ir_walk_expr(x->u.access.idx[i], prod_cb, &p);
  const ir_array *a = x->u.access.array;
  if (p.iv && x->u.access.n == 1)
    scc_buf_printf(b,
                   " (product of '%s' and the parameter '%s'); declare the "
                   "array as `%s %s[][%s]`",
                   p.iv->name, p.param->name, ir_type_name(a->elem), a->name,
                   p.param->name);
  else if (p.iv)
    scc_buf_printf(b, " (product of '%s' and the parameter '%s')", p.iv->name,
                   p.param->name);
  else
    scc_buf_printf(b, ": it may touch any element of '%s'", a->name);
}

/* "; S0 is at heat3d.c:38:11, S1 at heat3d.c:44:11": where the dependence's
 * statements are in the source (messages name them by label only). */
static void put_where(scc_buf *b, const dep_edge *e) {
  const dep_stmt *st[2] = {e->src, e->dst};
  int n = strcmp(e->src->label, e->dst->label) == 0 ? 1 : 2;
  bool first = true;
  for (int i = 0; i < n; i++) {
    scc_loc loc = st[i]->node ? st[i]->node->loc : (scc_loc){0};
    if (!loc.file || loc.line <= 0)
      continue;
    scc_buf_printf(b, first ? "; %s is at %s:%d:%d" : ", %s at %s:%d:%d",
                   st[i]->label, loc.file, loc.line, loc.col);
    first = false;
  }
}

const char *dep_describe(scc_ctx *ctx, const char *verb, const dep_edge *e,
                         int c, const int64_t *v, const bool *have_v, int from,
                         int to, const char *extra) {
  scc_buf b = {0};
  scc_buf_printf(&b, "%s the %s dependence ", verb, dep_kind_name(e->kind));
  put_instance(&b, e, false, c, v, have_v);
  scc_buf_puts(&b, " -> ");
  put_instance(&b, e, true, c, v, have_v);
  if (extra)
    scc_buf_puts(&b, extra);
  if (to > from) {
    scc_buf_puts(&b, " (distance ");
    put_distance(&b, v, have_v, from, to);
    scc_buf_puts(&b, ")");
  }
  put_nonaffine(&b, e);
  if (verb && *verb) /* a message, not the --emit=deps listing */
    put_where(&b, e);
  const char *s = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return s;
}

static void print_kernel(scc_buf *out, scc_ctx *ctx, ir_kernel *k) {
  dep_graph *g = dep_graph_build(ctx, k, NULL, 0);
  scc_buf_printf(out, "kernel %s: %d statement%s, %d dependence%s\n", k->name,
                 g->nstmts, g->nstmts == 1 ? "" : "s", g->edges.len,
                 g->edges.len == 1 ? "" : "s");
  for (int s = 0; s < g->nstmts; s++) {
    char *dom = isl_set_to_str(g->stmts[s].domain);
    scc_buf_printf(out, "  domain %s\n", dom ? dom : "?");
    free(dom);
  }
  for (int i = 0; i < g->edges.len; i++) {
    const dep_edge *e = g->edges.items[i];
    int c = dep_common_loops(e->src, e->dst);
    isl_set *deltas = dep_edge_deltas(e, c);
    int64_t *v = scc_arena_alloc(ctx->arena, sizeof(int64_t) * (size_t)(c + 1));
    bool *have = scc_arena_alloc(ctx->arena, sizeof(bool) * (size_t)(c + 1));
    dep_representative(deltas, c, v, have);
    scc_buf_printf(out, "  %s %s -> %s on %s", dep_kind_name(e->kind),
                   e->src->name, e->dst->name, e->array);
    if (c > 0) {
      scc_buf_puts(out, ", common loops (");
      for (int d = 0; d < c; d++)
        scc_buf_printf(out, "%s%s", d ? ", " : "",
                       e->src->loops[d]->u.loop.iv->name);
      scc_buf_puts(out, ")");
    }
    scc_buf_puts(out, "\n");
    if (c > 0) {
      scc_buf_puts(out, "    e.g. ");
      scc_buf_puts(out, dep_describe(ctx, "", e, c, v, have, 0, c, NULL) + 1);
      scc_buf_puts(out, "\n");
    }
    char *rel = isl_map_to_str(e->rel);
    scc_buf_printf(out, "    relation %s\n", rel ? rel : "?");
    free(rel);
    if (c > 0) {
      char *ds = isl_set_to_str(deltas);
      scc_buf_printf(out, "    distances %s\n", ds ? ds : "?");
      free(ds);
    }
    isl_set_free(deltas);
  }
  dep_graph_free(g);
  for (int i = 0; i < k->delinearized.len; i++) {
    const ir_delin *d = k->delinearized.items[i];
    if (d->nsizes == 1) {
      scc_buf_printf(
          out, "  delinearized %s[q*%s + r] as %s[q][r], 0 <= r < %s\n",
          d->array->name, d->sizes[0]->name, d->array->name, d->sizes[0]->name);
      continue;
    }
    /* A[(q*s1 + r1)*s0 + r0] as A[q][r1][r0], 0 <= r1 < s1, 0 <= r0 < s0 */
    scc_buf_printf(out, "  delinearized %s[", d->array->name);
    for (int j = d->nsizes - 1; j > 0; j--)
      scc_buf_puts(out, "(");
    scc_buf_puts(out, "q");
    for (int j = d->nsizes - 1; j >= 0; j--)
      scc_buf_printf(out, "*%s + r%d%s", d->sizes[j]->name, j, j ? ")" : "");
    scc_buf_printf(out, "] as %s[q]", d->array->name);
    for (int j = d->nsizes - 1; j >= 0; j--)
      scc_buf_printf(out, "[r%d]", j);
    for (int j = d->nsizes - 1; j >= 0; j--)
      scc_buf_printf(out, ", 0 <= r%d < %s", j, d->sizes[j]->name);
    scc_buf_puts(out, "\n");
  }
  dep_assume_print(out, k);
}

void dep_print_module(scc_buf *out, scc_ctx *ctx, ir_module *m) {
  for (int i = 0; i < m->kernels.len; i++) {
    if (i)
      scc_buf_puts(out, "\n");
    print_kernel(out, ctx, m->kernels.items[i]);
  }
}
