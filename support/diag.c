/* diag.c — the context, clang-style diagnostics with caret lines, pending
 * silenceable failures, and file I/O that never leaves half-written output.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "scc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

scc_ctx *scc_ctx_new(void) {
  scc_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) {
    fputs("schedcc: fatal: out of memory\n", stderr);
    exit(3);
  }
  ctx->arena = scc_arena_new();
  ctx->diag_out = stderr;
  return ctx;
}

void scc_ctx_free(scc_ctx *ctx) {
  if (!ctx)
    return;
  scc_arena_free(ctx->arena);
  free(ctx);
}

void scc_ctx_add_source(scc_ctx *ctx, const char *name, const char *text,
                        size_t len) {
  scc_vec_push(ctx->arena, &ctx->src_names, scc_arena_strdup(ctx->arena, name));
  scc_vec_push(ctx->arena, &ctx->src_texts,
               scc_arena_strndup(ctx->arena, text, len));
}

const char *scc_ctx_source(scc_ctx *ctx, const char *name) {
  for (int i = 0; i < ctx->src_names.len; i++)
    if (strcmp(ctx->src_names.items[i], name) == 0)
      return ctx->src_texts.items[i];
  size_t len;
  char *text = scc_read_file(ctx->arena, name, &len);
  if (!text)
    return NULL;
  scc_vec_push(ctx->arena, &ctx->src_names, scc_arena_strdup(ctx->arena, name));
  scc_vec_push(ctx->arena, &ctx->src_texts, text);
  return text;
}

/* How much of a long source line a diagnostic quotes: the bytes within
 * this distance of the caret, the cut ends marked "...". */
enum { CARET_CONTEXT = 80 };

/* Prints line `line` of `text` and a caret under byte column `col`, keeping
 * tabs in the padding so the caret lines up; of a line longer than twice
 * CARET_CONTEXT, only the part around the caret. */
