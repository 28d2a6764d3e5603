/* sched_parse.c — the schedule-language parser and the public entry points
 * sched_parse_file / sched_parse_string.
 *
 * Grammar (statements end at the end of their line; lists may span lines):
 *   program   := (import | sequence)*
 *   import    := 'import' "path"      (the named file's sequences join the
 *                                      program; see resolve_import)
 *   sequence  := 'named_sequence' @name '(' [%arg {',' %arg}] ')'
 *                  ['{' 'failures' '=' ('suppress'|'propagate') '}']
 *                  '{' stmt* '}'
 *   stmt      := [results '='] op operand* | 'include' @name '(' refs ')'
 *              | [results '='] 'alternatives' region {',' region}
 *   region    := '{' stmt* '}'          (a ',' may end a line)
 *   results   := %a {',' %b} | %t ':' INT
 *   operand   := %name | %name#k | INT | "string" | word | '[' list ']'
 *              | '{' attr {',' attr} '}'      (top-level commas optional)
 *   attr      := word ['=' operand]
 * Errors are reported as "expected X" at the offending token; the parser
 * then skips to the next line and goes on, so one run reports several.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "sched_int.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Files of one parse: those being parsed (an import of one of them is a
 * cycle) and those already imported (imported again: skipped). */
typedef struct import_state {
  scc_vec active; /* const char *: canonical paths */
  scc_vec done;
} import_state;

/* How deep alternatives may nest in one another (the parser, the checker
 * and the interpreter recurse through regions), as clang's
 * -fbracket-depth bounds its parser. */
enum { SCHED_REGION_DEPTH_MAX = 256 };

typedef struct parser {
  scc_ctx *ctx;
  const sched_tok *t;
  int errors;
  const char *file;
  import_state *imports;
  int depth; /* regions of alternatives open */
} parser;

static const char *describe(scc_ctx *ctx, const sched_tok *t) {
  switch (t->kind) {
  case SCHED_T_EOF:
    return "end of file";
  case SCHED_T_HANDLE:
    return scc_arena_printf(ctx->arena, "'%%%s'", t->text);
  case SCHED_T_SYMBOL:
    return scc_arena_printf(ctx->arena, "'@%s'", t->text);
  case SCHED_T_STRING:
    return scc_arena_printf(ctx->arena, "string \"%s\"", t->text);
  default:
    return scc_arena_printf(ctx->arena, "'%s'", t->text);
  }
}

static bool is_punct(const sched_tok *t, char c) {
  return t->kind == SCHED_T_PUNCT && t->text[0] == c;
}

static void expected(parser *p, const char *what) {
  scc_error(p->ctx, p->t->loc, "expected %s, got %s", what,
            describe(p->ctx, p->t));
  p->errors++;
}

static bool expect_punct(parser *p, char c) {
  if (is_punct(p->t, c)) {
    p->t++;
    return true;
  }
  expected(p, scc_arena_printf(p->ctx->arena, "'%c'", c));
  return false;
}

/* Error recovery: skips the rest of the statement that began at `start`,
 * i.e. the tokens on its first line, but stops before a '}' on that line
 * that closes the enclosing sequence (an unmatched one).  When the error
 * was found on a later line, stays there. */
static void skip_stmt(parser *p, const sched_tok *start) {
  const sched_tok *q = start;
  int line = start->loc.line, bal = 0;
  for (; q->kind != SCHED_T_EOF && q->loc.line == line; q++) {
    if (is_punct(q, '{'))
      bal++;
    else if (is_punct(q, '}') && bal-- == 0)
      break;
  }
  if (q > p->t)
    p->t = q;
}

static bool parse_operand(parser *p, sched_item *it);

static bool parse_list(parser *p, sched_item *it) {
  it->kind = SCHED_I_LIST;
  it->loc = p->t->loc;
  p->t++; /* [ */
  scc_vec elems = {0};
  if (!is_punct(p->t, ']')) {
    for (;;) {
      sched_item *e = scc_arena_alloc(p->ctx->arena, sizeof *e);
      if (!parse_operand(p, e))
        return false;
      scc_vec_push(p->ctx->arena, &elems, e);
      if (is_punct(p->t, ','))
        p->t++;
      else
        break;
    }
  }
  if (!expect_punct(p, ']'))
    return false;
  it->n = elems.len;
  it->elems = scc_arena_alloc(p->ctx->arena, sizeof *it->elems * elems.len);
  for (int i = 0; i < elems.len; i++)
    it->elems[i] = *(sched_item *)elems.items[i];
  return true;
}

