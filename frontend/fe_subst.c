/* fe_subst.c — forward substitution of the locals that real C computes
 * subscripts and row pointers with; the rules of null tests of pointers
 * (read in fe_lookup.c, which also keeps what this file records).
 *
 * Real kernels name parts of their subscripts (GPT-2-style training code's
 * `int bt = b * T + t; out[bt * OC + o] = ...`, a thermal stencil's `int c =
 * x + y * nx + z * nx * ny; tOut[c] = ...`) and walk rows through pointers
 * (`const float *wrow = weight + o * C; ... wrow[i]`).  A local that is
 * assigned once, at its declaration, to an expression of values that do not
 * change while it is alive is the same as that expression wherever it is
 * read: the frontend substitutes it (as SCEV does for Polly: Grosser,
 * Groesslinger, Lengauer, "Polly — Performing Polyhedral Optimizations on a
 * Low-Level Intermediate Representation", PPL 2012), so the subscripts are
 * affine again and the dependence analysis delinearizes them
 * (deps/dep_delin.c).  The rules:
 *
 *  - an integer local (not volatile, not static) declared with an
 *    initializer, never assigned, incremented or address-taken in the
 *    kernel, not read after the kernel's region, whose initializer is
 *    quasi-affine (fe_quasi_affine) in the induction variables of the loops
 *    around it and in parameters the kernel does not write: its reads are
 *    the initializer, converted to the local's type where it differs; its
 *    declaration is dropped from the IR (nothing reads it any more);
 *  - a pointer local to a scalar element type under the same conditions,
 *    initialized to `P`, `P + e`, `e + P`, `P - e`, `&P[e]`, `A[i]` (a row
 *    of a two-dimensional array) or `&A[i][e]`, where P is an array or
 *    pointer of the kernel or another such local: an alias of the row, its
 *    subscripts `p[x]` becoming `P[e + x]` (`A[i][e + x]`);
 *  - a loop `for (j = lb; j < ub; j += S)` whose step S, like lb and ub,
 *    does not change in the kernel (a group size `GS` of quantized code):
 *    j counts iterations 0 .. trip - 1, the trip count a parameter `(S > 0
 *    ? (ub - lb + S - 1) / S : 0)`, and the body reads `lb + j * S` where
 *    it read j (the loop normalization of Allen & Kennedy, Optimizing
 *    Compilers for Modern Architectures, 2001, §3.5); j's value after the
 *    loop must not be read;
 *  - `p != NULL`, `p == NULL`, `!p` and a pointer as a condition (`p ? a :
 *    b`, `if (p)`, `p && ...`), p a pointer the kernel does not assign:
 *    an int parameter of the kernel that stands for `(p != 0)` (ir_var
 *    .c_value), so the condition is an ordinary loop-invariant condition.
 *
 * A local that fails a rule stays what it was (a declaration of the IR, or
 * the "unsupported" report for pointers, which now names the rule).
 */
#include "fe_internal.h"

#include <string.h>

/* The declaration behind a variable of the kernel (the first one met). */
static bool decl_of(fe_state *s, const ir_var *v, CXCursor *out) {
  for (int i = 0; i < s->decls.len; i++) {
    const fe_decl *d = s->decls.items[i];
    if (d->v == v) {
      *out = d->cur;
      return true;
    }
  }
  return false;
}

typedef struct stable {
  fe_state *s;
  bool ok;
  /* also accept locals assigned only by their initializer (`int ix =
   * inp[t];`): their variable holds one value wherever it is in scope */
  bool single_locals;
} stable;

/* Every variable e reads keeps its value while the substituted local is
 * alive: an induction variable of an enclosing loop, or a variable the
 * kernel never writes. */
static void stable_cb(ir_expr *e, void *data) {
  stable *st = data;
  if (!st->ok)
    return;
  if (!st->single_locals &&
      (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL)) {
    st->ok = false;
    return;
  }
  if (e->kind != IR_EXPR_VAR)
    return;
  ir_var *v = e->u.var;
  if (v->c_value)
    return;
  CXCursor ld;
  if (st->single_locals && v->kind == IR_VAR_LOCAL && !v->is_volatile &&
      decl_of(st->s, v, &ld) && !fe_scan_writes(st->s, ld).written)
    return;
  if (v->kind == IR_VAR_IV) {
    for (int i = 0; i < st->s->ivs.len; i++)
      if (st->s->ivs.items[i] == v)
        return;
    st->ok = false;
    return;
  }
  CXCursor d;
  if (v->kind != IR_VAR_PARAM || v->is_volatile || !decl_of(st->s, v, &d) ||
      fe_scan_writes(st->s, d).written)
    st->ok = false;
}

