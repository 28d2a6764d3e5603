/* fe.c — the frontend's driver: libclang parses the file, clang errors are
 * reported, the main file is tokenized to find the pragmas, and every
 * kernel region is located and handed to fe_stmt.c for raising.
 *
 * Pragmas are found on the raw token stream (clang_tokenize over the whole
 * main file: `#` `pragma` `scop` ...) and matched to AST cursors by byte
 * offsets: a `#pragma schedcc kernel` or `label` targets the function or
 * `for` statement whose extent starts at the first token after the pragma
 * line; a scop holds the direct children of the innermost compound
 * statement lying between `#pragma scop` and `#pragma endscop`.
 */
#include "fe_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Tokenizes the main file; fills used_names with its identifiers. */
static void tokenize_file(fe_state *s) {
  CXSourceLocation b = clang_getLocationForOffset(s->tu, s->file, 0);
  CXSourceLocation e =
      clang_getLocationForOffset(s->tu, s->file, (unsigned)s->m->source_len);
  clang_tokenize(s->tu, clang_getRange(b, e), &s->toks, &s->ntoks);
  s->tok_off = scc_arena_alloc(s->ctx->arena, sizeof(size_t) * (s->ntoks + 1));
  /* A small open-addressing set of names already pushed. */
  size_t cap = 64;
  while (cap < 2 * (size_t)s->ntoks + 2)
    cap *= 2;
  const char **set = scc_arena_alloc(s->ctx->arena, sizeof(char *) * cap);
  for (unsigned i = 0; i < s->ntoks; i++) {
    unsigned off;
    clang_getSpellingLocation(clang_getTokenLocation(s->tu, s->toks[i]), NULL,
                              NULL, NULL, &off);
    s->tok_off[i] = off;
    if (clang_getTokenKind(s->toks[i]) != CXToken_Identifier)
      continue;
    const char *name = fe_tok_str(s, i);
    size_t h = 5381;
    for (const char *p = name; *p; p++)
      h = h * 33 + (unsigned char)*p;
    for (h &= cap - 1; set[h]; h = (h + 1) & (cap - 1))
      if (strcmp(set[h], name) == 0)
        break;
    if (!set[h]) {
      set[h] = name;
      scc_vec_push(s->ctx->arena, &s->m->used_names, (void *)name);
    }
  }
}

/* ---- pragmas ------------------------------------------------------------ */

typedef enum prag_kind { P_SCOP, P_ENDSCOP, P_KERNEL, P_LABEL } prag_kind;

typedef struct prag {
  prag_kind kind;
  size_t off;      /* offset of '#' */
  size_t after;    /* offset of the first token after the directive line */
  size_t line_end; /* offset of the last token of the line */
  scc_loc loc;
  const char *label;
} prag;

/* The first token index after the directive starting at token i, skipping
 * further directive lines. */
static unsigned after_directives(fe_state *s, unsigned i) {
  while (i < s->ntoks && fe_starts_directive(s, i)) {
    unsigned line = fe_tok_line(s, i);
    while (i < s->ntoks && fe_tok_line(s, i) == line)
      i++;
  }
  return i;
}

/* Records the pragma on tokens i..end (`#` `pragma` ...) as foreign. */
static void note_foreign(fe_state *s, unsigned i, unsigned end) {
  fe_foreign *f = scc_arena_alloc(s->ctx->arena, sizeof *f);
  f->off = s->tok_off[i];
  f->loc = fe_tok_loc(s, i);
  const char *last = fe_tok_str(s, end);
  f->text =
      scc_arena_strndup(s->ctx->arena, s->m->source + s->tok_off[i + 2],
                        s->tok_off[end] + strlen(last) - s->tok_off[i + 2]);
  scc_vec_push(s->ctx->arena, &s->foreign, f);
}

/* Warns about each foreign pragma inside a kernel's regenerated range: the
 * C backend writes the kernel from its IR, where such pragmas have no
 * place, so they would vanish without a word. */
