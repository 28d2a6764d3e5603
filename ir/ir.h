/* ir.h — the schedcc IR: one data structure for the whole pipeline.
 *
 * A module holds the kernels of one C file.  A kernel is a tree of nodes:
 * loops (scf.for-like), affine if guards, assignments and scalar
 * declarations.  Expressions are trees; bounds, guards and subscripts are
 * expressions that are affine (or quasi-affine: min/max/floordiv/ceildiv,
 * products with iterator-free parameter expressions) in the enclosing
 * induction variables and the kernel's symbolic parameters.
 *
 * Ownership: every IR object lives in the arena of the scc_ctx that built
 * it; nothing is freed individually.  Strings are arena copies.
 *
 * Files of this module:
 *   ir.c         builders, block surgery, walks, fresh names
 *   ir_affine.c  affine forms, simplification, indexing maps
 *   ir_clone.c   deep copies with substitution of induction variables;
 *                snapshots of a kernel to undo transforms with
 *   ir_verify.c  the structural verifier run after every transform
 *   ir_print.c   the textual form (stable, golden-tested) and C expression
 *                printing shared with the C backend
 *
 * ir/ uses support/ only: no frontend, schedules, transforms or backend.
 */
#ifndef IR_H
#define IR_H

#include "../support/scc.h"

/* ---- types -------------------------------------------------------------- */

/* The scalar C types a kernel may compute with.  Integer kinds are kept
 * exact so that re-emitted code converts exactly as the source did. */
typedef enum ir_type {
  IR_TY_VOID,
  IR_TY_BOOL, /* _Bool, and the int result of comparisons is IR_TY_INT */
  IR_TY_CHAR,
  IR_TY_SCHAR,
  IR_TY_UCHAR,
  IR_TY_SHORT,
  IR_TY_USHORT,
  IR_TY_INT,
  IR_TY_UINT,
  IR_TY_LONG,
  IR_TY_ULONG,
  IR_TY_LLONG,
  IR_TY_ULLONG,
  IR_TY_FLOAT,
  IR_TY_DOUBLE,
  IR_TY_LDOUBLE,
} ir_type;

/* C spelling of a type ("unsigned long", "double", ...). */
const char *ir_type_name(ir_type t);
bool ir_type_is_float(ir_type t);   /* float, double, long double */
bool ir_type_is_integer(ir_type t); /* every integer kind incl. bool/char */
/* bool, unsigned char/short/int/long/long long */
bool ir_type_is_unsigned(ir_type t);
/* sizeof of t in bytes on the LP64 targets schedcc emits for (x86-64,
 * AArch64): 1 to 8, long double 16, void 0. */
int ir_type_size(ir_type t);

/* ---- variables and arrays ----------------------------------------------- */

typedef enum ir_var_kind {
  IR_VAR_IV,    /* a loop induction variable */
  IR_VAR_PARAM, /* a scalar the kernel reads but never writes: a symbolic
                   parameter (function parameter, outer local, global) */
  IR_VAR_LOCAL, /* a scalar the kernel writes */
} ir_var_kind;

/* A scalar variable used by a kernel.  `declared_outside` is true when the
 * variable's C declaration is not the for-init of a loop: it is declared
 * outside the kernel region, or by an IR_NODE_DECL inside it.  Loops whose
 * iv has it true emit `for (i = ...)`; loops whose iv has it false declare
 * the iv in the for-init (`for (int i = ...)`), as do the induction
 * variables that transforms create. */
typedef struct ir_var {
  const char *name;
  ir_type type;
  ir_var_kind kind;
  bool declared_outside;
  scc_loc loc; /* declaration (or creating transform's) location */
  int id;      /* unique within the kernel, in creation order */
  int lanes;   /* > 1: a vector variable (a register) of `lanes` values of
                  `type`, created by vectorization; 0 or 1: a scalar */
  /* Declared outside the kernel and used outside its region too (or a
   * global or static variable, whose value outlives the function): the
   * value the kernel leaves in it may be read afterwards.  Set by the
   * frontend; transforms that change the final value of an induction
   * variable refuse such variables. */
  bool live_out;
  /* A scalar local whose reads and writes are volatile accesses (C17
   * 6.7.3p7): the compiler that compiles the output evaluates each one and
   * knows nothing of the value.  loop.vectorize {fma_adds = F} holds its
   * multiplier 1.0 in one, so that acc = fma(x, 1.0, acc) is not folded
   * back into an addition (the C backend declares it `volatile T`, the
   * LLVM backend marks its loads and stores volatile). */
  bool is_volatile;
  /* Declared volatile in the source (`volatile int flag`, a `static
   * volatile` global the kernel reads; is_volatile too): its reads and
   * writes must keep their number and order, so no transform takes a loop
   * that accesses it (schedules/sched_interp.c, as for volatile arrays),
   * and the frontend never substitutes its value.  Not set on the
   * variables transforms create (the multiplier of {fma_adds}). */
  bool declared_volatile;
  /* A parameter that stands for a C expression of the kernel's scope that
   * the IR has no form for, or NULL: `(bias != 0)`, the null test of a
   * pointer (frontend/fe_subst.c).  It is an int, loop-invariant, and the
   * backends print this text where C code would name the variable (the
   * C backend in expressions, the LLVM backend in the call that passes
   * the kernel its parameters); `name` is an identifier used by the IR
   * text and the dependence analysis only. */
  const char *c_value;
} ir_var;

/* An array the kernel accesses.  rank is the number of subscripts every
 * access uses.  dims[d] is the extent of dimension d when the declaration
 * gives one (a constant or a parameter expression such as `m` in
 * `float A[n][m]`; for a parameter `double A[N][M]`, dims[0] is N as
 * written, although C ignores it), NULL otherwise (`T *A`, `T (*A)[m]`).
 * is_pointer: declared `T *A` (accesses are 1-D, usually with linearized
 * subscripts `A[i*lda + k]`). */
