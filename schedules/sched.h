/* sched.h — the schedule language: lexer, parser, static checker and
 * interpreter.  The reference for users is docs/schedule-language.md.
 */
#ifndef SCHED_H
#define SCHED_H

#include "../ir/ir.h"

typedef struct sched_program sched_program;

/* Options of a run. */
typedef struct sched_options {
  /* -D name=value: values of tunable parameters (may be empty). */
  int ndefines;
  const char *const *define_names;
  const int64_t *define_values;
  /* --dump-after=<op>: print the IR after each application of schedule op
   * `dump_after` ("all" for every op) into *dump (NULL: no dumps). */
  const char *dump_after;
  scc_buf *dump;
  /* --dump-after also accepts N (the N-th op run on a kernel, 1-based, in
   * execution order: the order of the -v remarks).  dump_kernel, when set,
   * prints the kernel into *dump instead of its IR (the driver passes the
   * C backend here: --dump-format=c); NULL: the IR (--dump-format=ir). */
  bool (*dump_kernel)(scc_ctx *ctx, const ir_kernel *k, scc_buf *out);
} sched_options;

/* Reads, parses and statically checks a schedule file (unknown ops, wrong
 * operand counts or kinds, undefined or consumed handles, missing entry
 * sequence).  Every problem is reported with file:line:col and a caret;
 * returns NULL when there was any error. */
sched_program *sched_parse_file(scc_ctx *ctx, const char *path);
/* The same for a schedule held in memory (name is used in diagnostics). */
sched_program *sched_parse_string(scc_ctx *ctx, const char *name,
                                  const char *text, size_t len);

/* Runs the program on every kernel of the module: the sequence named
 * @<kernel name> when there is one, else @main (or @__transform_main),
 * called with a handle to the kernel's root.  Transforms that fail are
 * reported at the schedule op's location.  Around the run it owns kernel
 * versioning (dep_assume_begin before, dep_assume_finish after: the
 * run-time checks of what the transformed code assumes, with the original
 * body kept for the fallback version), so every caller emits code that is
 * correct for any arguments.  Returns false when any error was reported
 * (the module may then be partly transformed: do not emit). */
bool sched_apply(scc_ctx *ctx, sched_program *p, ir_module *m,
                 const sched_options *opts);

/* --emit=params: the tunable parameters of a checked program (name,
 * domain, default, the value -D gives, declaration) and its constraints as
 * JSON into *out; the format is documented in docs/tuning.md and read by
 * schedcc-tune.  -D values are checked first (errors as for sched_apply);
 * false after an error. */
bool sched_params_json(scc_ctx *ctx, sched_program *p,
                       const sched_options *opts, scc_buf *out);

/* True when the checked program declares a tunable parameter `name`
 * (param.tunable): what -D and wisdom entries may set. */
bool sched_params_declares(const sched_program *p, const char *name);

#endif