static void warn_foreign(fe_state *s) {
  for (int i = 0; i < s->foreign.len; i++) {
    const fe_foreign *f = s->foreign.items[i];
    for (int j = 0; j < s->m->kernels.len; j++) {
      const ir_kernel *k = s->m->kernels.items[j];
      if (f->off >= k->begin && f->off < k->end) {
        scc_warning(s->ctx, f->loc,
                    "'#pragma %s' inside kernel '%s' is dropped: the kernel "
                    "is regenerated from its IR (say it in the schedule "
                    "instead, e.g. loop.parallel or loop.vectorize)",
                    f->text, k->name);
        break;
      }
    }
  }
}

static void find_pragmas(fe_state *s, scc_vec *out) {
  for (unsigned i = 0; i < s->ntoks; i++) {
    if (!fe_starts_directive(s, i) || !fe_tok_is(s, i + 1, "pragma"))
      continue;
    unsigned line = fe_tok_line(s, i);
    if (i + 2 >= s->ntoks || fe_tok_line(s, i + 2) != line)
      continue;
    unsigned end = i;
    while (end + 1 < s->ntoks && fe_tok_line(s, end + 1) == line)
      end++;
    prag *p = scc_arena_alloc(s->ctx->arena, sizeof *p);
    p->off = s->tok_off[i];
    p->loc = fe_tok_loc(s, i);
    unsigned nx = after_directives(s, i);
    p->after = nx < s->ntoks ? s->tok_off[nx] : s->m->source_len;
    p->line_end = s->tok_off[end];
    if (fe_tok_is(s, i + 2, "scop") && end == i + 2) {
      p->kind = P_SCOP;
    } else if (fe_tok_is(s, i + 2, "endscop") && end == i + 2) {
      p->kind = P_ENDSCOP;
    } else if (fe_tok_is(s, i + 2, "schedcc")) {
      if (i + 3 <= end && fe_tok_is(s, i + 3, "kernel") && end == i + 3) {
        p->kind = P_KERNEL;
      } else if (i + 3 <= end && fe_tok_is(s, i + 3, "label") && end == i + 6 &&
                 fe_tok_is(s, i + 4, "(") && fe_tok_is(s, i + 6, ")") &&
                 clang_getTokenKind(s->toks[i + 5]) == CXToken_Identifier) {
        p->kind = P_LABEL;
        p->label = fe_tok_str(s, i + 5);
      } else if (i + 3 <= end && fe_tok_is(s, i + 3, "schedule")) {
        /* #pragma schedcc schedule("k.sched"): read by schedcc-cc (the
         * schedule to apply to the file); the frontend checks its form. */
        if (end != i + 6 || !fe_tok_is(s, i + 4, "(") ||
            !fe_tok_is(s, i + 6, ")") ||
            clang_getTokenKind(s->toks[i + 5]) != CXToken_Literal ||
            fe_tok_str(s, i + 5)[0] != '"') {
          scc_error(s->ctx, fe_tok_loc(s, i + 3),
                    "expected '#pragma schedcc schedule(\"file.sched\")'");
          continue;
        }
        fe_erase_line(s, s->tok_off[i], s->tok_off[end]);
        continue;
      } else {
        unsigned at = i + 3 <= end ? i + 3 : i + 2;
        scc_error(s->ctx, fe_tok_loc(s, at), "unknown pragma 'schedcc %s'",
                  i + 3 <= end ? fe_tok_str(s, i + 3) : "");
        continue;
      }
    } else {
      if (!fe_tok_is(s, i + 2, "omp") || !fe_omp_reads(s, i, end))
        note_foreign(s, i, end); /* another tool's pragma */
      if (fe_tok_is(s, i + 2, "omp"))
        fe_omp_directive(s, i, end, p->after);
      continue;
    }
    scc_vec_push(s->ctx->arena, out, p);
    fe_erase_line(s, p->off, s->tok_off[end]);
  }
}

/* ---- functions, loops and compound statements of the main file -------- */

typedef struct fn_info {
  CXCursor cur;
  const char *name;
  size_t begin, end;
  int nkernels; /* kernels found in it, for naming */
  int next_n;
} fn_info;

typedef struct stmt_info {
  CXCursor cur;
  size_t begin, end;
  fn_info *fn;
} stmt_info;