static bool parse_operand(parser *p, sched_item *it) {
  const sched_tok *t = p->t;
  it->loc = t->loc;
  it->slot = -1;
  switch (t->kind) {
  case SCHED_T_HANDLE:
    it->kind = SCHED_I_REF;
    it->text = t->text;
    it->index = t->index;
    break;
  case SCHED_T_INT:
    it->kind = SCHED_I_INT;
    it->ival = t->ival;
    break;
  case SCHED_T_STRING:
    it->kind = SCHED_I_STRING;
    it->text = t->text;
    break;
  case SCHED_T_IDENT:
    it->kind = SCHED_I_KEYWORD;
    it->text = t->text;
    break;
  default:
    if (is_punct(t, '['))
      return parse_list(p, it);
    expected(p, "an operand (%handle, number, string, keyword or list)");
    return false;
  }
  p->t++;
  return true;
}

static bool parse_attrs(parser *p, scc_vec *attrs) {
  p->t++; /* { */
  while (!is_punct(p->t, '}')) {
    if (p->t->kind != SCHED_T_IDENT) {
      expected(p, "an attribute name");
      return false;
    }
    sched_attr *a = scc_arena_alloc(p->ctx->arena, sizeof *a);
    a->key = p->t->text;
    a->loc = p->t->loc;
    p->t++;
    if (is_punct(p->t, '=')) {
      p->t++;
      a->has_value = true;
      if (!parse_operand(p, &a->value))
        return false;
    }
    scc_vec_push(p->ctx->arena, attrs, a);
    if (is_punct(p->t, ','))
      p->t++;
    else if (!is_punct(p->t, '}')) {
      expected(p, "',' or '}' in attributes");
      return false;
    }
  }
  p->t++; /* } */
  return true;
}

/* include @seq(%a, ...) — the arguments become the items. */
static bool parse_include(parser *p, sched_stmt *s, scc_vec *items) {
  if (p->t->kind != SCHED_T_SYMBOL) {
    expected(p, "'@sequence' after 'include'");
    return false;
  }
  s->callee = p->t->text;
  s->callee_loc = p->t->loc;
  p->t++;
  if (!expect_punct(p, '('))
    return false;
  if (!is_punct(p->t, ')')) {
    for (;;) {
      sched_item *it = scc_arena_alloc(p->ctx->arena, sizeof *it);
      if (!parse_operand(p, it))
        return false;
      scc_vec_push(p->ctx->arena, items, it);
      if (!is_punct(p->t, ','))
        break;
      p->t++;
    }
  }
  return expect_punct(p, ')');
}

static sched_stmt *parse_stmt(parser *p);

/* alternatives { stmt* }, { stmt* }, ... — a ',' between regions may be
 * followed by a line break. */
/* Skips the regions `{ ... }, { ... }` at p->t (braces balanced): where
 * parsing resumes after alternatives nested too deep. */
static void skip_regions(parser *p) {
  while (is_punct(p->t, '{')) {
    int open = 0;
    do {
      if (p->t->kind == SCHED_T_EOF)
        return;
      open += is_punct(p->t, '{') - is_punct(p->t, '}');
      p->t++;
    } while (open > 0);
    if (!is_punct(p->t, ','))
      return;
    p->t++;
  }
}