/* Where an array's storage comes from, for aliasing (deps/dep_assume.c):
 * two array objects are distinct; an automatic array object of the
 * function cannot be what a pointer parameter points to; any other pair
 * may overlap unless one of them is `restrict`. */
typedef enum ir_storage {
  IR_STORE_UNKNOWN, /* a pointer variable that is not a parameter (local or
                       global), or not known: may point anywhere */
  IR_STORE_PARAM,   /* a function parameter (`T *A`, `T A[n][m]`) */
  IR_STORE_AUTO,    /* an array object with automatic storage, declared in
                       the function (`float t[64];`) */
  IR_STORE_STATIC,  /* a global or static array object */
} ir_storage;

typedef struct ir_array {
  const char *name;
  ir_type elem;
  int rank;
  struct ir_expr **dims;
  bool is_pointer;
  /* A buffer that the generated code declares (loop.pack, and
   * loop.expand_scalar): every dims[d] is an integer literal, except for
   * rank 1, where dims[0] may be an integer expression of the kernel's
   * parameters (a variable-length array); the C backend declares it at the
   * start of the kernel, `_Alignas(64) T name[d0][d1]...;`
   * (backend/be_c_decl.c), the LLVM backend allocates it in the entry
   * block. */
  bool is_local;
  /* (is_local with storage IR_STORE_AUTO: a local array the source
   * declares in the kernel, `float result[8];`, declared once at the
   * kernel's start; a versioned kernel declares it before its check, for
   * both versions.) */
  scc_loc loc;
  int id;
  /* Set by the frontend: where the storage comes from, and whether the
   * declaration qualifies the base pointer `restrict` (C11 6.7.3.1: an
   * object modified through it is accessed through no other name). */
  ir_storage storage;
  bool is_restrict;
  /* The elements are volatile-qualified (`volatile float a[n]`): every
   * access is a side effect whose order and count the transforms keep
   * (the interpreter refuses transforms of loops that access it). */
  bool is_volatile;
} ir_array;

/* ---- expressions -------------------------------------------------------- */

typedef enum ir_expr_kind {
  IR_EXPR_INT,    /* integer literal: u.ival */
  IR_EXPR_FP,     /* floating literal: u.fp */
  IR_EXPR_VAR,    /* scalar variable read: u.var */
  IR_EXPR_ACCESS, /* array element: u.access */
  IR_EXPR_UNARY,  /* u.un */
  IR_EXPR_BINARY, /* u.bin */
  IR_EXPR_SELECT, /* c ? a : b: u.sel */
  IR_EXPR_CAST,   /* explicit (type)x: u.cast; implicit conversions are
                     not represented (re-emitted code converts again) */
  IR_EXPR_CALL,   /* call of a pure <math.h> function: u.call */
  /* vector level (see "vectors" below) */
  IR_EXPR_BROADCAST, /* u.un.a, a scalar, in every lane */
  IR_EXPR_REDUCE,    /* u.un.op (ADD, MUL, MIN, MAX) over the lanes of
                        u.un.a: a scalar */
  IR_EXPR_SHUFFLE,   /* lanes of two vectors u.shuf.a, u.shuf.b picked by
                        the constant u.shuf.mask (loop.transpose_block) */
  IR_EXPR_ELEM_ADDR, /* unsigned long: the address of element u.addr.off of
                        u.addr.array as an integer, (uintptr_t)base +
                        off * sizeof(element); forms no pointer (the
                        run-time overlap checks: backend/be_lower.c) */
  IR_EXPR_ALIGN_GAP, /* int: the elements from the address of the scalar
                        access u.gap.a up to the next multiple of
                        u.gap.bytes (0 when it is one); reads no element
                        (loop.vectorize {align}) */
} ir_expr_kind;

typedef enum ir_op {
  IR_OP_NONE, /* plain '=' in assignments */
  /* unary */
  IR_OP_NEG,
  IR_OP_NOT,
  /* binary, C semantics */
  IR_OP_ADD,
  IR_OP_SUB,
  IR_OP_MUL,
  IR_OP_DIV, /* C division: truncates for integers */
  IR_OP_MOD, /* C remainder */
  IR_OP_LT,
  IR_OP_LE,
  IR_OP_GT,
  IR_OP_GE,
  IR_OP_EQ,
  IR_OP_NE,
  IR_OP_LAND,
  IR_OP_LOR,
  /* binary, integers only, C semantics: << and >> (the result has the
   * promoted type of the left operand), &, |, ^ */
  IR_OP_SHL,
  IR_OP_SHR,
  IR_OP_BAND,
  IR_OP_BOR,
  IR_OP_BXOR,
  /* binary, integer-only, created by transforms for bounds */
  IR_OP_MIN,
  IR_OP_MAX,
  IR_OP_FLOORDIV, /* rounds toward -infinity; divisor a positive constant */
  IR_OP_CEILDIV,  /* rounds toward +infinity; divisor a positive constant */
} ir_op;

/* C spelling of an operator ("+", "<=", "min", "floordiv", ...). */
const char *ir_op_name(ir_op op);

typedef struct ir_expr ir_expr;
/* ---- vectors ---------------------------------------------------------------
 * An expression with lanes > 1 is a vector of `lanes` values of its scalar
 * `type` (lanes 0 or 1: a scalar).  Vectors have a static width; the C
 * backend maps them to the intrinsics of the kernel's ISA (ir_kernel.isa),
 * the LLVM backend to LLVM vector types.
 *  - IR_EXPR_ACCESS with lanes L: the L consecutive elements starting at the
 *    subscripted one (the last subscript advances: a contiguous load, or a
 *    store as an assignment's lhs).  u.access.mask: NULL (all lanes) or an
 *    integer scalar m, 0 <= m <= L: only the first m lanes are loaded (the
 *    others are 0) or stored — the remainder of a vectorized loop.
 *  - IR_EXPR_BROADCAST: the scalar u.un.a in every lane.
 *  - IR_EXPR_VAR of a var with lanes L: a vector variable.
 *  - IR_EXPR_UNARY, BINARY, SELECT, CAST, CALL with lanes L: lane-wise;
 *    operands are vectors of the same lanes (scalars are broadcast
 *    explicitly).  CALL "fmaf"/"fma" is the fused multiply-add a*b+c with
 *    one rounding (only where a schedule allowed contraction).
 *  - IR_EXPR_REDUCE: a horizontal reduction of u.un.a to a scalar; its
 *    association order is unspecified (only where reassociation is
 *    allowed).
 *  - IR_EXPR_SHUFFLE with lanes L: lane l is lane mask[l] of the
 *    concatenation of u.shuf.a and u.shuf.b (both vectors of L lanes):
 *    mask[l] < L picks a's lane, mask[l] >= L b's lane mask[l] - L
 *    (LLVM's shufflevector; the C backend emits the unpack/shuffle
 *    intrinsic whose pattern the mask is, see backend/be_c.c).
 *  - An assignment whose lhs has lanes L is a vector store (`+=` etc.
 *    lane-wise).
 */
