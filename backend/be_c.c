/* be_c.c — the C emitter: each kernel's IR becomes C text that replaces the
 * kernel's byte range [begin, end) of the source file; every other byte is
 * copied unchanged.
 *
 * Layout (see ir_kernel in ir/ir.h):
 *  - function kernels: "\n", then each statement line indented by
 *    indent + 2 (+ 2 per nesting level) and ending in "\n";
 *  - loop and scop kernels: the first line without leading spaces, each
 *    following line indented by indent (+ 2 per level), no final newline.
 *
 * Statements: `for (int i = lb; i < ub; i++) {` (`for (i = ...` when the iv
 * is declared outside the loop), `i <= X` when ub is `X + 1`, `i += s`,
 * counting down `i > ub` / `i >= Y` (ub `Y - 1`, or a literal ub `Y - 1`)
 * with `i--` / `i -= s`;
 * a parallel loop gets `#pragma omp parallel for`; `if (c) {` ... `} else if
 * (d) {` ... `} else {` ... `}`; `lhs op= rhs;`; `T x = init;`.  Expressions
 * are spelled by ir_print_c_expr.
 *
 * The pragmas that mark kernels and label loops are left out of the output
 * (m->erase): they did their job, and compilers warn about unknown pragmas
 * under -Wall.
 *
 * Includes that generated code needs (<immintrin.h>, <omp.h>) are recorded
 * per kernel in emitter.includes and added once at the top of the file by
 * be_emit_c (unless the file already includes them), after the file's
 * leading feature-test macros (leading_directives_end).
 *
 * Line markers (be_emit_c_line_markers, `schedcc --line-markers`, what the
 * compiler wrapper compiles): `#line 1 "<file>"` after the added includes,
 * and `#line N "<file>"` after each regenerated kernel region and each
 * erased pragma line, so that every line copied from the source keeps its
 * file and line number in the compiler's diagnostics, __LINE__ and debug
 * information; the regenerated lines of a region (after its first line)
 * get `#line N "<output>"`, N their own line in the output, so that a
 * diagnostic inside generated code points at the generated line.
 *
 * Target attributes (be_target.c): a function whose kernel has vector code
 * for a better ISA than the compile flags enable gets
 * `__attribute__((target("...")))` in front of its definition, on the
 * same line.
 */
#include "be.h"

#include "../ir/ir_gemm.h"

#include <stdlib.h>
#include <string.h>

/* Headers the generated code may need (bit set). */
enum {
  BE_INC_IMMINTRIN = 1 << 0,
  BE_INC_OMP = 1 << 1,
  BE_INC_MATH = 1 << 2,
  BE_INC_STDINT = 1 << 3,
  BE_INC_CBLAS = 1 << 4,   /* loop.to_library "cblas" */
  BE_INC_LIBXSMM = 1 << 5, /* loop.to_library "libxsmm" */
  BE_INC_ARM_NEON = 1 << 6,
};

static const char *const include_names[] = {
    "immintrin.h", "omp.h",     "math.h",    "stdint.h",
    "cblas.h",     "libxsmm.h", "arm_neon.h"};

typedef struct emitter {
  scc_ctx *ctx;
  const ir_kernel *k;
  scc_buf *out;
  int base;         /* columns before depth-0 lines */
  bool trailing_nl; /* function form: every line ends in "\n" */
  int nlines;
  unsigned includes;     /* BE_INC_* the generated code needs */
  scc_vec hoisted;       /* const char *: names of hoisted bound parts */
  scc_vec hoist_decls;   /* ir_node *: their declarations, with */
  scc_vec hoist_blocks;  /* const ir_block *: the block declaring each */
  const ir_block *cur;   /* the block holding the loop being emitted */
  const char *lane_name; /* portable vector code: the lane loop variable */
  scc_vec dropped; /* ir_var *: unused ivs whose declaration is left out */
  scc_vec dead;    /* ir_array *: local arrays (pack buffers) nothing
                      emitted reads: neither declared nor written */
  scc_vec unread;  /* ir_var *: scalars written, never read, whose stores
                      call something (kept): declared unused */
  bool failed;     /* an error was reported */
  bool streamed;   /* a streaming (non-temporal) store was emitted */
  /* library calls (loop.to_library): `plain` while emitting a marked nest
   * as loops (its fallback); the libxsmm kernels dispatched at kernel
   * entry: their dispatch arguments (the key) and variable names */
  bool plain;
  /* the loops still to emit of an OpenMP collapse(n) band: written as
   * perfectly nested `for`s (no hoisted bound between them) */
  int collapse_inner;
} emitter;

/* Starts a line at nesting depth `depth`; the caller writes its text. */
static void line_begin(emitter *em, int depth) {
  if (!em->trailing_nl && em->nlines > 0)
    scc_buf_puts(em->out, "\n");
  int n = (em->trailing_nl || em->nlines > 0 ? em->base : 0) + 2 * depth;
  for (int i = 0; i < n; i++)
    scc_buf_puts(em->out, " ");
  em->nlines++;
}

static void line_end(emitter *em) {
  if (em->trailing_nl)
    scc_buf_puts(em->out, "\n");
}

static void emit_line(emitter *em, int depth, const char *text) {
  line_begin(em, depth);
  scc_buf_puts(em->out, text);
  line_end(em);
}

static void emit_block(emitter *em, const ir_block *b, int depth);
static void emit_node(emitter *em, const ir_node *n, int depth);
static void emit_assign(emitter *em, const ir_node *n, int depth);
static ir_expr *scalarize(emitter *em, const ir_expr *e, int depth);

/* ub is `X + 1` (X not a literal): the condition prints as `i <= X`; for
 * counting down, ub `Y - 1` prints as `i >= Y`. */
static const ir_expr *inclusive_bound(const ir_expr *ub, bool up) {
  if (ub->kind != IR_EXPR_BINARY || ub->u.bin.a->kind == IR_EXPR_INT)
    return NULL;
  const ir_expr *c = ub->u.bin.b;
  if (c->kind != IR_EXPR_INT || ub->u.bin.a->type != ub->type)
    return NULL; /* i <= X must compare in the type of X + 1 */
  int64_t d = ub->u.bin.op == IR_OP_ADD   ? c->u.ival
              : ub->u.bin.op == IR_OP_SUB ? -c->u.ival
                                          : 0;
  return d == (up ? 1 : -1) ? ub->u.bin.a : NULL;
}

/* ---- hoisting parts of bounds --------------------------------------------
 * min/max print their operands twice and floordiv/ceildiv their numerator
 * twice; when such an operand is not a simple term, the text grows
 * exponentially with nesting (tiling then unrolling gives bounds like
 * max(k_t, k_t + 4 * floordiv(min(k_t + 8, n) - k_t, 4))).  Those operands
 * are computed once into a variable declared just before the loop
 * (`int k_hi = ...;`), which is exact: bounds depend only on outer ivs and
 * parameters, which the loop does not change. */

static bool is_leaf(const ir_expr *e) {
  return e->kind == IR_EXPR_VAR || e->kind == IR_EXPR_INT ||
         (e->kind == IR_EXPR_CAST && is_leaf(e->u.cast.a));
}

/* A leaf, or a leaf op a leaf (`i_t + 32`, `4 * i`). */
static bool is_simple(const ir_expr *e) {
  if (is_leaf(e))
    return true;
  return e->kind == IR_EXPR_BINARY &&
         (e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB ||
          e->u.bin.op == IR_OP_MUL) &&
         is_leaf(e->u.bin.a) && is_leaf(e->u.bin.b);
}

static bool name_used(const emitter *em, const char *name) {
  const ir_kernel *k = em->k;
  if (ir_kernel_find_var(k, name) || ir_kernel_find_array(k, name))
    return true;
  if (k->module)
    for (int i = 0; i < k->module->used_names.len; i++)
      if (strcmp(k->module->used_names.items[i], name) == 0)
        return true;
  for (int i = 0; i < em->hoisted.len; i++)
    if (strcmp(em->hoisted.items[i], name) == 0)
      return true;
  return false;
}

/* Structural equality of two expressions. */
static bool expr_equal(const ir_expr *x, const ir_expr *y) {
  if (x == y)
    return true;
  if (x->kind != y->kind || x->type != y->type)
    return false;
  switch (x->kind) {
  case IR_EXPR_INT:
    return x->u.ival == y->u.ival;
  case IR_EXPR_VAR:
    return x->u.var == y->u.var;
  case IR_EXPR_UNARY:
    return x->u.un.op == y->u.un.op && expr_equal(x->u.un.a, y->u.un.a);
  case IR_EXPR_CAST:
    return expr_equal(x->u.cast.a, y->u.cast.a);
  case IR_EXPR_BINARY:
    return x->u.bin.op == y->u.bin.op && expr_equal(x->u.bin.a, y->u.bin.a) &&
           expr_equal(x->u.bin.b, y->u.bin.b);
  default:
    return false; /* not in integer bounds */
  }
}

/* A variable (not registered in the kernel) holding e; its declaration is
 * queued in decls.  A part already hoisted into the same block earlier
 * (e.g. the bound shared by an unrolled loop and its remainder loop) is
 * reused. */
static ir_expr *hoist_into_var(emitter *em, ir_expr *e, const char *base,
                               scc_vec *decls) {
  scc_arena *ar = em->ctx->arena;
  for (int i = 0; i < em->hoist_decls.len; i++) {
    ir_node *d = em->hoist_decls.items[i];
    if (em->hoist_blocks.items[i] == em->cur && expr_equal(d->u.decl.init, e))
      return ir_var_ref(em->ctx, d->u.decl.var);
  }
  const char *name = base;
  for (int i = 1; name_used(em, name); i++)
    name = scc_arena_printf(ar, "%s%d", base, i);
  name = scc_arena_strdup(ar, name);
  scc_vec_push(ar, &em->hoisted, (void *)name);
  ir_var *v = scc_arena_alloc(ar, sizeof *v);
  v->name = name;
  v->type = e->type;
  v->kind = IR_VAR_LOCAL;
  v->declared_outside = true;
  v->loc = e->loc;
  v->id = -1;
  ir_node *d = ir_decl_new(em->ctx, v, e, e->loc);
  scc_vec_push(ar, decls, d);
  scc_vec_push(ar, &em->hoist_decls, d);
  scc_vec_push(ar, &em->hoist_blocks, (void *)em->cur);
  return ir_var_ref(em->ctx, v);
}

/* e with its duplicated non-simple operands replaced by hoisted
 * variables (bottom-up); e itself when nothing changes. */
static ir_expr *hoist_bound(emitter *em, ir_expr *e, const char *base,
                            scc_vec *decls) {
  if (e->kind != IR_EXPR_BINARY || !ir_type_is_integer(e->type))
    return e;
  ir_op op = e->u.bin.op;
  ir_expr *a = hoist_bound(em, e->u.bin.a, base, decls);
  ir_expr *b = hoist_bound(em, e->u.bin.b, base, decls);
  bool minmax = op == IR_OP_MIN || op == IR_OP_MAX;
  bool div = (op == IR_OP_FLOORDIV || op == IR_OP_CEILDIV) &&
             b->kind == IR_EXPR_INT && b->u.ival > 1;
  if ((minmax || div) && !is_simple(a))
    a = hoist_into_var(em, a, base, decls);
  if (minmax && !is_simple(b))
    b = hoist_into_var(em, b, base, decls);
  if (a == e->u.bin.a && b == e->u.bin.b)
    return e;
  return ir_binary(em->ctx, op, a, b, e->type);
}

static bool dropped(const emitter *em, const ir_var *v);
static bool array_dead(const emitter *em, const ir_array *a);

typedef struct var_use {
  const ir_var *v;
  bool used;
  /* when set: only what the output emits counts (declarations in
   * em->dropped and stores into arrays in em->dead are left out) */
  const emitter *em;
} var_use;

static bool use_cb(ir_node *n, void *data) {
  var_use *u = data;
  if (u->em && n->kind == IR_NODE_DECL && dropped(u->em, n->u.decl.var))
    return true;
  if (u->em && n->kind == IR_NODE_ASSIGN &&
      n->u.assign.lhs->kind == IR_EXPR_ACCESS &&
      array_dead(u->em, n->u.assign.lhs->u.access.array))
    return true;
  switch (n->kind) {
  case IR_NODE_LOOP:
    u->used |= n->u.loop.iv == u->v || ir_expr_uses_var(n->u.loop.lb, u->v) ||
               ir_expr_uses_var(n->u.loop.ub, u->v);
    break;
  case IR_NODE_IF:
    u->used |= ir_expr_uses_var(n->u.ifs.cond, u->v);
    break;
  case IR_NODE_ASSIGN:
    u->used |= ir_expr_uses_var(n->u.assign.lhs, u->v) ||
               ir_expr_uses_var(n->u.assign.rhs, u->v);
    break;
  case IR_NODE_DECL: /* declaring v is no use of it */
    u->used |= n->u.decl.init && ir_expr_uses_var(n->u.decl.init, u->v);
    break;
  }
  return !u->used;
}

/* True when the code of block b reads, writes or loops over v; with em
 * set, only the code the output emits counts (not the declarations
 * em->dropped leaves out, nor the stores into em->dead arrays). */