static bool parse_regions(parser *p, sched_stmt *s) {
  scc_vec regions = {0}, locs = {0};
  if (p->depth >= SCHED_REGION_DEPTH_MAX) {
    scc_error(p->ctx, p->t->loc,
              "alternatives nested more than %d deep; flatten them (a region "
              "may include a named sequence that holds the inner ones)",
              SCHED_REGION_DEPTH_MAX);
    p->errors++;
    skip_regions(p);
    return false;
  }
  p->depth++;
  for (;;) {
    if (!is_punct(p->t, '{')) {
      expected(p, "'{' to begin a region of 'alternatives'");
      p->depth--;
      return false;
    }
    scc_loc *l = scc_arena_alloc(p->ctx->arena, sizeof *l);
    *l = p->t->loc;
    p->t++;
    scc_vec *stmts = scc_arena_alloc(p->ctx->arena, sizeof *stmts);
    while (!is_punct(p->t, '}')) {
      if (p->t->kind == SCHED_T_EOF ||
          (p->t->kind == SCHED_T_IDENT &&
           strcmp(p->t->text, "named_sequence") == 0)) {
        expected(p, "'}' at the end of the region");
        p->depth--;
        return false;
      }
      sched_stmt *x = parse_stmt(p);
      if (x)
        scc_vec_push(p->ctx->arena, stmts, x);
    }
    p->t++;
    scc_vec_push(p->ctx->arena, &regions, stmts);
    scc_vec_push(p->ctx->arena, &locs, l);
    if (!is_punct(p->t, ','))
      break;
    p->t++;
  }
  p->depth--;
  s->nregions = regions.len;
  s->regions = scc_arena_alloc(p->ctx->arena, sizeof *s->regions * regions.len);
  s->region_locs =
      scc_arena_alloc(p->ctx->arena, sizeof *s->region_locs * regions.len);
  for (int i = 0; i < regions.len; i++) {
    s->regions[i] = *(scc_vec *)regions.items[i];
    s->region_locs[i] = *(scc_loc *)locs.items[i];
  }
  return true;
}

/* named_sequence @s(%h) {failures = suppress|propagate} — the sequence's
 * attributes, told from its body by the '=' after the first word. */
static bool parse_seq_attrs(parser *p, sched_seq *q) {
  scc_vec attrs = {0};
  if (!parse_attrs(p, &attrs))
    return false;
  for (int i = 0; i < attrs.len; i++) {
    sched_attr *a = attrs.items[i];
    if (strcmp(a->key, "failures") != 0) {
      scc_error(p->ctx, a->loc,
                "unknown attribute '%s' of 'named_sequence' (expected "
                "'failures = suppress' or 'failures = propagate')",
                a->key);
      p->errors++;
      return false;
    }
    const char *v = a->value.kind == SCHED_I_KEYWORD ? a->value.text : "";
    if (strcmp(v, "suppress") == 0)
      q->suppress = true;
    else if (strcmp(v, "propagate") == 0)
      q->suppress = false;
    else {
      scc_error(p->ctx, a->has_value ? a->value.loc : a->loc,
                "'failures' must be 'suppress' or 'propagate'");
      p->errors++;
      return false;
    }
  }
  return true;
}