struct ir_expr {
  ir_expr_kind kind;
  ir_type type; /* the C type of the value (after the usual conversions);
                   for a vector, the type of one lane */
  int lanes;    /* > 1: a vector (see above); 0 or 1: a scalar */
  scc_loc loc;
  union {
    int64_t ival;
    struct {
      double val;
      const char *spelling; /* source token ("0.5f", "1e-3"), or NULL */
    } fp;
    ir_var *var;
    struct {
      ir_array *array;
      int n;
      ir_expr **idx; /* n subscripts, outermost first */
      ir_expr *mask; /* vector accesses only: active lanes, or NULL */
      /* Vector stores only: a non-temporal (streaming) store, which
       * bypasses the caches, when the address is aligned to the vector's
       * size; the backends test the alignment at run time and make an
       * ordinary store otherwise (Intel SDM vol. 1, 10.4.6.2, "Caching of
       * Temporal vs. Non-Temporal Data").  Set by loop.transpose_block
       * {nontemporal}.  The backends end a kernel in which they emitted
       * one with a store fence, which orders the streaming stores before
       * any store after the kernel, as ordinary stores are. */
      bool nontemporal;
    } access;
    struct {
      ir_op op;
      ir_expr *a;
    } un;
    struct {
      ir_op op;
      ir_expr *a, *b;
    } bin;
    struct {
      ir_expr *cond, *a, *b;
    } sel;
    struct {
      ir_type to;
      ir_expr *a;
    } cast;
    struct {
      ir_expr *a, *b;  /* vectors of the same lanes as the shuffle */
      const int *mask; /* lanes entries in 0 .. 2 * lanes - 1 */
    } shuf;
    struct {
      ir_expr *a; /* an IR_EXPR_ACCESS, scalar: only its address is used */
      int bytes;  /* a power of two: the vector's size */
    } gap;
    struct {
      struct ir_array *array;
      ir_expr *off; /* an integer expression: elements from the base */
    } addr;
    struct {
      const char *fn; /* "sqrt", "expf", "fmax", ... */
      int n;
      ir_expr **args;
    } call;
  } u;
};

/* ---- nodes -------------------------------------------------------------- */

typedef enum ir_node_kind {
  IR_NODE_LOOP,
  IR_NODE_IF,
  IR_NODE_ASSIGN,
  IR_NODE_DECL,
} ir_node_kind;

typedef struct ir_node ir_node;

/* A statement list.  `owner` is the loop or if holding it (NULL for the
 * kernel body). */
typedef struct ir_block {
  ir_node *first, *last;
  ir_node *owner;
} ir_block;

/* Loop attributes (bit set). */
enum {
  IR_LOOP_PARALLEL = 1 << 0, /* emitted as an OpenMP parallel loop:
                                ir_loop.omp_* give its clauses */
  IR_LOOP_UNROLL_HINT = 1 << 1,
  IR_LOOP_VECTORIZED = 1 << 2, /* its body was vectorized: ir_loop.vwidth */
};

/* An OpenMP loop directive the user wrote on a loop of a kernel
 * (`#pragma omp parallel for ...`, `for`, `simd`, `parallel for simd`,
 * `for simd`; frontend/fe_omp.c).  The loop carrying it is marked
 * IR_LOOP_PARALLEL with the clauses the IR models in ir_loop.omp_*
 * (schedule, reductions of one operator, private); this keeps the rest.
 * Clones of the loop share it (the pointer is copied); the kernel lists
 * every one (ir_kernel.omp_dirs) so that a transform that makes the loop
 * vanish can say the directive was dropped. */
typedef struct ir_omp {
  const char *construct; /* "parallel for", "for", "simd", ... */
  int collapse;          /* collapse(n): the n loops nested from here */
  scc_vec priv;          /* ir_var *: private(...) as written */
  scc_vec priv_kept;     /* ir_var *: firstprivate, lastprivate, linear
                            (in `clauses`): not shared either */
  const char *clauses;   /* the clauses kept as written (num_threads(4),
                            nowait, firstprivate(x), ...), or NULL */
  scc_vec priv_arrays;   /* ir_array *: local arrays of the source declared
                            in the loop (one object per iteration in C),
                            declared once for the kernel by schedcc: listed
                            in a private(...) of `clauses` */
  const char *text;      /* the directive as written, after "#pragma " */
  scc_loc loc;
  bool unchecked; /* found to carry a dependence (warned): kept as written
                     and not checked again after transforms */
  bool dropped;   /* its loop vanished (reported) */
  bool checked;   /* xf_omp_check has looked at it */
} ir_omp;

/* True when the directive is `simd` alone (no worksharing: the iterations
 * run in one thread). */
bool ir_omp_simd_only(const ir_omp *o);

/* for (iv = lb; step > 0 ? iv < ub : iv > ub; iv += step) body
 * ub is exclusive in both directions: the frontend turns `i <= n` into
 * ub = n + 1 and `i >= 0` (counting down) into ub = -1. */