static bool var_emitted(const emitter *em, const ir_block *b, const ir_var *v) {
  var_use u = {v, false, em};
  ir_walk_block((ir_block *)b, use_cb, &u);
  return u.used;
}

/* True when the code of block b reads, writes or loops over v. */
static bool var_used(const ir_block *b, const ir_var *v) {
  return var_emitted(NULL, b, v);
}

/* A loop whose iv lives only in it and that runs a known number of times
 * (sets *trip): the C output leaves it out when it never runs (the empty
 * rest of an exact split) and writes just its body when it runs once
 * without reading its iv (the tile loop of an untiled dimension). */
static bool known_own_trips(scc_ctx *ctx, const ir_node *n, int64_t *trip) {
  const ir_loop *l = &n->u.loop;
  return !l->iv->declared_outside && !(l->attrs & IR_LOOP_PARALLEL) &&
         ir_loop_const_trip_count(ctx, n, trip);
}

typedef struct array_use {
  scc_ctx *ctx;
  const ir_array *a;
  bool used;
} array_use;

static void access_cb(ir_expr *e, void *data) {
  array_use *u = data;
  if (e->kind == IR_EXPR_ACCESS && e->u.access.array == u->a)
    u->used = true;
}

static bool array_cb(ir_node *n, void *data) {
  array_use *u = data;
  int64_t trip;
  if (n->kind == IR_NODE_LOOP && known_own_trips(u->ctx, n, &trip) && trip == 0)
    return false; /* left out of the output */
  if (n->kind != IR_NODE_LOOP)
    ir_walk_node_exprs(n, access_cb, u);
  return !u->used;
}

/* keep callback of be_c_emit_local_arrays: the output accesses the array
 * (a pack buffer used only in loops that never run is not declared) and
 * reads it. */
static bool array_emitted(const ir_array *a, void *data) {
  const emitter *em = data;
  if (em->k->original && em->k->assumptions.len > 0 &&
      a->storage == IR_STORE_AUTO)
    return false; /* declared before the versions (emit_kernel) */
  array_use u = {em->ctx, a, false};
  ir_walk_block((ir_block *)&em->k->body, array_cb, &u);
  return u.used && !array_dead(em, a);
}

/* find_dead_arrays' and find_dead_scalars' walk: does anything the output
 * emits read the array a or the scalar v (the one not NULL), anywhere but
 * as the target of a store, and does a plain store into v (or its
 * initializer) call anything (a store left out must have no effect)? */
typedef struct value_read {
  const emitter *em;
  const ir_array *a;
  const ir_var *v;
  bool read, call;
} value_read;

/* expression callback: an access of r->a or a use of r->v is a read */
static void read_cb(ir_expr *e, void *data) {
  value_read *r = data;
  if ((e->kind == IR_EXPR_ACCESS && r->a && e->u.access.array == r->a) ||
      (e->kind == IR_EXPR_VAR && r->v && e->u.var == r->v))
    r->read = true;
}

static void call_cb(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_CALL)
    *(bool *)data = true;
}

/* node callback: the expressions of n the output emits and reads (loop
 * bounds, conditions, right-hand sides and subscripts, the initializers of
 * kept declarations); stops at the first read */
static bool read_node_cb(ir_node *n, void *data) {
  value_read *r = data;
  switch (n->kind) {
  case IR_NODE_LOOP:
    ir_walk_expr(n->u.loop.lb, read_cb, r);
    ir_walk_expr(n->u.loop.ub, read_cb, r);
    break;
  case IR_NODE_IF:
    ir_walk_expr(n->u.ifs.cond, read_cb, r);
    break;
  case IR_NODE_ASSIGN: {
    /* a store into the array (`+=` too) is no read of it; its
     * subscripts and the right-hand side are; a plain store into the
     * scalar is none either; stores into dead arrays and dropped scalars
     * are not emitted */
    const ir_expr *l = n->u.assign.lhs;
    if ((l->kind == IR_EXPR_ACCESS && array_dead(r->em, l->u.access.array)) ||
        (l->kind == IR_EXPR_VAR && dropped(r->em, l->u.var)))
      break;
    if (l->kind == IR_EXPR_ACCESS && l->u.access.array == r->a) {
      for (int d = 0; d < l->u.access.n; d++)
        ir_walk_expr(l->u.access.idx[d], read_cb, r);
      if (l->u.access.mask)
        ir_walk_expr(l->u.access.mask, read_cb, r);
    } else if (l->kind == IR_EXPR_VAR && l->u.var == r->v &&
               n->u.assign.op == IR_OP_NONE) {
      ir_walk_expr(n->u.assign.rhs, call_cb, &r->call);
    } else {
      ir_walk_expr(n->u.assign.lhs, read_cb, r);
    }
    ir_walk_expr(n->u.assign.rhs, read_cb, r);
    break;
  }
  case IR_NODE_DECL: /* a dropped declaration is not emitted */
    if (n->u.decl.init && n->u.decl.var == r->v)
      ir_walk_expr(n->u.decl.init, call_cb, &r->call);
    else if (n->u.decl.init && !dropped(r->em, n->u.decl.var))
      ir_walk_expr(n->u.decl.init, read_cb, r);
    break;
  }
  return !r->read;
}

/* The local arrays of the kernel that nothing emitted reads (a pack
 * buffer whose only reads were in declarations the output drops: a copy
 * whose use the simplifier folded away): em->dead.  Their declarations
 * and the stores into them are left out (gcc -Wunused-but-set-variable
 * otherwise).  Needs em->dropped; adds to em->dead. */
static void find_dead_arrays(emitter *em) {
  bool versioned = em->k->original && em->k->assumptions.len > 0;
  for (int i = 0; i < em->k->arrays.len; i++) {
    const ir_array *a = em->k->arrays.items[i];
    if (!a->is_local || array_dead(em, a))
      continue;
    if (versioned && a->storage == IR_STORE_AUTO)
      continue; /* a local array of the source: the original uses it too */
    value_read r = {em, a, NULL, false, false};
    ir_walk_block((ir_block *)&em->k->body, read_node_cb, &r);
    if (!r.read)
      scc_vec_push(em->ctx->arena, &em->dead, (void *)a);
  }
}

/* True when a is in em->dead (its declaration and stores are left out). */
static bool array_dead(const emitter *em, const ir_array *a) {
  for (int i = 0; i < em->dead.len; i++)
    if (em->dead.items[i] == a)
      return true;
  return false;
}

/* ---- library calls (loop.to_library; ir/ir_gemm.h) ----------------------
 * A loop the lowering made a library call of (ir_loop.call, be_lower.c) is
 * emitted as
 *   cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha,
 *               &A[i0][k0], lda, &B[k0][j0], ldb, beta, &C[i0][j0], ldc);
 * or, for libxsmm, as a call of the kernel dispatched at kernel entry,
 *   if (xsmm_k) xsmm_k(&B[k0][j0], &A[i0][k0], &C[i0][j0]); else { loops }
 * (column-major: C^T = B^T A^T).  Run-time conditions the matcher could not
 * decide (ir_gemm.guards) also guard the call, the loops running when
 * they fail. */

/* The arguments of libxsmm_?mmdispatch for g (also the kernel's key). */
static const char *xsmm_args(emitter *em, const ir_gemm *g) {
  const char *bi = "&(const libxsmm_blasint){";
  const char *t = g->type == IR_TY_DOUBLE ? "double" : "float";
  return scc_arena_printf(
      em->ctx->arena,
      "%s, %s, %s, %s%s}, %s%s}, %s%s}, &(const %s){1}, &(const %s){1}, "
      "NULL, NULL",
      ir_c_text(em->ctx, g->n), ir_c_text(em->ctx, g->m),
      ir_c_text(em->ctx, g->k), bi, ir_c_text(em->ctx, g->ldb), bi,
      ir_c_text(em->ctx, g->lda), bi, ir_c_text(em->ctx, g->ldc), t, t);
}

/* Dispatches the libxsmm kernels of the kernel's calls (the lowering's
 * ir_kernel.xsmm_dispatch), once, at kernel entry (libxsmm manual:
 * "dispatch once, call many times"). */
static void emit_xsmm_dispatch(emitter *em, int depth) {
  for (int i = 0; i < em->k->xsmm_dispatch.len; i++) {
    const ir_libcall *c = em->k->xsmm_dispatch.items[i];
    bool d = c->gemm->type == IR_TY_DOUBLE;
    scc_vec_push(em->ctx->arena, &em->hoisted, (void *)c->xsmm_name);
    line_begin(em, depth);
    scc_buf_printf(
        em->out, "libxsmm_%cmmfunction %s = libxsmm_%cmmdispatch(%s);",
        d ? 'd' : 's', c->xsmm_name, d ? 'd' : 's', xsmm_args(em, c->gemm));
    line_end(em);
    em->includes |= BE_INC_LIBXSMM;
  }
}

static void emit_loop(emitter *em, const ir_node *n, int depth);

/* Emits the library call of a marked loop (the lowering's ir_loop.call);
 * false when it is to be emitted as loops. */
static bool emit_library(emitter *em, const ir_node *n, int depth) {
  const ir_libcall *c = n->u.loop.call;
  if (!c || em->plain)
    return false;
  const ir_gemm *g = c->gemm;
  bool xsmm = c->xsmm_name != NULL, d = g->type == IR_TY_DOUBLE;
  const ir_expr *cond = c->guard;
  const char *call;
  if (xsmm) {
    call = scc_arena_printf(em->ctx->arena, "%s(&%s, &%s, &%s);", c->xsmm_name,
                            ir_c_text(em->ctx, g->b), ir_c_text(em->ctx, g->a),
                            ir_c_text(em->ctx, g->c));
    em->includes |= BE_INC_LIBXSMM;
  } else {
    const char *one = d ? "1.0" : "1.0f";
    call = scc_arena_printf(
        em->ctx->arena,
        "cblas_%cgemm(CblasRowMajor, %s, %s, %s, %s, %s, %s, &%s, %s, &%s, "
        "%s, %s, &%s, %s);",
        d ? 'd' : 's', g->trans_a ? "CblasTrans" : "CblasNoTrans",
        g->trans_b ? "CblasTrans" : "CblasNoTrans", ir_c_text(em->ctx, g->m),
        ir_c_text(em->ctx, g->n), ir_c_text(em->ctx, g->k),
        g->alpha ? ir_c_text(em->ctx, g->alpha) : one, ir_c_text(em->ctx, g->a),
        ir_c_text(em->ctx, g->lda), ir_c_text(em->ctx, g->b),
        ir_c_text(em->ctx, g->ldb), g->beta ? ir_c_text(em->ctx, g->beta) : one,
        ir_c_text(em->ctx, g->c), ir_c_text(em->ctx, g->ldc));
    em->includes |= BE_INC_CBLAS;
  }
  if (!xsmm && !cond) {
    emit_line(em, depth, call);
    return true;
  }
  line_begin(em, depth);
  scc_buf_puts(em->out, "if (");
  if (xsmm)
    scc_buf_printf(em->out, "%s%s", c->xsmm_name, cond ? " && " : "");
  if (cond) {
    if (xsmm && g->guards.len > 1)
      scc_buf_puts(em->out, "(");
    ir_print_c_expr(em->out, cond);
    if (xsmm && g->guards.len > 1)
      scc_buf_puts(em->out, ")");
  }
  scc_buf_puts(em->out, ") {");
  line_end(em);
  emit_line(em, depth + 1, call);
  emit_line(em, depth, "} else {");
  em->plain = true;
  emit_loop(em, n, depth + 1);
  em->plain = false;
  emit_line(em, depth, "}");
  return true;
}