static bool stable_expr(fe_state *s, ir_expr *e) {
  stable st = {s, true, false};
  ir_walk_expr(e, stable_cb, &st);
  return st.ok;
}

/* The same, also reading locals assigned only by their initializer: what
 * a row pointer's offset may read (the IR reads the local itself where the
 * pointer is subscripted, and it has not changed). */
static bool stable_offset(fe_state *s, ir_expr *e) {
  stable st = {s, true, true};
  ir_walk_expr(e, stable_cb, &st);
  return st.ok;
}

/* The initializer of a VarDecl, or a null cursor. */
static bool init_of(fe_state *s, CXCursor d, CXCursor *out) {
  CXCursor *vk;
  int nv = fe_children(s, d, &vk);
  for (int q = nv - 1; q >= 0; q--)
    if (clang_isExpression(clang_getCursorKind(vk[q]))) {
      *out = vk[q];
      return true;
    }
  return false;
}

/* Whether the declaration may be substituted at all: an automatic local
 * of the kernel, not volatile, with an initializer, never written. */
static bool substitutable(fe_state *s, CXCursor d, CXCursor *init) {
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  if (sc == CX_SC_Static || sc == CX_SC_Extern)
    return false;
  CXType t = clang_getCursorType(d);
  if (clang_isVolatileQualifiedType(t))
    return false;
  if (!init_of(s, d, init))
    return false;
  fe_write_scan ws = fe_scan_writes(s, d);
  return !ws.written && !ws.outside;
}

/* Raises an expression quietly: NULL, with nothing reported, when the IR
 * cannot hold it. */
static ir_expr *quiet_expr(fe_state *s, CXCursor c) {
  bool quiet = s->quiet, failed = s->failed;
  s->quiet = true;
  s->failed = false;
  ir_expr *e = fe_expr(s, c);
  if (s->failed)
    e = NULL;
  s->quiet = quiet;
  s->failed = failed;
  return e;
}

/* ---- integer locals ---------------------------------------------------- */

/* A condition of comparisons of quasi-affine integers. */
static bool affine_cond(const ir_expr *e) {
  if (e->kind == IR_EXPR_UNARY && e->u.un.op == IR_OP_NOT)
    return affine_cond(e->u.un.a);
  if (e->kind != IR_EXPR_BINARY)
    return false;
  ir_op op = e->u.bin.op;
  if (op == IR_OP_LAND || op == IR_OP_LOR)
    return affine_cond(e->u.bin.a) && affine_cond(e->u.bin.b);
  return op >= IR_OP_LT && op <= IR_OP_NE && fe_quasi_affine(e->u.bin.a) &&
         fe_quasi_affine(e->u.bin.b);
}

/* A value the dependence analysis can represent exactly: quasi-affine, or
 * `c ? x : y` of such values under an affine condition (a clamped
 * neighbour, `x == 0 ? c : c - 1`). */
static bool subst_affine(const ir_expr *e) {
  if (e->kind == IR_EXPR_SELECT)
    return ir_type_is_integer(e->type) && affine_cond(e->u.sel.cond) &&
           subst_affine(e->u.sel.a) && subst_affine(e->u.sel.b);
  return fe_quasi_affine(e);
}

static char *c_text(fe_state *s, const ir_expr *e);
static bool kernel_invariant(fe_state *s, ir_expr *e);

/* A division or remainder by a divisor that is not a positive constant
 * (it may trap where the original never evaluates it). */
static void risky_cb(ir_expr *e, void *data) {
  int64_t c;
  if (e->kind == IR_EXPR_BINARY &&
      (e->u.bin.op == IR_OP_DIV || e->u.bin.op == IR_OP_MOD) &&
      !(e->u.bin.b->kind == IR_EXPR_INT && e->u.bin.b->u.ival > 0))
    *(bool *)data = true;
  (void)c;
}

