/* fe_internal.h — state shared by the frontend's files (not a public API).
 *
 *   fe.c        parsing with libclang, clang diagnostics, tokenizing,
 *               pragmas, finding kernels and their regions (the driver)
 *   fe_cursor.c locations, tokens, children, directives, erased lines,
 *               unsupported constructs: the helpers every file calls
 *   fe_stmt.c   raising statements: loops, ifs, assignments, declarations
 *   fe_expr.c   raising expressions, types, variables and arrays
 *   fe_subst.c  forward substitution of locals (indices, row pointers)
 *   fe_lookup.c what a reference stands for: recorded substitutions, writes
 *               of a declaration, null tests (below fe_expr.c and fe_subst.c)
 *   fe_omp.c    OpenMP directives
 */
#ifndef FE_INTERNAL_H
#define FE_INTERNAL_H

#include "fe.h"

#include <clang-c/Index.h>
#include <stdint.h>

/* A `#pragma schedcc label(name)`, matched to the loop starting at
 * `target` (the byte offset of the first token after the pragma). */
typedef struct fe_label {
  const char *name;
  size_t target;
  scc_loc loc;
  bool used;
} fe_label;

/* An OpenMP 5.1 loop-transformation directive (`#pragma omp tile
 * sizes(...)`, `#pragma omp unroll [full|partial[(n)]]`) found in the main
 * file, matched to the loop starting at `target` like a label.  A directive
 * that cannot be read (a size that is not an integer literal or a macro
 * defined as one in the file) keeps its message in `bad`: it is an error
 * only when the directive turns out to lie in a kernel (outside kernels
 * the directives belong to the C compiler). */
typedef enum fe_omp_kind {
  FE_OMP_TILE,           /* sizes[0..n-1] */
  FE_OMP_UNROLL_FULL,    /* unroll full */
  FE_OMP_UNROLL_PARTIAL, /* unroll partial(sizes[0]); 1 without a factor */
  FE_OMP_UNROLL_HINT,    /* bare unroll: not applied (see fe_omp.c) */
  FE_OMP_LOOP, /* parallel for, for, simd, parallel for simd, for simd:
                  kept on the loop (loop_dir) */
} fe_omp_kind;

/* What an OpenMP loop directive (FE_OMP_LOOP) says, read from its tokens:
 * the variables are names until the loop is raised (fe_omp_loop). */
typedef struct fe_omp_loopdir {
  const char *construct; /* "parallel for", "simd", ... */
  int collapse;
  scc_vec priv;        /* const char *: private(...) */
  scc_vec other;       /* const char *: firstprivate, lastprivate, linear */
  scc_vec reds;        /* const char *: reduction(op: ...) */
  int red_op;          /* ir_op of the reductions (IR_OP_NONE: none) */
  const char *sched;   /* schedule(kind[, N]) as loop.parallel takes it */
  const char *clauses; /* the clauses kept as written, or NULL */
  scc_vec warnings;    /* const char *: clauses dropped, reported at the loop */
} fe_omp_loopdir;

typedef struct fe_omp {
  fe_omp_kind kind;
  int n;
  int64_t *sizes;
  const char *text; /* the directive as written, after "#pragma " */
  size_t off;       /* offset of '#' */
  size_t last;      /* offset of the last token of the line */
  size_t target;    /* offset of the first token after the directive lines */
  scc_loc loc;      /* of the directive name (tile/unroll) */
  const char *bad;  /* why it cannot be read, or NULL */
  bool used;        /* attached to a loop of a kernel */
  fe_omp_loopdir *loop_dir; /* FE_OMP_LOOP */
} fe_omp;

/* A pragma schedcc does not read (`#pragma GCC ivdep`, `#pragma omp
 * parallel for`, ...): where it is, and its text from the word after
 * `pragma` to the end of its line. */
typedef struct fe_foreign {
  size_t off;
  scc_loc loc;
  const char *text;
} fe_foreign;

/* The frontend's state for one file.  libclang objects are owned here and
 * disposed by fe_parse_file; everything else lives in ctx->arena. */
