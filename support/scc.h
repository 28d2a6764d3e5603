/* scc.h — shared support for every schedcc module: the compilation context,
 * the arena that owns short-lived compiler data, growable pointer vectors,
 * source locations and clang-style diagnostics.
 *
 * Nothing here knows about the IR, schedules, transforms or emitters; every
 * other folder may include it.  Functions carry the prefix scc_.
 */
#ifndef SCC_H
#define SCC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SCC_VERSION "0.1.0"

#if defined(__GNUC__)
#define SCC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define SCC_NODISCARD __attribute__((warn_unused_result))
#else
#define SCC_PRINTF(f, a)
#define SCC_NODISCARD
#endif

/* ---- locations ---------------------------------------------------------- */

/* A position in a source file (a kernel's C file or a schedule file).
 * line and col are 1-based; col counts bytes.  file == NULL means "no
 * location" (diagnostics then print "schedcc:" instead of a position). */
typedef struct scc_loc {
  const char *file;
  int line;
  int col;
} scc_loc;

/* ---- arena -------------------------------------------------------------- */

/* An arena: a list of large blocks from which small allocations are carved.
 * Everything allocated from it is freed at once by scc_arena_free().
 * Allocation failure prints "schedcc: fatal: out of memory" and exits with
 * status 3 (an internal error), so callers never see NULL. */
typedef struct scc_arena scc_arena;

scc_arena *scc_arena_new(void);
void scc_arena_free(scc_arena *a);
/* Zero-filled, 16-byte aligned storage of n bytes (n may be 0). */
void *scc_arena_alloc(scc_arena *a, size_t n);
/* Copies of strings, owned by the arena. */
char *scc_arena_strdup(scc_arena *a, const char *s);
char *scc_arena_strndup(scc_arena *a, const char *s, size_t n);
char *scc_arena_printf(scc_arena *a, const char *fmt, ...) SCC_PRINTF(2, 3);
char *scc_arena_vprintf(scc_arena *a, const char *fmt, va_list ap);

/* ---- growable vectors --------------------------------------------------- */

/* A growable array of pointers whose storage lives in an arena (growing
 * copies into a fresh block; the old block is reclaimed with the arena). */
typedef struct scc_vec {
  void **items;
  int len;
  int cap;
} scc_vec;

void scc_vec_push(scc_arena *a, scc_vec *v, void *item);

/* A growable byte buffer on the C heap (for emitted text); free with
 * scc_buf_free().  Used where output size is unbounded. */
typedef struct scc_buf {
  char *data;
  size_t len;
  size_t cap;
} scc_buf;

void scc_buf_puts(scc_buf *b, const char *s);
void scc_buf_putn(scc_buf *b, const char *s, size_t n);
void scc_buf_printf(scc_buf *b, const char *fmt, ...) SCC_PRINTF(2, 3);
void scc_buf_free(scc_buf *b);

/* ---- context and diagnostics -------------------------------------------- */

typedef enum scc_severity { SCC_NOTE, SCC_WARNING, SCC_ERROR } scc_severity;

/* One context per schedcc run: the arena, diagnostic counters and sink,
 * the cache of source texts used for caret lines, and the pending message of
 * a silenceable transform failure.  Pass it explicitly; there are no
 * globals. */
typedef struct scc_ctx {
  scc_arena *arena;
  FILE *diag_out; /* where diagnostics go; stderr by default */
  int nerrors;
  int nwarnings;
  bool unsafe; /* --unsafe: legality checks skipped */
  /* -v / --remarks (SCHEDCC_REMARKS=1 through schedcc-cc): scc_remark
   * prints; otherwise remarks are dropped. */
  bool remarks;
  /* The default vector ISA: --target-isa, else the one the compile flags
   * enable (see enabled_isa): "avx512", "avx2", "sse4.2", "scalar", "neon";
   * NULL: the host's. */
  const char *target_isa;
  /* The best vector ISA the compile flags enable ("avx512", "avx2",
   * "sse4.2", "scalar": fe_flags_isa); vector code for a better one gets a
   * target attribute on its function (C backend) or target features (LLVM
   * backend).  NULL: no check (the code is compiled for the host). */
  const char *enabled_isa;
  /* The compile flags enable AVX2 but not FMA (`-mavx2` alone): AVX2 vector
   * code of a kernel has no fused multiply-add (loop.vectorize {contract}
   * keeps multiplies and adds apart, fmaf() is a multiply and an add).
   * AVX-512 always has FMA; so has AVX2 code that the flags do not enable
   * (its function's target attribute adds fma). */
  bool no_fma;
  /* The machine model of the CPU the code is compiled for (machine/mach.h:
   * the driver's mach_select from -march=/-mcpu=/--mcpu=); NULL: the
   * host's, taken on first use (param.target). */
  const struct mach_model *machine;
  /* A silenceable failure's message, set by scc_fail(), taken (and cleared)
   * by whoever decides whether to report or suppress it. */
  char *pending_msg;
  scc_loc pending_loc;
  /* Source texts by file name, for caret lines (see scc_ctx_add_source). */
  scc_vec src_names;
  scc_vec src_texts;
} scc_ctx;