/* A product of parameters and integer literals (`nx * ny`, `C * 3`, `n`,
 * `8`): substituted as it is, since delinearization reads its factors
 * (`z * plane` as `z * nx * ny`); other kernel-invariant values become a
 * parameter of their own. */
static bool monomial(const ir_expr *e) {
  while (e->kind == IR_EXPR_CAST && ir_type_is_integer(e->u.cast.a->type))
    e = e->u.cast.a;
  if (e->kind == IR_EXPR_INT || e->kind == IR_EXPR_VAR)
    return true;
  return e->kind == IR_EXPR_BINARY && e->u.bin.op == IR_OP_MUL &&
         monomial(e->u.bin.a) && monomial(e->u.bin.b);
}

/* The parameter standing for a kernel-invariant value (`C / NH`, `(h +
 * pad - size) / stride + 1`, `H - K + 1`): an int of the kernel whose
 * backends print the value's C text (ir_var.c_value), so the value is a
 * size the dependence analysis may delinearize with. */
static ir_var *value_param(fe_state *s, CXCursor d, ir_expr *e, ir_type t) {
  const char *txt = c_text(s, e);
  const char *cv = e->type == t ? scc_arena_printf(s->ctx->arena, "(%s)", txt)
                                : scc_arena_printf(s->ctx->arena, "((%s)(%s))",
                                                   ir_type_name(t), txt);
  for (int i = 0; i < s->k->vars.len; i++) {
    ir_var *v = s->k->vars.items[i];
    if (v->c_value && v->type == t && !strcmp(v->c_value, cv))
      return v;
  }
  CXString n = clang_getCursorSpelling(d);
  const char *name = ir_fresh_name(s->ctx, s->k, clang_getCString(n));
  clang_disposeString(n);
  ir_var *v = ir_var_new(s->ctx, s->k, name, t, IR_VAR_PARAM,
                         fe_cursor_loc(s, d, NULL));
  v->declared_outside = true;
  v->c_value = cv;
  return v;
}

bool fe_subst_int(fe_state *s, CXCursor d) {
  ir_type t;
  if (!fe_map_type(clang_getCursorType(d), &t) || !ir_type_is_integer(t) ||
      t == IR_TY_BOOL)
    return false;
  CXCursor init;
  if (!substitutable(s, d, &init))
    return false;
  ir_expr *e = quiet_expr(s, init);
  if (!e || !stable_expr(s, e))
    return false;
  /* a value of the kernel's parameters only, more than a parameter or a
   * literal: a parameter of its own (a division by a parameter only when
   * the declaration runs once, at the kernel's start, as the backends'
   * evaluation of it does) */
  bool risky = false;
  ir_walk_expr(e, risky_cb, &risky);
  if (!monomial(e) && kernel_invariant(s, e) && (!risky || s->ivs.len == 0)) {
    ir_expr *v = ir_var_ref(s->ctx, value_param(s, d, e, t));
    v->loc = e->loc;
    fe_subst *x = scc_arena_alloc(s->ctx->arena, sizeof *x);
    *x = (fe_subst){.decl = d, .value = v};
    scc_vec_push(s->ctx->arena, &s->substs, x);
    return true;
  }
  if (!subst_affine(e))
    return false;
  if (e->type != t) {
    scc_loc l = e->loc;
    e = ir_cast(s->ctx, t, e);
    e->loc = l;
  }
  fe_subst *x = scc_arena_alloc(s->ctx->arena, sizeof *x);
  *x = (fe_subst){.decl = d, .value = e};
  scc_vec_push(s->ctx->arena, &s->substs, x);
  return true;
}

/* ---- pointer locals ---------------------------------------------------- */

/* A row: the array, its fixed leading subscripts and the offset in the
 * last dimension.  `pointer` tells whether the cursor's value is a pointer
 * to an element (else an element, for `&...`). */
typedef struct row {
  ir_array *base;
  int nfixed;
  ir_expr **fixed;
  ir_expr *offset;
} row;

static bool row_of(fe_state *s, CXCursor c, row *out, const char **why);

/* Subscripts of an ArraySubscriptExpr chain: base cursor and up to max
 * subscripts (outermost first). */
