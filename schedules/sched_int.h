/* sched_int.h — internals of the schedule language shared by the lexer
 * (sched_lex.c), parser (sched_parse.c), static checker (sched_check.c) and
 * interpreter (sched_interp.c).  Not a public header: tests may include it
 * to look at the AST and the run-time handle state.
 *
 * Pipeline: text -> tokens -> AST (sched_seq / sched_stmt / sched_item) ->
 * check (resolves every %name to a value slot, fills sched_stmt.ops, reports
 * static errors) -> interpret per kernel.
 */
#ifndef SCHED_INT_H
#define SCHED_INT_H

#include "../transforms/xf.h"
#include "sched.h"

/* ---- tokens (sched_lex.c) ------------------------------------------------ */

typedef enum sched_tok_kind {
  SCHED_T_EOF,
  SCHED_T_IDENT,  /* named_sequence, loop.tile, div_by, full, ... */
  SCHED_T_HANDLE, /* %name or %name#k: text = name, index = k (0: none) */
  SCHED_T_SYMBOL, /* @name: text = name */
  SCHED_T_INT,    /* ival */
  SCHED_T_STRING, /* text = contents (escapes \" \\ \n \t resolved) */
  SCHED_T_PUNCT,  /* one of ( ) { } [ ] , = : ; text = that character */
} sched_tok_kind;

typedef struct sched_tok {
  sched_tok_kind kind;
  const char *text;
  int64_t ival;
  int index;
  scc_loc loc;
} sched_tok;

/* Tokenizes a whole schedule text (comments: "//" and "#" to the end of the
 * line).  Lexical errors are reported and the offending characters
 * skipped.  The returned array (in the arena) ends with SCHED_T_EOF. */
sched_tok *sched_lex(scc_ctx *ctx, const char *file, const char *text,
                     size_t len, int *ntoks);

/* ---- the op table (ops.def) ------------------------------------------------
 */

/* Attribute rules: ANY, none or one of the listed attributes; ONE, exactly
 * one; SET, any of them, each at most once ({width = 16, isa = "avx2"}). */
enum { SCHED_ATTR_ANY, SCHED_ATTR_ONE, SCHED_ATTR_SET };
enum {
  SCHED_RES_FIXED,
  SCHED_RES_OPTIONAL,
  SCHED_RES_TILE,
  SCHED_RES_LIST,
  SCHED_RES_DECLARED, /* as many as the statement binds; the handler checks */
};

typedef enum sched_op_id {
#define SCHED_OP(id, ...) SCHED_OP_##id,
#include "ops.def"
#undef SCHED_OP
  SCHED_NOPS
} sched_op_id;

typedef struct sched_run sched_run;
typedef struct sched_stmt sched_stmt;

/* The flags column of ops.def: what the interpreter does around an op's
 * handler (the table's header comment says when each applies). */
enum {
  SCHED_OPF_TRANSFORM = 1u << 0,        /* rewrites the IR */
  SCHED_OPF_PRUNE_PREFETCH = 1u << 1,   /* xf_prefetch_prune after it */
  SCHED_OPF_RECHECK_PARALLEL = 1u << 2, /* xf_parallel_recheck after it */
  SCHED_OPF_XF = SCHED_OPF_TRANSFORM | SCHED_OPF_PRUNE_PREFETCH |
                 SCHED_OPF_RECHECK_PARALLEL,
};

/* One row of ops.def. */
typedef struct sched_opdef {
  const char *name;
  bool (*handler)(sched_run *r, const sched_stmt *s);
  unsigned flags; /* SCHED_OPF_* */
  const char *signature;
  const char *attrs;
  int attr_rule;
  unsigned consumes;
  int nresults;
  int result_rule;
  const char *usage;
} sched_opdef;

extern const sched_opdef sched_ops[SCHED_NOPS];
/* The op named `name`, or NULL. */
const sched_opdef *sched_op_find(const char *name);

/* ---- AST (sched_parse.c) ---------------------------------------------------
 */

typedef enum sched_item_kind {
  SCHED_I_REF,     /* %name or %name#k */
  SCHED_I_INT,     /* integer literal */
  SCHED_I_STRING,  /* "text" */
  SCHED_I_KEYWORD, /* bare word: div_by, in, tile_sizes */
  SCHED_I_LIST,    /* [a, b, ...] */
} sched_item_kind;

