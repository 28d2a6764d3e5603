/* be_llvm_restrict.c — is an array's base pointer `restrict`?  (It becomes
 * `noalias` on the outlined kernel's argument.)
 *
 * The IR does not record qualifiers, so the declaration's text is read
 * from the array's recorded location, which the frontend sets to the start
 * of the declaration (the first token of its specifiers, the expansion
 * location when the declaration comes from a macro).  From there the
 * tokens are scanned forward — comments, string and character literals
 * skipped — to the declared name, tracking parentheses and brackets and
 * skipping initializers, so that in
 *
 *   void f(int n, float *restrict x, float y[restrict 100], float *z);
 *   float *restrict a = p, *b;
 *
 * x, y and a are restrict and z and b are not: the words looked at are
 * those of the declarator holding the name (with the specifiers for the
 * first declarator), up to the `,` `;` `=` `{` or `)` that ends it.  The
 * words are `restrict`, `__restrict`, `__restrict__`, and identifiers that
 * the same file `#define`s as exactly one of them (`#define RESTRICT
 * __restrict__`).  Anything not understood answers false: a missing
 * `noalias` costs speed, a wrong one correctness.
 */
#include "be_llvm_int.h"

#include <ctype.h>
#include <string.h>

static bool ident_start(char c) {
  return isalpha((unsigned char)c) || c == '_';
}
static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The next token of text[*pos..]: sets [*b, *e) and advances *pos; false
 * at the end.  Comments and whitespace are skipped; a string or character
 * literal is one token; punctuators are single characters (enough for
 * declarators). */
static bool next_token(const char *t, size_t *pos, size_t *b, size_t *e) {
  size_t p = *pos;
  for (;;) {
    while (t[p] && isspace((unsigned char)t[p]))
      p++;
    if (t[p] == '/' && t[p + 1] == '/') {
      while (t[p] && t[p] != '\n')
        p++;
    } else if (t[p] == '/' && t[p + 1] == '*') {
      const char *end = strstr(t + p + 2, "*/");
      if (!end)
        return false;
      p = (size_t)(end - t) + 2;
    } else if (t[p] == '\\' && t[p + 1] == '\n') {
      p += 2;
    } else {
      break;
    }
  }
  if (!t[p])
    return false;
  *b = p;
  if (ident_start(t[p]) || isdigit((unsigned char)t[p])) {
    while (ident_char(t[p]) || t[p] == '.')
      p++;
  } else if (t[p] == '"' || t[p] == '\'') {
    char q = t[p++];
    while (t[p] && t[p] != q && t[p] != '\n')
      p += t[p] == '\\' && t[p + 1] ? 2 : 1;
    if (t[p] == q)
      p++;
  } else {
    p++;
  }
  *e = p;
  *pos = p;
  return true;
}

static bool tok_is(const char *t, size_t b, size_t e, const char *s) {
  size_t n = strlen(s);
  return e - b == n && strncmp(t + b, s, n) == 0;
}

static bool is_restrict_word(const char *t, size_t b, size_t e) {
  return tok_is(t, b, e, "restrict") || tok_is(t, b, e, "__restrict") ||
         tok_is(t, b, e, "__restrict__");
}

/* True when `text` has a line `#define NAME W` with W a restrict word. */
static bool macro_is_restrict(const char *text, const char *name, size_t n) {
  for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
    const char *p = l;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p++ != '#')
      continue;
    while (*p == ' ' || *p == '\t')
      p++;
    if (strncmp(p, "define", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
      continue;
    p += 6;
    while (*p == ' ' || *p == '\t')
      p++;
    if (strncmp(p, name, n) != 0 || ident_char(p[n]) || p[n] == '(')
      continue;
    p += n;
    while (*p == ' ' || *p == '\t')
      p++;
    const char *w = p;
    while (ident_char(*p))
      p++;
    size_t wb = (size_t)(w - text), we = (size_t)(p - text);
    while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
    if ((*p == '\n' || !*p || (p[0] == '/' && (p[1] == '/' || p[1] == '*'))) &&
        is_restrict_word(text, wb, we))
      return true;
  }
  return false;
}

/* The byte offset of (line, col) in text, or -1. */
static long offset_of(const char *text, int line, int col) {
  const char *p = text;
  for (int l = 1; l < line; l++) {
    p = strchr(p, '\n');
    if (!p)
      return -1;
    p++;
  }
  for (int c = 1; c < col; c++, p++)
    if (!*p || *p == '\n')
      return -1;
  return (long)(p - text);
}

bool be_llvm_array_restrict(scc_ctx *ctx, const ir_array *a,
                            const ir_module *m) {
  if (a->is_local || a->loc.line < 1 || a->loc.col < 1)
    return false;
  const char *text = NULL;
  if (m && m->source &&
      (!a->loc.file || !m->filename || a->loc.file == m->filename ||
       strcmp(a->loc.file, m->filename) == 0))
    text = m->source;
  else if (a->loc.file)
    text = scc_ctx_source(ctx, a->loc.file); /* a header */
  if (!text)
    return false;
  long start = offset_of(text, a->loc.line, a->loc.col);
  if (start < 0)
    return false;

  /* [from, to): the declarator holding the name */
  size_t pos = (size_t)start, b, e, from = pos, to = strlen(text);
  size_t nlen = strlen(a->name);
  int depth = 0;
  bool found = false, in_init = false;
  while (next_token(text, &pos, &b, &e)) {
    char c = text[b];
    if (e - b == 1 && strchr("([{", c)) {
      depth++;
      continue;
    }
    if (e - b == 1 && strchr(")]}", c)) {
      if (--depth < 0) {
        to = b; /* the end of a parameter list */
        break;
      }
      continue;
    }
    if (depth == 0 && e - b == 1 && c == ';') {
      to = b;
      break;
    }
    if (depth == 0 && e - b == 1 && c == ',') {
      if (found) {
        to = b;
        break;
      }
      in_init = false;
      from = e; /* the next declarator */
      continue;
    }
    if (in_init)
      continue;
    if (depth == 0 && e - b == 1 && c == '=') {
      if (found) {
        to = b;
        break;
      }
      in_init = true;
      continue;
    }
    if (!found && e - b == nlen && strncmp(text + b, a->name, nlen) == 0)
      found = true;
  }
  if (!found)
    return false;
  for (pos = from; next_token(text, &pos, &b, &e) && e <= to;) {
    if (is_restrict_word(text, b, e))
      return true;
    if (ident_start(text[b]) && !tok_is(text, b, e, a->name) &&
        macro_is_restrict(text, text + b, e - b))
      return true;
  }
  return false;
}