static int subscripts(fe_state *s, CXCursor c, CXCursor *base, CXCursor *idx,
                      int max) {
  int n = 0;
  CXCursor tmp[16];
  while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && n < 16) {
    CXCursor *kids;
    int nk = fe_children(s, c, &kids), m = 0;
    CXCursor e[2];
    for (int i = 0; i < nk && m < 2; i++)
      if (clang_isExpression(clang_getCursorKind(kids[i])))
        e[m++] = kids[i];
    if (m != 2)
      return -1;
    tmp[n++] = e[1];
    c = fe_strip(s, e[0]);
  }
  if (n > max)
    return -1;
  for (int i = 0; i < n; i++)
    idx[i] = tmp[n - 1 - i];
  *base = c;
  return n;
}

static bool int_operand(fe_state *s, CXCursor c, ir_expr **out,
                        const char **why) {
  ir_expr *e = quiet_expr(s, c);
  if (!e || !ir_type_is_integer(e->type)) {
    *why = "its offset is not an integer expression the kernel can hold";
    return false;
  }
  if (!stable_offset(s, e) || ir_expr_find_kind(e, IR_EXPR_ACCESS) ||
      ir_expr_find_kind(e, IR_EXPR_CALL)) {
    *why = "its offset reads a variable the kernel assigns after its "
           "declaration, or an array element (hold it in a local: `int ix "
           "= idx[t];`)";
    return false;
  }
  *out = e;
  return true;
}

/* `&A[i][k]`, or the row `A[i]` of a two-dimensional array: an element
 * (elem true) or a row (elem false) given by subscripts. */
static bool row_of_subscript(fe_state *s, CXCursor c, bool elem, row *out,
                             const char **why) {
  CXCursor base, idx[16];
  int n = subscripts(s, c, &base, idx, 16);
  if (n < 1) {
    *why = "its initializer is not a row of an array";
    return false;
  }
  row r;
  if (!row_of(s, base, &r, why))
    return false;
  /* base is a row of r.base: its subscripts continue the row's */
  int rank = r.base->rank;
  int have = r.nfixed + n; /* subscripts given, the offset's dim included */
  if (elem ? have != rank : have != rank - 1) {
    *why = "it does not point to an element of the array's last dimension";
    return false;
  }
  ir_expr **fx =
      scc_arena_alloc(s->ctx->arena, sizeof(ir_expr *) * (size_t)(rank + 1));
  for (int i = 0; i < r.nfixed; i++)
    fx[i] = r.fixed[i];
  int nf = r.nfixed;
  ir_expr *off = NULL;
  for (int i = 0; i < n; i++) {
    ir_expr *e;
    if (!int_operand(s, idx[i], &e, why))
      return false;
    if (i == 0 && r.offset) /* the first subscript adds to the offset */
      e = fe_add_offset(s, r.offset, e, IR_OP_ADD);
    if (nf < rank - 1)
      fx[nf++] = e;
    else
      off = e;
  }
  *out = (row){r.base, nf, fx, off ? off : ir_int(s->ctx, 0)};
  return true;
}