/* An operand as written. */
typedef struct sched_item {
  sched_item_kind kind;
  scc_loc loc;
  const char *text; /* ref name (without %), string contents, keyword */
  int index;        /* %name#k: k (1-based); 0 when absent */
  int64_t ival;
  int slot; /* REF, after checking: the value slot it names */
  int n;    /* LIST: elements */
  struct sched_item *elems;
} sched_item;

/* key or key = value inside {...}. */
typedef struct sched_attr {
  const char *key;
  scc_loc loc;
  bool has_value;
  sched_item value;
} sched_attr;

struct sched_stmt {
  sched_op_id op;
  const char *opname; /* as written */
  scc_loc loc;        /* of the op name */
  /* Results as written: `%a, %b =` (nres names, multi false) or `%t:K =`
   * (one name, multi true, declared = K). */
  int nres;
  const char **res_names;
  scc_loc *res_locs;
  bool multi;
  int declared;
  int nitems;
  sched_item *items;
  int nattrs;
  sched_attr *attrs;
  /* include only: callee and arguments. */
  const char *callee;
  scc_loc callee_loc;
  /* After checking: positional operands (items, keywords removed) in
   * signature order, the actual number of result slots, and the first of
   * them (results occupy consecutive slots). */
  int nops;
  sched_item **ops;
  int nslots_out;
  int first_slot;
  int callee_seq; /* include: index of the callee in the program */
  /* param.expr, and param.assert of a string: the parsed expression over
   * the sequence's parameters (sched_param.c), or NULL. */
  struct sched_expr *expr;
  /* alternatives only (sched_alt.c): the regions in order, each a list of
   * statements (sched_stmt *) whose last may be `yield`, and the location
   * of each region's '{'. */
  int nregions;
  scc_vec *regions;
  scc_loc *region_locs;
};

/* A value slot of a sequence: an argument or one result of a statement. */
typedef struct sched_slot {
  const char *name; /* spelling without '%', e.g. "t" */
  int index;        /* 1-based position in a multi-result, 0 for single */
  bool is_param;
  scc_loc loc;
  int parent; /* match results: the slot matched in (static nesting), or -1 */
} sched_slot;

typedef struct sched_seq {
  const char *name;
  scc_loc loc;
  int nargs;
  const char **arg_names;
  scc_loc *arg_locs;
  /* The kind of each argument, inferred from its uses by the checker (a
   * sequence declares none): 'h' a handle, 'p' a parameter, 0 unused (any
   * kind may be passed); arg_use: the use that fixed it. */
  char *arg_kinds;
  scc_loc *arg_use;
  scc_vec stmts; /* sched_stmt * */
  int nslots;    /* after checking; args are slots 0..nargs-1 */
  sched_slot *slots;
  /* {failures = suppress}: a silenceable failure of an op of this sequence
   * is undone and becomes a remark, and the sequence goes on (sched_alt.c);
   * default (false): it propagates to the caller. */
  bool suppress;
} sched_seq;

typedef struct sched_params sched_params;

struct sched_program {
  const char *file;
  scc_vec seqs; /* sched_seq * */
  /* The tunable parameters and constraints of every sequence (collected by
   * sched_params_collect after checking; sched_param.c). */
  sched_params *params;
};

/* Parses tokens into a program; reports syntax errors (recovering at the
 * next line) and returns the program even when there were errors. */
sched_program *sched_parse_tokens(scc_ctx *ctx, const char *file,
                                  const sched_tok *toks);

/* ---- static checks (sched_check.c) ----------------------------------------
 */

/* Resolves names, fills ops/slots, and reports every static error.  Returns
 * false when any error was reported. */
bool sched_check(scc_ctx *ctx, sched_program *p);
/* The sequence named `name`, or NULL. */
sched_seq *sched_find_seq(const sched_program *p, const char *name);

/* ---- interpreter (sched_interp.c) -----------------------------------------
 */

/* The run-time value of a slot: a parameter, or a handle to a list of
 * payload items.  An item NULL stands for the kernel root. */
typedef struct sched_value {
  bool set;
  bool is_param;
  int64_t ival;
  int n;
  ir_node **items;
  /* Invalidation: the consuming op; `nested` when the value was invalidated
   * because its payload is nested in (not equal to) the consumed one. */
  const sched_stmt *killer;
  bool nested;
  const char *name; /* "%t#2": for messages */
} sched_value;

