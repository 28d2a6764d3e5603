/* sched_match.c — which sequence of a schedule runs on which kernel, checked
 * before anything runs, so that a schedule never silently does nothing:
 *
 *  - a C file without kernels (the `#pragma schedcc kernel` forgotten) is an
 *    error, with a note at the schedule's entry sequence;
 *  - a schedule none of whose sequences would run on any kernel (no @main
 *    or @__transform_main, no @<kernel name>) is an error at each sequence
 *    that matches no kernel, with "did you mean '@matmul'?" when one is
 *    named almost like a kernel;
 *  - with an entry sequence (or other sequences that match), a sequence of
 *    the schedule file named almost like a kernel, matching none and never
 *    included, is a warning with the same hint.
 * Sequences brought in by `import` are library code: never reported.
 */
#include "sched_int.h"

#include <string.h>

static const sched_seq *entry_seq(const sched_program *p) {
  const sched_seq *q = sched_find_seq(p, "main");
  return q ? q : sched_find_seq(p, "__transform_main");
}

static bool is_kernel_name(const ir_module *m, const char *name) {
  for (int i = 0; i < m->kernels.len; i++)
    if (strcmp(((const ir_kernel *)m->kernels.items[i])->name, name) == 0)
      return true;
  return false;
}

/* True when a statement of the program includes sequence number i. */
static bool is_included(const sched_program *p, int i) {
  for (int j = 0; j < p->seqs.len; j++) {
    const sched_seq *q = p->seqs.items[j];
    for (int k = 0; k < q->stmts.len; k++) {
      const sched_stmt *s = q->stmts.items[k];
      if (s->op == SCHED_OP_INCLUDE && s->callee_seq == i)
        return true;
    }
  }
  return false;
}

static bool in_main_file(const sched_program *p, const sched_seq *q) {
  return q->loc.file && p->file && strcmp(q->loc.file, p->file) == 0;
}

const sched_seq *sched_kernel_seq(const sched_program *p, const char *kernel) {
  const sched_seq *any = NULL;
  for (int i = 0; i < p->seqs.len; i++) {
    const sched_seq *q = p->seqs.items[i];
    if (strcmp(q->name, kernel) != 0 || !in_main_file(p, q))
      continue;
    if (q->nargs == 1)
      return q;
    if (!any)
      any = q;
  }
  return any;
}

/* "'a', 'b'" */
static const char *kernel_list(scc_ctx *ctx, const ir_module *m) {
  scc_buf b = {0};
  for (int i = 0; i < m->kernels.len; i++)
    scc_buf_printf(&b, "%s'%s'", i ? ", " : "",
                   ((const ir_kernel *)m->kernels.items[i])->name);
  char *t = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

bool sched_check_kernels(scc_ctx *ctx, const sched_program *p,
                         const ir_module *m) {
  const sched_seq *entry = entry_seq(p);
  if (m->kernels.len == 0) {
    scc_error(ctx, (scc_loc){m->filename, 0, 0},
              "no kernel in %s: mark a function or loop with '#pragma "
              "schedcc kernel' or '#pragma scop'",
              m->filename);
    const sched_seq *q = entry;
    for (int i = 0; !q && i < p->seqs.len; i++)
      if (in_main_file(p, p->seqs.items[i]))
        q = p->seqs.items[i];
    if (q)
      scc_note(ctx, q->loc,
               "the schedule's entry sequence '@%s' has no kernel to run on",
               q->name);
    return false;
  }
  const char **names =
      scc_arena_alloc(ctx->arena, sizeof *names * (size_t)m->kernels.len);
  int matched = 0;
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    names[i] = k->name;
    matched += sched_kernel_seq(p, k->name) != NULL;
  }
  bool runs_nothing = !entry && matched == 0;
  int before = ctx->nerrors;
  for (int i = 0; i < p->seqs.len; i++) {
    const sched_seq *q = p->seqs.items[i];
    if (!in_main_file(p, q) || is_kernel_name(m, q->name) ||
        strcmp(q->name, "main") == 0 ||
        strcmp(q->name, "__transform_main") == 0 || is_included(p, i))
      continue;
    const char *hint = sched_closest_name(q->name, names, m->kernels.len);
    const ir_kernel *hk = NULL;
    for (int j = 0; hint && j < m->kernels.len; j++)
      if (names[j] == hint)
        hk = m->kernels.items[j];
    if (runs_nothing) {
      if (hint)
        scc_error(ctx, q->loc,
                  "named_sequence '@%s' matches no kernel of %s, and the "
                  "schedule has no @main: did you mean '@%s'?",
                  q->name, m->filename, hint);
      else
        scc_error(ctx, q->loc,
                  "named_sequence '@%s' matches no kernel of %s (kernels: "
                  "%s), and the schedule has no @main: it would change "
                  "nothing",
                  q->name, m->filename, kernel_list(ctx, m));
      if (hk)
        scc_note(ctx, hk->loc, "kernel '%s' is here", hk->name);
    } else if (hint) {
      scc_warning(ctx, q->loc,
                  "named_sequence '@%s' matches no kernel of %s and is never "
                  "included: did you mean '@%s'?%s",
                  q->name, m->filename, hint,
                  entry && !sched_kernel_seq(p, hint)
                      ? scc_arena_printf(ctx->arena,
                                         " (kernel '%s' runs '@%s' instead)",
                                         hint, entry->name)
                      : "");
    }
  }
  if (runs_nothing && ctx->nerrors == before) {
    scc_error(ctx, (scc_loc){p->file, 0, 0},
              "schedule '%s' has no named_sequence @main, @__transform_main "
              "or @<kernel> for the kernels of %s (%s): it would change "
              "nothing",
              p->file, m->filename, kernel_list(ctx, m));
  }
  return ctx->nerrors == before;
}

