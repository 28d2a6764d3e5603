/* be_c.c — the C emitter: each kernel's IR becomes C text that replaces the
 * kernel's byte range [begin, end) of the source file; every other byte is
 * copied unchanged.
 *
 * Layout (see ir_kernel in ir/ir.h):
 *  - function kernels: "\n", then each statement line indented by
 *    indent + 2 (+ 2 per nesting level) and ending in "\n";
 *  - loop and scop kernels: the first line without leading spaces, each
 *    following line indented by indent (+ 2 per level), no final newline.
 *
 * Statements: `for (int i = lb; i < ub; i++) {` (`for (i = ...` when the iv
 * is declared outside the loop), `i <= X` when ub is `X + 1`, `i += s`,
 * counting down `i > ub` / `i >= Y` (ub `Y - 1`, or a literal ub `Y - 1`)
 * with `i--` / `i -= s`;
 * a parallel loop gets `#pragma omp parallel for`; `if (c) {` ... `} else if
 * (d) {` ... `} else {` ... `}`; `lhs op= rhs;`; `T x = init;`.  Expressions
 * are spelled by ir_print_c_expr.
 *
 * The pragmas that mark kernels and label loops are left out of the output
 * (m->erase): they did their job, and compilers warn about unknown pragmas
 * under -Wall.
 *
 * Includes that generated code needs (<immintrin.h>, <omp.h>) are recorded
 * per kernel in emitter.includes and added once at the top of the file by
 * be_emit_c (unless the file already includes them).
 */
#include "be.h"

#include <string.h>

/* Headers the generated code may need (bit set). */
enum {
  BE_INC_IMMINTRIN = 1 << 0,
  BE_INC_OMP = 1 << 1,
};

static const char *const include_names[] = {"immintrin.h", "omp.h"};

typedef struct emitter {
  scc_ctx *ctx;
  const ir_kernel *k;
  scc_buf *out;
  int base;         /* columns before depth-0 lines */
  bool trailing_nl; /* function form: every line ends in "\n" */
  int nlines;
  unsigned includes;    /* BE_INC_* the generated code needs */
  scc_vec hoisted;      /* const char *: names of hoisted bound parts */
  scc_vec hoist_decls;  /* ir_node *: their declarations, with */
  scc_vec hoist_blocks; /* const ir_block *: the block declaring each */
  const ir_block *cur;  /* the block holding the loop being emitted */
} emitter;

/* Starts a line at nesting depth `depth`; the caller writes its text. */
static void line_begin(emitter *em, int depth) {
  if (!em->trailing_nl && em->nlines > 0)
    scc_buf_puts(em->out, "\n");
  int n = (em->trailing_nl || em->nlines > 0 ? em->base : 0) + 2 * depth;
  for (int i = 0; i < n; i++)
    scc_buf_puts(em->out, " ");
  em->nlines++;
}

static void line_end(emitter *em) {
  if (em->trailing_nl)
    scc_buf_puts(em->out, "\n");
}

static void emit_line(emitter *em, int depth, const char *text) {
  line_begin(em, depth);
  scc_buf_puts(em->out, text);
  line_end(em);
}

static void emit_block(emitter *em, const ir_block *b, int depth);
static void emit_node(emitter *em, const ir_node *n, int depth);

/* ub is `X + 1` (X not a literal): the condition prints as `i <= X`; for
 * counting down, ub `Y - 1` prints as `i >= Y`. */
static const ir_expr *inclusive_bound(const ir_expr *ub, bool up) {
  if (ub->kind != IR_EXPR_BINARY || ub->u.bin.a->kind == IR_EXPR_INT)
    return NULL;
  const ir_expr *c = ub->u.bin.b;
  if (c->kind != IR_EXPR_INT || ub->u.bin.a->type != ub->type)
    return NULL; /* i <= X must compare in the type of X + 1 */
  int64_t d = ub->u.bin.op == IR_OP_ADD   ? c->u.ival
              : ub->u.bin.op == IR_OP_SUB ? -c->u.ival
                                          : 0;
  return d == (up ? 1 : -1) ? ub->u.bin.a : NULL;
}

/* ---- hoisting parts of bounds --------------------------------------------
 * min/max print their operands twice and floordiv/ceildiv their numerator
 * twice; when such an operand is not a simple term, the text grows
 * exponentially with nesting (tiling then unrolling gives bounds like
 * max(k_t, k_t + 4 * floordiv(min(k_t + 8, n) - k_t, 4))).  Those operands
 * are computed once into a variable declared just before the loop
 * (`int k_hi = ...;`), which is exact: bounds depend only on outer ivs and
 * parameters, which the loop does not change. */

static bool is_leaf(const ir_expr *e) {
  return e->kind == IR_EXPR_VAR || e->kind == IR_EXPR_INT ||
         (e->kind == IR_EXPR_CAST && is_leaf(e->u.cast.a));
}