typedef struct fe_state {
  scc_ctx *ctx;
  ir_module *m;
  const char *path; /* arena copy used as scc_loc.file */
  CXTranslationUnit tu;
  CXFile file;
  CXToken *toks; /* every token of the main file, by offset */
  unsigned ntoks;
  size_t *tok_off; /* start offset of each token */
  fe_label *labels;
  int nlabels;
  scc_vec omps;       /* fe_omp *, in source order */
  scc_vec omp_groups; /* fe_omp_group * of the kernel being raised */
  int omp_labels;     /* __ompN labels given so far */
  ir_kernel *k;       /* the kernel being raised */
  scc_vec ivs;        /* ir_var *: ivs of the loops enclosing the raise point */
  bool quiet;         /* raising a dimension: failures are not reported */
  bool failed;        /* a quiet raise failed */
  scc_vec foreign;    /* fe_foreign *: other tools' pragmas, to warn about
                         those inside a kernel (they are not re-emitted) */
  int expr_depth;     /* nesting of fe_expr calls (see FE_EXPR_DEPTH_MAX) */
  bool too_deep;      /* the current expression exceeded it (reported) */
  /* Which declaration each variable of the kernel stands for (fe_decl *),
   * and the end offset of the innermost block or for statement being
   * raised (the scope of a declaration made there; SIZE_MAX outside any):
   * variables are identified by name, except that a declaration inside
   * the scope of another of the same name (shadowing) gets a variable of
   * its own (fe_var_for_decl). */
  scc_vec decls;
  size_t scope_end;
  /* The locals of the kernel being raised that fe_subst.c substituted
   * (integer values and row pointers), fe_subst * */
  scc_vec substs;
  /* The local arrays the kernel declares (fe_local *, fe_stmt.c). */
  scc_vec locals;
} fe_state;

/* A local array declared in the kernel being raised, with the induction
 * variables of the loops around its declaration. */
typedef struct fe_local {
  ir_array *array;
  scc_loc loc;
  ir_var **ivs;
  int nivs;
} fe_local;

/* A declaration and the variable it became: its scope [lo, hi) in the
 * main file ([0, SIZE_MAX) for one outside the kernel). */
typedef struct fe_decl {
  CXCursor cur;
  ir_var *v;
  size_t lo, hi;
} fe_decl;

/* The deepest expression a kernel may hold (a chain a + b + c + ... of this
 * many operators): deeper ones are refused with an error instead of
 * overflowing the stack in the recursive passes over the IR. */
enum { FE_EXPR_DEPTH_MAX = 1024 };

/* The deepest loop nest a kernel may hold: the dependence analysis works on
 * iteration domains of one dimension per loop, and isl's time grows
 * steeply with the dimension (one interchange: 0.7 s at 24 loops, 2 s at
 * 32, 10 s at 48, minutes at 100), so deeper nests are refused with an
 * error at the loop that exceeds it. */
enum { FE_LOOP_DEPTH_MAX = 32 };

/* ---- fe_cursor.c ------------------------------------------------------ */

/* The expansion location of l; *off receives its byte offset in the main
 * file when off != NULL. */
scc_loc fe_loc_of(fe_state *s, CXSourceLocation l, size_t *off);
/* Location (expansion location) of the start of a cursor's extent; *off
 * receives its byte offset in the main file when off != NULL. */
scc_loc fe_cursor_loc(fe_state *s, CXCursor c, size_t *off);
/* Byte offsets [*b, *e) of a cursor's extent (expansion locations). */
void fe_cursor_range(fe_state *s, CXCursor c, size_t *b, size_t *e);
/* Index of the first token whose offset is >= off (ntoks when none). */
unsigned fe_token_at(fe_state *s, size_t off);
/* The direct children of a cursor (arena copies), in order. */
int fe_children(fe_state *s, CXCursor c, CXCursor **out);
/* Skips implicit casts (UnexposedExpr) and parentheses. */
CXCursor fe_strip(fe_state *s, CXCursor c);
/* Tokens of the main file (s->toks): spelling (arena copy), comparison
 * with a spelling (false past the end), location, line, and whether token
 * i is a '#' that starts a directive line. */
char *fe_tok_str(fe_state *s, unsigned i);
bool fe_tok_is(fe_state *s, unsigned i, const char *text);
scc_loc fe_tok_loc(fe_state *s, unsigned i);
unsigned fe_tok_line(fe_state *s, unsigned i);
bool fe_starts_directive(fe_state *s, unsigned i);
/* Records in m->erase the line of the pragma from '#' at `off` to the
 * token at offset `last` (see ir_module.erase); m->erase is sorted again by
 * fe_omp_finish. */