/* ---- match.loop: the loops that are there -------------------------------- */

typedef struct loop_names {
  scc_vec names; /* const char *: ivs and labels, each once */
  scc_arena *arena;
} loop_names;

static void add_name(loop_names *ln, const char *name) {
  for (int i = 0; i < ln->names.len; i++)
    if (strcmp(ln->names.items[i], name) == 0)
      return;
  scc_vec_push(ln->arena, &ln->names, (void *)name);
}

static bool collect_loop(ir_node *n, void *data) {
  loop_names *ln = data;
  if (n->kind == IR_NODE_LOOP) {
    add_name(ln, n->u.loop.iv->name);
    if (n->u.loop.label)
      add_name(ln, n->u.loop.label);
  }
  return true;
}

void sched_report_no_loop(sched_run *r, const sched_stmt *s, const char *name,
                          ir_node *n, const char *what) {
  loop_names ln = {.arena = r->ctx->arena};
  if (!n)
    ir_walk_block(&r->k->body, collect_loop, &ln);
  else if (n->kind == IR_NODE_LOOP)
    ir_walk_block(&n->u.loop.body, collect_loop, &ln);
  else if (n->kind == IR_NODE_IF) {
    ir_walk_block(&n->u.ifs.then_body, collect_loop, &ln);
    ir_walk_block(&n->u.ifs.else_body, collect_loop, &ln);
  }
  /* No hint for one- and two-letter names: every short iv is "close". */
  const char *hint =
      strlen(name) < 3
          ? NULL
          : sched_closest_name(name, (const char *const *)ln.names.items,
                               ln.names.len);
  if (hint)
    scc_error(r->ctx, s->loc,
              "match.loop: no loop '%s' in %s; did you mean "
              "'%s'?",
              name, what, hint);
  else
    scc_error(r->ctx, s->loc, "match.loop: no loop '%s' in %s", name, what);
  scc_loc at = n ? n->loc : r->k->loc;
  if (ln.names.len == 0) {
    scc_note(r->ctx, at, "no loops here");
    return;
  }
  scc_buf b = {0};
  for (int i = 0; i < ln.names.len; i++)
    scc_buf_printf(&b, "%s%s", i ? ", " : "", (const char *)ln.names.items[i]);
  scc_note(r->ctx, at, "loops here: %s", b.data);
  scc_buf_free(&b);
}

void sched_warn_no_dump(scc_ctx *ctx, const sched_seq *q, const ir_kernel *k,
                        const char *opt) {
  if (strcmp(opt, "all") == 0) {
    scc_warning(ctx, q->loc,
                "--dump-after=all: '@%s' ran no transform op on kernel '%s'",
                q->name, k->name);
    return;
  }
  if (sched_op_find(opt)) {
    scc_warning(ctx, q->loc,
                "--dump-after=%s: '@%s' ran no '%s' on kernel "
                "'%s'",
                opt, q->name, opt, k->name);
    return;
  }
  const char *names[SCHED_NOPS];
  for (int i = 0; i < SCHED_NOPS; i++)
    names[i] = sched_ops[i].name;
  const char *hint = sched_closest_name(opt, names, SCHED_NOPS);
  scc_warning(ctx, q->loc,
              "--dump-after=%s names no schedule op%s%s%s (expected an op "
              "number, an op name or 'all')",
              opt, hint ? "; did you mean '" : "", hint ? hint : "",
              hint ? "'?" : "");
}