typedef struct scan {
  fe_state *s;
  fn_info *fn;
  scc_vec fns;   /* fn_info * */
  scc_vec fors;  /* stmt_info * */
  scc_vec comps; /* stmt_info *: compound statements */
} scan;

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent,
                                         CXClientData d) {
  (void)parent;
  scan *sc = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ForStmt || k == CXCursor_CompoundStmt) {
    stmt_info *si = scc_arena_alloc(sc->s->ctx->arena, sizeof *si);
    si->cur = c;
    si->fn = sc->fn;
    fe_cursor_range(sc->s, c, &si->begin, &si->end);
    scc_vec_push(sc->s->ctx->arena,
                 k == CXCursor_ForStmt ? &sc->fors : &sc->comps, si);
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult scan_top(CXCursor c, CXCursor parent,
                                        CXClientData d) {
  (void)parent;
  scan *sc = d;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
      !clang_isCursorDefinition(c) ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  fn_info *f = scc_arena_alloc(sc->s->ctx->arena, sizeof *f);
  f->cur = c;
  CXString n = clang_getCursorSpelling(c);
  f->name = scc_arena_strdup(sc->s->ctx->arena, clang_getCString(n));
  clang_disposeString(n);
  fe_cursor_range(sc->s, c, &f->begin, &f->end);
  scc_vec_push(sc->s->ctx->arena, &sc->fns, f);
  sc->fn = f;
  clang_visitChildren(c, scan_body, sc);
  sc->fn = NULL;
  return CXChildVisit_Continue;
}

/* ---- kernel regions ----------------------------------------------------- */

/* Past the statement ending at `end`: includes a following ';' when the
 * extent stops before it (expression statements, return, ...). */
static size_t stmt_end(fe_state *s, size_t end) {
  unsigned i = fe_token_at(s, end);
  if (i == 0 || i >= s->ntoks)
    return end;
  if (fe_tok_is(s, i - 1, "}") || fe_tok_is(s, i - 1, ";"))
    return end;
  if (fe_tok_is(s, i, ";"))
    return s->tok_off[i] + 1;
  return end;
}

static int col_of(fe_state *s, size_t off) {
  int col = 0;
  while (off > 0 && s->m->source[off - 1] != '\n') {
    off--;
    col++;
  }
  return col;
}

typedef struct kreq {
  ir_kernel_form form;
  fn_info *fn;
  size_t begin, end; /* region */
  CXCursor *stmts;   /* statements to raise (LOOP, SCOP), or the body */
  int nstmts;
  CXCursor func; /* FUNCTION form */
  const char *label;
  scc_loc loc;
  bool skip;
} kreq;

static void raise_kernel(fe_state *s, kreq *r, const char *name) {
  ir_kernel *k = ir_kernel_new(s->ctx, s->m, name);
  k->func_name = scc_arena_strdup(s->ctx->arena, r->fn->name);
  k->form = r->form;
  k->loc = r->loc;
  k->begin = r->begin;
  k->end = r->end;
  k->func_begin = r->fn->begin;
  k->indent =
      col_of(s, r->form == IR_KERNEL_FUNCTION ? r->fn->begin : r->begin);
  s->k = k;
  s->ivs.len = 0;
  s->decls.len = 0;
  s->substs.len = 0;
  s->locals.len = 0;
  s->scope_end = SIZE_MAX;
  s->omp_groups.len = 0;
  int errors0 = s->ctx->nerrors;
  if (r->form == IR_KERNEL_FUNCTION) {
    /* Every parameter the IR can hold; others (structs, pointers to
     * pointers) are reported only when the body uses them. */
    int np = clang_Cursor_getNumArguments(r->func);
    s->quiet = true;
    for (int i = 0; i < np; i++) {
      CXCursor p = clang_Cursor_getArgument(r->func, (unsigned)i);
      if (fe_decl_is_array(p))
        fe_array_for_decl(s, p, p);
      else
        fe_var_for_decl(s, p, p);
    }
    s->quiet = false;
    s->failed = false;
  }
  for (int i = 0; i < r->nstmts; i++)
    fe_stmt(s, r->stmts[i], &k->body);
  if (s->ctx->nerrors == errors0)
    fe_subst_assignments(s);
  fe_check_kernel(s);
  fe_omp_kernel(s, k, errors0);
  s->k = NULL;
}

static int cmp_kreq(const void *a, const void *b) {
  const kreq *x = *(kreq *const *)a, *y = *(kreq *const *)b;
  return x->begin < y->begin ? -1 : x->begin > y->begin;
}

static void find_kernels(fe_state *s) {
  scc_vec prags = {0};
  find_pragmas(s, &prags);
  scan sc = {.s = s};
  clang_visitChildren(clang_getTranslationUnitCursor(s->tu), scan_top, &sc);

  scc_vec reqs = {0};
  scc_vec labels = {0};
  for (int i = 0; i < prags.len; i++) {
    prag *p = prags.items[i];
    if (p->kind == P_ENDSCOP) {
      scc_error(s->ctx, p->loc, "'#pragma endscop' without '#pragma scop'");
      continue;
    }
    if (p->kind == P_SCOP) {
      prag *e = i + 1 < prags.len ? prags.items[i + 1] : NULL;
      if (!e || e->kind != P_ENDSCOP) {
        scc_error(s->ctx, p->loc, "'#pragma scop' without '#pragma endscop'");
        continue;
      }
      i++;
      /* The innermost compound statement containing the pragma. */
      stmt_info *best = NULL;
      for (int j = 0; j < sc.comps.len; j++) {
        stmt_info *c = sc.comps.items[j];
        if (c->begin < p->off && e->off < c->end &&
            (!best || best->begin <= c->begin))
          best = c;
      }
      if (!best) {
        scc_error(s->ctx, p->loc,
                  "'#pragma scop' must be inside a function body");
        continue;
      }
      CXCursor *kids;
      int n = fe_children(s, best->cur, &kids);
      kreq *r = scc_arena_alloc(s->ctx->arena, sizeof *r);
      r->form = IR_KERNEL_SCOP;
      r->fn = best->fn;
      r->loc = p->loc;
      r->stmts =
          scc_arena_alloc(s->ctx->arena, sizeof(CXCursor) * (size_t)(n + 1));
      bool bad = false;
      for (int j = 0; j < n; j++) {
        size_t b, en;
        fe_cursor_range(s, kids[j], &b, &en);
        en = stmt_end(s, en);
        if (en <= p->off || b >= e->off)
          continue;
        if (b < p->off || en > e->off) {
          scc_error(s->ctx, fe_cursor_loc(s, kids[j], NULL),
                    "statement crosses a '#pragma %s' boundary",
                    b < p->off ? "scop" : "endscop");
          bad = true;
          break;
        }
        if (r->nstmts == 0)
          r->begin = b;
        r->end = en;
        r->stmts[r->nstmts++] = kids[j];
      }
      if (bad)
        continue;
      if (r->nstmts == 0) {
        scc_warning(s->ctx, p->loc, "empty '#pragma scop' region ignored");
        continue;
      }
      scc_vec_push(s->ctx->arena, &reqs, r);
      continue;
    }
    if (p->kind == P_LABEL) {
      scc_vec_push(s->ctx->arena, &labels, p);
      continue;
    }
    /* #pragma schedcc kernel: a function or a loop. */
    kreq *r = NULL;
    for (int j = 0; j < sc.fns.len && !r; j++) {
      fn_info *f = sc.fns.items[j];
      if (f->begin != p->after)
        continue;
      CXCursor *kids;
      int n = fe_children(s, f->cur, &kids);
      CXCursor body = clang_getNullCursor();
      for (int q = 0; q < n; q++)
        if (clang_getCursorKind(kids[q]) == CXCursor_CompoundStmt)
          body = kids[q];
      if (clang_Cursor_isNull(body))
        break;
      r = scc_arena_alloc(s->ctx->arena, sizeof *r);
      r->form = IR_KERNEL_FUNCTION;
      r->fn = f;
      r->func = f->cur;
      r->loc = fe_cursor_loc(s, f->cur, NULL);
      size_t b, en;
      fe_cursor_range(s, body, &b, &en);
      r->begin = b + 1;
      r->end = en - 1;
      r->nstmts = fe_children(s, body, &r->stmts);
    }
    for (int j = 0; j < sc.fors.len && !r; j++) {
      stmt_info *f = sc.fors.items[j];
      if (f->begin != p->after)
        continue;
      r = scc_arena_alloc(s->ctx->arena, sizeof *r);
      r->form = IR_KERNEL_LOOP;
      r->fn = f->fn;
      r->loc = fe_cursor_loc(s, f->cur, NULL);
      r->begin = f->begin;
      r->end = stmt_end(s, f->end);
      r->stmts = &f->cur;
      r->nstmts = 1;
    }
    if (!r) {
      scc_error(s->ctx, p->loc,
                "'#pragma schedcc kernel' must precede a function definition "
                "or a 'for' loop");
      continue;
    }
    scc_vec_push(s->ctx->arena, &reqs, r);
  }

  /* Labels. */
  s->labels = scc_arena_alloc(s->ctx->arena,
                              sizeof(fe_label) * (size_t)(labels.len + 1));
  for (int i = 0; i < labels.len; i++) {
    prag *p = labels.items[i];
    bool found = false;
    for (int j = 0; j < sc.fors.len && !found; j++)
      found = ((stmt_info *)sc.fors.items[j])->begin == p->after;
    if (!found) {
      scc_error(s->ctx, p->loc,
                "'#pragma schedcc label' must precede a 'for' loop");
      continue;
    }
    s->labels[s->nlabels++] = (fe_label){p->label, p->after, p->loc, false};
  }

  /* Order, nesting, names. */
  if (reqs.len > 1)
    qsort(reqs.items, (size_t)reqs.len, sizeof(void *), cmp_kreq);
  size_t last_end = 0;
  for (int i = 0; i < reqs.len; i++) {
    kreq *r = reqs.items[i];
    if (i > 0 && r->begin < last_end) {
      scc_error(s->ctx, r->loc, "kernels must not nest or overlap");
      r->skip = true;
      continue;
    }
    last_end = r->end;
    if (!r->fn) {
      scc_error(s->ctx, r->loc, "a kernel must be inside a function");
      r->skip = true;
      continue;
    }
    r->fn->nkernels++;
  }
  for (int i = 0; i < reqs.len; i++) {
    kreq *r = reqs.items[i];
    if (r->skip)
      continue;
    const char *name = r->fn->name;
    int n = ++r->fn->next_n;
    if (r->form != IR_KERNEL_FUNCTION && r->fn->nkernels > 1)
      name = scc_arena_printf(s->ctx->arena, "%s_%d", r->fn->name, n);
    if (r->form == IR_KERNEL_LOOP)
      for (int j = 0; j < s->nlabels; j++)
        if (s->labels[j].target == r->begin)
          name = s->labels[j].name;
    raise_kernel(s, r, name);
  }
  for (int j = 0; j < s->nlabels; j++)
    if (!s->labels[j].used)
      scc_warning(s->ctx, s->labels[j].loc,
                  "'#pragma schedcc label(%s)' outside any kernel is ignored",
                  s->labels[j].name);
  fe_omp_finish(s);
  warn_foreign(s);
}

/* ---- entry point -------------------------------------------------------- */

/* True for a diagnostic of the driver about a flag it does not know or
 * whose value it refuses ("unknown argument: '-fopt-info-vec'"): a flag of
 * another compiler (the wrapper's gcc), which the parse can do without. */
static bool flag_diagnostic(CXDiagnostic d, const char *msg) {
  CXFile f = NULL;
  clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL,
                             NULL);
  return !f && (strncmp(msg, "unknown argument", 16) == 0 ||
                strncmp(msg, "unsupported option", 18) == 0 ||
                strncmp(msg, "invalid value", 13) == 0 ||
                strncmp(msg, "unknown warning option", 22) == 0);
}