typedef struct ir_loop {
  ir_var *iv;
  ir_expr *lb, *ub;
  int64_t step; /* nonzero constant */
  ir_block body;
  const char *label; /* from #pragma schedcc label(x), or NULL */
  unsigned attrs;
  int vwidth; /* IR_LOOP_VECTORIZED: the vector width (lanes) */
  /* IR_LOOP_PARALLEL: OpenMP clauses.  omp_schedule: "static", "dynamic",
   * ... or NULL (none); omp_reductions: ir_expr * (IR_EXPR_VAR of scalar
   * locals) reduced with omp_reduction_op (IR_OP_ADD, MUL, MIN, MAX). */
  const char *omp_schedule;
  scc_vec omp_reductions;
  ir_op omp_reduction_op;
  scc_vec omp_private; /* ir_var *: private(...) (inner ivs declared
                          outside the loop) */
  ir_omp *omp; /* the user's directive (IR_LOOP_PARALLEL set), or NULL for
                  loop.parallel's `parallel for` */
  /* loop.to_library (transforms/to_library.c): "cblas" or "libxsmm" when
   * the nest rooted here is a matrix product (ir/ir_gemm.h) that the
   * backends emit as one call of that library, the loops staying the
   * call's meaning (for the dependence analysis) and its run-time
   * fallback; NULL otherwise. */
  const char *library;
  /* The library call the lowering (backend/be_lower.c) made of this
   * marked nest, or NULL: the backends then emit the loops. */
  struct ir_libcall *call;
  /* loop.prefetch (transforms/prefetch.c): IR_EXPR_ACCESS nodes (scalar,
   * subscripts within the array's extents) whose elements the backends
   * prefetch at the start of each iteration (__builtin_prefetch,
   * llvm.prefetch): prefetch to read, prefetchw with the intent to write
   * (arrays the loop stores into).  Hints: no value depends on them, and
   * the dependence analysis does not see them.  Clones and substitutions
   * (ir_clone.c) carry them; after each op, xf_prefetch_prune drops those
   * that read a variable no longer in scope. */
  scc_vec prefetch, prefetchw;
} ir_loop;

typedef struct ir_if {
  ir_expr *cond;
  ir_block then_body;
  ir_block else_body; /* empty when there is no else */
} ir_if;

/* lhs op= rhs, op IR_OP_NONE for '='.  lhs is an IR_EXPR_ACCESS or an
 * IR_EXPR_VAR of an IR_VAR_LOCAL. */
typedef struct ir_assign {
  ir_expr *lhs;
  ir_op op;
  ir_expr *rhs;
  int id; /* statement number: printed S<id>; clones keep the id */
} ir_assign;

/* A scalar declared inside the kernel: `T var = init;` (init may be NULL). */
typedef struct ir_decl {
  ir_var *var;
  ir_expr *init;
} ir_decl;

struct ir_node {
  ir_node_kind kind;
  scc_loc loc;
  ir_block *in; /* the block holding this node (NULL when detached) */
  ir_node *prev, *next;
  union {
    ir_loop loop;
    ir_if ifs;
    ir_assign assign;
    ir_decl decl;
  } u;
};

/* ---- kernels and modules ------------------------------------------------ */

typedef enum ir_kernel_form {
  IR_KERNEL_FUNCTION, /* #pragma schedcc kernel before a function: the
                         whole body is the kernel */
  IR_KERNEL_LOOP,     /* #pragma schedcc kernel before a loop */
  IR_KERNEL_SCOP,     /* #pragma scop ... #pragma endscop */
} ir_kernel_form;

/* Instruction sets for vector code.  IR_ISA_SCALAR: plain C loops over the
 * lanes (portable, no intrinsics). */
typedef enum ir_isa {
  IR_ISA_DEFAULT, /* not chosen yet: the target's (see scc_ctx.target_isa) */
  IR_ISA_SCALAR,
  IR_ISA_SSE42,
  IR_ISA_AVX2,
  IR_ISA_AVX512,
  IR_ISA_NEON,
} ir_isa;

/* "scalar", "sse4.2", "avx2", "avx512", "neon" (the spellings of the
 * schedule language and --target-isa); ir_isa_parse returns false for
 * anything else. */
const char *ir_isa_name(ir_isa isa);
bool ir_isa_parse(const char *name, ir_isa *out);
/* True when vector code for isa may use fused multiply-adds: avx512 and
 * neon always (every AArch64 core has FMLA), avx2 unless the compile flags
 * enable AVX2 without FMA (ctx->no_fma: `-mavx2` alone); no other ISA. */
bool ir_isa_has_fma(const scc_ctx *ctx, ir_isa isa);
/* True when vector code for isa has loads and stores of the first m lanes
 * (an access's mask): avx512 (mask registers) and avx2 (vmaskmov); not
 * sse4.2, neon, scalar. */
bool ir_isa_has_masked_access(ir_isa isa);
/* Bytes in one vector register (16, 32, 64; 0 for scalar). */
int ir_isa_vector_bytes(ir_isa isa);

/* ---- shuffle masks of x86 instructions (ir_shuffle.c) -------------------
 * Each fills mask[0..lanes-1] (lanes a multiple of 4, float lanes) with the
 * IR_EXPR_SHUFFLE mask of one instruction applied to (a, b):
 *   ir_mask_unpack: unpcklps (hi false) / unpckhps (hi true) per 128-bit
 *     block: a0 b0 a1 b1 / a2 b2 a3 b3;
 *   ir_mask_shufps: shufps with immediate imm per 128-bit block: lanes 0-1
 *     from a, 2-3 from b, each chosen by 2 bits of imm;
 *   ir_mask_blocks: block q (4 lanes) of the result is block sel[q] of the
 *     concatenation a||b (vshuff32x4 and vperm2f128 are such masks). */
void ir_mask_unpack(int lanes, bool hi, int *mask);
void ir_mask_shufps(int lanes, int imm, int *mask);
void ir_mask_blocks(int lanes, const int *sel, int *mask);