static void emit_loop(emitter *em, const ir_node *n, int depth) {
  const ir_loop *l = &n->u.loop;
  scc_buf *o = em->out;
  if (emit_library(em, n, depth))
    return;
  ir_expr *lb = l->lb, *ub = l->ub;
  int64_t trip;
  bool in_band = em->collapse_inner > 0;
  if (in_band)
    em->collapse_inner--;
  if (!in_band && known_own_trips(em->ctx, n, &trip)) {
    if (trip == 0)
      return;
    if (trip == 1 && !var_used(&l->body, l->iv) &&
        !ir_block_first_decl(&l->body)) {
      emit_block(em, &l->body, depth);
      return;
    }
  }
  /* a loop or scop region may be the unbraced body of a statement: no
   * declarations at its top level */
  if (!in_band && (depth > 0 || em->k->form == IR_KERNEL_FUNCTION)) {
    scc_vec decls = {0};
    const char *iv = l->iv->name;
    em->cur = n->in;
    lb = hoist_bound(em, lb, scc_arena_printf(em->ctx->arena, "%s_lo", iv),
                     &decls);
    ub = hoist_bound(em, ub, scc_arena_printf(em->ctx->arena, "%s_hi", iv),
                     &decls);
    for (int i = 0; i < decls.len; i++)
      emit_node(em, decls.items[i], depth);
  }
  if (l->attrs & IR_LOOP_PARALLEL) {
    line_begin(em, depth);
    const ir_omp *om = l->omp;
    scc_buf_printf(o, "#pragma omp %s", om ? om->construct : "parallel for");
    if (om && om->collapse > 1)
      scc_buf_printf(o, " collapse(%d)", om->collapse);
    /* the nested ivs declared outside, then the user's private variables */
    scc_vec priv = {0};
    for (int i = 0; i < l->omp_private.len; i++)
      scc_vec_push(em->ctx->arena, &priv, l->omp_private.items[i]);
    for (int i = 0; om && i < om->priv.len; i++) {
      bool dup = false;
      for (int j = 0; j < l->omp_private.len && !dup; j++)
        dup = l->omp_private.items[j] == om->priv.items[i];
      if (!dup)
        scc_vec_push(em->ctx->arena, &priv, om->priv.items[i]);
    }
    for (int i = 0; i < priv.len; i++) {
      const ir_var *v = priv.items[i];
      scc_buf_printf(o, "%s%s%s", i ? ", " : " private(", v->name,
                     i + 1 == priv.len ? ")" : "");
    }
    if (l->omp_schedule)
      scc_buf_printf(o, " schedule(%s)", l->omp_schedule);
    if (l->omp_reductions.len) {
      ir_op op = l->omp_reduction_op;
      scc_buf_printf(o, " reduction(%s:",
                     op == IR_OP_MIN   ? "min"
                     : op == IR_OP_MAX ? "max"
                     : op == IR_OP_MUL ? "*"
                                       : "+");
      for (int i = 0; i < l->omp_reductions.len; i++) {
        if (i)
          scc_buf_puts(o, ", ");
        ir_print_c_expr(o, l->omp_reductions.items[i]);
      }
      scc_buf_puts(o, ")");
    }
    if (om && om->clauses)
      scc_buf_printf(o, " %s", om->clauses);
    line_end(em);
    if (om && om->collapse > 1)
      em->collapse_inner = om->collapse - 1;
  }

  line_begin(em, depth);
  const char *iv = l->iv->name;
  scc_buf_puts(o, "for (");
  if (!l->iv->declared_outside)
    scc_buf_printf(o, "%s ", ir_type_name(l->iv->type));
  scc_buf_printf(o, "%s = ", iv);
  ir_print_c_expr(o, lb);
  scc_buf_puts(o, "; ");

  bool up = l->step > 0;
  ir_expr ivref = {.kind = IR_EXPR_VAR, .type = l->iv->type, .loc = n->loc};
  ivref.u.var = l->iv;
  ir_expr cond = {.kind = IR_EXPR_BINARY, .type = IR_TY_INT, .loc = n->loc};
  cond.u.bin.a = &ivref;
  const ir_expr *incl = inclusive_bound(ub, up);
  ir_expr lit; /* counting down to a literal: `i >= 0`, not `i > -1` */
  if (!up && !incl && ub->kind == IR_EXPR_INT && ub->u.ival < INT64_MAX) {
    lit = *ub;
    lit.u.ival++;
    incl = &lit;
  }
  cond.u.bin.b = (ir_expr *)(incl ? incl : ub);
  cond.u.bin.op =
      up ? (incl ? IR_OP_LE : IR_OP_LT) : (incl ? IR_OP_GE : IR_OP_GT);
  ir_print_c_expr(o, &cond);

  long long s = (long long)l->step;
  long long mag = s < 0 ? -s : s;
  const char *suf = mag > 2147483647 ? "L" : "";
  if (s == 1)
    scc_buf_printf(o, "; %s++) {", iv);
  else if (s == -1)
    scc_buf_printf(o, "; %s--) {", iv);
  else
    scc_buf_printf(o, "; %s %s= %lld%s) {", iv, up ? "+" : "-", mag, suf);
  line_end(em);
  /* loop.prefetch: locality 3 (keep in every cache level) */
  for (int w = 0; w < 2; w++) {
    const scc_vec *pv = w ? &l->prefetchw : &l->prefetch;
    for (int i = 0; i < pv->len; i++) {
      line_begin(em, depth + 1);
      scc_buf_puts(o, "__builtin_prefetch(&");
      ir_print_c_expr(o, pv->items[i]);
      scc_buf_printf(o, ", %d, 3);", w);
      line_end(em);
    }
  }
  emit_block(em, &l->body, depth + 1);
  emit_line(em, depth, "}");
}

static const char *compound_op(ir_op op) {
  switch (op) {
  case IR_OP_NONE:
    return "=";
  case IR_OP_ADD:
    return "+=";
  case IR_OP_SUB:
    return "-=";
  case IR_OP_MUL:
    return "*=";
  case IR_OP_DIV:
    return "/=";
  case IR_OP_MOD:
    return "%=";
  default:
    return NULL; /* min/max...: lhs = op(lhs, rhs) */
  }
}

static void emit_vassign(emitter *em, const ir_node *n, int depth);

static void emit_assign(emitter *em, const ir_node *n, int depth) {
  const ir_assign *a = &n->u.assign;
  scc_buf *o = em->out;
  if (a->lhs->lanes > 1) {
    emit_vassign(em, n, depth);
    return;
  }
  ir_expr *rhs = scalarize(em, a->rhs, depth);
  line_begin(em, depth);
  ir_print_c_expr(o, a->lhs);
  const char *op = compound_op(a->op);
  if (op) {
    scc_buf_printf(o, " %s ", op);
    ir_print_c_expr(o, rhs);
  } else {
    ir_expr e = {.kind = IR_EXPR_BINARY, .type = a->lhs->type, .loc = n->loc};
    e.u.bin.op = a->op;
    e.u.bin.a = a->lhs;
    e.u.bin.b = rhs;
    scc_buf_puts(o, " = ");
    ir_print_c_expr(o, &e);
  }
  scc_buf_puts(o, ";");
  line_end(em);
}

static void emit_if(emitter *em, const ir_node *n, int depth) {
  scc_buf *o = em->out;
  line_begin(em, depth);
  for (;;) {
    scc_buf_puts(o, "if (");
    ir_print_c_expr(o, n->u.ifs.cond);
    scc_buf_puts(o, ") {");
    line_end(em);
    emit_block(em, &n->u.ifs.then_body, depth + 1);
    const ir_block *eb = &n->u.ifs.else_body;
    if (ir_block_empty(eb))
      break;
    line_begin(em, depth);
    if (eb->first == eb->last && eb->first->kind == IR_NODE_IF) {
      scc_buf_puts(o, "} else ");
      n = eb->first;
      continue;
    }
    scc_buf_puts(o, "} else {");
    line_end(em);
    emit_block(em, eb, depth + 1);
    break;
  }
  emit_line(em, depth, "}");
}

/* ---- vector code -----------------------------------------------------------
 * Vector IR (see "vectors" in ir/ir.h) is emitted for the kernel's ISA:
 *  - avx512, avx2, sse4.2: <immintrin.h> intrinsics on __m512/__m256/__m128
 *    (the "d" types for double); loads and stores are unaligned
 *    (_mm512_loadu_ps, ...); broadcasts are set1; + - * / min max are the
 *    lane-wise intrinsics; unary minus flips the sign bit (xor with -0.0);
 *    CALL fmaf/fma is fmadd (fmsub, fnmadd, fnmsub when the addend or a
 *    factor is negated; sse4.2, which has no FMA, and avx2 compiled with
 *    -mavx2 alone (ctx->no_fma) get a multiply and an add); sqrt is sqrt;
 *    a horizontal reduction is _mm512_reduce_add_ps (AVX-512) or a
 *    sequence of shuffles into a temporary emitted before the statement
 *    (AVX2, SSE4.2).  Masked accesses (the first m lanes):
 *    AVX-512 _mm512_maskz_loadu_ps / _mm512_mask_storeu_ps with the mask
 *    (__mmask16)((1u << (m)) - 1u); AVX2 _mm256_maskload_ps /
 *    _mm256_maskstore_ps with a lane-index comparison; not for sse4.2.
 *  - scalar (and a kernel whose ISA was never chosen): portable C, each
 *    vector statement a loop over the lanes (`for (int lane = 0; lane < W;
 *    lane++)`), vector variables arrays `float v[W]`, reductions the sum
 *    (product) of the lanes in order, fma the <math.h> function.
 * The generated code must be compiled for the ISA (-march=native, or
 * -mavx512f -mfma / -mavx2 -mfma / -msse4.2). */

static bool intrin_isa(const emitter *em) {
  ir_isa isa = em->k->isa;
  return isa == IR_ISA_AVX512 || isa == IR_ISA_AVX2 || isa == IR_ISA_SSE42;
}

/* "_mm512", "_mm256", "_mm". */
static const char *vpfx(const emitter *em) {
  return em->k->isa == IR_ISA_AVX512 ? "_mm512"
         : em->k->isa == IR_ISA_AVX2 ? "_mm256"
                                     : "_mm";
}

static const char *vsfx(ir_type t) { return t == IR_TY_DOUBLE ? "pd" : "ps"; }

/* "__m512", "__m256d", ... */
static const char *vtype(const emitter *em, ir_type t) {
  const char *base = em->k->isa == IR_ISA_AVX512 ? "__m512"
                     : em->k->isa == IR_ISA_AVX2 ? "__m256"
                                                 : "__m128";
  return t == IR_TY_DOUBLE ? scc_arena_printf(em->ctx->arena, "%sd", base)
                           : base;
}

static void vfail(emitter *em, const ir_expr *e, const char *what) {
  if (!em->failed)
    scc_error(em->ctx, e->loc,
              "internal error: cannot emit %s for isa %s in kernel '%s'", what,
              ir_isa_name(em->k->isa), em->k->name);
  em->failed = true;
}

static bool has_vector(const ir_expr *e);

static void note_vector(ir_expr *e, void *data) {
  if (e->lanes > 1 || e->kind == IR_EXPR_REDUCE)
    *(bool *)data = true;
}

static bool has_vector(const ir_expr *e) {
  bool any = false;
  if (e)
    ir_walk_expr((ir_expr *)e, note_vector, &any);
  return any;
}

/* A fresh name for an emitter temporary (reserved for this kernel). */
static const char *temp_name(emitter *em, const char *base) {
  const char *name = base;
  for (int i = 1; name_used(em, name); i++)
    name = scc_arena_printf(em->ctx->arena, "%s%d", base, i);
  name = scc_arena_strdup(em->ctx->arena, name);
  scc_vec_push(em->ctx->arena, &em->hoisted, (void *)name);
  return name;
}

/* A variable not registered in the kernel, for printing: its name may be
 * any C text that is a primary expression. */
static ir_expr *fake_var(emitter *em, const char *name, ir_type t) {
  ir_var *v = scc_arena_alloc(em->ctx->arena, sizeof *v);
  v->name = name;
  v->type = t;
  v->kind = IR_VAR_LOCAL;
  v->declared_outside = true;
  v->id = -1;
  return ir_var_ref(em->ctx, v);
}

/* The scalar element access of a vector access (its first lane). */
static ir_expr *first_lane(emitter *em, const ir_expr *e) {
  ir_expr *c = scc_arena_alloc(em->ctx->arena, sizeof *c);
  *c = *e;
  c->lanes = 0;
  c->u.access.mask = NULL;
  return c;
}

static void put_addr(emitter *em, scc_buf *o, const ir_expr *e) {
  scc_buf_puts(o, "&");
  ir_print_c_expr(o, first_lane(em, e));
}

/* The lane mask of a masked access: AVX-512 a __mmask, AVX2 an integer
 * vector whose first m lanes are all ones. */
static void put_mask(emitter *em, scc_buf *o, const ir_expr *e) {
  const ir_expr *m = e->u.access.mask;
  if (em->k->isa == IR_ISA_AVX512) {
    scc_buf_printf(o, "(__mmask%d)((1u << (", e->lanes <= 8 ? 8 : 16);
    ir_print_c_expr(o, m);
    scc_buf_puts(o, ")) - 1u)");
  } else if (e->type == IR_TY_DOUBLE) {
    scc_buf_puts(o, "_mm256_cmpgt_epi64(_mm256_set1_epi64x(");
    ir_print_c_expr(o, m);
    scc_buf_puts(o, "), _mm256_setr_epi64x(0, 1, 2, 3))");
  } else {
    scc_buf_puts(o, "_mm256_cmpgt_epi32(_mm256_set1_epi32(");
    ir_print_c_expr(o, m);
    scc_buf_puts(o, "), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))");
  }
}

static void put_vexpr(emitter *em, scc_buf *o, const ir_expr *e);
static void put_shuffle(emitter *em, scc_buf *o, const ir_expr *e);

static bool is_neg(const ir_expr *e) {
  return e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NEG;
}