static bool row_of(fe_state *s, CXCursor c, row *out, const char **why) {
  c = fe_strip(s, c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CStyleCastExpr) {
    /* a cast to a pointer to the same element type (`(const float *)w`) */
    CXCursor *kids;
    int n = fe_children(s, c, &kids);
    CXType to = clang_getCanonicalType(clang_getCursorType(c));
    if (n < 1 || to.kind != CXType_Pointer) {
      *why = "its initializer casts to another type";
      return false;
    }
    CXType from =
        clang_getCanonicalType(clang_getCursorType(fe_strip(s, kids[n - 1])));
    ir_type ta, tb;
    CXType pf = from.kind == CXType_Pointer ? clang_getPointeeType(from)
                                            : clang_getArrayElementType(from);
    if (!fe_map_type(clang_getPointeeType(to), &ta) || !fe_map_type(pf, &tb) ||
        ta != tb) {
      *why = "its initializer casts to a pointer of another type";
      return false;
    }
    return row_of(s, kids[n - 1], out, why);
  }
  if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) {
      *why = "its initializer is not an array of the kernel";
      return false;
    }
    fe_subst *x = fe_subst_find(s, d);
    if (x && x->base) {
      *out = (row){x->base, x->nfixed, x->fixed, x->offset};
      return true;
    }
    if (!fe_decl_is_array(d)) {
      *why = "its initializer is not an array of the kernel";
      return false;
    }
    if (fe_scan_writes(s, d).written) {
      *why = "the pointer it is computed from is assigned in the kernel";
      return false;
    }
    bool quiet = s->quiet, failed = s->failed;
    s->quiet = true;
    s->failed = false;
    ir_array *a = fe_array_for_decl(s, d, c);
    bool bad = s->failed || !a;
    s->quiet = quiet;
    s->failed = failed;
    if (bad) {
      *why = "its initializer is an array the kernel cannot hold";
      return false;
    }
    *out = (row){a, 0, NULL, NULL};
    return true;
  }
  if (k == CXCursor_ArraySubscriptExpr)
    return row_of_subscript(s, c, false, out, why);
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
    CXCursor *kids;
    if (fe_children(s, c, &kids) != 1 ||
        clang_getCursorKind(fe_strip(s, kids[0])) !=
            CXCursor_ArraySubscriptExpr) {
      *why = "it takes the address of something other than an array element";
      return false;
    }
    return row_of_subscript(s, fe_strip(s, kids[0]), true, out, why);
  }
  if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    CXCursor *kids;
    int n = fe_children(s, c, &kids);
    if (n != 2 || (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub)) {
      *why = "its initializer is not a pointer plus an offset";
      return false;
    }
    CXType t0 = clang_getCanonicalType(clang_getCursorType(kids[0]));
    bool p0 = t0.kind == CXType_Pointer || t0.kind == CXType_ConstantArray ||
              t0.kind == CXType_IncompleteArray ||
              t0.kind == CXType_VariableArray;
    CXCursor pc = p0 ? kids[0] : kids[1], ic = p0 ? kids[1] : kids[0];
    if (!p0 && op == CXBinaryOperator_Sub) {
      *why = "its initializer is not a pointer plus an offset";
      return false;
    }
    row r;
    ir_expr *e;
    if (!row_of(s, pc, &r, why) || !int_operand(s, ic, &e, why))
      return false;
    if (r.nfixed != r.base->rank - 1) {
      *why = "it adds an offset to a pointer to rows";
      return false;
    }
    r.offset = fe_add_offset(
        s, r.offset, e, op == CXBinaryOperator_Sub ? IR_OP_SUB : IR_OP_ADD);
    *out = r;
    return true;
  }
  *why = "its initializer is not a pointer plus an offset";
  return false;
}

bool fe_subst_pointer(fe_state *s, CXCursor d, const char **why) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  ir_type et;
  *why = NULL;
  if (t.kind != CXType_Pointer || !fe_map_type(clang_getPointeeType(t), &et) ||
      et == IR_TY_VOID) {
    *why = "only pointers to a scalar element are read as rows";
    return false;
  }
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  if (sc == CX_SC_Static || sc == CX_SC_Extern) {
    *why = "it is static";
    return false;
  }
  CXCursor init;
  if (!init_of(s, d, &init)) {
    *why = "it has no initializer";
    return false;
  }
  fe_write_scan ws = fe_scan_writes(s, d);
  if (ws.written) {
    *why = "it is assigned, incremented or has its address taken in the "
           "kernel";
    return false;
  }
  if (ws.outside) {
    *why = "it is used after the kernel";
    return false;
  }
  row r;
  if (!row_of(s, init, &r, why))
    return false;
  if (r.nfixed != r.base->rank - 1 || r.base->elem != et) {
    *why = "it does not point to elements of the array's type";
    return false;
  }
  fe_subst *x = scc_arena_alloc(s->ctx->arena, sizeof *x);
  *x = (fe_subst){.decl = d,
                  .base = r.base,
                  .nfixed = r.nfixed,
                  .fixed = r.fixed,
                  .offset = r.offset ? r.offset : ir_int(s->ctx, 0)};
  scc_vec_push(s->ctx->arena, &s->substs, x);
  return true;
}

/* ---- loops with a parametric step -------------------------------------- */

typedef struct invariant {
  bool ok;
} invariant;

static void no_iv_cb(ir_expr *e, void *data) {
  invariant *inv = data;
  if (e->kind == IR_EXPR_VAR && e->u.var->kind != IR_VAR_PARAM)
    inv->ok = false;
}