/* ---- assumptions (run-time checks) -------------------------------------
 * A condition that the transformed code of a kernel relies on and that
 * the compiler could not prove: checked once at kernel entry, where the
 * backends emit `if (all hold) { transformed } else { original }`
 * (kernel versioning; computed by deps/dep_assume.c, see
 * docs/legality.md "Run-time checks"). */
typedef enum ir_assume_kind {
  /* The elements [a_lo, a_hi) of `a` and [b_lo, b_hi) of `b` (offsets in
   * elements from each array's base address, row-major) do not overlap in
   * memory. */
  IR_ASSUME_DISJOINT,
  /* `cond`, an int expression over the kernel's parameters, is nonzero
   * (e.g. `N <= ldc`: a delinearized subscript stays within its row). */
  IR_ASSUME_COND,
} ir_assume_kind;

typedef struct ir_assumption {
  ir_assume_kind kind;
  ir_array *a, *b;      /* DISJOINT: the two arrays; COND: a, b NULL */
  ir_expr *a_lo, *a_hi; /* DISJOINT: integer expressions over parameters */
  ir_expr *b_lo, *b_hi;
  ir_expr *cond; /* COND */
  /* what is assumed, in the user's terms ("'a' and 'b' do not overlap",
   * "N <= ldc"), and why ("'C[i*ldc + j]' is delinearized to C[i][j]"):
   * arena strings */
  const char *text;
  const char *reason;
  /* The check as one int expression, nonzero when the assumption holds:
   * filled by the lowering before the emitters (backend/be_lower.c), which
   * print it as they print any expression; NULL before. */
  ir_expr *check;
} ir_assumption;

/* An array whose linearized subscripts the dependence analysis read as
 * multi-dimensional: A[(q*s1 + r1)*s0 + r0] as A[q][r1][r0] with 0 <= r0 <
 * s0 and 0 <= r1 < s1 (deps/dep_build.c records it; deps/dep_assume.c
 * checks the bounds).  sizes[0] is the row length (the innermost extent),
 * sizes[1] the extent of the dimension outside it, and so on. */
enum { IR_DELIN_MAX = 4 };
typedef struct ir_delin {
  ir_array *array;
  int nsizes;                  /* 1 .. IR_DELIN_MAX */
  ir_var *sizes[IR_DELIN_MAX]; /* integer parameters, innermost first */
} ir_delin;

/* One kernel: an IR function.  [begin, end) is the byte range of the main
 * file that the C backend replaces with generated code; everything outside
 * the ranges is copied byte for byte (the pragmas included, so the output
 * can be scheduled again).
 *  - IR_KERNEL_FUNCTION: begin is just after the body's '{', end is the
 *    offset of its closing '}'.  The backend emits "\n", the statements
 *    indented by indent + 2 spaces, each line ending in "\n"; `indent` is
 *    the column (0-based) of the function's first line.
 *  - IR_KERNEL_LOOP: begin is the loop's `for`, end is just past the loop's
 *    last byte ('}' or the ';' of a single-statement body).
 *  - IR_KERNEL_SCOP: begin is the first statement after `#pragma scop`, end
 *    just past the last statement before `#pragma endscop` (past its ';'
 *    or '}').
 *   For LOOP and SCOP, `indent` is begin's column: the backend emits the
 *   first line without leading spaces (the source's own indentation stays
 *   before begin) and every following line indented by `indent` spaces, and
 *   no newline after the last line.
 * Names: a function kernel is named after its function; a loop or scop
 * kernel after its function when it is the function's only kernel, else
 * "<function>_<N>" (N = 1, 2, ... in source order within the function).
 * A loop kernel whose loop has a label is named by the label. */
typedef struct ir_kernel {
  const char *name;      /* see above */
  const char *func_name; /* enclosing function */
  ir_kernel_form form;
  scc_loc loc;
  size_t begin, end;
  int indent;        /* column (0-based, in bytes) where the region starts */
  size_t func_begin; /* byte offset where the enclosing function's
                        definition starts (the C backend puts a target
                        attribute there when the vector code needs one) */
  ir_block body;
  scc_vec vars;   /* ir_var *, every scalar the kernel uses or creates */
  scc_vec arrays; /* ir_array * */
  int next_stmt_id;
  struct ir_module *module;
  ir_isa isa; /* the instruction set vector code is emitted for */
  /* A schedule in the schedule language that the frontend derived from
   * `#pragma omp tile` / `#pragma omp unroll` inside the kernel (a
   * `named_sequence @<kernel name>(%root) {...}`), or NULL.  The driver
   * applies it when no -s schedule is given. */
  const char *inline_schedule;
  /* ir_omp *: the OpenMP loop directives of the kernel, in source order. */
  scc_vec omp_dirs;
  /* Kernel versioning (deps/dep_assume.c).  `original`: a copy of the body
   * taken before the schedule ran (NULL when none ran); `assumptions`
   * (ir_assumption *): when non-empty, the backends emit the body under
   * the check of all of them and `original` otherwise; `delinearized`
   * (ir_delin *): arrays the dependence analysis delinearized. */
  ir_block *original;
  scc_vec assumptions;
  scc_vec delinearized;
  /* The lowering (backend/be_lower.c): true once it ran; xsmm_dispatch
   * (ir_libcall *): the libxsmm kernels of distinct shapes that the
   * kernel's library calls use, dispatched once at kernel entry. */
  bool lowered;
  scc_vec xsmm_dispatch;
} ir_kernel;

/* A library call that the lowering made of a nest marked by
 * loop.to_library (ir_loop.library): the matched product (ir/ir_gemm.h,
 * matched once, on the IR the schedule left), the run-time condition
 * under which the call replaces the loops (the match's guards joined by
 * &&; NULL when none), and for libxsmm the kernel dispatched at entry: its
 * variable's name (the same for calls of one shape) and its index in
 * ir_kernel.xsmm_dispatch; the loops run instead when the condition fails
 * or the dispatch returned NULL. */
