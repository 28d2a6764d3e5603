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

/* Length of the UTF-8 sequence at s (at most n bytes) when it is one of 2
 * to 4 bytes (RFC 3629: a lead byte, then continuation bytes 10xxxxxx),
 * with its code point in *cp; else 1 (a stray byte). */
static size_t utf8_seq(const char *s, size_t n, unsigned *cp) {
  unsigned char b = (unsigned char)s[0];
  size_t k = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 1;
  if (k == 1 || k > n)
    return *cp = b, 1;
  unsigned v = b & (0x7f >> k);
  for (size_t j = 1; j < k; j++) {
    unsigned char c = (unsigned char)s[j];
    if ((c & 0xc0) != 0x80)
      return *cp = b, 1;
    v = v << 6 | (c & 0x3f);
  }
  *cp = v;
  return k;
}

/* Reports the first non-ASCII byte of a name text[b, e) (schedule names
 * are ASCII: letters, digits, '_', '.'), naming the character it starts
 * as the user typed it: "non-ASCII character 'é' (U+00E9) in the name
 * 'maïn'". True when there was one. */
static bool non_ascii_name(scc_ctx *ctx, const char *file, int line,
                           size_t line_start, const char *text, size_t b,
                           size_t e) {
  for (size_t i = b; i < e; i++) {
    if (!((unsigned char)text[i] & 0x80))
      continue;
    unsigned cp;
    size_t k = utf8_seq(text + i, e - i, &cp);
    scc_loc loc = {file, line, (int)(i - line_start) + 1};
    if (k == 1)
      scc_error(ctx, loc,
                "byte 0x%02x is not UTF-8 text; schedule names are ASCII "
                "letters, digits, '_' and '.'",
                (unsigned char)text[i]);
    else
      scc_error(ctx, loc,
                "non-ASCII character '%.*s' (U+%04X) in the name '%.*s': "
                "schedule names are ASCII letters, digits, '_' and '.'; "
                "rename it",
                (int)k, text + i, cp, (int)(e - b < 80 ? e - b : 80), text + b);
    return true;
  }
  return false;
}

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
    if (ident_start((unsigned char)c) || ((unsigned char)c & 0x80)) {
      while (i < len && (ident_char((unsigned char)text[i]) ||
                         ((unsigned char)text[i] & 0x80)))
        i++;
      non_ascii_name(ctx, file, line, line_start, text, start, i);
      t->kind = SCHED_T_IDENT;
      t->text = scc_arena_strndup(ctx->arena, text + start, i - start);
    } else if (c == '%' || c == '@') {
      i++;
      size_t ns = i;
      while (i < len && (name_char((unsigned char)text[i]) ||
                         ((unsigned char)text[i] & 0x80)))
        i++;
      if (i == ns) {
        scc_error(ctx, loc, "expected a name after '%c'", c);
        continue;
      }
      non_ascii_name(ctx, file, line, line_start, text, ns, i);
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