/* The same value wherever the kernel runs: parameters the kernel does not
 * write, no induction variable. */
static bool kernel_invariant(fe_state *s, ir_expr *e) {
  invariant inv = {true};
  ir_walk_expr(e, no_iv_cb, &inv);
  return inv.ok && stable_expr(s, e);
}

bool fe_kernel_invariant(fe_state *s, ir_expr *e) {
  return kernel_invariant(s, e);
}

typedef struct after_scan {
  fe_state *s;
  size_t name_off, lo, hi;
  size_t *flo, *fhi; /* the extents of the other `for (j = ...)` loops */
  int nfor;
  bool read;
} after_scan;

/* A reference outside [lo, hi) and outside every other loop `for (j =
 * ...)` of the kernel (which writes j before anything in it reads it). */
static enum CXVisitorResult after_cb(void *data, CXCursor c, CXSourceRange r) {
  (void)c;
  after_scan *as = data;
  unsigned off;
  CXFile f;
  clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
  if (off == as->name_off || (off >= as->lo && off < as->hi))
    return CXVisit_Continue;
  for (int q = 0; q < as->nfor; q++)
    if (off >= as->flo[q] && off < as->fhi[q])
      return CXVisit_Continue;
  as->read = true;
  return CXVisit_Break;
}

/* The extents of the loops `for (name = ...` in the kernel's region. */
static int reinit_loops(fe_state *s, const char *name, size_t **lo,
                        size_t **hi) {
  int n = 0, cap = 16;
  *lo = scc_arena_alloc(s->ctx->arena, sizeof(size_t) * (size_t)cap);
  *hi = scc_arena_alloc(s->ctx->arena, sizeof(size_t) * (size_t)cap);
  for (unsigned i = fe_token_at(s, s->k->begin);
       i + 3 < s->ntoks && s->tok_off[i] < s->k->end && n < cap; i++) {
    if (!fe_tok_is(s, i, "for") || !fe_tok_is(s, i + 1, "(") ||
        !fe_tok_is(s, i + 2, name) || !fe_tok_is(s, i + 3, "="))
      continue;
    CXCursor f =
        clang_getCursor(s->tu, clang_getTokenLocation(s->tu, s->toks[i]));
    if (clang_getCursorKind(f) != CXCursor_ForStmt)
      continue;
    fe_cursor_range(s, f, &(*lo)[n], &(*hi)[n]);
    n++;
  }
  return n;
}