void fe_erase_line(fe_state *s, size_t off, size_t last);
/* Reports "unsupported in a kernel: <what>" at the cursor (or records the
 * failure silently in quiet mode). */
void fe_unsupported(fe_state *s, CXCursor c, const char *fmt, ...)
    SCC_PRINTF(3, 4);

/* ---- fe_omp.c --------------------------------------------------------- */

/* Reads the `#pragma omp` directive whose '#' is token i and whose line
 * ends at token `end`: records tile and unroll directives in s->omps (other
 * OpenMP directives are left to the compiler).  `after` is the offset of
 * the first token after the directive lines. */
void fe_omp_directive(fe_state *s, unsigned i, unsigned end, size_t after);
/* True when the `#pragma omp` directive whose '#' is token i is one
 * fe_omp_directive reads (tile, unroll, and the loop directives parallel
 * for, for, simd, parallel for simd, for simd); others are foreign. */
bool fe_omp_reads(fe_state *s, unsigned i, unsigned end);
/* The compile flags libclang parses the file with: `-fopenmp` (and
 * `-fopenmp=lib`, `-fopenmp-simd`) left out, `_OPENMP` defined as 201511
 * instead (OpenMP 4.5: <omp.h> parses without -fopenmp; libclang does not
 * expose the loop under an OpenMP directive: the directives are read from the
 * tokens either way).  Sets *n. */
const char *const *fe_omp_args(scc_ctx *ctx, const char *const *args, int nargs,
                               int *n);
/* Called by fe_for once `loop` (starting at offset `off`) is raised with
 * its body: attaches the directives that precede it. */
void fe_omp_loop(fe_state *s, ir_node *loop, size_t off);
/* Called after kernel k is raised (errors0: ctx->nerrors before): checks
 * the attached directives, labels their loops and sets
 * k->inline_schedule. */
void fe_omp_kernel(fe_state *s, ir_kernel *k, int errors0);
/* Called once every kernel is raised: the lines of the directives read as
 * schedules join m->erase, and when any kernel has an inline schedule the
 * others get an empty one (so applying them warns about no kernel). */
void fe_omp_finish(fe_state *s);

/* ---- fe_expr.c -------------------------------------------------------- */

/* The source text of a cursor's extent, cut to 40 bytes (an arena copy),
 * for messages that name a construct. */
char *fe_cursor_text(fe_state *s, CXCursor c);
/* Maps a clang type (canonicalized) to an IR scalar type. */
bool fe_map_type(CXType t, ir_type *out);
/* Raises an expression; NULL after an error was reported. */
ir_expr *fe_expr(fe_state *s, CXCursor c);
/* Raises an expression used as a condition (of an if, `?:`, `!`, `&&`,
 * `||`), where a pointer may stand for its null test. */
ir_expr *fe_cond(fe_state *s, CXCursor c);
/* The kernel variable for a scalar VarDecl/ParmDecl cursor (created as an
 * IR_VAR_PARAM, declared outside, on first use); NULL after an error. */
ir_var *fe_var_for_decl(fe_state *s, CXCursor decl, CXCursor use);
/* The kernel array for an array or pointer declaration; NULL after an
 * error. */
ir_array *fe_array_for_decl(fe_state *s, CXCursor decl, CXCursor use);
/* True when the declaration's type makes it an array of the kernel. */
bool fe_decl_is_array(CXCursor decl);
/* Quasi-affine check used for bounds and write subscripts: integer
 * constants and variables combined by + - unary minus, products where one
 * side does not read a variable of kind IV or LOCAL (when strict), and
 * division/remainder by a positive constant. */
bool fe_quasi_affine(const ir_expr *e);

/* ---- fe_lookup.c ------------------------------------------------------ */

/* A substituted local: an integer value, or a pointer alias. */
typedef struct fe_subst {
  CXCursor decl;
  ir_expr *value;  /* integer local: its value */
  ir_array *base;  /* pointer local: the array it points into */
  int nfixed;      /* leading subscripts fixed by the row (rank - 1) */
  ir_expr **fixed; /* nfixed subscripts */
  ir_expr *offset; /* offset in the last dimension (an integer) */
} fe_subst;

/* The substitution recorded for a declaration, or NULL. */
fe_subst *fe_subst_find(fe_state *s, CXCursor decl);