struct sched_run {
  scc_ctx *ctx;
  const sched_program *prog;
  ir_kernel *k;
  const sched_options *opts;
  sched_value *env; /* slots of the sequence being run */
  const sched_seq *seq;
  scc_vec live; /* sched_value *: every handle of every active frame */
  int depth;    /* include nesting */
  int opno;     /* ops started on this kernel (--dump-after=N, remarks) */
  bool dumped;  /* --dump-after printed something for this kernel */
  int nremarks; /* remarks printed by sched_remark_applied (-v) */
  /* The arrays of the matrix product the last match.matmul on this kernel
   * found, in the roles A, B, C (C += A * B): what the array operands "@A",
   * "@B", "@C" of loop.pack and loop.prefetch name (sched_role_array). */
  const char *mm_roles[3];
  /* Silenceable failures (sched_alt.c): while catching > 0 (inside an
   * alternatives region or a {failures = suppress} sequence) a silenceable
   * failure is recorded here, not reported: failed is set, fail_msg holds
   * "op: message", fail_at the op, fail_payload the payload (or none). */
  int catching;
  bool failed;
  const char *fail_msg;
  scc_loc fail_at, fail_payload;
};

/* The array an op's string operand names: the text itself, or for "@A",
 * "@B", "@C" the array in that role of the last match.matmul on the kernel
 * (without one: "A", "B", "C"), so library sequences pack and prefetch the
 * matrices of code whose arrays have other names. */
const char *sched_role_array(const sched_run *r, const char *text);

/* The sequence that schedules kernel `kernel` when the program has one:
 * a named_sequence of that name in the schedule file itself (not one it
 * imports: the library's @matmul is not the entry of a kernel named
 * matmul), the one taking one argument when there are overloads. */
const sched_seq *sched_kernel_seq(const sched_program *p, const char *kernel);

/* Marks the handles named by `consumed` (n values) as consumed by `by`, and
 * invalidates every other live handle whose payload is one of, or nested
 * in, their payload items.  Called before the transform runs. */
void sched_consume(sched_run *r, const sched_stmt *by, sched_value **consumed,
                   int n);

/* A silenceable failure of op s whose message is pending (scc_fail): while
 * r->catching, recorded in r (not counted as an error); otherwise reported
 * as an error at s with a note at the payload.  Returns false.
 * (sched_state.c) */
bool sched_silenceable(sched_run *r, const sched_stmt *s);
/* "loop 'i' in kernel 'k'", "kernel 'k'" (n NULL), "a statement in kernel
 * 'k'": a payload item in messages (arena string; sched_state.c). */
const char *sched_payload_name(sched_run *r, const ir_node *n);

/* ---- rolling back a failed region or op (sched_alt.c) ------------------- */

/* Every live handle's value, the running frame's slots and the kernel,
 * to put back after a rolled-back region of alternatives or a suppressed
 * op (arena storage). */
typedef struct sched_rollback {
  int nlive;
  sched_value **ptrs;
  sched_value *vals;
  sched_value *env;
  int nenv;
  sched_value *env_copy;
  ir_snapshot *snap;
} sched_rollback;
void sched_rollback_save(sched_run *r, sched_rollback *rb);
void sched_rollback_restore(sched_run *r, const sched_rollback *rb);

/* ---- tunable parameters (sched_param.c) ----------------------------------
 */

/* Collects the param.tunable and param.constraint statements of every
 * sequence of a checked program into p->params; reports duplicate names,
 * empty domains, defaults outside the domain, constraint syntax and
 * unknown names in constraints.  False after an error. */
bool sched_params_collect(scc_ctx *ctx, sched_program *p);
/* Gives every parameter its value: -D (opts) or the default; reports an
 * unknown -D name (with the closest declared name), a value outside its
 * domain (at the declaration) and a violated constraint (at the
 * constraint).  False after an error. */
bool sched_params_bind(scc_ctx *ctx, sched_program *p,
                       const sched_options *opts);
/* The bound value of the parameter named `name` (0 when unknown). */
int64_t sched_params_value(const sched_program *p, const char *name);

/* An expression over the parameters of a sequence (`%rows * %vecs + 1 <=
 * 32`: the grammar of param.constraint, with %names for values of the
 * sequence).  `resolve` maps a %name (its spelling without '%', and its
 * location) to the slot of a parameter, or returns -1 after reporting an
 * error.  Returns NULL after reporting a syntax error. */
typedef struct sched_expr sched_expr;
sched_expr *sched_expr_parse(scc_ctx *ctx, const char *text, scc_loc loc,
                             int (*resolve)(void *data, const char *name,
                                            scc_loc at),
                             void *data);
/* A condition of loop.specialize: the grammar of sched_expr_parse, where
 * a bare name is a parameter of the kernel ("n % 16 == 0 && m >= %min"). */
