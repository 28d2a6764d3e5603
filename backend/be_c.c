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
 * counting down `i > ub` / `i >= Y` (ub `Y - 1`) with `i--` / `i -= s`;
 * a labelled loop gets `#pragma schedcc label(name)` before it (so the
 * output can be scheduled again), a parallel loop `#pragma omp parallel
 * for`; `if (c) {` ... `} else if (d) {` ... `} else {` ... `}`; `lhs op=
 * rhs;`; `T x = init;`.  Expressions are spelled by ir_print_c_expr.
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
  unsigned includes; /* BE_INC_* the generated code needs */
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

/* True when one of the pragma lines just before byte `pos` of the source is
 * `#pragma schedcc ... label(name)`: the label of a loop kernel's loop
 * stays outside the replaced range and must not be emitted twice. */
static bool label_before(const ir_module *m, size_t pos, const char *name) {
  if (!m || !m->source || pos > m->source_len)
    return false;
  const char *src = m->source;
  size_t end = pos;
  while (end > 0 && src[end - 1] != '\n') /* start of pos's line */
    end--;
  while (end > 0) {
    size_t start = end - 1; /* end - 1 is the '\n' ending the line */
    while (start > 0 && src[start - 1] != '\n')
      start--;
    size_t s = start;
    while (s < end && (src[s] == ' ' || src[s] == '\t'))
      s++;
    if (s >= end - 1 || src[s] != '#')
      return false;
    size_t len = strlen(name);
    for (size_t i = s; i + 6 + len < end; i++) {
      if (strncmp(src + i, "label(", 6) != 0)
        continue;
      size_t j = i + 6;
      while (j < end && src[j] == ' ')
        j++;
      if (j + len < end && strncmp(src + j, name, len) == 0) {
        j += len;
        while (j < end && src[j] == ' ')
          j++;
        if (j < end && src[j] == ')')
          return true;
      }
    }
    end = start;
  }
  return false;
}

/* ub is `X + 1` (X not a literal): the condition prints as `i <= X`; for
 * counting down, ub `Y - 1` prints as `i >= Y`. */
static const ir_expr *inclusive_bound(const ir_expr *ub, bool up) {
  if (ub->kind != IR_EXPR_BINARY || ub->u.bin.a->kind == IR_EXPR_INT)
    return NULL;
  const ir_expr *c = ub->u.bin.b;
  if (c->kind != IR_EXPR_INT)
    return NULL;
  int64_t d = ub->u.bin.op == IR_OP_ADD   ? c->u.ival
              : ub->u.bin.op == IR_OP_SUB ? -c->u.ival
                                          : 0;
  return d == (up ? 1 : -1) ? ub->u.bin.a : NULL;
}

static void emit_loop(emitter *em, const ir_node *n, int depth) {
  const ir_loop *l = &n->u.loop;
  scc_buf *o = em->out;
  if (l->label && !(em->k->form == IR_KERNEL_LOOP && !ir_parent(n) &&
                    n == em->k->body.first &&
                    label_before(em->k->module, em->k->begin, l->label))) {
    line_begin(em, depth);
    scc_buf_printf(o, "#pragma schedcc label(%s)", l->label);
    line_end(em);
  }
  if (l->attrs & IR_LOOP_PARALLEL)
    emit_line(em, depth, "#pragma omp parallel for");

  line_begin(em, depth);
  const char *iv = l->iv->name;
  scc_buf_puts(o, "for (");
  if (!l->iv->declared_outside)
    scc_buf_printf(o, "%s ", ir_type_name(l->iv->type));
  scc_buf_printf(o, "%s = ", iv);
  ir_print_c_expr(o, l->lb);
  scc_buf_puts(o, "; ");

  bool up = l->step > 0;
  ir_expr ivref = {.kind = IR_EXPR_VAR, .type = l->iv->type, .loc = n->loc};
  ivref.u.var = l->iv;
  ir_expr cond = {.kind = IR_EXPR_BINARY, .type = IR_TY_INT, .loc = n->loc};
  cond.u.bin.a = &ivref;
  const ir_expr *incl = inclusive_bound(l->ub, up);
  cond.u.bin.b = (ir_expr *)(incl ? incl : l->ub);
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
    if (k->begin > pos)
      scc_buf_putn(&body, m->source + pos, k->begin - pos);
    ok = emit_kernel(ctx, k, &body, &includes);
    pos = k->end;
  }
  if (ok) {
    if (m->source_len > pos)
      scc_buf_putn(&body, m->source + pos, m->source_len - pos);
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