/* Intrinsic text of a vector expression (AVX-512, AVX2, SSE4.2). */
static void put_vexpr(emitter *em, scc_buf *o, const ir_expr *e) {
  const char *P = vpfx(em), *S = vsfx(e->type);
  if (e->lanes <= 1) {
    vfail(em, e, "a scalar where a vector is expected");
    return;
  }
  switch (e->kind) {
  case IR_EXPR_VAR:
    scc_buf_puts(o, e->u.var->name);
    return;
  case IR_EXPR_ACCESS:
    if (!e->u.access.mask) {
      scc_buf_printf(o, "%s_loadu_%s(", P, S);
      put_addr(em, o, e);
    } else if (em->k->isa == IR_ISA_AVX512) {
      scc_buf_printf(o, "%s_maskz_loadu_%s(", P, S);
      put_mask(em, o, e);
      scc_buf_puts(o, ", ");
      put_addr(em, o, e);
    } else if (em->k->isa == IR_ISA_AVX2) {
      scc_buf_printf(o, "%s_maskload_%s(", P, S);
      put_addr(em, o, e);
      scc_buf_puts(o, ", ");
      put_mask(em, o, e);
    } else {
      vfail(em, e, "a masked load");
    }
    scc_buf_puts(o, ")");
    return;
  case IR_EXPR_BROADCAST:
    scc_buf_printf(o, "%s_set1_%s(", P, S);
    ir_print_c_expr(o, e->u.un.a);
    scc_buf_puts(o, ")");
    return;
  case IR_EXPR_BINARY: {
    static const char *const names[] = {
        [IR_OP_ADD] = "add", [IR_OP_SUB] = "sub", [IR_OP_MUL] = "mul",
        [IR_OP_DIV] = "div", [IR_OP_MIN] = "min", [IR_OP_MAX] = "max"};
    ir_op op = e->u.bin.op;
    if (op >= sizeof names / sizeof *names || !names[op]) {
      vfail(em, e, "a vector comparison or integer operator");
      return;
    }
    scc_buf_printf(o, "%s_%s_%s(", P, names[op], S);
    put_vexpr(em, o, e->u.bin.a);
    scc_buf_puts(o, ", ");
    put_vexpr(em, o, e->u.bin.b);
    scc_buf_puts(o, ")");
    return;
  }
  case IR_EXPR_UNARY:
    if (e->u.un.op != IR_OP_NEG) {
      vfail(em, e, "a vector '!'");
      return;
    }
    if (em->k->isa == IR_ISA_AVX512) { /* xor_ps needs AVX512DQ */
      const char *c = e->type == IR_TY_DOUBLE ? "pd" : "ps";
      scc_buf_printf(o,
                     "_mm512_castsi512_%s(_mm512_xor_si512(_mm512_cast%s_"
                     "si512(",
                     c, c);
      put_vexpr(em, o, e->u.un.a);
      scc_buf_printf(o, "), _mm512_cast%s_si512(_mm512_set1_%s(%s))))", c, c,
                     e->type == IR_TY_DOUBLE ? "-0.0" : "-0.0f");
      return;
    }
    scc_buf_printf(o, "%s_xor_%s(", P, S);
    put_vexpr(em, o, e->u.un.a);
    scc_buf_printf(o, ", %s_set1_%s(%s))", P, S,
                   e->type == IR_TY_DOUBLE ? "-0.0" : "-0.0f");
    return;
  case IR_EXPR_CALL: {
    const char *fn = e->u.call.fn;
    if ((!strcmp(fn, "fmaf") || !strcmp(fn, "fma")) && e->u.call.n == 3) {
      const ir_expr *a = e->u.call.args[0], *b = e->u.call.args[1],
                    *c = e->u.call.args[2];
      if (!ir_isa_has_fma(em->ctx, em->k->isa)) { /* multiply, then add */
        scc_buf_printf(o, "%s_add_%s(%s_mul_%s(", P, S, P, S);
        put_vexpr(em, o, a);
        scc_buf_puts(o, ", ");
        put_vexpr(em, o, b);
        scc_buf_puts(o, "), ");
        put_vexpr(em, o, c);
        scc_buf_puts(o, ")");
        return;
      }
      bool na = is_neg(a), nc = is_neg(c);
      scc_buf_printf(o, "%s_%s_%s(", P,
                     na ? (nc ? "fnmsub" : "fnmadd") : (nc ? "fmsub" : "fmadd"),
                     S);
      put_vexpr(em, o, na ? a->u.un.a : a);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, b);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, nc ? c->u.un.a : c);
      scc_buf_puts(o, ")");
      return;
    }
    if ((!strcmp(fn, "sqrtf") || !strcmp(fn, "sqrt")) && e->u.call.n == 1) {
      scc_buf_printf(o, "%s_sqrt_%s(", P, S);
      put_vexpr(em, o, e->u.call.args[0]);
      scc_buf_puts(o, ")");
      return;
    }
    vfail(em, e, scc_arena_printf(em->ctx->arena, "a vector call to '%s'", fn));
    return;
  }
  case IR_EXPR_SHUFFLE:
    put_shuffle(em, o, e);
    return;
  default:
    vfail(em, e, "this vector expression");
    return;
  }
}

/* The intrinsic of a shuffle whose mask is that of one x86 instruction on
 * floats (ir_shuffle.c): unpacklo/unpackhi_ps, shuffle_ps, and the 128-bit
 * block permutes shuffle_f32x4 (AVX-512) / permute2f128_ps (AVX2); any
 * other mask is a __builtin_shufflevector (clang; GCC >= 12). */
/* True when the shuffle's lane l is lane L - 1 - l of its first operand
 * (loop.vectorize's stride -1 accesses). */
static bool is_reverse(const ir_expr *e) {
  for (int l = 0; l < e->lanes; l++)
    if (e->u.shuf.mask[l] != e->lanes - 1 - l)
      return false;
  return true;
}

/* The lanes of a in reverse order, with one permute of the ISA: pshufd
 * (SSE2), vpermps / vpermpd (AVX2), vpermps / vpermpd with an index vector
 * (AVX-512F). */
static void put_reverse(emitter *em, scc_buf *o, const ir_expr *e) {
  const ir_expr *a = e->u.shuf.a;
  bool d = e->type == IR_TY_DOUBLE;
  int L = e->lanes;
  if (em->k->isa == IR_ISA_SSE42) {
    scc_buf_printf(o, "_mm_castsi128_%s(_mm_shuffle_epi32(_mm_cast%s_si128(",
                   d ? "pd" : "ps", d ? "pd" : "ps");
    put_vexpr(em, o, a);
    scc_buf_printf(o, "), 0x%s))", d ? "4e" : "1b");
    return;
  }
  if (em->k->isa == IR_ISA_AVX2 && d) {
    scc_buf_puts(o, "_mm256_permute4x64_pd(");
    put_vexpr(em, o, a);
    scc_buf_puts(o, ", 0x1b)");
    return;
  }
  if (em->k->isa == IR_ISA_AVX2) {
    scc_buf_puts(o, "_mm256_permutevar8x32_ps(");
    put_vexpr(em, o, a);
    scc_buf_puts(o, ", _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0))");
    return;
  }
  scc_buf_printf(o, "_mm512_permutexvar_%s(_mm512_setr_epi%s(", d ? "pd" : "ps",
                 d ? "64" : "32");
  for (int l = 0; l < L; l++)
    scc_buf_printf(o, "%s%d", l ? ", " : "", L - 1 - l);
  scc_buf_puts(o, "), ");
  put_vexpr(em, o, a);
  scc_buf_puts(o, ")");
}

static void put_shuffle(emitter *em, scc_buf *o, const ir_expr *e) {
  const char *P = vpfx(em);
  int L = e->lanes, m[64];
  const int *want = e->u.shuf.mask;
  const char *fn = NULL;
  int imm = -1;
  if (is_reverse(e) && (e->type == IR_TY_FLOAT || e->type == IR_TY_DOUBLE) &&
      L * (e->type == IR_TY_DOUBLE ? 8 : 4) ==
          ir_isa_vector_bytes(em->k->isa)) {
    put_reverse(em, o, e);
    return;
  }
  if (e->type == IR_TY_FLOAT && L % 4 == 0 && L <= 64) {
#define SAME() (memcmp(m, want, sizeof(int) * (size_t)L) == 0)
    for (int hi = 0; hi < 2 && !fn; hi++) {
      ir_mask_unpack(L, hi, m);
      if (SAME())
        fn = hi ? "unpackhi_ps" : "unpacklo_ps";
    }
    for (int i = 0; i < 256 && !fn; i++) {
      ir_mask_shufps(L, i, m);
      if (SAME())
        fn = "shuffle_ps", imm = i;
    }
    for (int i = 0; i < 256 && !fn && em->k->isa == IR_ISA_AVX512 && L == 16;
         i++) {
      int sel[4] = {i & 3, (i >> 2) & 3, 4 + ((i >> 4) & 3),
                    4 + ((i >> 6) & 3)};
      ir_mask_blocks(L, sel, m);
      if (SAME())
        fn = "shuffle_f32x4", imm = i;
    }
    for (int i = 0; i < 64 && !fn && em->k->isa == IR_ISA_AVX2 && L == 8; i++) {
      if (i & 0xc)
        continue;
      int sel[2] = {i & 3, (i >> 4) & 3};
      ir_mask_blocks(L, sel, m);
      if (SAME())
        fn = "permute2f128_ps", imm = i;
    }
#undef SAME
  }
  if (fn) {
    scc_buf_printf(o, "%s_%s(", P, fn);
    put_vexpr(em, o, e->u.shuf.a);
    scc_buf_puts(o, ", ");
    put_vexpr(em, o, e->u.shuf.b);
    if (imm >= 0)
      scc_buf_printf(o, ", 0x%02x", imm);
    scc_buf_puts(o, ")");
    return;
  }
  scc_buf_puts(o, "__builtin_shufflevector(");
  put_vexpr(em, o, e->u.shuf.a);
  scc_buf_puts(o, ", ");
  put_vexpr(em, o, e->u.shuf.b);
  for (int l = 0; l < L; l++)
    scc_buf_printf(o, ", %d", want[l]);
  scc_buf_puts(o, ")");
}

/* ---- NEON (AArch64) ----------------------------------------------------
 * <arm_neon.h> intrinsics on float32x4_t / float64x2_t (Arm, "Arm C
 * Language Extensions" and the NEON intrinsics reference): loads and
 * stores vld1q / vst1q (no alignment needed), broadcasts vdupq_n, + - * /
 * the lane-wise vaddq, vsubq, vmulq, vdivq; min and max are the select of
 * a comparison (vbslq of vcltq / vcgtq), which is `a < b ? a : b` lane by
 * lane as the scalar code and x86's minps are, where vminq would differ on
 * NaN and on -0.0 versus +0.0; unary minus vnegq; fma(a, b, c) vfmaq(c, a,
 * b) (AArch64 always has fused multiply-add); sqrt vsqrtq; a reversal
 * vrev64q then vextq (floats) or vextq (doubles); the zips of
 * loop.transpose_block's 4 x 4 network vzip1q / vzip2q (of floats, or of
 * 64-bit pairs); other shuffles __builtin_shufflevector; a sum reduction
 * vaddvq, a product the lanes multiplied in order.  NEON has no masked loads or
 * stores: loop.vectorize leaves a scalar remainder.  Non-temporal stores are
 * plain stores. */

static bool neon_isa(const emitter *em) { return em->k->isa == IR_ISA_NEON; }

static const char *neon_sfx(ir_type t) {
  return t == IR_TY_DOUBLE ? "f64" : "f32";
}

static const char *neon_vtype(ir_type t) {
  return t == IR_TY_DOUBLE ? "float64x2_t" : "float32x4_t";
}

static void put_neon(emitter *em, scc_buf *o, const ir_expr *e);

/* name(a, b) over two vector operands. */
static void put_neon2(emitter *em, scc_buf *o, const char *name,
                      const ir_expr *a, const ir_expr *b, ir_type t) {
  scc_buf_printf(o, "%s_%s(", name, neon_sfx(t));
  put_neon(em, o, a);
  scc_buf_puts(o, ", ");
  put_neon(em, o, b);
  scc_buf_puts(o, ")");
}

/* The zips of a shuffle whose mask is one (loop.transpose_block's 4 x 4
 * network): floats [a0 b0 a1 b1] vzip1q_f32, [a2 b2 a3 b3] vzip2q_f32,
 * [a0 a1 b0 b1] and [a2 a3 b2 b3] the zips of 64-bit pairs (through
 * vreinterpretq, no instruction); doubles [a0 b0] / [a1 b1] vzip1q_f64 /
 * vzip2q_f64.  False for any other shuffle. */
static bool put_neon_zip(emitter *em, scc_buf *o, const ir_expr *e) {
  static const int zf[4][4] = {
      {0, 4, 1, 5}, {2, 6, 3, 7}, {0, 1, 4, 5}, {2, 3, 6, 7}};
  static const int zd[2][4] = {{0, 2}, {1, 3}};
  const int *m = e->u.shuf.mask;
  bool d = e->type == IR_TY_DOUBLE;
  int lanes = d ? 2 : 4, nq = d ? 2 : 4, which = -1;
  if (e->lanes != lanes)
    return false;
  for (int q = 0; q < nq && which < 0; q++)
    if (!memcmp(m, d ? zd[q] : zf[q], sizeof(int) * (size_t)lanes))
      which = q;
  if (which < 0)
    return false;
  bool pairs = !d && which >= 2;
  const char *zip = which % 2 ? "vzip2q" : "vzip1q";
  if (pairs) {
    scc_buf_printf(o, "vreinterpretq_f32_f64(%s_f64(vreinterpretq_f64_f32(",
                   zip);
    put_neon(em, o, e->u.shuf.a);
    scc_buf_puts(o, "), vreinterpretq_f64_f32(");
    put_neon(em, o, e->u.shuf.b);
    scc_buf_puts(o, ")))");
    return true;
  }
  scc_buf_printf(o, "%s_%s(", zip, neon_sfx(e->type));
  put_neon(em, o, e->u.shuf.a);
  scc_buf_puts(o, ", ");
  put_neon(em, o, e->u.shuf.b);
  scc_buf_puts(o, ")");
  return true;
}