typedef struct ir_libcall {
  const char *library;   /* "cblas" or "libxsmm" */
  struct ir_gemm *gemm;  /* arena */
  ir_expr *guard;        /* or NULL */
  const char *xsmm_name; /* libxsmm: the dispatched kernel's variable */
  const char *xsmm_key;  /* libxsmm: type and the six shape expressions */
  int xsmm_index;        /* libxsmm: in ir_kernel.xsmm_dispatch; else -1 */
} ir_libcall;

/* A byte range [begin, end) of the main file. */
typedef struct ir_range {
  size_t begin, end;
} ir_range;

/* The kernels of one C file, in source order, with the file's text and the
 * identifiers it uses (so fresh names never clash).
 * `erase` holds the lines of the pragmas that mark kernels (`#pragma scop`,
 * `#pragma endscop`, `#pragma schedcc kernel`, `#pragma schedcc label(x)`),
 * each from the start of its line through its newline: compilers warn about
 * these unknown pragmas under -Wall, so the C backend leaves them out of
 * the output (ranges inside a kernel's region are regenerated anyway). */
typedef struct ir_module {
  const char *filename;
  const char *source; /* the whole main file */
  size_t source_len;
  scc_vec kernels;    /* ir_kernel * */
  scc_vec used_names; /* const char *, every identifier of the file */
  scc_vec erase;      /* ir_range *, sorted, disjoint */
  /* The lines (1-based) of the main file's #include directives that the
   * preprocessor ran, as libclang saw them (clang_getInclusions, under the
   * compile flags): one under `#if 0` or an #ifdef that does not hold is
   * not among them, nor one of a header already included whose include
   * guard skipped it (then the backend adds a second, harmless include).
   * Valid when includes_known (a module the frontend parsed); the C
   * backend adds a header the generated code needs unless one of these
   * lines includes it. */
  const unsigned *include_lines;
  int ninclude_lines;
  bool includes_known;
} ir_module;

/* ---- builders (ir.c) ------------------------------------------------------
 * Every builder allocates in ctx->arena and never fails. */

ir_module *ir_module_new(scc_ctx *ctx, const char *filename, const char *src,
                         size_t len);
ir_kernel *ir_kernel_new(scc_ctx *ctx, ir_module *m, const char *name);

/* A new variable registered in k->vars (id assigned).  The name is used as
 * given; call ir_fresh_name() first for a name that must not clash. */
ir_var *ir_var_new(scc_ctx *ctx, ir_kernel *k, const char *name, ir_type t,
                   ir_var_kind kind, scc_loc loc);
ir_array *ir_array_new(scc_ctx *ctx, ir_kernel *k, const char *name,
                       ir_type elem, int rank, scc_loc loc);
ir_var *ir_kernel_find_var(const ir_kernel *k, const char *name);
ir_array *ir_kernel_find_array(const ir_kernel *k, const char *name);

/* A name starting with `base` that is used by no identifier of the file and
 * no variable of the kernel ("i_t", then "i_t1", "i_t2", ...).  The name
 * is reserved in m->used_names. */
const char *ir_fresh_name(scc_ctx *ctx, ir_kernel *k, const char *base);

ir_expr *ir_int(scc_ctx *ctx, int64_t v); /* type IR_TY_INT, or LONG if
                                             it does not fit */
ir_expr *ir_fp(scc_ctx *ctx, ir_type t, double v, const char *spelling);
ir_expr *ir_var_ref(scc_ctx *ctx, ir_var *v);
ir_expr *ir_access(scc_ctx *ctx, ir_array *a, int n, ir_expr **idx);
ir_expr *ir_unary(scc_ctx *ctx, ir_op op, ir_expr *a, ir_type t);
/* A binary expression as written (no folding). */
ir_expr *ir_binary(scc_ctx *ctx, ir_op op, ir_expr *a, ir_expr *b, ir_type t);
ir_expr *ir_select(scc_ctx *ctx, ir_expr *c, ir_expr *a, ir_expr *b, ir_type t);
ir_expr *ir_cast(scc_ctx *ctx, ir_type to, ir_expr *a);
/* The number of elements, 0 .. bytes / sizeof(element) - 1, from the
 * address of the scalar access a to the next address that is a multiple of
 * bytes (a power of two), as an int: ((-address) mod bytes) / element size
 * (IR_EXPR_ALIGN_GAP).  The peel count of peeling for alignment
 * (Eichenberger, Wu and O'Brien, "Vectorization for SIMD architectures with
 * alignment constraints", PLDI 2004; GCC's vectorizer peels the same way).
 * Takes a. */
ir_expr *ir_align_gap(scc_ctx *ctx, ir_expr *a, int bytes);
/* The address of element `off` (an integer expression, row-major elements
 * from the base) of array a as an unsigned long (IR_EXPR_ELEM_ADDR; the
 * C backend prints it with uintptr_t).  Takes off. */
ir_expr *ir_elem_addr(scc_ctx *ctx, struct ir_array *a, ir_expr *off);
ir_expr *ir_call(scc_ctx *ctx, const char *fn, int n, ir_expr **args,
                 ir_type t);

/* Nodes are created detached (in == NULL); put them in a block with the
 * block functions below. */
ir_node *ir_loop_new(scc_ctx *ctx, ir_var *iv, ir_expr *lb, ir_expr *ub,
                     int64_t step, scc_loc loc);
ir_node *ir_if_new(scc_ctx *ctx, ir_expr *cond, scc_loc loc);
ir_node *ir_assign_new(scc_ctx *ctx, ir_kernel *k, ir_expr *lhs, ir_op op,
                       ir_expr *rhs, scc_loc loc); /* takes the next id */
ir_node *ir_decl_new(scc_ctx *ctx, ir_var *var, ir_expr *init, scc_loc loc);

/* ---- block surgery (ir.c) ---------------------------------------------- */