static char *c_text(fe_state *s, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  char *t = scc_arena_strndup(s->ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

const char *fe_subst_step(fe_state *s, CXCursor decl, ir_var *iv, ir_expr *lb,
                          ir_expr *ub, ir_expr *step, size_t lo, size_t hi,
                          ir_expr **lb_out, ir_expr **ub_out) {
  if (!ir_type_is_integer(step->type))
    return "the step is not an integer";
  if (!kernel_invariant(s, step))
    return "the step changes in the kernel; write it as a parameter or a "
           "global the kernel does not assign";
  if (!kernel_invariant(s, lb) || !kernel_invariant(s, ub))
    return "with a parametric step, the bounds must not change in the "
           "kernel (no induction variable of an enclosing loop)";
  if (iv->live_out)
    return scc_arena_printf(s->ctx->arena, "'%s' is read after the kernel",
                            iv->name);
  CXFile f;
  unsigned name_off;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL,
                             &name_off);
  after_scan as = {s, name_off, lo, hi, NULL, NULL, 0, false};
  as.nfor = reinit_loops(s, iv->name, &as.flo, &as.fhi);
  if (f && s->file && clang_File_isEqual(f, s->file)) {
    CXCursorAndRangeVisitor v = {&as, after_cb};
    clang_findReferencesInFile(decl, s->file, v);
  } else {
    as.read = true;
  }
  if (as.read)
    return scc_arena_printf(s->ctx->arena,
                            "'%s' is read after the loop, where it holds the "
                            "value past the last iteration",
                            iv->name);
  /* the trip count: (S > 0 && ub > lb ? (T)(((long long)ub - lb + S - 1) /
   * S) : 0), a parameter of the kernel */
  const char *ts = ir_type_name(iv->type);
  const char *S = c_text(s, step), *L = c_text(s, lb), *U = c_text(s, ub);
  const char *cv = scc_arena_printf(
      s->ctx->arena,
      "((%s) > 0 && (%s) > (%s) ? (%s)(((long long)(%s) - (%s) + (%s) - 1) / "
      "(%s)) : 0)",
      S, U, L, ts, U, L, S, S);
  ir_var *trip = NULL;
  for (int i = 0; i < s->k->vars.len && !trip; i++) {
    ir_var *v = s->k->vars.items[i];
    if (v->c_value && !strcmp(v->c_value, cv))
      trip = v;
  }
  if (!trip) {
    trip = ir_var_new(
        s->ctx, s->k,
        ir_fresh_name(s->ctx, s->k,
                      scc_arena_printf(s->ctx->arena, "%s_trip", iv->name)),
        iv->type, IR_VAR_PARAM, iv->loc);
    trip->declared_outside = true;
    trip->c_value = cv;
  }
  /* the body's j: lb + j * S */
  ir_expr *j = ir_var_ref(s->ctx, iv);
  ir_expr *val = ir_binary(s->ctx, IR_OP_MUL, j,
                           ir_expr_clone(s->ctx, step, NULL), iv->type);
  int64_t c0;
  if (!(ir_expr_const_value(s->ctx, lb, &c0) && c0 == 0))
    val = ir_binary(s->ctx, IR_OP_ADD, ir_expr_clone(s->ctx, lb, NULL), val,
                    iv->type);
  if (val->type != iv->type)
    val = ir_cast(s->ctx, iv->type, val);
  fe_subst *x = scc_arena_alloc(s->ctx->arena, sizeof *x);
  *x = (fe_subst){.decl = decl, .value = val};
  scc_vec_push(s->ctx->arena, &s->substs, x);
  ir_expr *z = ir_int(s->ctx, 0);
  z->loc = lb->loc;
  if (z->type != iv->type)
    z = ir_cast(s->ctx, iv->type, z);
  ir_expr *t = ir_var_ref(s->ctx, trip);
  t->loc = ub->loc;
  *lb_out = z;
  *ub_out = t;
  return NULL;
}

void fe_subst_pop(fe_state *s, CXCursor decl) {
  for (int i = s->substs.len - 1; i >= 0; i--) {
    fe_subst *x = s->substs.items[i];
    if (clang_equalCursors(x->decl, decl)) {
      for (int j = i; j + 1 < s->substs.len; j++)
        s->substs.items[j] = s->substs.items[j + 1];
      s->substs.len--;
      return;
    }
  }
}

/* ---- forward substitution of assignments -------------------------------
 * `k = i * cols + j;` in a loop body, k an integer scalar of the kernel
 * (declared at function scope, as C89-style code does), then `dN[k] = ...`:
 * the reads of k after the assignment, in the rest of its block and the
 * blocks nested there up to the next write of k, are the assigned value
 * (the values it reads, induction variables of the loops around it and
 * parameters, do not change there).  When no read of k is left and its
 * value is not read after the kernel, the assignments go too (dead stores
 * of a local). */

typedef struct assign_sub {
  fe_state *s;
  const ir_var *v;
  bool hit;
} assign_sub;

static bool writes_var_cb(ir_node *n, void *data) {
  assign_sub *a = data;
  if ((n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR &&
       n->u.assign.lhs->u.var == a->v) ||
      (n->kind == IR_NODE_DECL && n->u.decl.var == a->v))
    a->hit = true;
  return !a->hit;
}

/* The value's variables keep their values below n: induction variables
 * of the loops around n, parameters (kinds are final once the kernel is
 * raised). */
typedef struct value_ok {
  const ir_node *at;
  bool ok;
} value_ok;

static void value_ok_cb(ir_expr *e, void *data) {
  value_ok *o = data;
  if (e->kind == IR_EXPR_ACCESS || e->kind == IR_EXPR_CALL) {
    o->ok = false;
    return;
  }
  if (e->kind != IR_EXPR_VAR || e->u.var->kind == IR_VAR_PARAM)
    return;
  if (e->u.var->kind == IR_VAR_IV)
    for (const ir_node *p = ir_parent(o->at); p; p = ir_parent(p))
      if (p->kind == IR_NODE_LOOP && p->u.loop.iv == e->u.var)
        return;
  o->ok = false;
}

static bool candidate(const ir_node *n) {
  if (n->kind != IR_NODE_ASSIGN || n->u.assign.op != IR_OP_NONE ||
      n->u.assign.lhs->kind != IR_EXPR_VAR)
    return false;
  const ir_var *v = n->u.assign.lhs->u.var;
  return v->kind == IR_VAR_LOCAL && ir_type_is_integer(v->type) &&
         v->type != IR_TY_BOOL && !v->is_volatile && v->lanes <= 1 &&
         subst_affine(n->u.assign.rhs) && !ir_expr_uses_var(n->u.assign.rhs, v);
}

static void assign_block(fe_state *s, ir_block *b, scc_vec *done);

static bool assign_walk_cb(ir_node *n, void *data) {
  void **d = data;
  fe_state *s = d[0];
  scc_vec *done = d[1];
  if (n->kind == IR_NODE_LOOP)
    assign_block(s, &n->u.loop.body, done);
  else if (n->kind == IR_NODE_IF) {
    assign_block(s, &n->u.ifs.then_body, done);
    assign_block(s, &n->u.ifs.else_body, done);
  }
  return false;
}

static void assign_block(fe_state *s, ir_block *b, scc_vec *done) {
  for (ir_node *n = b->first; n; n = n->next) {
    if (!candidate(n)) {
      void *d[2] = {s, done};
      assign_walk_cb(n, d);
      continue;
    }
    value_ok o = {n, true};
    ir_walk_expr(n->u.assign.rhs, value_ok_cb, &o);
    if (!o.ok)
      continue;
    ir_var *v = n->u.assign.lhs->u.var;
    ir_subst sub = {0};
    ir_subst_add(s->ctx, &sub, v, n->u.assign.rhs);
    for (ir_node *m = n->next; m; m = m->next) {
      assign_sub w = {s, v, false};
      ir_walk_node(m, writes_var_cb, &w);
      if (w.hit)
        break; /* (its reads before its write keep v) */
      ir_node_substitute(s->ctx, m, &sub);
    }
    bool seen = false;
    for (int i = 0; i < done->len; i++)
      seen = seen || done->items[i] == v;
    if (!seen)
      scc_vec_push(s->ctx->arena, done, v);
  }
}

typedef struct dead_store {
  const ir_var *v;
  bool read;
} dead_store;

static void dead_read_cb(ir_expr *e, void *data) {
  dead_store *d = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == d->v)
    d->read = true;
}