static void put_neon(emitter *em, scc_buf *o, const ir_expr *e) {
  const char *S = neon_sfx(e->type);
  if (e->lanes <= 1) {
    vfail(em, e, "a scalar where a vector is expected");
    return;
  }
  switch (e->kind) {
  case IR_EXPR_VAR:
    scc_buf_puts(o, e->u.var->name);
    return;
  case IR_EXPR_ACCESS:
    if (e->u.access.mask) {
      vfail(em, e, "a masked load");
      return;
    }
    scc_buf_printf(o, "vld1q_%s(", S);
    put_addr(em, o, e);
    scc_buf_puts(o, ")");
    return;
  case IR_EXPR_BROADCAST:
    scc_buf_printf(o, "vdupq_n_%s(", S);
    ir_print_c_expr(o, e->u.un.a);
    scc_buf_puts(o, ")");
    return;
  case IR_EXPR_BINARY: {
    static const char *const names[] = {[IR_OP_ADD] = "vaddq",
                                        [IR_OP_SUB] = "vsubq",
                                        [IR_OP_MUL] = "vmulq",
                                        [IR_OP_DIV] = "vdivq"};
    ir_op op = e->u.bin.op;
    if (op == IR_OP_MIN || op == IR_OP_MAX) { /* a < b ? a : b */
      scc_buf_printf(o, "vbslq_%s(", S);
      put_neon2(em, o, op == IR_OP_MIN ? "vcltq" : "vcgtq", e->u.bin.a,
                e->u.bin.b, e->type);
      scc_buf_puts(o, ", ");
      put_neon(em, o, e->u.bin.a);
      scc_buf_puts(o, ", ");
      put_neon(em, o, e->u.bin.b);
      scc_buf_puts(o, ")");
      return;
    }
    if (op >= sizeof names / sizeof *names || !names[op]) {
      vfail(em, e, "a vector comparison or integer operator");
      return;
    }
    put_neon2(em, o, names[op], e->u.bin.a, e->u.bin.b, e->type);
    return;
  }
  case IR_EXPR_UNARY:
    if (e->u.un.op != IR_OP_NEG) {
      vfail(em, e, "a vector '!'");
      return;
    }
    scc_buf_printf(o, "vnegq_%s(", S);
    put_neon(em, o, e->u.un.a);
    scc_buf_puts(o, ")");
    return;
  case IR_EXPR_CALL: {
    const char *fn = e->u.call.fn;
    if ((!strcmp(fn, "fmaf") || !strcmp(fn, "fma")) && e->u.call.n == 3) {
      scc_buf_printf(o, "vfmaq_%s(", S); /* c + a * b, one rounding */
      put_neon(em, o, e->u.call.args[2]);
      scc_buf_puts(o, ", ");
      put_neon(em, o, e->u.call.args[0]);
      scc_buf_puts(o, ", ");
      put_neon(em, o, e->u.call.args[1]);
      scc_buf_puts(o, ")");
      return;
    }
    if ((!strcmp(fn, "sqrtf") || !strcmp(fn, "sqrt")) && e->u.call.n == 1) {
      scc_buf_printf(o, "vsqrtq_%s(", S);
      put_neon(em, o, e->u.call.args[0]);
      scc_buf_puts(o, ")");
      return;
    }
    vfail(em, e, scc_arena_printf(em->ctx->arena, "a vector call to '%s'", fn));
    return;
  }
  case IR_EXPR_SHUFFLE:
    if (is_reverse(e) && e->lanes * (e->type == IR_TY_DOUBLE ? 8 : 4) == 16) {
      if (e->type == IR_TY_DOUBLE) { /* [a1, a0] */
        scc_buf_puts(o, "vextq_f64(");
        put_neon(em, o, e->u.shuf.a);
        scc_buf_puts(o, ", ");
        put_neon(em, o, e->u.shuf.a);
        scc_buf_puts(o, ", 1)");
      } else { /* [a1, a0, a3, a2], then its halves swapped */
        scc_buf_puts(o, "vextq_f32(vrev64q_f32(");
        put_neon(em, o, e->u.shuf.a);
        scc_buf_puts(o, "), vrev64q_f32(");
        put_neon(em, o, e->u.shuf.a);
        scc_buf_puts(o, "), 2)");
      }
      return;
    }
    if (put_neon_zip(em, o, e))
      return;
    scc_buf_puts(o, "__builtin_shufflevector(");
    put_neon(em, o, e->u.shuf.a);
    scc_buf_puts(o, ", ");
    put_neon(em, o, e->u.shuf.b);
    for (int l = 0; l < e->lanes; l++)
      scc_buf_printf(o, ", %d", e->u.shuf.mask[l]);
    scc_buf_puts(o, ")");
    return;
  default:
    vfail(em, e, "this vector expression");
    return;
  }
}

/* The C text of a horizontal NEON reduction: vaddvq for a sum; a product
 * is the lanes of a temporary multiplied in order. */
static const char *neon_reduce_text(emitter *em, const ir_expr *e, int depth) {
  const ir_expr *v = e->u.un.a;
  ir_type t = e->type;
  const char *S = neon_sfx(t);
  scc_buf o = {0};
  if (e->u.un.op == IR_OP_ADD) {
    scc_buf_printf(&o, "vaddvq_%s(", S);
    put_neon(em, &o, v);
    scc_buf_puts(&o, ")");
  } else if (e->u.un.op == IR_OP_MUL) {
    const char *r = temp_name(em, "red");
    line_begin(em, depth);
    scc_buf_printf(em->out, "%s %s = ", neon_vtype(t), r);
    put_neon(em, em->out, v);
    scc_buf_puts(em->out, ";");
    line_end(em);
    scc_buf_puts(&o, "(");
    for (int l = 0; l < v->lanes; l++)
      scc_buf_printf(&o, "%svgetq_lane_%s(%s, %d)", l ? " * " : "", S, r, l);
    scc_buf_puts(&o, ")");
  } else {
    vfail(em, e, "a min/max reduction");
    return "0";
  }
  const char *s = scc_arena_strdup(em->ctx->arena, o.data);
  scc_buf_free(&o);
  return s;
}

static ir_expr *lane_expr(emitter *em, const ir_expr *e, ir_expr *lane);
static ir_expr *scalarize(emitter *em, const ir_expr *e, int depth);

/* The C text of a horizontal reduction (a primary expression); emits the
 * statements it needs before the current line (at `depth`). */
static const char *reduce_text(emitter *em, const ir_expr *e, int depth) {
  const ir_expr *v = e->u.un.a;
  ir_type t = e->type;
  bool mul = e->u.un.op == IR_OP_MUL;
  const char *opn = mul ? "mul" : "add";
  scc_buf o = {0};
  if (neon_isa(em))
    return neon_reduce_text(em, e, depth);
  if (e->u.un.op != IR_OP_ADD && !mul) {
    vfail(em, e, "a min/max reduction");
    return "0";
  }
  if (em->k->isa == IR_ISA_AVX512) {
    scc_buf_printf(&o, "_mm512_reduce_%s_%s(", opn, vsfx(t));
    put_vexpr(em, &o, v);
    scc_buf_puts(&o, ")");
  } else if (intrin_isa(em)) {
    const char *r = temp_name(em, "red");
    bool d = t == IR_TY_DOUBLE;
    line_begin(em, depth);
    scc_buf_printf(em->out, "%s %s = ", d ? "__m128d" : "__m128", r);
    if (em->k->isa == IR_ISA_AVX2) {
      scc_buf_printf(em->out, "_mm_%s_%s(", opn, vsfx(t));
      const char *src = v->kind == IR_EXPR_VAR ? v->u.var->name : NULL;
      scc_buf tmp = {0};
      if (!src) {
        put_vexpr(em, &tmp, v);
        src = tmp.data;
      }
      scc_buf_printf(em->out, "_mm256_cast%s256_%s128(%s), ", vsfx(t), vsfx(t),
                     src);
      scc_buf_printf(em->out, "_mm256_extractf128_%s(%s, 1));", vsfx(t), src);
      scc_buf_free(&tmp);
    } else {
      put_vexpr(em, em->out, v);
      scc_buf_puts(em->out, ";");
    }
    line_end(em);
    line_begin(em, depth);
    if (d) {
      scc_buf_printf(em->out, "%s = _mm_%s_sd(%s, _mm_unpackhi_pd(%s, %s));", r,
                     opn, r, r, r);
      line_end(em);
      scc_buf_printf(&o, "_mm_cvtsd_f64(%s)", r);
    } else {
      scc_buf_printf(em->out, "%s = _mm_%s_ps(%s, _mm_movehl_ps(%s, %s));", r,
                     opn, r, r, r);
      line_end(em);
      line_begin(em, depth);
      scc_buf_printf(em->out, "%s = _mm_%s_ss(%s, _mm_shuffle_ps(%s, %s, 1));",
                     r, opn, r, r, r);
      line_end(em);
      scc_buf_printf(&o, "_mm_cvtss_f32(%s)", r);
    }
  } else {
    /* portable: the lanes in order, ((v[0] + v[1]) + v[2]) + ... */
    ir_expr *sum = NULL;
    for (int l = 0; l < v->lanes; l++) {
      ir_expr *x = lane_expr(em, v, ir_int(em->ctx, l));
      sum = sum ? ir_binary(em->ctx, e->u.un.op, sum, x, t) : x;
    }
    scc_buf_puts(&o, "(");
    ir_print_c_expr(&o, sum);
    scc_buf_puts(&o, ")");
  }
  const char *s = scc_arena_strdup(em->ctx->arena, o.data ? o.data : "0");
  scc_buf_free(&o);
  return s;
}

/* A scalar expression with its reductions replaced by their C text (and
 * the statements they need emitted before the line). */
static ir_expr *scalarize(emitter *em, const ir_expr *e, int depth) {
  if (!e || !has_vector(e))
    return (ir_expr *)e;
  if (e->kind == IR_EXPR_REDUCE)
    return fake_var(em, reduce_text(em, e, depth), e->type);
  ir_expr *c = scc_arena_alloc(em->ctx->arena, sizeof *c);
  *c = *e;
  switch (e->kind) {
  case IR_EXPR_UNARY:
    c->u.un.a = scalarize(em, e->u.un.a, depth);
    break;
  case IR_EXPR_BINARY:
    c->u.bin.a = scalarize(em, e->u.bin.a, depth);
    c->u.bin.b = scalarize(em, e->u.bin.b, depth);
    break;
  case IR_EXPR_SELECT:
    c->u.sel.cond = scalarize(em, e->u.sel.cond, depth);
    c->u.sel.a = scalarize(em, e->u.sel.a, depth);
    c->u.sel.b = scalarize(em, e->u.sel.b, depth);
    break;
  case IR_EXPR_CAST:
    c->u.cast.a = scalarize(em, e->u.cast.a, depth);
    break;
  case IR_EXPR_CALL:
    c->u.call.args = scc_arena_alloc(em->ctx->arena,
                                     sizeof(ir_expr *) * (size_t)e->u.call.n);
    for (int i = 0; i < e->u.call.n; i++)
      c->u.call.args[i] = scalarize(em, e->u.call.args[i], depth);
    break;
  default:
    vfail(em, e, "a vector value in a scalar expression");
    break;
  }
  return c;
}

/* Lane `lane` (an int expression) of a vector expression, as a scalar
 * expression (portable emission).  Masked loads read only active lanes. */
static ir_expr *lane_expr(emitter *em, const ir_expr *e, ir_expr *lane) {
  scc_ctx *ctx = em->ctx;
  if (e->lanes <= 1)
    return scalarize(em, e, 0);
  ir_expr *c = scc_arena_alloc(ctx->arena, sizeof *c);
  *c = *e;
  c->lanes = 0;
  switch (e->kind) {
  case IR_EXPR_VAR: {
    ir_array *a = scc_arena_alloc(ctx->arena, sizeof *a);
    a->name = e->u.var->name;
    a->elem = e->type;
    a->rank = 1;
    a->id = -1;
    return ir_access(ctx, a, 1, &lane);
  }
  case IR_EXPR_ACCESS: {
    int n = e->u.access.n;
    c->u.access.idx = scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * n);
    for (int i = 0; i < n; i++)
      c->u.access.idx[i] = e->u.access.idx[i];
    ir_expr *last = e->u.access.idx[n - 1];
    c->u.access.idx[n - 1] = ir_binary(ctx, IR_OP_ADD, last, lane, last->type);
    c->u.access.mask = NULL;
    if (!e->u.access.mask)
      return c;
    ir_expr *cond = ir_binary(ctx, IR_OP_LT, lane, e->u.access.mask, IR_TY_INT);
    return ir_select(ctx, cond, c, ir_fp(ctx, e->type, 0.0, NULL), e->type);
  }
  case IR_EXPR_BROADCAST:
    return scalarize(em, e->u.un.a, 0);
  case IR_EXPR_UNARY:
    c->u.un.a = lane_expr(em, e->u.un.a, lane);
    return c;
  case IR_EXPR_BINARY:
    c->u.bin.a = lane_expr(em, e->u.bin.a, lane);
    c->u.bin.b = lane_expr(em, e->u.bin.b, lane);
    return c;
  case IR_EXPR_SELECT:
    c->u.sel.cond = lane_expr(em, e->u.sel.cond, lane);
    c->u.sel.a = lane_expr(em, e->u.sel.a, lane);
    c->u.sel.b = lane_expr(em, e->u.sel.b, lane);
    return c;
  case IR_EXPR_CAST:
    c->u.cast.a = lane_expr(em, e->u.cast.a, lane);
    return c;
  case IR_EXPR_SHUFFLE: /* lane l of a reversal: lane W - 1 - l */
    if (!is_reverse(e))
      break;
    return lane_expr(
        em, e->u.shuf.a,
        ir_binary(ctx, IR_OP_SUB, ir_int(ctx, e->lanes - 1), lane, IR_TY_INT));
  case IR_EXPR_CALL:
    if (!strcmp(e->u.call.fn, "fmaf") || !strcmp(e->u.call.fn, "fma"))
      em->includes |= BE_INC_MATH;
    c->u.call.args =
        scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)e->u.call.n);
    for (int i = 0; i < e->u.call.n; i++)
      c->u.call.args[i] = lane_expr(em, e->u.call.args[i], lane);
    return c;
  default:
    break;
  }
  vfail(em, e, "this vector expression");
  return c;
}