void ir_block_init(ir_block *b, ir_node *owner);
void ir_block_append(ir_block *b, ir_node *n);
void ir_insert_before(ir_node *pos, ir_node *n);
void ir_insert_after(ir_node *pos, ir_node *n);
/* Unlinks n from its block (no-op when detached). */
void ir_remove(ir_node *n);
/* Puts `with` where `old` was; old becomes detached. */
void ir_replace(ir_node *old, ir_node *with);
/* Moves every node of `from` to the end of `to` (from becomes empty). */
void ir_block_move_all(ir_block *to, ir_block *from);
int ir_block_len(const ir_block *b);
bool ir_block_empty(const ir_block *b);

/* The loop or if whose block holds n, or NULL at the kernel top level. */
ir_node *ir_parent(const ir_node *n);
/* True when `inner` is `outer` or nested (at any depth) inside it. */
bool ir_node_within(const ir_node *inner, const ir_node *outer);
/* Depth of a node: 0 at the kernel top level. */
int ir_depth(const ir_node *n);
/* The single node of a loop body when the body holds exactly one loop,
 * else NULL ("perfectly nested" child). */
ir_node *ir_loop_only_child_loop(const ir_node *loop);

/* ---- walks (ir.c) -------------------------------------------------------- */

/* Pre-order walk of a block's nodes (and nested blocks).  The callback
 * returns false to skip the children of the node it was given. */
typedef bool (*ir_node_fn)(ir_node *n, void *data);
void ir_walk_block(ir_block *b, ir_node_fn fn, void *data);
void ir_walk_node(ir_node *n, ir_node_fn fn, void *data);

/* Calls fn on every expression of a node (not of nested nodes): bounds,
 * conditions, lhs, rhs, init; and on all their subexpressions, pre-order. */
typedef void (*ir_expr_fn)(ir_expr *e, void *data);
void ir_walk_expr(ir_expr *e, ir_expr_fn fn, void *data);
void ir_walk_node_exprs(ir_node *n, ir_expr_fn fn, void *data);

/* Replaces each operand slot of e by fn(slot, data), in place, in the
 * order ir_walk_expr visits them: an access's subscripts then its mask;
 * the operand of a unary, broadcast or reduction; both of a binary or a
 * shuffle (the shuffle's mask is not an expression); a select's
 * condition and arms; a cast's operand; a call's arguments; the access of
 * an alignment gap; the offset of an element address.  fn is called on
 * NULL slots too (an absent mask, a shuffle's unused second operand) and
 * may return them.  e's node itself, its arrays of subscripts and of
 * arguments are kept: a caller that clones copies them first
 * (ir_expr_clone).  Leaves (constants, variables) have no slot. */
typedef ir_expr *(*ir_expr_map_fn)(ir_expr *e, void *data);
void ir_expr_map_children(ir_expr *e, ir_expr_map_fn fn, void *data);

/* True when the expression reads variable v. */
bool ir_expr_uses_var(const ir_expr *e, const ir_var *v);
/* The first subexpression of e (e included, pre-order) of the given kind,
 * or NULL (e may be NULL). */
const ir_expr *ir_expr_find_kind(const ir_expr *e, ir_expr_kind kind);
/* Structural equality of two expressions: the same kinds, types, lanes
 * (0 and 1 both scalar), operators, literals (floating-point ones also
 * spelled alike), variables, arrays, subscripts, masks, callees and
 * arguments.  NULL equals only NULL.  Reads only. */
bool ir_expr_equal(const ir_expr *a, const ir_expr *b);
/* The variable the first IR_NODE_DECL among b's top-level nodes declares,
 * or NULL when b declares nothing at its top level. */
const ir_var *ir_block_first_decl(const ir_block *b);

/* ---- affine forms and simplification (ir_affine.c) -------------------- */

/* A linear form c0 + sum coef[i] * var[i] over integer variables (induction
 * variables and integer parameters).  Terms have nonzero coefficients and
 * distinct variables, sorted by var->id. */
typedef struct ir_affine {
  int64_t constant;
  int nterms;
  ir_var **vars;
  int64_t *coefs;
} ir_affine;

/* Converts an integer expression to affine form; false when it is not
 * affine (products of two variables, division, min/max, calls, ...). */
bool ir_expr_to_affine(scc_ctx *ctx, const ir_expr *e, ir_affine *out);
/* Builds the (canonical, readable) expression of an affine form, of type t. */
ir_expr *ir_affine_to_expr(scc_ctx *ctx, const ir_affine *a, ir_type t);
/* The coefficient of v in an affine expression (0 when absent); false when
 * e is not affine. */
bool ir_affine_coef(scc_ctx *ctx, const ir_expr *e, const ir_var *v,
                    int64_t *coef);
/* True when e is an integer constant (after folding); sets *v. */
bool ir_expr_const_value(scc_ctx *ctx, const ir_expr *e, int64_t *v);

/* Integer arithmetic builders for bounds that fold constants and normalize
 * affine results: ir_add(ctx, i_t, 32), ir_min(ctx, x, 196) with both
 * constants folded, ... Operands must be integer-typed.  They return new
 * trees (operands are not modified, but may be shared). */
ir_expr *ir_add(scc_ctx *ctx, ir_expr *a, ir_expr *b);
ir_expr *ir_sub(scc_ctx *ctx, ir_expr *a, ir_expr *b);
ir_expr *ir_mul_const(scc_ctx *ctx, ir_expr *a, int64_t c);
ir_expr *ir_add_const(scc_ctx *ctx, ir_expr *a, int64_t c);
ir_expr *ir_min(scc_ctx *ctx, ir_expr *a, ir_expr *b);
ir_expr *ir_max(scc_ctx *ctx, ir_expr *a, ir_expr *b);
ir_expr *ir_floordiv(scc_ctx *ctx, ir_expr *a, int64_t c);
ir_expr *ir_ceildiv(scc_ctx *ctx, ir_expr *a, int64_t c);
/* Folds and normalizes an integer expression (affine parts in canonical
 * order, constant min/max/div evaluated).  Floating-point expressions are
 * returned unchanged: never reassociate them. */
ir_expr *ir_simplify(scc_ctx *ctx, ir_expr *e);

