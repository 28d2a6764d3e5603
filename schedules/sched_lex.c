/* sched_lex.c — the schedule-language lexer.
 *
 * Tokens: identifiers with dots (loop.tile), %handles with an optional
 * #index (%t#1), @symbols, integers (optionally negative), "strings" and
 * the punctuation ( ) { } [ ] , = : ;.  Comments run from "//" or "#" to the
 * end of the line; a '#' right after a handle name followed by a digit is a
 * result index, not a comment.
 */
#include "sched_int.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool ident_start(int c) { return isalpha(c) || c == '_'; }
static bool ident_char(int c) { return isalnum(c) || c == '_' || c == '.'; }
static bool name_char(int c) { return isalnum(c) || c == '_'; }

sched_tok *sched_lex(scc_ctx *ctx, const char *file, const char *text,
                     size_t len, int *ntoks) {
  scc_vec toks = {0};
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  while (i < len) {
    char c = text[i];
    scc_loc loc = {file, line, (int)(i - line_start) + 1};
    if (c == '\n') {
      line++;
      line_start = ++i;
      continue;
    }
    if (isspace((unsigned char)c)) {
      i++;
      continue;
    }
    if (c == '#' || (c == '/' && i + 1 < len && text[i + 1] == '/')) {
      while (i < len && text[i] != '\n')
        i++;
      continue;
    }
    sched_tok *t = scc_arena_alloc(ctx->arena, sizeof *t);
    t->loc = loc;
    size_t start = i;
    if (ident_start((unsigned char)c)) {
      while (i < len && ident_char((unsigned char)text[i]))
        i++;
      t->kind = SCHED_T_IDENT;
      t->text = scc_arena_strndup(ctx->arena, text + start, i - start);
    } else if (c == '%' || c == '@') {
      i++;
      size_t ns = i;
      while (i < len && name_char((unsigned char)text[i]))
        i++;
      if (i == ns) {
        scc_error(ctx, loc, "expected a name after '%c'", c);
        continue;
      }
      t->kind = c == '%' ? SCHED_T_HANDLE : SCHED_T_SYMBOL;
      t->text = scc_arena_strndup(ctx->arena, text + ns, i - ns);
      if (c == '%' && i + 1 < len && text[i] == '#' &&
          isdigit((unsigned char)text[i + 1])) {
        i++;
        long v = 0;
        while (i < len && isdigit((unsigned char)text[i])) {
          if (v < 1000000)
            v = v * 10 + (text[i] - '0');
          i++;
        }
        t->index = v > 0 ? (int)v : -1; /* -1: %t#0, rejected by the checker */
      }
    } else if (isdigit((unsigned char)c) ||
               (c == '-' && i + 1 < len &&
                isdigit((unsigned char)text[i + 1]))) {
      i++;
      while (i < len && isalnum((unsigned char)text[i]))
        i++;
      char *s = scc_arena_strndup(ctx->arena, text + start, i - start);
      char *end;
      errno = 0;
      long long v = strtoll(s, &end, 10);
      if (*end) {
        scc_error(ctx, loc, "invalid integer literal '%s'", s);
        continue;
      }
      if (errno == ERANGE) {
        scc_error(ctx, loc, "integer literal '%s' is too large", s);
        continue;
      }
      t->kind = SCHED_T_INT;
      t->ival = v;
      t->text = s;
    } else if (c == '"') {
      i++;
      scc_buf b = {0};
      bool closed = false;
      while (i < len && text[i] != '\n') {
        if (text[i] == '"') {
          closed = true;
          i++;
          break;
        }
        if (text[i] == '\\' && i + 1 < len && text[i + 1] != '\n') {
          char e = text[i + 1];
          scc_buf_putn(&b, e == 'n' ? "\n" : e == 't' ? "\t" : &text[i + 1], 1);
          i += 2;
          continue;
        }
        scc_buf_putn(&b, &text[i], 1);
        i++;
      }
      if (!closed) {
        scc_buf_free(&b);
        scc_error(ctx, loc, "unterminated string");
        continue;
      }
      t->kind = SCHED_T_STRING;
      t->text = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
      scc_buf_free(&b);
    } else if (strchr("(){}[],=:;", c)) {
      i++;
      t->kind = SCHED_T_PUNCT;
      t->text = scc_arena_strndup(ctx->arena, &c, 1);
    } else {
      if (isprint((unsigned char)c))
        scc_error(ctx, loc, "unexpected character '%c'", c);
      else
        scc_error(ctx, loc, "unexpected byte 0x%02x", (unsigned char)c);
      i++;
      continue;
    }
    scc_vec_push(ctx->arena, &toks, t);
  }
  sched_tok *out =
      scc_arena_alloc(ctx->arena, sizeof *out * (size_t)(toks.len + 1));
  for (int j = 0; j < toks.len; j++)
    out[j] = *(sched_tok *)toks.items[j];
  out[toks.len].kind = SCHED_T_EOF;
  out[toks.len].text = "end of file";
  out[toks.len].loc = (scc_loc){file, line, (int)(len - line_start) + 1};
  *ntoks = toks.len;
  return out;
}
