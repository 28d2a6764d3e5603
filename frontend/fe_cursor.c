/* fe_cursor.c — the frontend's helpers over libclang and the main file
 * that every other file of the room uses: source locations and byte ranges
 * of cursors, the token stream (its spellings, lines, directives), the
 * children of a cursor, erasing a pragma line from the output, and the
 * diagnostic of an unsupported construct.  It calls no other file of the
 * room (fe.c drives, fe_stmt.c / fe_expr.c / fe_subst.c / fe_omp.c raise;
 * all of them call it).
 */
#include "fe_internal.h"

#include <stdarg.h>
#include <string.h>

/* ---- locations, tokens, children --------------------------------------- */

scc_loc fe_loc_of(fe_state *s, CXSourceLocation l, size_t *off) {
  CXFile f;
  unsigned line, col, o;
  clang_getExpansionLocation(l, &f, &line, &col, &o);
  if (off)
    *off = o;
  scc_loc r = {s->path, (int)line, (int)col};
  if (f && s->file && !clang_File_isEqual(f, s->file)) {
    CXString n = clang_getFileName(f);
    r.file = scc_arena_strdup(s->ctx->arena, clang_getCString(n));
    clang_disposeString(n);
  }
  return r;
}

scc_loc fe_cursor_loc(fe_state *s, CXCursor c, size_t *off) {
  return fe_loc_of(s, clang_getRangeStart(clang_getCursorExtent(c)), off);
}

/* Length of the token starting at offset off, or 0. */
static size_t tok_len_at(fe_state *s, size_t off, unsigned *idx) {
  unsigned i = fe_token_at(s, off);
  if (i >= s->ntoks || s->tok_off[i] != off)
    return 0;
  *idx = i;
  CXString str = clang_getTokenSpelling(s->tu, s->toks[i]);
  size_t n = strlen(clang_getCString(str));
  clang_disposeString(str);
  return n;
}

void fe_cursor_range(fe_state *s, CXCursor c, size_t *b, size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  fe_loc_of(s, clang_getRangeStart(r), b);
  CXSourceLocation end = clang_getRangeEnd(r);
  fe_loc_of(s, end, e);
  /* An extent ending inside a macro argument ends, after expansion, at the
   * start of the macro invocation: move past the whole invocation. */
  unsigned fo;
  clang_getFileLocation(end, NULL, NULL, NULL, &fo);
  unsigned i;
  size_t n;
  if (fo == *e || !s->toks || !(n = tok_len_at(s, *e, &i)))
    return;
  *e += n;
  if (i + 1 < s->ntoks && fe_tok_is(s, i + 1, "(")) {
    int depth = 0;
    for (unsigned j = i + 1; j < s->ntoks; j++) {
      if (fe_tok_is(s, j, "("))
        depth++;
      else if (fe_tok_is(s, j, ")") && --depth == 0) {
        *e = s->tok_off[j] + 1;
        break;
      }
    }
  }
}

unsigned fe_token_at(fe_state *s, size_t off) {
  unsigned lo = 0, hi = s->ntoks;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (s->tok_off[mid] < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

typedef struct kid_list {
  scc_arena *a;
  scc_vec v;
} kid_list;

static enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
                                         CXClientData d) {
  (void)parent;
  kid_list *k = d;
  CXCursor *copy = scc_arena_alloc(k->a, sizeof *copy);
  *copy = c;
  scc_vec_push(k->a, &k->v, copy);
  return CXChildVisit_Continue;
}

int fe_children(fe_state *s, CXCursor c, CXCursor **out) {
  kid_list k = {s->ctx->arena, {0}};
  clang_visitChildren(c, kid_visit, &k);
  CXCursor *arr =
      scc_arena_alloc(s->ctx->arena, sizeof *arr * (size_t)(k.v.len + 1));
  for (int i = 0; i < k.v.len; i++)
    arr[i] = *(CXCursor *)k.v.items[i];
  *out = arr;
  return k.v.len;
}

void fe_unsupported(fe_state *s, CXCursor c, const char *fmt, ...) {
  if (s->quiet) {
    s->failed = true;
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  char *what = scc_arena_vprintf(s->ctx->arena, fmt, ap);
  va_end(ap);
  scc_error(s->ctx, fe_cursor_loc(s, c, NULL), "unsupported in a kernel: %s",
            what);
}

char *fe_tok_str(fe_state *s, unsigned i) {
  CXString str = clang_getTokenSpelling(s->tu, s->toks[i]);
  char *r = scc_arena_strdup(s->ctx->arena, clang_getCString(str));
  clang_disposeString(str);
  return r;
}

unsigned fe_tok_line(fe_state *s, unsigned i) {
  unsigned line;
  clang_getSpellingLocation(clang_getTokenLocation(s->tu, s->toks[i]), NULL,
                            &line, NULL, NULL);
  /* the first line of a line continued with '\' (a directive written on
   * several lines is one line) */
  const char *src = s->m->source;
  for (size_t p = s->tok_off[i]; p > 0; p--) {
    if (src[p - 1] != '\n')
      continue;
    size_t q = p - 1;
    if (q > 0 && src[q - 1] == '\r')
      q--;
    if (q == 0 || src[q - 1] != '\\')
      break;
    line--;
  }
  return line;
}

scc_loc fe_tok_loc(fe_state *s, unsigned i) {
  return fe_loc_of(s, clang_getTokenLocation(s->tu, s->toks[i]), NULL);
}

bool fe_tok_is(fe_state *s, unsigned i, const char *text) {
  if (i >= s->ntoks)
    return false;
  CXString str = clang_getTokenSpelling(s->tu, s->toks[i]);
  bool r = strcmp(clang_getCString(str), text) == 0;
  clang_disposeString(str);
  return r;
}

/* ---- directives ---------------------------------------------------------- */

/* True when token i is a '#' starting a directive (first on its line). */
bool fe_starts_directive(fe_state *s, unsigned i) {
  if (!fe_tok_is(s, i, "#"))
    return false;
  return i == 0 || fe_tok_line(s, i - 1) != fe_tok_line(s, i);
}

/* Records the line holding a schedcc or scop pragma (from '#' at `off` to
 * the token at `last`) in m->erase: from the line's start, when only blanks
 * precede the '#', through its newline. */
void fe_erase_line(fe_state *s, size_t off, size_t last) {
  const char *src = s->m->source;
  size_t b = off, e = last;
  while (b > 0 && (src[b - 1] == ' ' || src[b - 1] == '\t'))
    b--;
  if (b > 0 && src[b - 1] != '\n')
    b = off; /* something precedes the '#' on its line: keep it */
  while (e < s->m->source_len && src[e] != '\n')
    e++;
  if (e < s->m->source_len)
    e++;
  ir_range *r = scc_arena_alloc(s->ctx->arena, sizeof *r);
  r->begin = b;
  r->end = e;
  scc_vec_push(s->ctx->arena, &s->m->erase, r);
}

CXCursor fe_strip(fe_state *s, CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
      return c;
    CXCursor *kids;
    int n = fe_children(s, c, &kids);
    if (n != 1 || !clang_isExpression(clang_getCursorKind(kids[0])))
      return c;
    c = kids[0];
  }
}