static sched_stmt *parse_stmt(parser *p) {
  sched_stmt *s = scc_arena_alloc(p->ctx->arena, sizeof *s);
  const sched_tok *start = p->t;
  scc_vec names = {0}, locs = {0};
  if (p->t->kind == SCHED_T_HANDLE) {
    for (;;) {
      if (p->t->kind != SCHED_T_HANDLE || p->t->index) {
        expected(p, "a result name ('%name')");
        goto fail;
      }
      scc_vec_push(p->ctx->arena, &names, (void *)p->t->text);
      scc_loc *l = scc_arena_alloc(p->ctx->arena, sizeof *l);
      *l = p->t->loc;
      scc_vec_push(p->ctx->arena, &locs, l);
      p->t++;
      if (is_punct(p->t, ':') && names.len == 1) {
        p->t++;
        if (p->t->kind != SCHED_T_INT || p->t->ival < 1 || p->t->ival > 4096) {
          expected(p, "a positive result count after ':'");
          goto fail;
        }
        s->multi = true;
        s->declared = (int)p->t->ival;
        p->t++;
        break;
      }
      if (!is_punct(p->t, ','))
        break;
      p->t++;
    }
    if (!is_punct(p->t, '=')) {
      expected(p, "'=' after the results");
      goto fail;
    }
    p->t++;
  }
  s->nres = names.len;
  s->res_names = (const char **)names.items;
  s->res_locs = scc_arena_alloc(p->ctx->arena, sizeof *s->res_locs * locs.len);
  for (int i = 0; i < locs.len; i++)
    s->res_locs[i] = *(scc_loc *)locs.items[i];
  if (p->t->kind != SCHED_T_IDENT) {
    expected(p, "an op name");
    goto fail;
  }
  s->opname = p->t->text;
  s->loc = p->t->loc;
  s->op = SCHED_NOPS; /* resolved by the checker */
  p->t++;
  scc_vec items = {0}, attrs = {0};
  if (strcmp(s->opname, "include") == 0) {
    if (!parse_include(p, s, &items))
      goto fail;
  } else if (strcmp(s->opname, "alternatives") == 0) {
    if (!parse_regions(p, s))
      goto fail;
  } else {
    /* Operands: everything up to the end of the line. */
    int last_line = s->loc.line;
    while (p->t->kind != SCHED_T_EOF && p->t->loc.line == last_line &&
           !is_punct(p->t, '}') && !is_punct(p->t, ';')) {
      if (is_punct(p->t, ',')) {
        p->t++;
        continue;
      }
      if (is_punct(p->t, '{')) {
        if (!parse_attrs(p, &attrs))
          goto fail;
      } else {
        sched_item *it = scc_arena_alloc(p->ctx->arena, sizeof *it);
        if (!parse_operand(p, it))
          goto fail;
        scc_vec_push(p->ctx->arena, &items, it);
      }
      last_line = p->t[-1].loc.line;
    }
  }
  if (is_punct(p->t, ';'))
    p->t++;
  else if (p->t->kind != SCHED_T_EOF && !is_punct(p->t, '}') &&
           p->t->loc.line == p->t[-1].loc.line) {
    expected(p, "end of line after the statement");
    goto fail;
  }
  s->nitems = items.len;
  s->items = scc_arena_alloc(p->ctx->arena, sizeof *s->items * items.len);
  for (int i = 0; i < items.len; i++)
    s->items[i] = *(sched_item *)items.items[i];
  s->nattrs = attrs.len;
  s->attrs = scc_arena_alloc(p->ctx->arena, sizeof *s->attrs * attrs.len);
  for (int i = 0; i < attrs.len; i++)
    s->attrs[i] = *(sched_attr *)attrs.items[i];
  return s;
fail:
  skip_stmt(p, start);
  return NULL;
}

static sched_seq *parse_seq(parser *p) {
  sched_seq *q = scc_arena_alloc(p->ctx->arena, sizeof *q);
  q->loc = p->t->loc;
  p->t++; /* named_sequence */
  if (p->t->kind != SCHED_T_SYMBOL) {
    expected(p, "'@name' after 'named_sequence'");
    return NULL;
  }
  q->name = p->t->text;
  q->loc = p->t->loc;
  p->t++;
  if (!expect_punct(p, '('))
    return NULL;
  scc_vec args = {0}, locs = {0};
  if (!is_punct(p->t, ')')) {
    for (;;) {
      if (p->t->kind != SCHED_T_HANDLE || p->t->index) {
        expected(p, "an argument name ('%name')");
        return NULL;
      }
      scc_vec_push(p->ctx->arena, &args, (void *)p->t->text);
      scc_loc *l = scc_arena_alloc(p->ctx->arena, sizeof *l);
      *l = p->t->loc;
      scc_vec_push(p->ctx->arena, &locs, l);
      p->t++;
      if (!is_punct(p->t, ','))
        break;
      p->t++;
    }
  }
  if (!expect_punct(p, ')'))
    return NULL;
  if (is_punct(p->t, '{') && p->t[1].kind == SCHED_T_IDENT &&
      is_punct(&p->t[2], '=') && !parse_seq_attrs(p, q))
    return NULL;
  if (!expect_punct(p, '{'))
    return NULL;
  q->nargs = args.len;
  q->arg_names = (const char **)args.items;
  q->arg_locs = scc_arena_alloc(p->ctx->arena, sizeof *q->arg_locs * locs.len);
  for (int i = 0; i < locs.len; i++)
    q->arg_locs[i] = *(scc_loc *)locs.items[i];
  while (!is_punct(p->t, '}')) {
    if (p->t->kind == SCHED_T_EOF) {
      expected(p, "'}' at the end of the sequence");
      return q;
    }
    if (p->t->kind == SCHED_T_IDENT &&
        strcmp(p->t->text, "named_sequence") == 0) {
      expected(p, "'}' before the next 'named_sequence'");
      return q;
    }
    sched_stmt *s = parse_stmt(p);
    if (s)
      scc_vec_push(p->ctx->arena, &q->stmts, s);
  }
  p->t++;
  return q;
}