/* Creates a context with a fresh arena; diagnostics go to stderr. */
scc_ctx *scc_ctx_new(void);
/* Frees the arena and the context. */
void scc_ctx_free(scc_ctx *ctx);

/* Registers the text of a file (copied into the arena) so diagnostics can
 * show its lines.  Files that were not registered are read from disk on
 * first use. */
void scc_ctx_add_source(scc_ctx *ctx, const char *name, const char *text,
                        size_t len);
/* The registered (or freshly read) text of a file, or NULL. */
const char *scc_ctx_source(scc_ctx *ctx, const char *name);

/* Prints "file:line:col: error: message", the source line and a caret under
 * col, to ctx->diag_out; counts errors and warnings.  A note with loc.file ==
 * NULL prints "note: message" alone.  Never exits: errors accumulate and the
 * tool's main decides. */
void scc_diag(scc_ctx *ctx, scc_severity sev, scc_loc loc, const char *fmt, ...)
    SCC_PRINTF(4, 5);
void scc_vdiag(scc_ctx *ctx, scc_severity sev, scc_loc loc, const char *fmt,
               va_list ap);
/* Shorthands for scc_diag with SCC_ERROR, SCC_WARNING and SCC_NOTE. */
void scc_error(scc_ctx *ctx, scc_loc loc, const char *fmt, ...)
    SCC_PRINTF(3, 4);
void scc_warning(scc_ctx *ctx, scc_loc loc, const char *fmt, ...)
    SCC_PRINTF(3, 4);
void scc_note(scc_ctx *ctx, scc_loc loc, const char *fmt, ...) SCC_PRINTF(3, 4);

/* An optimization remark: what a schedule op did, or a run-time check it
 * inserted ("loop.vectorize: 'j' vectorized with AVX-512, 16 lanes").
 * Printed as a note at loc (usually the schedule op's location) when
 * ctx->remarks is set (-v / --remarks), dropped otherwise.  Never counts
 * as a warning or an error.  Like LLVM's -Rpass remarks. */
void scc_remark(scc_ctx *ctx, scc_loc loc, const char *fmt, ...)
    SCC_PRINTF(3, 4);

/* Records a silenceable failure: the payload was left untouched and the
 * message is pending until the caller reports it (scc_fail_report) or
 * suppresses it (scc_fail_clear).  A second call replaces the message. */
void scc_fail(scc_ctx *ctx, scc_loc loc, const char *fmt, ...) SCC_PRINTF(3, 4);
/* Reports the pending failure as an error at `at` ("<prefix>: <msg>", or
 * just <msg> when it starts with prefix: "loop.interchange of 'i' and 'j'
 * would ..."), with a note at the payload location the transform gave,
 * then clears it. */
void scc_fail_report(scc_ctx *ctx, scc_loc at, const char *prefix);
void scc_fail_clear(scc_ctx *ctx);

/* Reads a whole file into the arena (NUL-terminated).  Returns NULL and sets
 * errno on failure. */
char *scc_read_file(scc_arena *a, const char *path, size_t *len_out);

/* Writes data to path atomically: a temporary file in the same directory,
 * fsync'd, then rename()d over path (keeping an existing file's mode).  A
 * symbolic link is followed (its target is replaced, the link kept); a path
 * that exists and is not a regular file (/dev/null, a FIFO, /dev/stdout) is
 * written through, never replaced; a directory is an error.  path "-"
 * writes to stdout.  On failure reports an error (no location) and removes
 * the temporary; returns false. */
bool scc_write_file_atomic(scc_ctx *ctx, const char *path, const char *data,
                           size_t len);

#endif