/* A leaf, or a leaf op a leaf (`i_t + 32`, `4 * i`). */
static bool is_simple(const ir_expr *e) {
  if (is_leaf(e))
    return true;
  return e->kind == IR_EXPR_BINARY &&
         (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB ||
          e->u.bin.op == IR_OP_MUL) &&
         is_leaf(e->u.bin.a) && is_leaf(e->u.bin.b);
}

static bool name_used(const emitter *em, const char *name) {
  const ir_kernel *k = em->k;
  if (ir_kernel_find_var(k, name) || ir_kernel_find_array(k, name))
    return true;
  if (k->module)
    for (int i = 0; i < k->module->used_names.len; i++)
      if (strcmp(k->module->used_names.items[i], name) == 0)
        return true;
  for (int i = 0; i < em->hoisted.len; i++)
    if (strcmp(em->hoisted.items[i], name) == 0)
      return true;
  return false;
}

/* Structural equality of two expressions. */
static bool expr_equal(const ir_expr *x, const ir_expr *y) {
  if (x == y)
    return true;
  if (x->kind != y->kind || x->type != y->type)
    return false;
  switch (x->kind) {
  case IR_EXPR_INT:
    return x->u.ival == y->u.ival;
  case IR_EXPR_VAR:
    return x->u.var == y->u.var;
  case IR_EXPR_UNARY:
    return x->u.un.op == y->u.un.op && expr_equal(x->u.un.a, y->u.un.a);
  case IR_EXPR_CAST:
    return expr_equal(x->u.cast.a, y->u.cast.a);
  case IR_EXPR_BINARY:
    return x->u.bin.op == y->u.bin.op && expr_equal(x->u.bin.a, y->u.bin.a) &&
           expr_equal(x->u.bin.b, y->u.bin.b);
  default:
    return false; /* not in integer bounds */
  }
}

/* A variable (not registered in the kernel) holding e; its declaration is
 * queued in decls.  A part already hoisted into the same block earlier
 * (e.g. the bound shared by an unrolled loop and its remainder loop) is
 * reused. */
static ir_expr *hoist_into_var(emitter *em, ir_expr *e, const char *base,
                               scc_vec *decls) {
  scc_arena *ar = em->ctx->arena;
  for (int i = 0; i < em->hoist_decls.len; i++) {
    ir_node *d = em->hoist_decls.items[i];
    if (em->hoist_blocks.items[i] == em->cur && expr_equal(d->u.decl.init, e))
      return ir_var_ref(em->ctx, d->u.decl.var);
  }
  const char *name = base;
  for (int i = 1; name_used(em, name); i++)
    name = scc_arena_printf(ar, "%s%d", base, i);
  name = scc_arena_strdup(ar, name);
  scc_vec_push(ar, &em->hoisted, (void *)name);
  ir_var *v = scc_arena_alloc(ar, sizeof *v);
  v->name = name;
  v->type = e->type;
  v->kind = IR_VAR_LOCAL;
  v->declared_outside = true;
  v->loc = e->loc;
  v->id = -1;
  ir_node *d = ir_decl_new(em->ctx, v, e, e->loc);
  scc_vec_push(ar, decls, d);
  scc_vec_push(ar, &em->hoist_decls, d);
  scc_vec_push(ar, &em->hoist_blocks, (void *)em->cur);
  return ir_var_ref(em->ctx, v);
}

/* e with its duplicated non-simple operands replaced by hoisted
 * variables (bottom-up); e itself when nothing changes. */
static ir_expr *hoist_bound(emitter *em, ir_expr *e, const char *base,
                            scc_vec *decls) {
  if (e->kind != IR_EXPR_BINARY || !ir_type_is_integer(e->type))
    return e;
  ir_op op = e->u.bin.op;
  ir_expr *a = hoist_bound(em, e->u.bin.a, base, decls);
  ir_expr *b = hoist_bound(em, e->u.bin.b, base, decls);
  bool minmax = op == IR_OP_MIN || op == IR_OP_MAX;
  bool div = (op == IR_OP_FLOORDIV || op == IR_OP_CEILDIV) &&
             b->kind == IR_EXPR_INT && b->u.ival > 1;
  if ((minmax || div) && !is_simple(a))
    a = hoist_into_var(em, a, base, decls);
  if (minmax && !is_simple(b))
    b = hoist_into_var(em, b, base, decls);
  if (a == e->u.bin.a && b == e->u.bin.b)
    return e;
  return ir_binary(em->ctx, op, a, b, e->type);
}

