/* sched_parse.c — the schedule-language parser and the public entry points
 * sched_parse_file / sched_parse_string.
 *
 * Grammar (statements end at the end of their line; lists may span lines):
 *   program   := sequence*
 *   sequence  := 'named_sequence' @name '(' [%arg {',' %arg}] ')' '{'
 *                  stmt* '}'
 *   stmt      := [results '='] op operand* | 'include' @name '(' refs ')'
 *   results   := %a {',' %b} | %t ':' INT
 *   operand   := %name | %name#k | INT | "string" | word | '[' list ']'
 *              | '{' attr {',' attr} '}'      (top-level commas optional)
 *   attr      := word ['=' operand]
 * Errors are reported as "expected X" at the offending token; the parser
 * then skips to the next line and goes on, so one run reports several.
 */
#include "sched_int.h"

#include <errno.h>
#include <string.h>

typedef struct parser {
  scc_ctx *ctx;
  const sched_tok *t;
  int errors;
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
  if (!expect_punct(p, ')') || !expect_punct(p, '{'))
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

sched_program *sched_parse_tokens(scc_ctx *ctx, const char *file,
                                  const sched_tok *toks) {
  parser p = {ctx, toks, 0};
  sched_program *prog = scc_arena_alloc(ctx->arena, sizeof *prog);
  prog->file = file;
  while (p.t->kind != SCHED_T_EOF) {
    if (p.t->kind == SCHED_T_IDENT &&
        strcmp(p.t->text, "named_sequence") == 0) {
      sched_seq *q = parse_seq(&p);
      if (q)
        scc_vec_push(ctx->arena, &prog->seqs, q);
      else
        while (p.t->kind != SCHED_T_EOF &&
               !(p.t->kind == SCHED_T_IDENT &&
                 strcmp(p.t->text, "named_sequence") == 0))
          p.t++;
    } else {
      expected(&p, "'named_sequence'");
      int line = p.t->loc.line;
      while (p.t->kind != SCHED_T_EOF && p.t->loc.line == line)
        p.t++;
    }
  }
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