/* What the references of a declaration in the main file do. */
typedef struct fe_write_scan {
  fe_state *s;
  size_t name_off; /* the declaration's own name */
  bool written;    /* assigned, incremented or address-taken in the kernel */
  bool outside;    /* referenced outside the kernel's region */
} fe_write_scan;

/* Scans the references of decl in the main file (clang_findReferencesInFile):
 * written when a token after or before one assigns, increments or takes
 * its address (or a macro hides it); outside when one lies outside the
 * kernel's region or decl is in another file. */
fe_write_scan fe_scan_writes(fe_state *s, CXCursor decl);

/* a + b (a - b for IR_OP_SUB) over integer offsets, a possibly NULL
 * (then b, or -b): adding 0 gives the other operand unchanged; the type
 * is the usual arithmetic conversion of the two. */
ir_expr *fe_add_offset(fe_state *s, ir_expr *a, ir_expr *b, ir_op op);

/* The substituted value of an integer local's declaration (a fresh copy
 * located at l), or NULL when decl is not one. */
ir_expr *fe_subst_value(fe_state *s, CXCursor decl, scc_loc l);
/* For a pointer local's declaration: the array it points into, with *idx
 * set to the rank subscripts of the element `p[sub]` (untouched when sub
 * is NULL); NULL when decl is not a substituted pointer. */
ir_array *fe_subst_row(fe_state *s, CXCursor decl, ir_expr *sub, scc_loc l,
                       ir_expr ***idx);
/* Whether the main file references the declaration outside the kernel's
 * region (or it is declared in another file). */
bool fe_subst_used_outside(fe_state *s, CXCursor decl);
/* A null test of a pointer the kernel does not assign (`p != NULL`, `p ==
 * 0`, `!p`, `p` as a condition) as an int expression over a parameter
 * standing for `(p != 0)` (ir_var.c_value); NULL when c is not one (*why
 * then says why when c is a null test that cannot be read). */
ir_expr *fe_null_test(fe_state *s, CXCursor c, const char **why);

/* ---- fe_subst.c ------------------------------------------------------- */

/* Forward substitution of the declaration d (a VarDecl in the kernel)
 * when it is an integer local, assigned only by its initializer, whose
 * value is quasi-affine in values that do not change while it is alive
 * (see fe_subst.c for the rules): records it and returns true (the caller
 * emits no declaration); false leaves everything as it was. */
bool fe_subst_int(fe_state *s, CXCursor d);
/* The same for a pointer local (`const float *w = weight + o * C`): true
 * when recorded as a row of an array of the kernel; else false with *why
 * naming the rule it breaks. */
bool fe_subst_pointer(fe_state *s, CXCursor d, const char **why);
/* Forward substitution of assignments `k = <affine>;` in the raised kernel
 * (integer scalars of the kernel, reads after the assignment up to the
 * next write of k), and the removal of the stores left dead (fe_subst.c).
 * Called once the whole kernel is raised. */
void fe_subst_assignments(fe_state *s);
/* Whether an expression has the same value wherever the kernel runs: it
 * reads only parameters the kernel does not write. */
bool fe_kernel_invariant(fe_state *s, ir_expr *e);

/* A loop `for (j = lb; j < ub; j += S)` (ub exclusive) with S not a
 * constant, normalized: j (the IR variable iv) counts the iterations from
 * 0 to a parameter standing for the trip count, `(S > 0 ? (ub - lb + S -
 * 1) / S : 0)` (ir_var.c_value), and until fe_subst_pop the body's reads of
 * the C variable (decl) are `lb + j * S`.  [lo, hi) is the loop's extent.
 * Sets *lb_out and *ub_out to the normalized bounds and returns NULL, or
 * the reason it cannot (lb, ub or S change in the kernel, or j is read
 * after the loop). */
const char *fe_subst_step(fe_state *s, CXCursor decl, ir_var *iv, ir_expr *lb,
                          ir_expr *ub, ir_expr *step, size_t lo, size_t hi,
                          ir_expr **lb_out, ir_expr **ub_out);
/* Ends the substitution of a normalized loop's variable. */
void fe_subst_pop(fe_state *s, CXCursor decl);

/* ---- fe_stmt.c -------------------------------------------------------- */

/* Raises a statement and appends it (or them) to b. */
void fe_stmt(fe_state *s, CXCursor c, ir_block *b);
/* Checks after a kernel is raised: writes to induction variables,
 * affine write subscripts. */
void fe_check_kernel(fe_state *s);

#endif