static void print_caret(FILE *out, const char *text, int line, int col) {
  const char *p = text;
  for (int l = 1; l < line && *p; l++) {
    p = strchr(p, '\n');
    if (!p)
      return;
    p++;
  }
  const char *end = strchr(p, '\n');
  size_t n = end ? (size_t)(end - p) : strlen(p);
  size_t at = (size_t)(col - 1) < n ? (size_t)(col - 1) : n;
  size_t from = 0, to = n;
  if (n > 2 * CARET_CONTEXT) {
    from = at > CARET_CONTEXT ? at - CARET_CONTEXT : 0;
    to = at + CARET_CONTEXT < n ? at + CARET_CONTEXT : n;
  }
  const char *pre = from > 0 ? "..." : "";
  fprintf(out, "%s%.*s%s\n", pre, (int)(to - from), p + from,
          to < n ? "..." : "");
  fputs(from > 0 ? "   " : "", out); /* under the "..." */
  for (size_t c = from; c < at; c++)
    fputc(p[c] == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

void scc_vdiag(scc_ctx *ctx, scc_severity sev, scc_loc loc, const char *fmt,
               va_list ap) {
  static const char *const names[] = {"note", "warning", "error"};
  FILE *out = ctx->diag_out ? ctx->diag_out : stderr;
  if (sev == SCC_ERROR)
    ctx->nerrors++;
  else if (sev == SCC_WARNING)
    ctx->nwarnings++;
  if (loc.file && loc.line > 0)
    fprintf(out, "%s:%d:%d: ", loc.file, loc.line, loc.col > 0 ? loc.col : 1);
  else if (loc.file)
    fprintf(out, "%s: ", loc.file);
  else if (sev != SCC_NOTE)
    fputs("schedcc: ", out);
  fprintf(out, "%s: ", names[sev]);
  vfprintf(out, fmt, ap);
  fputc('\n', out);
  if (loc.file && loc.line > 0) {
    const char *text = scc_ctx_source(ctx, loc.file);
    if (text)
      print_caret(out, text, loc.line, loc.col > 0 ? loc.col : 1);
  }
  fflush(out);
}

void scc_diag(scc_ctx *ctx, scc_severity sev, scc_loc loc, const char *fmt,
              ...) {
  va_list ap;
  va_start(ap, fmt);
  scc_vdiag(ctx, sev, loc, fmt, ap);
  va_end(ap);
}

#define DIAG_SHORTHAND(fn, sev)                                                \
  void fn(scc_ctx *ctx, scc_loc loc, const char *fmt, ...) {                   \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    scc_vdiag(ctx, sev, loc, fmt, ap);                                         \
    va_end(ap);                                                                \
  }
DIAG_SHORTHAND(scc_error, SCC_ERROR)
DIAG_SHORTHAND(scc_warning, SCC_WARNING)
DIAG_SHORTHAND(scc_note, SCC_NOTE)

void scc_remark(scc_ctx *ctx, scc_loc loc, const char *fmt, ...) {
  if (!ctx->remarks)
    return;
  va_list ap;
  va_start(ap, fmt);
  scc_vdiag(ctx, SCC_NOTE, loc, fmt, ap);
  va_end(ap);
}

void scc_fail(scc_ctx *ctx, scc_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ctx->pending_msg = scc_arena_vprintf(ctx->arena, fmt, ap);
  va_end(ap);
  ctx->pending_loc = loc;
}

void scc_fail_report(scc_ctx *ctx, scc_loc at, const char *prefix) {
  const char *msg = ctx->pending_msg ? ctx->pending_msg : "failed";
  if (prefix && strncmp(msg, prefix, strlen(prefix)) != 0)
    scc_error(ctx, at, "%s: %s", prefix, msg);
  else
    scc_error(ctx, at, "%s", msg);
  if (ctx->pending_loc.file)
    scc_note(ctx, ctx->pending_loc, "payload is here");
  scc_fail_clear(ctx);
}

void scc_fail_clear(scc_ctx *ctx) {
  ctx->pending_msg = NULL;
  ctx->pending_loc = (scc_loc){0};
}

char *scc_read_file(scc_arena *a, const char *path, size_t *len_out) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return NULL;
  scc_buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    scc_buf_putn(&b, chunk, n);
  int err = ferror(f);
  if (f != stdin)
    fclose(f);
  if (err) {
    scc_buf_free(&b);
    errno = EIO;
    return NULL;
  }
  char *text = scc_arena_strndup(a, b.data ? b.data : "", b.len);
  if (len_out)
    *len_out = b.len;
  scc_buf_free(&b);
  return text;
}

/* Writes data straight into path, opened with O_WRONLY | flags (devices,
 * FIFOs, the file a dangling symbolic link names). */
static bool write_through(scc_ctx *ctx, const char *path, int flags,
                          const char *data, size_t len) {
  scc_loc none = {0};
  int fd = open(path, O_WRONLY | O_NOCTTY | flags, 0666);
  if (fd < 0) {
    scc_error(ctx, none, "cannot open '%s': %s", path, strerror(errno));
    return false;
  }
  bool ok = true;
  for (size_t done = 0; ok && done < len;) {
    ssize_t n = write(fd, data + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    ok = n > 0;
    if (ok)
      done += (size_t)n;
  }
  int err = errno;
  ok = close(fd) == 0 && ok;
  if (!ok)
    scc_error(ctx, none, "cannot write '%s': %s", path, strerror(err));
  return ok;
}

bool scc_write_file_atomic(scc_ctx *ctx, const char *path, const char *data,
                           size_t len) {
  scc_loc none = {0};
  if (strcmp(path, "-") == 0) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      scc_error(ctx, none, "cannot write to standard output: %s",
                strerror(errno));
      return false;
    }
    return true;
  }
  /* A symbolic link is followed: the file it names is replaced, the link
   * stays.  A path that is not a regular file (/dev/null, a FIFO,
   * /dev/stdout) is written through, never replaced. */
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      scc_error(ctx, none, "cannot write '%s': it is a directory", path);
      return false;
    }
    return write_through(ctx, path, 0, data, len);
  }
  struct stat lst;
  if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
    char *target = realpath(path, NULL);
    if (!target) /* a dangling link: create the file it names */
      return write_through(ctx, path, O_CREAT | O_TRUNC, data, len);
    path = scc_arena_printf(ctx->arena, "%s", target);
    free(target);
  }
  char *tmp = scc_arena_printf(ctx->arena, "%s.schedcc-tmp-XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    scc_error(ctx, none, "cannot create '%s': %s", tmp, strerror(errno));
    return false;
  }
  mode_t mode;
  if (exists) {
    mode = st.st_mode & 07777; /* keep the replaced file's mode */
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask; /* mkstemp makes 0600; give the usual mode */
  }
  fchmod(fd, mode);
  FILE *f = fdopen(fd, "wb");
  bool ok =
      f && fwrite(data, 1, len, f) == len && fflush(f) == 0 && fsync(fd) == 0;
  int err = errno;
  if (f)
    ok = (fclose(f) == 0) && ok;
  else
    close(fd);
  if (ok && rename(tmp, path) != 0) {
    err = errno;
    ok = false;
  }
  if (!ok) {
    unlink(tmp);
    scc_error(ctx, none, "cannot write '%s': %s", path, strerror(err));
  }
  return ok;
}