/* Opens `for (int lane = 0; lane < BOUND; lane++) {` and returns the lane
 * variable. */
static ir_expr *lane_loop_begin(emitter *em, int depth, const ir_expr *bound,
                                int lanes) {
  if (!em->lane_name)
    em->lane_name = temp_name(em, "lane");
  line_begin(em, depth);
  scc_buf_printf(em->out, "for (int %s = 0; %s < ", em->lane_name,
                 em->lane_name);
  if (bound)
    ir_print_c_expr(em->out, bound);
  else
    scc_buf_printf(em->out, "%d", lanes);
  scc_buf_printf(em->out, "; %s++) {", em->lane_name);
  line_end(em);
  return fake_var(em, em->lane_name, IR_TY_INT);
}

static void emit_vdecl(emitter *em, const ir_node *n, int depth) {
  const ir_var *v = n->u.decl.var;
  const ir_expr *init = n->u.decl.init;
  if (neon_isa(em)) {
    em->includes |= BE_INC_ARM_NEON;
    line_begin(em, depth);
    scc_buf_printf(em->out, "%s %s", neon_vtype(v->type), v->name);
    if (init) {
      scc_buf_puts(em->out, " = ");
      put_neon(em, em->out, init);
    }
    scc_buf_puts(em->out, ";");
    line_end(em);
    return;
  }
  if (intrin_isa(em)) {
    em->includes |= BE_INC_IMMINTRIN;
    line_begin(em, depth);
    scc_buf_printf(em->out, "%s %s", vtype(em, v->type), v->name);
    if (init) {
      scc_buf_puts(em->out, " = ");
      put_vexpr(em, em->out, init);
    }
    scc_buf_puts(em->out, ";");
    line_end(em);
    return;
  }
  line_begin(em, depth);
  scc_buf_printf(em->out, "%s %s[%d];", ir_type_name(v->type), v->name,
                 v->lanes);
  line_end(em);
  if (!init)
    return;
  ir_expr *lane = lane_loop_begin(em, depth, NULL, v->lanes);
  ir_expr *lhs = ir_var_ref(em->ctx, (ir_var *)v);
  lhs->lanes = v->lanes;
  line_begin(em, depth + 1);
  ir_print_c_expr(em->out, lane_expr(em, lhs, lane));
  scc_buf_puts(em->out, " = ");
  ir_print_c_expr(em->out, lane_expr(em, init, lane));
  scc_buf_puts(em->out, ";");
  line_end(em);
  emit_line(em, depth, "}");
}

/* The value a vector assignment stores: its rhs, or for an update `x op=
 * e` the expression `x op e`, built in *tmp. */
static const ir_expr *vassign_value(const ir_node *n, ir_expr *tmp) {
  const ir_assign *a = &n->u.assign;
  if (a->op == IR_OP_NONE)
    return a->rhs;
  *tmp = (ir_expr){.kind = IR_EXPR_BINARY,
                   .type = a->lhs->type,
                   .lanes = a->lhs->lanes,
                   .loc = n->loc};
  tmp->u.bin.op = a->op;
  tmp->u.bin.a = a->lhs;
  tmp->u.bin.b = a->rhs;
  return tmp;
}

/* A vector assignment for NEON: `v = e;` or `vst1q_f32(&a[i], e);`. */
static void emit_neon_assign(emitter *em, const ir_node *n, int depth) {
  const ir_expr *lhs = n->u.assign.lhs;
  scc_buf *o = em->out;
  em->includes |= BE_INC_ARM_NEON;
  ir_expr val;
  const ir_expr *v = vassign_value(n, &val);
  line_begin(em, depth);
  if (lhs->kind == IR_EXPR_VAR) {
    scc_buf_printf(o, "%s = ", lhs->u.var->name);
    put_neon(em, o, v);
    scc_buf_puts(o, ";");
  } else if (lhs->kind != IR_EXPR_ACCESS || lhs->u.access.mask) {
    vfail(em, lhs, "a masked vector store");
  } else {
    scc_buf_printf(o, "vst1q_%s(", neon_sfx(lhs->type));
    put_addr(em, o, lhs);
    scc_buf_puts(o, ", ");
    put_neon(em, o, v);
    scc_buf_puts(o, ");");
  }
  line_end(em);
}

static void emit_vassign(emitter *em, const ir_node *n, int depth) {
  const ir_assign *a = &n->u.assign;
  const ir_expr *lhs = a->lhs;
  scc_buf *o = em->out;
  if (neon_isa(em)) {
    emit_neon_assign(em, n, depth);
    return;
  }
  if (intrin_isa(em)) {
    em->includes |= BE_INC_IMMINTRIN;
    ir_expr val;
    const ir_expr *v = vassign_value(n, &val);
    line_begin(em, depth);
    if (lhs->kind == IR_EXPR_VAR) {
      scc_buf_printf(o, "%s = ", lhs->u.var->name);
      put_vexpr(em, o, v);
      scc_buf_puts(o, ";");
    } else if (lhs->kind != IR_EXPR_ACCESS) {
      vfail(em, lhs, "a vector store to this lhs");
    } else if (!lhs->u.access.mask && lhs->u.access.nontemporal &&
               (em->k->isa == IR_ISA_AVX512 || em->k->isa == IR_ISA_AVX2)) {
      /* a streaming store where the address is aligned to the vector,
       * which the instruction needs (it faults otherwise) */
      em->includes |= BE_INC_STDINT;
      em->streamed = true;
      int bytes = lhs->lanes * (lhs->type == IR_TY_DOUBLE ? 8 : 4);
      scc_buf_puts(o, "if ((uintptr_t)");
      put_addr(em, o, lhs);
      scc_buf_printf(o, " & %d) %s_storeu_%s(", bytes - 1, vpfx(em),
                     vsfx(lhs->type));
      put_addr(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, v);
      scc_buf_printf(o, "); else %s_stream_%s(", vpfx(em), vsfx(lhs->type));
      put_addr(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, v);
      scc_buf_puts(o, ");");
    } else if (!lhs->u.access.mask) {
      scc_buf_printf(o, "%s_storeu_%s(", vpfx(em), vsfx(lhs->type));
      put_addr(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, v);
      scc_buf_puts(o, ");");
    } else if (em->k->isa == IR_ISA_AVX512) {
      scc_buf_printf(o, "%s_mask_storeu_%s(", vpfx(em), vsfx(lhs->type));
      put_addr(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_mask(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, v);
      scc_buf_puts(o, ");");
    } else if (em->k->isa == IR_ISA_AVX2) {
      scc_buf_printf(o, "%s_maskstore_%s(", vpfx(em), vsfx(lhs->type));
      put_addr(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_mask(em, o, lhs);
      scc_buf_puts(o, ", ");
      put_vexpr(em, o, v);
      scc_buf_puts(o, ");");
    } else {
      vfail(em, lhs, "a masked store");
    }
    line_end(em);
    return;
  }
  /* portable: a loop over the (active) lanes */
  const ir_expr *bound =
      lhs->kind == IR_EXPR_ACCESS ? lhs->u.access.mask : NULL;
  ir_expr *lane = lane_loop_begin(em, depth, bound, lhs->lanes);
  ir_node s = *n;
  ir_expr *l1 = (ir_expr *)lhs;
  if (lhs->kind == IR_EXPR_ACCESS && lhs->u.access.mask) {
    l1 = scc_arena_alloc(em->ctx->arena, sizeof *l1);
    *l1 = *lhs;
    l1->u.access.mask = NULL; /* the loop bound masks the store */
  }
  s.u.assign.lhs = lane_expr(em, l1, lane);
  s.u.assign.rhs = lane_expr(em, a->rhs, lane);
  emit_assign(em, &s, depth + 1);
  emit_line(em, depth, "}");
}

static bool declared_in(const ir_kernel *k, const ir_var *v) {
  for (const ir_node *n = k->body.first; n; n = n->next)
    if (n->kind == IR_NODE_DECL && n->u.decl.var == v)
      return true;
  return false;
}

static bool decl_cb(ir_node *n, void *data) {
  const ir_var **v = data;
  if (n->kind == IR_NODE_DECL && n->u.decl.var == *v)
    *v = NULL;
  return *v != NULL;
}

/* True when a declaration anywhere in b declares v. */
static bool var_declared_anywhere(const ir_block *b, const ir_var *v) {
  const ir_var *x = v;
  ir_walk_block((ir_block *)b, decl_cb, &x);
  return x == NULL;
}

/* True when v's declaration is in the main file before the kernel's
 * region (a local of the enclosing function). */
static bool declared_before_region(const ir_kernel *k, const ir_var *v) {
  const ir_module *m = k->module;
  if (!m || !m->source || !v->loc.file || v->loc.line < 1 || !m->filename ||
      strcmp(v->loc.file, m->filename) != 0)
    return false;
  int line = 1;
  for (size_t i = 0; i < k->begin && i < m->source_len; i++)
    line += m->source[i] == '\n';
  return v->loc.line < line;
}

/* Induction variables a schedule left unused (every loop over them fully
 * unrolled): one declared in the region is not declared again (an unused
 * variable warning otherwise); one declared before the region (PolyBench's
 * `int i, j;` before `#pragma scop`) gets a `(void)i;`, for the same
 * reason.  print false: collects em->dropped; true: prints the `(void)`
 * lines. */
static void note_unused_ivs(emitter *em, bool print) {
  const ir_kernel *k = em->k;
  for (int i = 0; i < k->vars.len; i++) {
    const ir_var *v = k->vars.items[i];
    if (!print && dropped(em, v))
      continue;
    if (v->kind != IR_VAR_IV || v->lanes > 1 || var_emitted(em, &k->body, v)) {
      /* a scalar whose uses a transform replaced (loop.expand_scalar) or
       * simplified away (`t - t` in a copy), or a hoisted value of a loop
       * that was removed as empty: declared at the top of a function
       * kernel or inside a loop or if, its declaration is dropped (an
       * initializer has no side effects); declared before the region, it
       * gets a `(void)t;` */
      if (v->kind == IR_VAR_LOCAL && v->lanes <= 1 && !v->live_out &&
          !var_emitted(em, &k->body, v)) {
        if (declared_in(k, v)) {
          if (k->form == IR_KERNEL_FUNCTION && !print)
            scc_vec_push(em->ctx->arena, &em->dropped, (void *)v);
        } else if (var_declared_anywhere(&k->body, v)) {
          if (!print)
            scc_vec_push(em->ctx->arena, &em->dropped, (void *)v);
        } else if (print && declared_before_region(k, v)) {
          line_begin(em, 0);
          scc_buf_printf(em->out, "(void)%s; /* replaced by an array */",
                         v->name);
          line_end(em);
        }
      }
      continue;
    }
    if (declared_in(k, v)) {
      if (!print)
        scc_vec_push(em->ctx->arena, &em->dropped, (void *)v);
    } else if (print && v->declared_outside && declared_before_region(k, v)) {
      /* (an iv a transform created by copying a body that declares it, a
       * j1 of `int j;` unrolled, is declared by no code that runs when the
       * kernel is emitted untransformed) */
      line_begin(em, 0);
      scc_buf_printf(em->out, "(void)%s; /* its loops were fully unrolled */",
                     v->name);
      line_end(em);
    }
  }
}

static bool dropped(const emitter *em, const ir_var *v) {
  for (int i = 0; i < em->dropped.len; i++)
    if (em->dropped.items[i] == v)
      return true;
  return false;
}

static bool in_vec(const scc_vec *v, const void *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

/* The scalars declared inside the region's loops or ifs that the output
 * writes and never reads (copies a transform made of a private scalar,
 * `w1 = ...` of loop.unroll_and_jam whose value a later loop overwrites):
 * their declarations and their stores, which call nothing, are left out
 * (gcc -Wunused-but-set-variable otherwise); added to em->dropped.  Those
 * whose stores call something, and those the source declares at the
 * kernel's top (the original version reads them), stay, declared unused
 * (em->unread). */
static void find_dead_scalars(emitter *em) {
  const ir_kernel *k = em->k;
  for (int i = 0; i < k->vars.len; i++) {
    const ir_var *v = k->vars.items[i];
    if (v->kind != IR_VAR_LOCAL || v->lanes > 1 || v->live_out ||
        v->is_volatile || dropped(em, v) || !var_declared_anywhere(&k->body, v))
      continue;
    value_read u = {em, NULL, v, false, false};
    ir_walk_block((ir_block *)&k->body, read_node_cb, &u);
    if (u.read)
      continue;
    if (!u.call && !declared_in(k, v))
      scc_vec_push(em->ctx->arena, &em->dropped, (void *)v);
    else if (!in_vec(&em->unread, v)) /* a call's effects stay, or a
                                         declaration of the source's */
      scc_vec_push(em->ctx->arena, &em->unread, (void *)v);
  }
}

/* em->dropped and em->dead to a fixed point: a scalar read only in the
 * initializer of a dropped declaration, or in a store into a dead array,
 * is unused too, and so is a pack buffer read only there (chains such as
 * `int u = C_p[0] * 2; int t0 = u + 4;` with t0 unused), and a scalar
 * written only (find_dead_scalars). */
static void find_unused(emitter *em) {
  int before;
  do {
    before = em->dropped.len + em->dead.len;
    note_unused_ivs(em, false);
    find_dead_arrays(em);
    find_dead_scalars(em);
  } while (em->dropped.len + em->dead.len != before);
}

/* `x = x;` of a scalar that is not volatile. */
static bool self_assign(const ir_node *n) {
  const ir_expr *l = n->u.assign.lhs, *r = n->u.assign.rhs;
  return n->u.assign.op == IR_OP_NONE && l->kind == IR_EXPR_VAR &&
         r->kind == IR_EXPR_VAR && l->u.var == r->u.var &&
         !l->u.var->is_volatile && l->lanes == r->lanes;
}

static void emit_node(emitter *em, const ir_node *n, int depth) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    emit_loop(em, n, depth);
    break;
  case IR_NODE_IF:
    emit_if(em, n, depth);
    break;
  case IR_NODE_ASSIGN:
    if (n->u.assign.lhs->kind == IR_EXPR_ACCESS &&
        array_dead(em, n->u.assign.lhs->u.access.array))
      break; /* a store nothing reads */
    if (self_assign(n))
      break; /* `x = x;` (a scalar-replaced `A[k] = A[k]`): no effect, and
                clang's -Wself-assign */
    if (n->u.assign.lhs->kind == IR_EXPR_VAR &&
        dropped(em, n->u.assign.lhs->u.var))
      break; /* a store into a scalar nothing reads (find_dead_scalars) */
    emit_assign(em, n, depth);
    break;
  case IR_NODE_DECL: {
    if (dropped(em, n->u.decl.var))
      break;
    if (n->u.decl.var->lanes > 1) {
      emit_vdecl(em, n, depth);
      break;
    }
    ir_expr *init = scalarize(em, n->u.decl.init, depth);
    line_begin(em, depth);
    /* written and never read, the stores kept (they call something, or
     * the source declared it at the kernel's top, where a transform left
     * it unread): gcc -Wunused-but-set-variable otherwise */
    if (in_vec(&em->unread, n->u.decl.var))
      scc_buf_puts(em->out, "__attribute__((unused)) ");
    scc_buf_printf(em->out, "%s%s %s",
                   n->u.decl.var->is_volatile ? "volatile " : "",
                   ir_type_name(n->u.decl.var->type), n->u.decl.var->name);
    if (init) {
      scc_buf_puts(em->out, " = ");
      ir_print_c_expr(em->out, init);
    }
    scc_buf_puts(em->out, ";");
    line_end(em);
    break;
  }
  }
}

static void emit_block(emitter *em, const ir_block *b, int depth) {
  for (const ir_node *n = b->first; n; n = n->next)
    emit_node(em, n, depth);
}

static void note_elem_addr(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_ELEM_ADDR) /* prints (uintptr_t) */
    *(unsigned *)data |= BE_INC_STDINT;
}