static void emit_loop(emitter *em, const ir_node *n, int depth) {
  const ir_loop *l = &n->u.loop;
  scc_buf *o = em->out;
  ir_expr *lb = l->lb, *ub = l->ub;
  /* a loop or scop region may be the unbraced body of a statement: no
   * declarations at its top level */
  if (depth > 0 || em->k->form == IR_KERNEL_FUNCTION) {
    scc_vec decls = {0};
    const char *iv = l->iv->name;
    em->cur = n->in;
    lb = hoist_bound(em, lb, scc_arena_printf(em->ctx->arena, "%s_lo", iv),
                     &decls);
    ub = hoist_bound(em, ub, scc_arena_printf(em->ctx->arena, "%s_hi", iv),
                     &decls);
    for (int i = 0; i < decls.len; i++)
      emit_node(em, decls.items[i], depth);
  }
  if (l->attrs & IR_LOOP_PARALLEL) {
    line_begin(em, depth);
    scc_buf_puts(o, "#pragma omp parallel for");
    if (l->omp_schedule)
      scc_buf_printf(o, " schedule(%s)", l->omp_schedule);
    if (l->omp_reductions.len) {
      ir_op op = l->omp_reduction_op;
      scc_buf_printf(o, " reduction(%s:",
                     op == IR_OP_MIN   ? "min"
                     : op == IR_OP_MAX ? "max"
                     : op == IR_OP_MUL ? "*"
                                       : "+");
      for (int i = 0; i < l->omp_reductions.len; i++) {
        if (i)
          scc_buf_puts(o, ", ");
        ir_print_c_expr(o, l->omp_reductions.items[i]);
      }
      scc_buf_puts(o, ")");
    }
    line_end(em);
  }

  line_begin(em, depth);
  const char *iv = l->iv->name;
  scc_buf_puts(o, "for (");
  if (!l->iv->declared_outside)
    scc_buf_printf(o, "%s ", ir_type_name(l->iv->type));
  scc_buf_printf(o, "%s = ", iv);
  ir_print_c_expr(o, lb);
  scc_buf_puts(o, "; ");

  bool up = l->step > 0;
  ir_expr ivref = {.kind = IR_EXPR_VAR, .type = l->iv->type, .loc = n->loc};
  ivref.u.var = l->iv;
  ir_expr cond = {.kind = IR_EXPR_BINARY, .type = IR_TY_INT, .loc = n->loc};
  cond.u.bin.a = &ivref;
  const ir_expr *incl = inclusive_bound(ub, up);
  ir_expr lit; /* counting down to a literal: `i >= 0`, not `i > -1` */
  if (!up && !incl && ub->kind == IR_EXPR_INT && ub->u.ival < INT64_MAX) {
    lit = *ub;
    lit.u.ival++;
    incl = &lit;
  }
  cond.u.bin.b = (ir_expr *)(incl ? incl : ub);
  cond.u.bin.op =
      up ? (incl ? IR_OP_LE : IR_OP_LT) : (incl ? IR_OP_GE : IR_OP_GT);
  ir_print_c_expr(o, &cond);

  long long s = (long long)l->step;
  long long mag = s < 0 ? -s : s;
  const char *suf = mag > 2147483647 ? "L" : "";
  if (s == 1)
    scc_buf_printf(o, "; %s++) {", iv);
  else if (s == -1)
    scc_buf_printf(o, "; %s--) {", iv);
  else
    scc_buf_printf(o, "; %s %s= %lld%s) {", iv, up ? "+" : "-", mag, suf);
  line_end(em);
  emit_block(em, &l->body, depth + 1);
  emit_line(em, depth, "}");
}

static const char *compound_op(ir_op op) {
  switch (op) {
  case IR_OP_NONE:
    return "=";
  case IR_OP_ADD:
    return "+=";
  case IR_OP_SUB:
    return "-=";
  case IR_OP_MUL:
    return "*=";
  case IR_OP_DIV:
    return "/=";
  case IR_OP_MOD:
    return "%=";
  default:
    return NULL; /* min/max...: lhs = op(lhs, rhs) */
  }
}

static void emit_assign(emitter *em, const ir_node *n, int depth) {
  const ir_assign *a = &n->u.assign;
  scc_buf *o = em->out;
  line_begin(em, depth);
  ir_print_c_expr(o, a->lhs);
  const char *op = compound_op(a->op);
  if (op) {
    scc_buf_printf(o, " %s ", op);
    ir_print_c_expr(o, a->rhs);
  } else {
    ir_expr e = {.kind = IR_EXPR_BINARY, .type = a->lhs->type, .loc = n->loc};
    e.u.bin.op = a->op;
    e.u.bin.a = a->lhs;
    e.u.bin.b = a->rhs;
    scc_buf_puts(o, " = ");
    ir_print_c_expr(o, &e);
  }
  scc_buf_puts(o, ";");
  line_end(em);
}