/* clang's diagnostics of the parse, as schedcc's: errors stop the tool,
 * warnings (what the flags make warnings: -Wno-error=...) are printed with
 * their option and do not; `-w` among the flags silences them, as it does
 * clang's.  A flag clang does not know is a warning, not an error: the
 * parse ignores it (the compiler that builds the output gets it). */
static void report_clang_diags(fe_state *s, bool quiet) {
  unsigned n = clang_getNumDiagnostics(s->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(s->tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    CXString msg = clang_getDiagnosticSpelling(d);
    const char *m = clang_getCString(msg);
    CXSourceLocation l = clang_getDiagnosticLocation(d);
    CXFile f;
    clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
    scc_loc loc = f ? fe_loc_of(s, l, NULL) : (scc_loc){s->path, 0, 0};
    bool error = sev == CXDiagnostic_Error || sev == CXDiagnostic_Fatal;
    if (error && flag_diagnostic(d, m)) {
      if (!quiet)
        scc_warning(s->ctx, loc, "%s (schedcc's parse ignores it)", m);
    } else if (error) {
      scc_error(s->ctx, loc, "%s", m);
    } else if (sev == CXDiagnostic_Warning && !quiet &&
               !(!f && strncmp(m, "unknown warning option", 22) == 0)) {
      /* (libclang prints an unknown -W option itself, when it reads it) */
      CXString opt = clang_getDiagnosticOption(d, NULL);
      const char *o = clang_getCString(opt);
      if (o && *o)
        scc_warning(s->ctx, loc, "%s [%s]", m, o);
      else
        scc_warning(s->ctx, loc, "%s", m);
      clang_disposeString(opt);
    }
    clang_disposeString(msg);
    clang_disposeDiagnostic(d);
  }
}

/* True when the flags hold -w (no warnings). */
static bool no_warnings(const char *const *args, int nargs) {
  for (int i = 0; i < nargs; i++)
    if (strcmp(args[i], "-w") == 0)
      return true;
  return false;
}

/* The lines of the main file's #include directives that the preprocessor
 * ran (ir_module.include_lines). */
typedef struct inclusions {
  fe_state *s;
  scc_vec lines; /* unsigned, cast through uintptr_t */
} inclusions;

static void inclusion_cb(CXFile included, CXSourceLocation *stack,
                         unsigned depth, CXClientData data) {
  (void)included;
  inclusions *in = data;
  if (depth != 1) /* the main file itself (0), or a nested include */
    return;
  CXFile f;
  unsigned line;
  clang_getSpellingLocation(stack[0], &f, &line, NULL, NULL);
  if (f && in->s->file && clang_File_isEqual(f, in->s->file))
    scc_vec_push(in->s->ctx->arena, &in->lines, (void *)(uintptr_t)line);
}

static void record_inclusions(fe_state *s) {
  inclusions in = {.s = s};
  clang_getInclusions(s->tu, inclusion_cb, &in);
  unsigned *lines = scc_arena_alloc(
      s->ctx->arena, sizeof(unsigned) * (size_t)(in.lines.len + 1));
  for (int i = 0; i < in.lines.len; i++)
    lines[i] = (unsigned)(uintptr_t)in.lines.items[i];
  s->m->include_lines = lines;
  s->m->ninclude_lines = in.lines.len;
  s->m->includes_known = true;
}

ir_module *fe_parse_file(scc_ctx *ctx, const char *path,
                         const char *const *args, int nargs) {
  size_t len;
  char *text = scc_read_file(ctx->arena, path, &len);
  if (!text) {
    scc_error(ctx, (scc_loc){0}, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  int errors0 = ctx->nerrors;
  scc_ctx_add_source(ctx, path, text, len);
  fe_state st = {.ctx = ctx};
  fe_state *s = &st;
  s->m = ir_module_new(ctx, path, text, len);
  s->path = s->m->filename;

  CXIndex index = clang_createIndex(0, 0);
  args = fe_omp_args(ctx, args, nargs, &nargs);
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      index, path, args, nargs, NULL, 0, CXTranslationUnit_KeepGoing, &s->tu);
  if (ec != CXError_Success || !s->tu) {
    scc_error(ctx, (scc_loc){s->path, 0, 0},
              "libclang could not parse the file (error %d)", (int)ec);
    clang_disposeIndex(index);
    return NULL;
  }
  s->file = clang_getFile(s->tu, path);
  record_inclusions(s);
  report_clang_diags(s, no_warnings(args, nargs));
  if (ctx->nerrors == errors0 && s->file) {
    tokenize_file(s);
    find_kernels(s);
  }
  if (s->toks)
    clang_disposeTokens(s->tu, s->toks, s->ntoks);
  clang_disposeTranslationUnit(s->tu);
  clang_disposeIndex(index);
  return ctx->nerrors > errors0 ? NULL : s->m;
}