/* The run-time check of a versioned kernel: every assumption's lowered
 * check (be_lower.c), joined by &&. */
static void put_check(emitter *em, const ir_kernel *k) {
  scc_buf *o = em->out;
  for (int i = 0; i < k->assumptions.len; i++) {
    const ir_assumption *as = k->assumptions.items[i];
    bool paren = k->assumptions.len > 1;
    if (i)
      scc_buf_puts(o, " && ");
    if (paren)
      scc_buf_puts(o, "(");
    ir_walk_expr(as->check, note_elem_addr, &em->includes);
    ir_print_c_expr(o, as->check);
    if (paren)
      scc_buf_puts(o, ")");
  }
}

/* A scalar the original code of a loop or scop kernel declares at its top
 * level: the code after the region may use it, so a versioned kernel
 * declares it before its `if` and each version assigns it. */
static bool top_scalar(const emitter *em, const ir_node *n) {
  if (em->k->form == IR_KERNEL_FUNCTION || n->kind != IR_NODE_DECL ||
      n->u.decl.var->lanes > 1)
    return false;
  for (const ir_node *o = em->k->original->first; o; o = o->next)
    if (o->kind == IR_NODE_DECL && o->u.decl.var == n->u.decl.var)
      return true;
  return false;
}

/* One version of a versioned kernel, in its branch. */
static void emit_version(emitter *em, const ir_block *b) {
  for (const ir_node *n = b->first; n; n = n->next) {
    if (!top_scalar(em, n)) {
      emit_node(em, n, 1);
      continue;
    }
    ir_expr *init = scalarize(em, n->u.decl.init, 1);
    if (!init)
      continue;
    line_begin(em, 1);
    scc_buf_printf(em->out, "%s = ", n->u.decl.var->name);
    ir_print_c_expr(em->out, init);
    scc_buf_puts(em->out, ";");
    line_end(em);
  }
}

static void note_align_gap(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_ALIGN_GAP) /* prints (uintptr_t) */
    *(unsigned *)data |= BE_INC_STDINT;
}

static bool note_align_gaps(ir_node *n, void *data) {
  ir_walk_node_exprs(n, note_align_gap, data);
  return true;
}

static bool emit_kernel(scc_ctx *ctx, const ir_kernel *k, scc_buf *out,
                        unsigned *includes) {
  emitter em = {.ctx = ctx, .k = k, .out = out};
  if (k->form == IR_KERNEL_FUNCTION) {
    em.base = k->indent + 2;
    em.trailing_nl = true;
    scc_buf_puts(out, "\n");
  } else {
    em.base = k->indent;
  }
  /* kernel versioning: if (checks) { transformed } else { original } */
  if (!be_check_lowered(ctx, k))
    return false;
  bool versioned = k->original && k->assumptions.len > 0;
  int depth = 0;
  if (versioned) {
    /* the local arrays of the source: both versions use them */
    for (int i = 0; i < k->arrays.len; i++) {
      const ir_array *a = k->arrays.items[i];
      if (!a->is_local || a->storage != IR_STORE_AUTO)
        continue;
      line_begin(&em, 0);
      scc_buf_printf(out, "%s%s %s", a->is_volatile ? "volatile " : "",
                     ir_type_name(a->elem), a->name);
      for (int d = 0; d < a->rank; d++) {
        scc_buf_puts(out, "[");
        ir_print_c_expr(out, a->dims[d]);
        scc_buf_puts(out, "]");
      }
      scc_buf_puts(out, ";");
      line_end(&em);
    }
    for (const ir_node *n = k->original->first; n; n = n->next)
      if (top_scalar(&em, n)) {
        line_begin(&em, 0);
        scc_buf_printf(out, "%s %s;", ir_type_name(n->u.decl.var->type),
                       n->u.decl.var->name);
        line_end(&em);
      }
    line_begin(&em, 0);
    scc_buf_puts(out, "if (");
    put_check(&em, k);
    scc_buf_puts(out, ") {");
    line_end(&em);
    depth = 1;
  }
  find_unused(&em);
  em.nlines +=
      be_c_emit_local_arrays(k, out, em.base + 2 * depth, em.trailing_nl,
                             em.nlines, array_emitted, &em);
  emit_xsmm_dispatch(&em, depth);
  note_unused_ivs(&em, true);
  if (versioned)
    emit_version(&em, &k->body);
  else
    emit_block(&em, &k->body, depth);
  /* Non-temporal stores are weakly ordered: a store fence orders them
   * before the stores after the kernel (Intel SDM vol. 3, 9.2.2; inside
   * a parallel loop, the OpenMP barrier's locked instructions do).  Only
   * when one was emitted: a block loop that never runs is left out. */
  if (em.streamed)
    emit_line(&em, depth, "_mm_sfence();");
  if (versioned) {
    emit_line(&em, 0, "} else {");
    em.dropped = (scc_vec){0};
    em.dead = (scc_vec){0};
    /* what the original leaves unused (a local whose reads the frontend
     * substituted, frontend/fe_subst.c) is not declared either */
    ir_kernel orig = *k;
    orig.body = *k->original;
    em.k = &orig;
    find_unused(&em);
    emit_version(&em, k->original);
    em.k = k;
    emit_line(&em, 0, "}");
  }
  if (k->form != IR_KERNEL_FUNCTION && em.nlines == 0)
    scc_buf_puts(out, ";"); /* an empty kernel stays a statement */
  ir_walk_block((ir_block *)&k->body, note_align_gaps, &em.includes);
  if (includes)
    *includes |= em.includes;
  return !em.failed;
}

bool be_emit_kernel_c(scc_ctx *ctx, const ir_kernel *k, scc_buf *out) {
  be_lower_kernel(ctx, (ir_kernel *)k); /* annotations only */
  return emit_kernel(ctx, k, out, NULL);
}

/* The 1-based line of byte offset `off` of the source. */
static int line_at(const ir_module *m, size_t off) {
  int line = 1;
  for (size_t i = 0; i < off && i < m->source_len; i++)
    line += m->source[i] == '\n';
  return line;
}

/* `#line N "<file>"` for the source line holding byte `off` (line markers
 * mode); the output is at the start of a line. */
static void put_line_marker(scc_buf *out, const ir_module *m, size_t off) {
  scc_buf_printf(out, "#line %d \"", line_at(m, off));
  for (const char *p = m->filename ? m->filename : "<input>"; *p; p++) {
    if (*p == '"' || *p == '\\')
      scc_buf_puts(out, "\\");
    scc_buf_putn(out, p, 1);
  }
  scc_buf_puts(out, "\"\n");
}

/* Copies source bytes [from, to) to out, leaving out the erased pragma
 * lines (m->erase) that lie inside; with line markers, the text after an
 * erased line starts with a `#line` for its own line. */
static void copy_source(scc_buf *out, const ir_module *m, size_t from,
                        size_t to, bool markers) {
  for (int i = 0; i < m->erase.len && from < to; i++) {
    const ir_range *r = m->erase.items[i];
    if (r->end <= from || r->begin >= to)
      continue;
    if (r->begin > from)
      scc_buf_putn(out, m->source + from, r->begin - from);
    from = r->end < to ? r->end : to;
    const ir_range *next = i + 1 < m->erase.len ? m->erase.items[i + 1] : NULL;
    if (markers && r->end < to && !(next && next->begin == r->end))
      put_line_marker(out, m, r->end); /* once after consecutive lines */
  }
  if (to > from)
    scc_buf_putn(out, m->source + from, to - from);
}

/* The placeholder line that stands for `#line N "<self>"` until the output
 * is complete (N is then known). */
#define REGION_MARK "\001schedcc-region\n"

/* Line markers mode: a placeholder before the regenerated lines of the
 * region written to out from byte `start` on (after its first newline: a
 * function kernel's region starts with one; a loop or scop kernel's first
 * line is the kernel's own source line). */
static void mark_region(scc_buf *out, size_t start) {
  const char *nl = out->len > start
                       ? memchr(out->data + start, '\n', out->len - start)
                       : NULL;
  if (!nl || (size_t)(nl - out->data) + 1 >= out->len)
    return; /* one line: nothing regenerated after it */
  size_t at = (size_t)(nl - out->data) + 1;
  size_t tail_len = out->len - at;
  char *tail = malloc(tail_len);
  if (!tail)
    return; /* (out of memory: the numbers continue from the kernel) */
  memcpy(tail, out->data + at, tail_len);
  out->len = at;
  scc_buf_puts(out, REGION_MARK);
  scc_buf_putn(out, tail, tail_len);
  free(tail);
}

/* Replaces each placeholder of out (from byte `start` on) by `#line N
 * "<self>"`, N the number of the line after it in out. */
static void fill_region_marks(scc_buf *out, size_t start, const char *self) {
  scc_buf res = {0};
  int line = 1;
  for (size_t i = 0; i < start; i++)
    line += out->data[i] == '\n';
  size_t n = strlen(REGION_MARK);
  for (size_t i = start; i < out->len;) {
    if (out->len - i >= n && memcmp(out->data + i, REGION_MARK, n) == 0) {
      scc_buf_printf(&res, "#line %d \"", line + 1);
      for (const char *p = self; *p; p++) {
        if (*p == '"' || *p == '\\')
          scc_buf_puts(&res, "\\");
        scc_buf_putn(&res, p, 1);
      }
      scc_buf_puts(&res, "\"\n");
      line++;
      i += n;
      continue;
    }
    line += out->data[i] == '\n';
    scc_buf_putn(&res, out->data + i, 1);
    i++;
  }
  out->len = start;
  scc_buf_putn(out, res.data ? res.data : "", res.len);
  scc_buf_free(&res);
}