static void emit_if(emitter *em, const ir_node *n, int depth) {
  scc_buf *o = em->out;
  line_begin(em, depth);
  for (;;) {
    scc_buf_puts(o, "if (");
    ir_print_c_expr(o, n->u.ifs.cond);
    scc_buf_puts(o, ") {");
    line_end(em);
    emit_block(em, &n->u.ifs.then_body, depth + 1);
    const ir_block *eb = &n->u.ifs.else_body;
    if (ir_block_empty(eb))
      break;
    line_begin(em, depth);
    if (eb->first == eb->last && eb->first->kind == IR_NODE_IF) {
      scc_buf_puts(o, "} else ");
      n = eb->first;
      continue;
    }
    scc_buf_puts(o, "} else {");
    line_end(em);
    emit_block(em, eb, depth + 1);
    break;
  }
  emit_line(em, depth, "}");
}

static void emit_node(emitter *em, const ir_node *n, int depth) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    emit_loop(em, n, depth);
    break;
  case IR_NODE_IF:
    emit_if(em, n, depth);
    break;
  case IR_NODE_ASSIGN:
    emit_assign(em, n, depth);
    break;
  case IR_NODE_DECL:
    line_begin(em, depth);
    scc_buf_printf(em->out, "%s %s", ir_type_name(n->u.decl.var->type),
                   n->u.decl.var->name);
    if (n->u.decl.init) {
      scc_buf_puts(em->out, " = ");
      ir_print_c_expr(em->out, n->u.decl.init);
    }
    scc_buf_puts(em->out, ";");
    line_end(em);
    break;
  }
}

static void emit_block(emitter *em, const ir_block *b, int depth) {
  for (const ir_node *n = b->first; n; n = n->next)
    emit_node(em, n, depth);
}

static bool emit_kernel(scc_ctx *ctx, const ir_kernel *k, scc_buf *out,
                        unsigned *includes) {
  emitter em = {.ctx = ctx, .k = k, .out = out};
  if (k->form == IR_KERNEL_FUNCTION) {
    em.base = k->indent + 2;
    em.trailing_nl = true;
    scc_buf_puts(out, "\n");
  } else {
    em.base = k->indent;
  }
  em.nlines += be_c_emit_local_arrays(k, out, em.base, em.trailing_nl, 0);
  emit_block(&em, &k->body, 0);
  if (k->form != IR_KERNEL_FUNCTION && em.nlines == 0)
    scc_buf_puts(out, ";"); /* an empty kernel stays a statement */
  if (includes)
    *includes |= em.includes;
  return true;
}

bool be_emit_kernel_c(scc_ctx *ctx, const ir_kernel *k, scc_buf *out) {
  return emit_kernel(ctx, k, out, NULL);
}

/* Copies source bytes [from, to) to out, leaving out the erased pragma
 * lines (m->erase) that lie inside. */
static void copy_source(scc_buf *out, const ir_module *m, size_t from,
                        size_t to) {
  for (int i = 0; i < m->erase.len && from < to; i++) {
    const ir_range *r = m->erase.items[i];
    if (r->end <= from || r->begin >= to)
      continue;
    if (r->begin > from)
      scc_buf_putn(out, m->source + from, r->begin - from);
    from = r->end < to ? r->end : to;
  }
  if (to > from)
    scc_buf_putn(out, m->source + from, to - from);
}

bool be_emit_c(scc_ctx *ctx, const ir_module *m, scc_buf *out) {
  size_t prev = 0;
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    if (k->begin < prev || k->end < k->begin || k->end > m->source_len) {
      scc_error(ctx, k->loc,
                "internal error: kernel '%s' has the byte range [%zu, %zu), "
                "not after the previous kernel (%zu) and within the file "
                "(%zu bytes)",
                k->name, k->begin, k->end, prev, m->source_len);
      return false;
    }
    prev = k->end;
  }

  scc_buf body = {0};
  unsigned includes = 0;
  size_t pos = 0;
  bool ok = true;
  for (int i = 0; i < m->kernels.len && ok; i++) {
    const ir_kernel *k = m->kernels.items[i];
    copy_source(&body, m, pos, k->begin);
    ok = emit_kernel(ctx, k, &body, &includes);
    pos = k->end;
  }
  if (ok) {
    copy_source(&body, m, pos, m->source_len);
    for (unsigned b = 0; b < sizeof include_names / sizeof *include_names;
         b++) {
      if (!(includes & (1u << b)))
        continue;
      char want[64];
      snprintf(want, sizeof want, "<%s>", include_names[b]);
      if (!m->source || !strstr(m->source, want))
        scc_buf_printf(out, "#include %s\n", want);
    }
    scc_buf_putn(out, body.data ? body.data : "", body.len);
  }
  scc_buf_free(&body);
  return ok;
}