sched_expr *sched_cond_parse(scc_ctx *ctx, const char *text, scc_loc loc,
                             int (*resolve)(void *data, const char *name,
                                            scc_loc at),
                             void *data);
/* The condition as an IR expression of kernel k: %params take their values
 * in env, names are k's integer parameters.  NULL with *why (and *where,
 * the name at fault when one is) for a name that is not one, or a
 * division by a value that is not a nonzero constant. */
ir_expr *sched_cond_ir(scc_ctx *ctx, const sched_expr *e,
                       const sched_value *env, ir_kernel *k, const char **why,
                       scc_loc *where);
/* The value of e with the parameters of `env`; false (and *why) on a
 * division by zero or an overflow. */
bool sched_expr_eval(const sched_expr *e, const sched_value *env, int64_t *out,
                     const char **why);
/* "%rows = 14, %vecs = 3": the values e reads, for messages. */
const char *sched_expr_values(scc_ctx *ctx, const sched_expr *e,
                              const sched_value *env);

#define SCHED_OP(id, name, handler, ...)                                       \
  bool handler(sched_run *r, const sched_stmt *s);
#include "ops.def"
#undef SCHED_OP

/* ---- helpers for op handlers (sched_interp.c) ----------------------------
 * Handlers live in sched_interp.c (the first set) and in ops_<group>.c. */

/* The live handle an operand names, or NULL after reporting that it was
 * consumed or invalidated. */
sched_value *sched_get_handle(sched_run *r, const sched_item *it);
/* The value of a number operand (a literal or a param). */
int64_t sched_get_num(sched_run *r, const sched_item *it);
/* The attribute `key` of a statement, or NULL. */
const sched_attr *sched_attr_find(const sched_stmt *s, const char *key);
/* The number attribute `key` of a statement in *out (dflt without one);
 * false after reporting "<what>, <lo> to <hi>, got <n>" at the value when
 * it lies outside [lo, hi] (what: "loop.pack: {prefetch = D} takes how
 * many rows ahead of the copy to prefetch"). */
bool sched_attr_num(sched_run *r, const sched_stmt *s, const char *key,
                    int64_t lo, int64_t hi, int64_t dflt, const char *what,
                    int64_t *out);
/* The statement's {isa = "..."} in *isa (IR_ISA_DEFAULT without one);
 * false after reporting "<op>: unknown isa "x" (expected <expected>)". */
bool sched_get_isa(sched_run *r, const sched_stmt *s, const char *op,
                   const char *expected, ir_isa *isa);
/* The j-th payload of handle v as a loop, or NULL after reporting that it is
 * not a loop (the kernel root, say). */
ir_node *sched_loop_of(sched_run *r, const sched_stmt *s, sched_value *v,
                       int j);
/* Reports a transform's failure (silenceable: at the op, with a note at the
 * payload) and runs the verifier and --dump-after on success; false when
 * the run must stop. */
bool sched_xf_done(sched_run *r, const sched_stmt *s, xf_status st);
/* The value slot of result j of s (NULL when the result is not bound). */
sched_value *sched_bind(sched_run *r, const sched_stmt *s, int j);
/* Binds result j of s to the payloads in *loops (ir_node *). */
void sched_set_result(sched_run *r, const sched_stmt *s, int j,
                      const scc_vec *loops);

/* The closest of `n` names to `s` by edit distance (within about a third
 * of its length), or NULL: for "did you mean" hints (sched_ops.c). */
const char *sched_closest_name(const char *s, const char *const *names, int n);

/* Before a schedule runs on a module (sched_match.c): an error when the
 * module has no kernel, or when no sequence of the schedule would run on
 * any kernel (no @main and no @<kernel name>), with "did you mean" for
 * misspelled kernel names; a warning for a sequence that is named almost
 * like a kernel, matches none and is never included.  False after an
 * error. */
bool sched_check_kernels(scc_ctx *ctx, const sched_program *p,
                         const ir_module *m);

/* match.loop found no loop `name` in payload item n (NULL: the kernel
 * root; `what` names it): the error, with "did you mean" and a note
 * listing the loops there ("loops here: i, j, k"). */
void sched_report_no_loop(sched_run *r, const sched_stmt *s, const char *name,
                          ir_node *n, const char *what);

/* --dump-after=<op|all> printed nothing while sequence q ran on kernel k:
 * the warning, with "did you mean" when `opt` names no op. */
void sched_warn_no_dump(scc_ctx *ctx, const sched_seq *q, const ir_kernel *k,
                        const char *opt);

#include "sched_remark.h"

#endif