/* A function that gets a target attribute (be_target_attr): where its
 * definition starts, and the features. */
typedef struct fn_attr {
  size_t at;
  const char *features;
} fn_attr;

/* The target attributes of the module's functions, by position (several
 * kernels in one function: the best ISA's). */
static int collect_attrs(const scc_ctx *ctx, const ir_module *m,
                         fn_attr *attrs) {
  int n = 0;
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    const char *f = be_target_attr(ctx, k);
    if (!f)
      continue;
    int j = 0;
    while (j < n && attrs[j].at != k->func_begin)
      j++;
    if (j == n)
      attrs[n++] = (fn_attr){k->func_begin, f};
    else if (strlen(f) > strlen(attrs[j].features)) /* avx512f,avx2,fma */
      attrs[j].features = f;
  }
  return n;
}

/* copy_source, with the target attributes that fall in [from, to) put in
 * front of their functions' definitions (on the same line: the lines keep
 * their numbers). */
static void copy_with_attrs(scc_buf *out, const ir_module *m, size_t from,
                            size_t to, bool markers, const fn_attr *attrs,
                            int nattrs) {
  const fn_attr *done = NULL;
  for (;;) {
    const fn_attr *next = NULL;
    for (int i = 0; i < nattrs; i++)
      if (attrs[i].at >= from && attrs[i].at < to && &attrs[i] != done &&
          (!next || attrs[i].at < next->at))
        next = &attrs[i];
    if (!next)
      break;
    copy_source(out, m, from, next->at, markers);
    bool bol = next->at == 0 || m->source[next->at - 1] == '\n';
    if (markers && bol)
      put_line_marker(out, m, next->at); /* (after an erased pragma line) */
    scc_buf_printf(out, "__attribute__((target(\"%s\"))) ", next->features);
    from = next->at;
    done = next;
  }
  copy_source(out, m, from, to, markers);
}

/* The offset after the block comment that opens at s[i], or 0 when it does
 * not close before n. */
static size_t block_comment_end(const char *s, size_t n, size_t i) {
  for (size_t j = i + 2; j + 1 < n; j++)
    if (s[j] == '*' && s[j + 1] == '/')
      return j + 2;
  return 0;
}

/* The offset after a line continuation (a backslash, blanks, then a line
 * end: gcc and clang take blanks between them) that starts at s[i], or 0
 * when s[i] starts none. */
static size_t continuation_end(const char *s, size_t n, size_t i) {
  if (s[i] != '\\')
    return 0;
  size_t j = i + 1;
  while (j < n && (s[j] == ' ' || s[j] == '\t'))
    j++;
  if (j < n && s[j] == '\r')
    j++;
  return j < n && s[j] == '\n' ? j + 1 : 0;
}

/* The offset of the line end (or n) of the line comment that opens at
 * s[i] ("//"), or 0 when a continuation carries it onto the next line
 * (not worth following). */
static size_t line_comment_end(const char *s, size_t n, size_t i) {
  for (; i < n && s[i] != '\n'; i++)
    if (continuation_end(s, n, i))
      return 0;
  return i;
}

/* Whether line (1-based) of the main file holds an #include directive
 * that the preprocessor ran (ir_module.include_lines); true when the
 * module does not say (built without the frontend). */
static bool include_ran(const ir_module *m, unsigned line) {
  if (!m->includes_known)
    return true;
  for (int i = 0; i < m->ninclude_lines; i++)
    if (m->include_lines[i] == line)
      return true;
  return false;
}

/* Whether the source has an `#include <name>` directive line (blanks
 * allowed around the '#' and before the header), outside block comments
 * (a comment or string that names the header is no include), that the
 * preprocessor ran: one under `#if 0`, or under an #ifdef that does not
 * hold with the compile flags, does not count (include_ran). */
static bool source_includes(const ir_module *m, const char *name) {
  const char *s = m->source;
  size_t n = s ? m->source_len : 0, len = strlen(name);
  bool line_start = true, in_comment = false;
  for (size_t i = 0; i < n; i++) {
    if (in_comment) {
      if (s[i] == '*' && i + 1 < n && s[i + 1] == '/')
        in_comment = false, i++;
      else if (s[i] == '\n')
        line_start = false; /* a line that starts inside a comment */
      continue;
    }
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
      in_comment = true;
      i++;
      continue;
    }
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i + 1 < n && s[i + 1] != '\n')
        i++;
      continue;
    }
    if (s[i] == '\n') {
      line_start = true;
      continue;
    }
    if (s[i] == ' ' || s[i] == '\t')
      continue;
    if (line_start && s[i] == '#') {
      size_t j = i + 1;
      while (j < n && (s[j] == ' ' || s[j] == '\t'))
        j++;
      if (n - j > 7 && !strncmp(s + j, "include", 7)) {
        j += 7;
        while (j < n && (s[j] == ' ' || s[j] == '\t'))
          j++;
        if (j < n && s[j] == '<' && n - j - 1 > len &&
            !strncmp(s + j + 1, name, len) && s[j + 1 + len] == '>') {
          unsigned line = 1;
          for (size_t p = 0; p < i; p++)
            line += s[p] == '\n';
          if (include_ran(m, line))
            return true;
        }
      }
    }
    line_start = false;
    /* (a comment opener inside a string literal opens one here: at worst an
     * include that is there is added again, which its guard makes
     * harmless) */
  }
  return false;
}

/* Whether the identifier at s[i] is reserved to the implementation (an
 * underscore, then an upper-case letter or another underscore: C17
 * 7.1.3), the names of the feature-test macros (_POSIX_C_SOURCE,
 * _GNU_SOURCE, _XOPEN_SOURCE, _DEFAULT_SOURCE, __STDC_WANT_LIB_EXT1__). */
static bool reserved_name(const char *s, size_t n, size_t i) {
  return i + 1 < n && s[i] == '_' &&
         (s[i + 1] == '_' || (s[i + 1] >= 'A' && s[i + 1] <= 'Z'));
}

/* The end of the file's leading feature-test macros: the byte offset after
 * the last complete line, at conditional depth 0, of the comments, blank
 * lines and #define / #undef of reserved names (reserved_name), #if ..
 * #endif groups of them, and #error lines that start the file (after a
 * UTF-8 byte order mark), before its first other directive (#include,
 * #pragma, #line, a macro of the program's own: `#define N 1024` must not
 * reach the added headers, whose parameters may be called N) or code; 0
 * (or 3 after a byte order mark) when there are none.  The includes that
 * generated code needs go there, after the macros a program defines
 * before its first system header (`#define _POSIX_C_SOURCE 200809L`,
 * `_GNU_SOURCE`: POSIX.1-2017, "The Compilation Environment", which they
 * must precede to take effect).  A directive's body is scanned for its
 * comments, string and character literals and line continuations; one
 * that does not end in the file ends the region before it. */
static size_t leading_directives_end(const ir_module *m) {
  const char *s = m->source;
  size_t n = s ? m->source_len : 0, i = 0, safe = 0;
  if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
    i = safe = 3;
  int depth = 0;
  while (i < n) {
    size_t c;
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n' ||
        s[i] == '\f' || s[i] == '\v') {
      i++;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      if (!(i = line_comment_end(s, n, i)))
        return safe;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
      if (!(i = block_comment_end(s, n, i)))
        return safe;
    } else if (s[i] == '#') {
      size_t d = i + 1;
      while (d < n && (s[d] == ' ' || s[d] == '\t'))
        d++;
      size_t w = d;
      while (w < n && ((s[w] >= 'a' && s[w] <= 'z') || s[w] == '_'))
        w++;
      size_t len = w - d;
#define IS(word) (len == sizeof word - 1 && memcmp(s + d, word, len) == 0)
      if (IS("if") || IS("ifdef") || IS("ifndef")) {
        depth++;
      } else if (IS("endif")) {
        depth--;
      } else if (IS("define") || IS("undef")) {
        size_t id = w;
        while (id < n && (s[id] == ' ' || s[id] == '\t'))
          id++;
        if (!reserved_name(s, n, id))
          return safe;
      } else if (!IS("elif") && !IS("else") && !IS("error")) {
        return safe;
      }
#undef IS
      /* the rest of the directive: its continuation lines, comments and
       * literals (a quote or a comment opener inside one is no delimiter) */
      i = w;
      while (i < n && s[i] != '\n') {
        if ((c = continuation_end(s, n, i))) {
          i = c;
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
          if (!(i = block_comment_end(s, n, i)))
            return safe;
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
          if (!(i = line_comment_end(s, n, i)))
            return safe;
        } else if (s[i] == '"' || s[i] == '\'') {
          char q = s[i++];
          while (i < n && s[i] != q && s[i] != '\n')
            i += s[i] == '\\' && i + 1 < n ? 2 : 1;
          if (i >= n || s[i] != q)
            return safe; /* unterminated: not ours to judge */
          i++;
        } else {
          i++;
        }
      }
      if (i < n)
        i++; /* the newline */
      if (depth < 0)
        return safe;
      if (depth == 0)
        safe = i;
    } else {
      return safe;
    }
  }
  return safe;
}

static bool emit_module(scc_ctx *ctx, const ir_module *m, bool markers,
                        const char *self, scc_buf *out) {
  size_t prev = 0;
  for (int i = 0; i < m->kernels.len; i++) {
    const ir_kernel *k = m->kernels.items[i];
    if (k->begin < prev || k->end < k->begin || k->end > m->source_len) {
      scc_error(ctx, k->loc,
                "internal error: kernel '%s' has the byte range [%zu, %zu), "
                "not after the previous kernel (%zu) and within the file "
                "(%zu bytes)",
                k->name, k->begin, k->end, prev, m->source_len);
      return false;
    }
    prev = k->end;
  }

  fn_attr *attrs =
      scc_arena_alloc(ctx->arena, sizeof *attrs * (size_t)(m->kernels.len + 1));
  int nattrs = collect_attrs(ctx, m, attrs);
  scc_buf body = {0};
  unsigned includes = 0;
  /* the file's leading directives, then the added includes (below), then
   * the rest of the file */
  size_t lead = leading_directives_end(m);
  size_t bom = lead >= 3 && memcmp(m->source, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  /* nothing schedcc rewrites lies in the region (a kernel, a function's
   * target attribute): else the includes go first, as without it */
  bool clash = m->kernels.len > 0 &&
               lead > ((const ir_kernel *)m->kernels.items[0])->begin;
  for (int a = 0; a < nattrs; a++)
    clash |= attrs[a].at < lead;
  if (clash)
    lead = bom = 0;
  size_t pos = lead;
  bool ok = true;
  if (markers)
    put_line_marker(&body, m, lead);
  for (int i = 0; i < m->kernels.len && ok; i++) {
    const ir_kernel *k = m->kernels.items[i];
    copy_with_attrs(&body, m, pos, k->begin, markers, attrs, nattrs);
    size_t start = body.len;
    ok = emit_kernel(ctx, k, &body, &includes);
    if (markers && self)
      mark_region(&body, start);
    pos = k->end;
    if (markers) {
      /* the rest of the region's last line, on a line of its own with its
       * own number (function kernels end their code with a newline) */
      if (k->form != IR_KERNEL_FUNCTION)
        scc_buf_puts(&body, "\n");
      put_line_marker(&body, m, pos);
    }
  }
  if (ok) {
    copy_with_attrs(&body, m, pos, m->source_len, markers, attrs, nattrs);
    size_t start = out->len;
    /* a byte order mark first, then the leading region (with line
     * markers, under its own file name from line 1) */
    scc_buf_putn(out, m->source ? m->source : "", bom);
    if (markers && lead > bom)
      put_line_marker(out, m, 0);
    if (lead > bom)
      scc_buf_putn(out, m->source + bom, lead - bom);
    for (unsigned b = 0; b < sizeof include_names / sizeof *include_names;
         b++) {
      if (!(includes & (1u << b)))
        continue;
      if (!source_includes(m, include_names[b]))
        scc_buf_printf(out, "#include <%s>\n", include_names[b]);
    }
    /* what the library calls of loop.to_library link with, in a comment
     * that schedcc-cc reads (tools/schedcc-cc.c, "Libraries") */
    if (includes & BE_INC_CBLAS)
      scc_buf_printf(out, "/* schedcc-link: %s */\n",
                     ir_library_link_flags("cblas"));
    if (includes & BE_INC_LIBXSMM)
      scc_buf_printf(out, "/* schedcc-link: %s */\n",
                     ir_library_link_flags("libxsmm"));
    scc_buf_putn(out, body.data ? body.data : "", body.len);
    if (markers && self)
      fill_region_marks(out, start, self);
  }
  scc_buf_free(&body);
  return ok;
}

bool be_emit_c(scc_ctx *ctx, const ir_module *m, scc_buf *out) {
  return emit_module(ctx, m, false, NULL, out);
}

bool be_emit_c_line_markers(scc_ctx *ctx, const ir_module *m, const char *self,
                            scc_buf *out) {
  return emit_module(ctx, m, true, self, out);
}