/* The canonical spelling of an existing file's path (realpath), or NULL. */
static const char *canonical(scc_ctx *ctx, const char *path) {
  char buf[PATH_MAX];
  if (!realpath(path, buf))
    return NULL;
  return scc_arena_strdup(ctx->arena, buf);
}

static bool vec_has_str(const scc_vec *v, const char *s) {
  for (int i = 0; i < v->len; i++)
    if (strcmp(v->items[i], s) == 0)
      return true;
  return false;
}

/* The directory part of a path ("." when there is none). */
static const char *dir_of(scc_ctx *ctx, const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return ".";
  if (slash == path)
    return "/";
  return scc_arena_strndup(ctx->arena, path, (size_t)(slash - path));
}

/* Where `import "name"` in file `from` finds its file, in this order:
 *  1. name itself when absolute, else relative to the importing file's
 *     directory;
 *  2. $SCHEDCC_LIB/name, and $SCHEDCC_LIB/<name without a leading "lib/">
 *     (SCHEDCC_LIB names a library directory);
 *  3. the schedules/ folder of the source tree (compile-time
 *     SCHEDCC_SOURCE_DIR, when defined), so "lib/x.sched" is
 *     schedules/lib/x.sched;
 *  4. next to the running schedcc: <bindir>/../share/schedcc/name (the
 *     installed library) and <bindir>/../schedules/name (a build directory
 *     inside the source tree).
 * Returns the canonical path, or NULL (tried paths in *tried). */
static const char *resolve_import(scc_ctx *ctx, const char *from,
                                  const char *name, scc_buf *tried) {
  scc_vec cands = {0};
  if (name[0] == '/')
    scc_vec_push(ctx->arena, &cands, (void *)name);
  else
    scc_vec_push(
        ctx->arena, &cands,
        scc_arena_printf(ctx->arena, "%s/%s", dir_of(ctx, from), name));
  if (name[0] != '/') {
    const char *lib = getenv("SCHEDCC_LIB");
    if (lib && *lib) {
      scc_vec_push(ctx->arena, &cands,
                   scc_arena_printf(ctx->arena, "%s/%s", lib, name));
      if (strncmp(name, "lib/", 4) == 0)
        scc_vec_push(ctx->arena, &cands,
                     scc_arena_printf(ctx->arena, "%s/%s", lib, name + 4));
    }
#ifdef SCHEDCC_SOURCE_DIR
    scc_vec_push(ctx->arena, &cands,
                 scc_arena_printf(ctx->arena, "%s/schedules/%s",
                                  SCHEDCC_SOURCE_DIR, name));
#endif
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = 0;
      const char *bin = dir_of(ctx, exe);
      scc_vec_push(
          ctx->arena, &cands,
          scc_arena_printf(ctx->arena, "%s/../share/schedcc/%s", bin, name));
      scc_vec_push(
          ctx->arena, &cands,
          scc_arena_printf(ctx->arena, "%s/../schedules/%s", bin, name));
    }
  }
  for (int i = 0; i < cands.len; i++) {
    const char *c = canonical(ctx, cands.items[i]);
    if (c)
      return c;
    scc_buf_printf(tried, "%s%s", i ? ", " : "", (const char *)cands.items[i]);
  }
  return NULL;
}

static void parse_into(parser *p, sched_program *prog);