static bool dead_node_cb(ir_node *n, void *data) {
  dead_store *d = data;
  if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR &&
      n->u.assign.lhs->u.var == d->v) {
    if (n->u.assign.op != IR_OP_NONE)
      d->read = true;
    ir_walk_expr(n->u.assign.rhs, dead_read_cb, d);
    return true;
  }
  if (n->kind == IR_NODE_DECL && n->u.decl.var == d->v) {
    if (n->u.decl.init)
      ir_walk_expr(n->u.decl.init, dead_read_cb, d);
    return true;
  }
  ir_walk_node_exprs(n, dead_read_cb, d);
  return true;
}

static bool collect_stores_cb(ir_node *n, void *data) {
  void **d = data;
  const ir_var *v = d[0];
  scc_vec *out = d[1];
  fe_state *s = d[2];
  if (n->kind == IR_NODE_ASSIGN && n->u.assign.lhs->kind == IR_EXPR_VAR &&
      n->u.assign.lhs->u.var == v)
    scc_vec_push(s->ctx->arena, out, n);
  return true;
}

void fe_subst_assignments(fe_state *s) {
  scc_vec done = {0};
  assign_block(s, &s->k->body, &done);
  for (int i = 0; i < done.len; i++) {
    ir_var *v = done.items[i];
    if (v->live_out)
      continue;
    dead_store d = {v, false};
    ir_walk_block(&s->k->body, dead_node_cb, &d);
    if (d.read)
      continue;
    scc_vec stores = {0};
    void *c[3] = {v, &stores, s};
    ir_walk_block(&s->k->body, collect_stores_cb, c);
    for (int j = 0; j < stores.len; j++)
      ir_remove(stores.items[j]);
  }
}