/* True when e, an int expression, provably takes only multiples of m
 * (m != 0) whatever its variables are: 32 * floordiv(n, 32),
 * max(0, 32 * floordiv(n, 32)), 64 * i - 32.  False when it cannot tell. */
bool ir_expr_multiple_of(scc_ctx *ctx, const ir_expr *e, int64_t m);

/* The trip count of a loop when ub - lb is a constant (both constants, or
 * symbolic bounds a constant apart such as i_t .. i_t + 14): sets *n and
 * returns true.  (n = 0 for a loop that never runs.) */
bool ir_loop_const_trip_count(scc_ctx *ctx, const ir_node *loop, int64_t *n);

/* The indexing map of an access: for each subscript, its affine form over
 * the kernel's variables; false when a subscript is not affine (products
 * with parameters included: `i*lda + k` is quasi-affine and reported as not
 * affine here). */
bool ir_access_affine(scc_ctx *ctx, const ir_expr *access, ir_affine *subs);

/* ---- clone and substitution (ir_clone.c) ------------------------------- */

/* Copies the OpenMP state of `from` (omp_schedule, omp_reductions as
 * clones, omp_reduction_op, omp_private, omp) onto `to`: for transforms
 * that build a new loop standing for part of an old one (the remainder
 * of loop.unroll or loop.split), which copy its attrs. */
void ir_loop_copy_omp(scc_ctx *ctx, ir_loop *to, const ir_loop *from);

/* A substitution of variables by expressions (used for iv renaming and
 * unrolling: i -> i + 3). */
typedef struct ir_subst {
  int n;
  ir_var **from;
  ir_expr **to;
} ir_subst;

void ir_subst_add(scc_ctx *ctx, ir_subst *s, ir_var *from, ir_expr *to);
/* Deep copies.  With s != NULL, variable reads are replaced by (copies of)
 * the substituted expressions, and integer subexpressions that change are
 * simplified.  Cloned loops keep their iv unless the iv is substituted by
 * an IR_EXPR_VAR (then the clone's iv is that variable).  Assignments keep
 * their statement ids.  The result is detached. */
ir_expr *ir_expr_clone(scc_ctx *ctx, const ir_expr *e, const ir_subst *s);
ir_node *ir_node_clone(scc_ctx *ctx, const ir_node *n, const ir_subst *s);
/* Appends clones of every node of `from` to `to`. */
void ir_block_clone_into(scc_ctx *ctx, ir_block *to, const ir_block *from,
                         const ir_subst *s);
/* In-place substitution in a node and everything nested in it. */
void ir_node_substitute(scc_ctx *ctx, ir_node *n, const ir_subst *s);

/* A kernel's state, to undo transforms with: every node of its body as it
 * is now (the node's fields, its expressions deep-copied), the body block,
 * and how many variables, arrays, statement ids and reserved names the
 * kernel and its module hold, and its ISA.  ir_kernel_restore puts the
 * same node objects back as they were (pointers to them stay valid) and
 * forgets what was added since: variables, arrays and names created by
 * the transforms in between.  (Transforms never change the fields of
 * existing variables and arrays.)  A snapshot is restored at most once. */
typedef struct ir_snapshot ir_snapshot;
ir_snapshot *ir_kernel_snapshot(scc_ctx *ctx, ir_kernel *k);
void ir_kernel_restore(ir_kernel *k, const ir_snapshot *snap);

/* ---- verifier (ir_verify.c) ---------------------------------------------- */

/* Checks the structural invariants: block links and owners consistent, each
 * loop's iv is an IR_VAR_IV not used as iv by an enclosing loop, every
 * variable read is in scope (an iv of an enclosing loop, a param, or a
 * local), every lhs is an access or a local, subscript counts match ranks,
 * step != 0, no block declares a name twice (a C redefinition).  Reports each
 * violation as an error (an internal error: the message says "IR verification
 * failed after <stage>") and returns false. */
bool ir_verify_kernel(scc_ctx *ctx, ir_kernel *k, const char *stage);

/* ---- printing (ir_print.c) ------------------------------------------------
 */

/* The textual IR of a kernel, e.g.
 *   kernel bmm (function) {
 *     arrays: float A[6][196][2305], float B[6][2305][256], ...
 *     params: (none)
 *     for b = 0 to 6 {
 *       for i = 0 to 196 {
 *         ...
 *             S0: C[b][i][j] = C[b][i][j] + A[b][i][k] * B[b][k][j]
 *                 // domain: 0 <= b < 6, ...; maps: C(b,i,j,k) -> (b,i,j) ...
 * Stable for golden tests. */
void ir_print_kernel(scc_buf *out, scc_ctx *ctx, const ir_kernel *k);
void ir_print_module(scc_buf *out, scc_ctx *ctx, const ir_module *m);
/* One node and what is nested in it, at the given indentation (spaces). */
void ir_print_node(scc_buf *out, scc_ctx *ctx, const ir_node *n, int indent);

/* Appends the C spelling of an expression, fully and minimally
 * parenthesized by C precedence and associativity, so that the compiler
 * parses back the same tree (a - (b - c) keeps its parentheses; float
 * literals print their source spelling, or a round-trip spelling).
 * min/max print as conditional expressions, floordiv/ceildiv as C
 * expressions valid for negative numerators. */
void ir_print_c_expr(scc_buf *out, const ir_expr *e);
/* The same, stopped once it has appended more than cap bytes (cap >= 1):
 * false then, and out holds a truncated spelling.  The spelling of min,
 * max, floordiv and ceildiv repeats their operands, so nested ones print
 * to text exponential in their depth (2.7 GB for a run-time check of a
 * fuzzed kernel, fuzz seed 20261140): this measures it in time linear in
 * cap. */
bool ir_print_c_expr_capped(scc_buf *out, const ir_expr *e, size_t cap);
/* The same as a string in ctx's arena (for messages and generated text). */
const char *ir_c_text(scc_ctx *ctx, const ir_expr *e);

#endif