/* import "name": parses the named file into prog (once per file). */
static void parse_import(parser *p, sched_program *prog) {
  const sched_tok *kw = p->t;
  p->t++;
  if (p->t->kind != SCHED_T_STRING) {
    expected(p, "a file name string after 'import'");
    int line = kw->loc.line;
    while (p->t->kind != SCHED_T_EOF && p->t->loc.line == line)
      p->t++;
    return;
  }
  const sched_tok *name = p->t++;
  scc_buf tried = {0};
  const char *path = resolve_import(p->ctx, p->file, name->text, &tried);
  if (!path) {
    scc_error(p->ctx, name->loc, "cannot find imported schedule \"%s\"",
              name->text);
    scc_note(p->ctx, (scc_loc){0}, "tried: %s", tried.data ? tried.data : "");
    scc_buf_free(&tried);
    p->errors++;
    return;
  }
  scc_buf_free(&tried);
  if (vec_has_str(&p->imports->active, path)) {
    scc_error(p->ctx, name->loc,
              "import cycle: \"%s\" is already being imported (a schedule "
              "file imports itself, directly or through other files)",
              name->text);
    p->errors++;
    return;
  }
  if (vec_has_str(&p->imports->done, path))
    return;
  size_t len;
  char *text = scc_read_file(p->ctx->arena, path, &len);
  if (!text) {
    scc_error(p->ctx, name->loc, "cannot read imported schedule '%s': %s", path,
              strerror(errno));
    p->errors++;
    return;
  }
  scc_ctx_add_source(p->ctx, path, text, len);
  int ntoks;
  sched_tok *toks = sched_lex(p->ctx, path, text, len, &ntoks);
  parser sub = {p->ctx, toks, 0, path, p->imports, 0};
  scc_vec_push(p->ctx->arena, &p->imports->active, (void *)path);
  parse_into(&sub, prog);
  p->imports->active.len--;
  scc_vec_push(p->ctx->arena, &p->imports->done, (void *)path);
  p->errors += sub.errors;
}

static void parse_into(parser *p, sched_program *prog) {
  while (p->t->kind != SCHED_T_EOF) {
    if (p->t->kind == SCHED_T_IDENT && strcmp(p->t->text, "import") == 0) {
      parse_import(p, prog);
    } else if (p->t->kind == SCHED_T_IDENT &&
               strcmp(p->t->text, "named_sequence") == 0) {
      sched_seq *q = parse_seq(p);
      if (q)
        scc_vec_push(p->ctx->arena, &prog->seqs, q);
      else
        while (p->t->kind != SCHED_T_EOF &&
               !(p->t->kind == SCHED_T_IDENT &&
                 strcmp(p->t->text, "named_sequence") == 0))
          p->t++;
    } else {
      expected(p, "'named_sequence'");
      int line = p->t->loc.line;
      while (p->t->kind != SCHED_T_EOF && p->t->loc.line == line)
        p->t++;
    }
  }
}

sched_program *sched_parse_tokens(scc_ctx *ctx, const char *file,
                                  const sched_tok *toks) {
  import_state st = {0};
  parser p = {ctx, toks, 0, file, &st, 0};
  sched_program *prog = scc_arena_alloc(ctx->arena, sizeof *prog);
  prog->file = file;
  const char *self = canonical(ctx, file);
  scc_vec_push(ctx->arena, &st.active, (void *)(self ? self : file));
  parse_into(&p, prog);
  return prog;
}

sched_program *sched_parse_string(scc_ctx *ctx, const char *name,
                                  const char *text, size_t len) {
  int before = ctx->nerrors;
  name = scc_arena_strdup(ctx->arena, name);
  scc_ctx_add_source(ctx, name, text, len);
  int ntoks;
  sched_tok *toks = sched_lex(ctx, name, text, len, &ntoks);
  sched_program *p = sched_parse_tokens(ctx, name, toks);
  /* Name and kind checks only make sense on a complete parse: a statement
   * that failed to parse would make later uses look undefined. */
  bool ok = ctx->nerrors == before && sched_check(ctx, p);
  return ok && ctx->nerrors == before ? p : NULL;
}

sched_program *sched_parse_file(scc_ctx *ctx, const char *path) {
  size_t len;
  char *text = scc_read_file(ctx->arena, path, &len);
  if (!text) {
    scc_error(ctx, (scc_loc){0}, "cannot read schedule '%s': %s", path,
              strerror(errno));
    return NULL;
  }
  return sched_parse_string(ctx, path, text, len);
}
