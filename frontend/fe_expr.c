/* fe_expr.c — raising clang expressions to IR expressions, mapping types,
 * and creating the kernel's variables and arrays from their declarations.
 *
 * Implicit conversions (ImplicitCastExpr, exposed by libclang as
 * UnexposedExpr) and parentheses are skipped: the IR keeps only explicit
 * casts, and every expression carries its canonical C type.
 */
#include "fe_internal.h"

#include <string.h>

/* ---- types -------------------------------------------------------------- */

bool fe_map_type(CXType t, ir_type *out) {
  t = clang_getCanonicalType(t);
  switch (t.kind) {
  case CXType_Void:
    *out = IR_TY_VOID;
    return true;
  case CXType_Bool:
    *out = IR_TY_BOOL;
    return true;
  case CXType_Char_S:
  case CXType_Char_U:
    *out = IR_TY_CHAR;
    return true;
  case CXType_SChar:
    *out = IR_TY_SCHAR;
    return true;
  case CXType_UChar:
    *out = IR_TY_UCHAR;
    return true;
  case CXType_Short:
    *out = IR_TY_SHORT;
    return true;
  case CXType_UShort:
    *out = IR_TY_USHORT;
    return true;
  case CXType_Int:
  case CXType_Enum:
    *out = IR_TY_INT;
    return true;
  case CXType_UInt:
    *out = IR_TY_UINT;
    return true;
  case CXType_Long:
    *out = IR_TY_LONG;
    return true;
  case CXType_ULong:
    *out = IR_TY_ULONG;
    return true;
  case CXType_LongLong:
    *out = IR_TY_LLONG;
    return true;
  case CXType_ULongLong:
    *out = IR_TY_ULLONG;
    return true;
  case CXType_Float:
    *out = IR_TY_FLOAT;
    return true;
  case CXType_Double:
    *out = IR_TY_DOUBLE;
    return true;
  case CXType_LongDouble:
    *out = IR_TY_LDOUBLE;
    return true;
  default:
    return false;
  }
}

static bool is_pointerish(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
         t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
         t.kind == CXType_DependentSizedArray;
}

/* The IR type of an expression cursor; reports when it has none. */
static bool expr_type(fe_state *s, CXCursor c, ir_type *t) {
  CXType ct = clang_getCursorType(c);
  if (fe_map_type(ct, t) && *t != IR_TY_VOID)
    return true;
  if (is_pointerish(ct)) {
    fe_unsupported(s, c, "pointer arithmetic");
    return false;
  }
  CXString n = clang_getTypeSpelling(ct);
  fe_unsupported(s, c, "expression of type '%s'", clang_getCString(n));
  clang_disposeString(n);
  return false;
}

/* ---- helpers ------------------------------------------------------------ */

/* The expression children of a cursor (TypeRefs and the like skipped). */
static int expr_children(fe_state *s, CXCursor c, CXCursor **out) {
  CXCursor *kids;
  int n = fe_children(s, c, &kids), m = 0;
  for (int i = 0; i < n; i++)
    if (clang_isExpression(clang_getCursorKind(kids[i])))
      kids[m++] = kids[i];
  *out = kids;
  return m;
}

/* The source text of a cursor's extent (at most 40 bytes, then "..."). */
char *fe_cursor_text(fe_state *s, CXCursor c) {
  size_t b, e;
  fe_cursor_range(s, c, &b, &e);
  const char *src = s->m->source;
  if (!src || b >= e || e > s->m->source_len)
    return scc_arena_strdup(s->ctx->arena, "?");
  if (e - b > 40)
    return scc_arena_printf(s->ctx->arena, "%.37s...", src + b);
  return scc_arena_printf(s->ctx->arena, "%.*s", (int)(e - b), src + b);
}

static char *cursor_name(fe_state *s, CXCursor c) {
  CXString n = clang_getCursorSpelling(c);
  char *r = scc_arena_strdup(s->ctx->arena, clang_getCString(n));
  clang_disposeString(n);
  return r;
}

/* ---- variables and arrays ----------------------------------------------- */

bool fe_decl_is_array(CXCursor decl) {
  return is_pointerish(clang_getCursorType(decl));
}

typedef struct ref_scan {
  fe_state *s;
  size_t begin, end; /* the kernel's region */
  size_t name_off;   /* the declaration's own name */
  bool outside;
} ref_scan;

static enum CXVisitorResult ref_cb(void *data, CXCursor c, CXSourceRange r) {
  (void)c;
  ref_scan *rs = data;
  CXFile f;
  unsigned off;
  clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
  if (off == rs->name_off || (off >= rs->begin && off < rs->end))
    return CXVisit_Continue;
  rs->outside = true;
  return CXVisit_Break;
}

/* Whether the value the kernel leaves in the variable declared by `decl`
 * may be read after the kernel (ir_var.live_out): a global, static or
 * extern variable, one declared in another file, or one that the main
 * file references outside the kernel's region (before it too: the region
 * may run again, in a loop). */
static bool live_out(fe_state *s, CXCursor decl) {
  CXCursor parent = clang_getCursorSemanticParent(decl);
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit ||
      sc == CX_SC_Static || sc == CX_SC_Extern)
    return true;
  CXFile f;
  unsigned name_off;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL,
                             &name_off);
  if (!f || !s->file || !clang_File_isEqual(f, s->file))
    return true;
  ref_scan rs = {s, s->k->begin, s->k->end, name_off, false};
  CXCursorAndRangeVisitor v = {&rs, ref_cb};
  clang_findReferencesInFile(decl, s->file, v);
  return rs.outside;
}

/* Whether a declaration with scope [lo, hi) overlaps the scope of one
 * that variable v already stands for. */
static bool shadows(fe_state *s, const ir_var *v, size_t lo, size_t hi) {
  for (int i = 0; i < s->decls.len; i++) {
    const fe_decl *d = s->decls.items[i];
    if (d->v == v && lo < d->hi && d->lo < hi)
      return true;
  }
  return false;
}

/* Whether every declaration v stands for is inside the kernel. */
static bool declared_inside(fe_state *s, const ir_var *v) {
  for (int i = 0; i < s->decls.len; i++) {
    const fe_decl *d = s->decls.items[i];
    if (d->v == v && (d->lo == 0 && d->hi == SIZE_MAX))
      return false;
  }
  return true;
}

ir_var *fe_var_for_decl(fe_state *s, CXCursor decl, CXCursor use) {
  for (int i = 0; i < s->decls.len; i++) {
    const fe_decl *d = s->decls.items[i];
    if (clang_equalCursors(d->cur, decl))
      return d->v;
  }
  const char *name = cursor_name(s, decl);
  /* The declaration's scope: from it to the end of the block being raised
   * when it is inside the kernel, else the whole kernel. */
  size_t off = 0, lo = 0, hi = SIZE_MAX;
  CXFile f;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL,
                             NULL);
  fe_cursor_loc(s, decl, &off);
  if (f && s->file && clang_File_isEqual(f, s->file) && off >= s->k->begin &&
      off < s->k->end)
    lo = off, hi = s->scope_end;
  ir_var *v = ir_kernel_find_var(s->k, name);
  if (v && shadows(s, v, lo, hi)) {
    /* Two declarations of one name alive at once (an inner block's `float
     * t` inside the scope of an outer `t`): the one inside the kernel gets
     * a fresh name, so the IR and the backends keep them apart. */
    if (lo == 0 && hi == SIZE_MAX && declared_inside(s, v))
      v->name = ir_fresh_name(s->ctx, s->k, v->name);
    else
      name = ir_fresh_name(s->ctx, s->k, name);
    v = NULL;
  }
  ir_type t;
  bool typed = fe_map_type(clang_getCursorType(decl), &t) && t != IR_TY_VOID;
  if (v && typed && t != v->type) {
    /* Variables are identified by name within a kernel. */
    fe_unsupported(s, use, "'%s' declared again with another type", name);
    return NULL;
  }
  /* `volatile int flag`: every read and write is observable (C17
   * 6.7.3p7) */
  bool vol = clang_isVolatileQualifiedType(clang_getCursorType(decl)) != 0;
  if (v) {
    fe_decl *d = scc_arena_alloc(s->ctx->arena, sizeof *d);
    *d = (fe_decl){decl, v, lo, hi};
    scc_vec_push(s->ctx->arena, &s->decls, d);
    v->is_volatile = v->is_volatile || vol;
    v->declared_volatile = v->declared_volatile || vol;
    return v;
  }
  if (!typed) {
    CXString n = clang_getTypeSpelling(clang_getCursorType(decl));
    fe_unsupported(s, use, "variable '%s' of type '%s'", name,
                   clang_getCString(n));
    clang_disposeString(n);
    return NULL;
  }
  v = ir_var_new(s->ctx, s->k, name, t, IR_VAR_PARAM,
                 fe_cursor_loc(s, decl, NULL));
  v->declared_outside = true;
  v->live_out = live_out(s, decl);
  v->is_volatile = v->declared_volatile = vol;
  fe_decl *d = scc_arena_alloc(s->ctx->arena, sizeof *d);
  *d = (fe_decl){decl, v, lo, hi};
  scc_vec_push(s->ctx->arena, &s->decls, d);
  return v;
}

/* The bracket groups `[ ... ]` of a declarator, as token index ranges
 * (exclusive of the brackets), stopping at a top-level '='. */
static int bracket_groups(fe_state *s, CXCursor decl, unsigned *gb,
                          unsigned *ge, int max) {
  size_t b, e;
  fe_cursor_range(s, decl, &b, &e);
  int n = 0, depth = 0, paren = 0;
  unsigned start = 0;
  for (unsigned i = fe_token_at(s, b); i < s->ntoks && s->tok_off[i] < e; i++) {
    CXString t = clang_getTokenSpelling(s->tu, s->toks[i]);
    const char *sp = clang_getCString(t);
    if (!strcmp(sp, "(") || !strcmp(sp, "{"))
      paren++;
    else if (!strcmp(sp, ")") || !strcmp(sp, "}"))
      paren--;
    else if (!strcmp(sp, "=") && depth == 0 && paren == 0) {
      clang_disposeString(t);
      break;
    } else if (!strcmp(sp, "[")) {
      if (depth++ == 0)
        start = i + 1;
    } else if (!strcmp(sp, "]")) {
      if (--depth == 0 && n < max) {
        gb[n] = start;
        ge[n] = i;
        n++;
      }
    }
    clang_disposeString(t);
  }
  return n;
}

/* The declared pointer (or array parameter) is restrict-qualified:
 * `float *restrict x`, `float x[restrict 8]`, `double z[restrict 8][8]`
 * (libclang reports the qualifier of the adjusted pointer type only for
 * the first form, so the type's spelling is read too). */
static bool restrict_decl(CXCursor decl) {
  CXType t = clang_getCursorType(decl);
  if (clang_isRestrictQualifiedType(t) ||
      clang_isRestrictQualifiedType(clang_getCanonicalType(t)))
    return true;
  CXString sp = clang_getTypeSpelling(t);
  const char *s = clang_getCString(sp);
  bool r = s && (strstr(s, "[restrict") || strstr(s, "[__restrict"));
  clang_disposeString(sp);
  return r;
}

ir_array *fe_array_for_decl(fe_state *s, CXCursor decl, CXCursor use) {
  char *name = cursor_name(s, decl);
  ir_array *a = ir_kernel_find_array(s->k, name);
  if (a)
    return a;
  enum { MAXR = 16 };
  CXType lv[MAXR]; /* the array levels, outermost first */
  int rank = 0;
  bool is_pointer = false, decayed = false;
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  if (t.kind == CXType_Pointer) {
    t = clang_getCanonicalType(clang_getPointeeType(t));
    lv[rank++] = t; /* placeholder for the pointer level */
    decayed = true;
  }
  while (rank < MAXR &&
         (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
          t.kind == CXType_VariableArray ||
          t.kind == CXType_DependentSizedArray)) {
    lv[rank++] = t;
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  }
  ir_type elem;
  if (!fe_map_type(t, &elem) || elem == IR_TY_VOID) {
    CXString n = clang_getTypeSpelling(clang_getCursorType(decl));
    fe_unsupported(s, use, "array '%s' of type '%s'", name,
                   clang_getCString(n));
    clang_disposeString(n);
    return NULL;
  }
  unsigned gb[MAXR], ge[MAXR];
  int ng = bracket_groups(s, decl, gb, ge, MAXR);
  if (decayed && ng == 0 && rank == 1)
    is_pointer = true; /* T *A */
  a = ir_array_new(s->ctx, s->k, name, elem, rank,
                   fe_cursor_loc(s, decl, NULL));
  a->is_pointer = is_pointer;
  /* aliasing facts (deps/dep_assume.c) */
  a->is_restrict = restrict_decl(decl);
  /* volatile elements: libclang reports the qualifier on the array type
   * (`volatile float[n]`) or on the element, as the declaration spells it */
  a->is_volatile = clang_isVolatileQualifiedType(t) != 0;
  for (int d = 0; d < rank; d++)
    a->is_volatile = a->is_volatile || clang_isVolatileQualifiedType(lv[d]);
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl)
    a->storage = IR_STORE_PARAM;
  else if (!decayed)
    a->storage = clang_getCursorKind(clang_getCursorSemanticParent(decl)) ==
                             CXCursor_FunctionDecl &&
                         clang_Cursor_getStorageClass(decl) != CX_SC_Static &&
                         clang_Cursor_getStorageClass(decl) != CX_SC_Extern
                     ? IR_STORE_AUTO
                     : IR_STORE_STATIC;
  /* The array levels (not the decayed/pointer one) match the last groups. */
  CXCursor *kids;
  int nk = fe_children(s, decl, &kids);
  int first = decayed ? 1 : 0;
  for (int d = first; d < rank; d++) {
    if (lv[d].kind == CXType_ConstantArray) {
      a->dims[d] = ir_int(s->ctx, clang_getArraySize(lv[d]));
      continue;
    }
    if (lv[d].kind != CXType_VariableArray)
      continue;
    int g = ng - (rank - d);
    if (g < 0)
      continue;
    size_t lo = s->tok_off[gb[g]], hi = s->tok_off[ge[g]];
    for (int q = 0; q < nk; q++) {
      if (!clang_isExpression(clang_getCursorKind(kids[q])))
        continue;
      size_t b, e;
      fe_cursor_range(s, kids[q], &b, &e);
      if (b < lo || e > hi)
        continue;
      bool quiet = s->quiet, failed = s->failed;
      s->quiet = true;
      s->failed = false;
      ir_expr *x = fe_expr(s, kids[q]);
      if (!s->failed)
        a->dims[d] = x;
      s->quiet = quiet;
      s->failed = failed;
      break;
    }
  }
  return a;
}

/* ---- expressions -------------------------------------------------------- */

static const char *const math_fns[] = {
    "sqrt",     "exp",   "log",   "pow",   "fabs", "fmax",  "fmin",  "sin",
    "cos",      "tan",   "floor", "ceil",  "tanh", "exp2",  "log2",  "log10",
    "cbrt",     "hypot", "atan",  "atan2", "erf",  "round", "trunc", "fmod",
    "copysign", "sinh",  "cosh",  "asin",  "acos", "asinh", "acosh", "atanh",
    "expm1",    "log1p", "erfc",  "fdim",  "rint", "fma",   NULL};

static bool is_math_fn(const char *n) {
  size_t len = strlen(n);
  for (int i = 0; math_fns[i]; i++) {
    size_t l = strlen(math_fns[i]);
    if (strncmp(n, math_fns[i], l) == 0 &&
        (len == l || (len == l + 1 && (n[l] == 'f' || n[l] == 'l'))))
      return true;
  }
  return false;
}

static ir_expr *with_loc(ir_expr *e, scc_loc l) {
  if (e)
    e->loc = l;
  return e;
}

static ir_expr *fe_literal(fe_state *s, CXCursor c, ir_type t, scc_loc l) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) {
    fe_unsupported(s, c, "literal that cannot be evaluated");
    return NULL;
  }
  ir_expr *e = NULL;
  if (clang_EvalResult_getKind(r) == CXEval_Int) {
    int64_t v = clang_EvalResult_isUnsignedInt(r)
                    ? (int64_t)clang_EvalResult_getAsUnsigned(r)
                    : clang_EvalResult_getAsLongLong(r);
    e = ir_int(s->ctx, v);
    if (ir_type_is_integer(t))
      e->type = t;
  } else if (clang_EvalResult_getKind(r) == CXEval_Float) {
    double v = clang_EvalResult_getAsDouble(r);
    const char *sp = NULL;
    /* The source spelling when the literal is one plain number token. */
    size_t b, en;
    fe_cursor_range(s, c, &b, &en);
    unsigned i = fe_token_at(s, b);
    if (i < s->ntoks && s->tok_off[i] == b &&
        clang_getTokenKind(s->toks[i]) == CXToken_Literal &&
        (i + 1 >= s->ntoks || s->tok_off[i + 1] >= en)) {
      CXString str = clang_getTokenSpelling(s->tu, s->toks[i]);
      sp = scc_arena_strdup(s->ctx->arena, clang_getCString(str));
      clang_disposeString(str);
      if (strlen(sp) != en - b)
        sp = NULL;
    }
    e = ir_fp(s->ctx, ir_type_is_float(t) ? t : IR_TY_DOUBLE, v, sp);
  } else {
    fe_unsupported(s, c, "literal that cannot be evaluated");
  }
  clang_EvalResult_dispose(r);
  return with_loc(e, l);
}

static ir_expr *fe_declref(fe_state *s, CXCursor c, scc_loc l) {
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind dk = clang_getCursorKind(d);
  if (dk == CXCursor_EnumConstantDecl) {
    ir_expr *e = ir_int(s->ctx, clang_getEnumConstantDeclValue(d));
    return with_loc(e, l);
  }
  if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) {
    fe_unsupported(s, c, "reference to '%s'", cursor_name(s, c));
    return NULL;
  }
  if (fe_decl_is_array(d)) {
    fe_unsupported(s, c, "array '%s' used without all its subscripts",
                   cursor_name(s, c));
    return NULL;
  }
  ir_expr *sub = fe_subst_value(s, d, l);
  if (sub)
    return sub; /* a forward-substituted local (fe_subst.c) */
  ir_var *v = fe_var_for_decl(s, d, c);
  return v ? with_loc(ir_var_ref(s->ctx, v), l) : NULL;
}

static ir_expr *fe_subscript(fe_state *s, CXCursor c, scc_loc l) {
  enum { MAXR = 16 };
  CXCursor idx[MAXR];
  int n = 0;
  CXCursor base = c;
  while (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) {
    CXCursor *kids;
    if (expr_children(s, base, &kids) != 2 || n == MAXR) {
      fe_unsupported(s, base, "array subscript");
      return NULL;
    }
    idx[n++] = kids[1];
    base = fe_strip(s, kids[0]);
  }
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr) {
    if (clang_getCursorKind(base) == CXCursor_MemberRefExpr)
      fe_unsupported(s, base,
                     "subscript of a struct member ('%s'): the IR has no "
                     "structs; copy the pointer into a local before the "
                     "kernel (`const T *p = %s;`, marking the loop with "
                     "#pragma schedcc kernel) or pass it as a parameter",
                     fe_cursor_text(s, base), fe_cursor_text(s, base));
    else
      fe_unsupported(s, base,
                     "subscript of a computed pointer ('%s'; subscript a "
                     "pointer variable: `T *p = ...;` before the kernel)",
                     fe_cursor_text(s, base));
    return NULL;
  }
  CXCursor d = clang_getCursorReferenced(base);
  enum CXCursorKind dk = clang_getCursorKind(d);
  if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) {
    fe_unsupported(s, base, "subscript of '%s'", cursor_name(s, base));
    return NULL;
  }
  ir_expr **rix;
  if (n == 1 && fe_subst_row(s, d, NULL, l, &rix)) {
    /* p[x], p a row pointer of the kernel (fe_subst.c) */
    ir_expr *x = fe_expr(s, idx[0]);
    if (!x)
      return NULL;
    if (!ir_type_is_integer(x->type)) {
      fe_unsupported(s, idx[0], "non-integer subscript");
      return NULL;
    }
    ir_array *ra = fe_subst_row(s, d, x, x->loc, &rix);
    return with_loc(ir_access(s->ctx, ra, ra->rank, rix), l);
  }
  ir_array *a = fe_array_for_decl(s, d, base);
  if (!a)
    return NULL;
  if (n != a->rank) {
    fe_unsupported(s, c, "access to '%s' with %d subscripts (rank %d)", a->name,
                   n, a->rank);
    return NULL;
  }
  ir_expr *ix[MAXR];
  bool ok = true;
  for (int i = 0; i < n; i++) {
    ix[i] = fe_expr(s, idx[n - 1 - i]);
    if (!ix[i])
      ok = false;
    else if (!ir_type_is_integer(ix[i]->type)) {
      fe_unsupported(s, idx[n - 1 - i], "non-integer subscript");
      ok = false;
    }
  }
  if (!ok)
    return NULL;
  return with_loc(ir_access(s->ctx, a, n, ix), l);
}

static ir_expr *fe_binop(fe_state *s, CXCursor c, ir_type t, scc_loc l) {
  enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
  ir_op op;
  switch (k) {
  case CXBinaryOperator_Add:
    op = IR_OP_ADD;
    break;
  case CXBinaryOperator_Sub:
    op = IR_OP_SUB;
    break;
  case CXBinaryOperator_Mul:
    op = IR_OP_MUL;
    break;
  case CXBinaryOperator_Div:
    op = IR_OP_DIV;
    break;
  case CXBinaryOperator_Rem:
    op = IR_OP_MOD;
    break;
  case CXBinaryOperator_LT:
    op = IR_OP_LT;
    break;
  case CXBinaryOperator_GT:
    op = IR_OP_GT;
    break;
  case CXBinaryOperator_LE:
    op = IR_OP_LE;
    break;
  case CXBinaryOperator_GE:
    op = IR_OP_GE;
    break;
  case CXBinaryOperator_EQ:
    op = IR_OP_EQ;
    break;
  case CXBinaryOperator_NE:
    op = IR_OP_NE;
    break;
  case CXBinaryOperator_LAnd:
    op = IR_OP_LAND;
    break;
  case CXBinaryOperator_LOr:
    op = IR_OP_LOR;
    break;
  case CXBinaryOperator_Shl:
    op = IR_OP_SHL;
    break;
  case CXBinaryOperator_Shr:
    op = IR_OP_SHR;
    break;
  case CXBinaryOperator_And:
    op = IR_OP_BAND;
    break;
  case CXBinaryOperator_Or:
    op = IR_OP_BOR;
    break;
  case CXBinaryOperator_Xor:
    op = IR_OP_BXOR;
    break;
  default: {
    CXString sp = clang_getBinaryOperatorKindSpelling(k);
    if (k >= CXBinaryOperator_Assign && k < CXBinaryOperator_Comma)
      fe_unsupported(s, c, "assignment '%s' inside an expression",
                     clang_getCString(sp));
    else
      fe_unsupported(s, c, "operator '%s'", clang_getCString(sp));
    clang_disposeString(sp);
    return NULL;
  }
  }
  CXCursor *kids;
  if (expr_children(s, c, &kids) != 2) {
    fe_unsupported(s, c, "malformed binary expression");
    return NULL;
  }
  if (is_pointerish(clang_getCursorType(fe_strip(s, kids[0]))) ||
      is_pointerish(clang_getCursorType(fe_strip(s, kids[1])))) {
    const char *why;
    ir_expr *nt = fe_null_test(s, c, &why);
    if (nt)
      return nt;
    if (why)
      fe_unsupported(s, c, "%s", why);
    else
      fe_unsupported(s, c,
                     "pointer arithmetic ('%s' of pointers; a null test "
                     "'p != NULL' and a row pointer 'T *p = A + offset;' "
                     "are read)",
                     ir_op_name(op));
    return NULL;
  }
  bool logical = op == IR_OP_LAND || op == IR_OP_LOR;
  ir_expr *a = logical ? fe_cond(s, kids[0]) : fe_expr(s, kids[0]);
  ir_expr *b = logical ? fe_cond(s, kids[1]) : fe_expr(s, kids[1]);
  if (!a || !b)
    return NULL;
  return with_loc(ir_binary(s->ctx, op, a, b, t), l);
}

/* `*p` as p[0] and `*(p + e)` as p[e] (p a pointer or row pointer of the
 * kernel): a scalar result written through a pointer (`*sum = s;`). */
static ir_expr *fe_deref(fe_state *s, CXCursor c, CXCursor ptr, scc_loc l) {
  CXCursor p = fe_strip(s, ptr), base = p;
  ir_expr *idx = NULL;
  bool neg = false;
  if (clang_getCursorKind(p) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(p);
    CXCursor *kids;
    if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) &&
        expr_children(s, p, &kids) == 2) {
      bool p0 = is_pointerish(clang_getCursorType(fe_strip(s, kids[0])));
      if (!p0 && op == CXBinaryOperator_Sub) {
        fe_unsupported(s, c, "pointer dereference");
        return NULL;
      }
      base = fe_strip(s, p0 ? kids[0] : kids[1]);
      idx = fe_expr(s, p0 ? kids[1] : kids[0]);
      if (!idx)
        return NULL;
      neg = op == CXBinaryOperator_Sub;
    }
  }
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr) {
    fe_unsupported(s, c,
                   "pointer dereference (of a computed pointer; write "
                   "p[i])");
    return NULL;
  }
  CXCursor d = clang_getCursorReferenced(base);
  if (!idx)
    idx = ir_int(s->ctx, 0);
  else if (neg)
    idx = ir_unary(s->ctx, IR_OP_NEG, idx, idx->type);
  if (!ir_type_is_integer(idx->type)) {
    fe_unsupported(s, c, "non-integer pointer offset");
    return NULL;
  }
  idx->loc = l;
  ir_expr **rix;
  ir_array *ra = fe_subst_row(s, d, idx, l, &rix);
  if (ra)
    return with_loc(ir_access(s->ctx, ra, ra->rank, rix), l);
  enum CXCursorKind dk = clang_getCursorKind(d);
  if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) ||
      !fe_decl_is_array(d)) {
    fe_unsupported(s, c, "pointer dereference");
    return NULL;
  }
  ir_array *a = fe_array_for_decl(s, d, base);
  if (!a)
    return NULL;
  if (a->rank != 1) {
    fe_unsupported(s, c,
                   "dereference of '%s', an array of rank %d (write its "
                   "subscripts)",
                   a->name, a->rank);
    return NULL;
  }
  return with_loc(ir_access(s->ctx, a, 1, &idx), l);
}

static ir_expr *fe_unop(fe_state *s, CXCursor c, ir_type t, scc_loc l) {
  enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
  CXCursor *kids;
  int n = expr_children(s, c, &kids);
  if (k == CXUnaryOperator_AddrOf) {
    fe_unsupported(s, c, "address-of");
    return NULL;
  }
  if (k == CXUnaryOperator_Deref && n == 1)
    return fe_deref(s, c, kids[0], l);
  if (k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec ||
      k == CXUnaryOperator_PreInc || k == CXUnaryOperator_PreDec) {
    fe_unsupported(s, c, "increment or decrement inside an expression");
    return NULL;
  }
  if (n != 1 || (k != CXUnaryOperator_Minus && k != CXUnaryOperator_LNot &&
                 k != CXUnaryOperator_Plus)) {
    CXString sp = clang_getUnaryOperatorKindSpelling(k);
    fe_unsupported(s, c, "operator '%s'", clang_getCString(sp));
    clang_disposeString(sp);
    return NULL;
  }
  /* !p of a pointer p: the negation of its null test (fe_cond) */
  ir_expr *a =
      k == CXUnaryOperator_LNot ? fe_cond(s, kids[0]) : fe_expr(s, kids[0]);
  if (!a)
    return NULL;
  if (k == CXUnaryOperator_Plus)
    return a;
  return with_loc(ir_unary(s->ctx,
                           k == CXUnaryOperator_Minus ? IR_OP_NEG : IR_OP_NOT,
                           a, t),
                  l);
}

static ir_expr *fe_call(fe_state *s, CXCursor c, ir_type t, scc_loc l) {
  CXCursor callee = clang_getCursorReferenced(c);
  char *name = cursor_name(s, c);
  if (clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
      !is_math_fn(name)) {
    fe_unsupported(s, c, "call to '%s' (only <math.h> functions are allowed)",
                   name);
    return NULL;
  }
  int n = clang_Cursor_getNumArguments(c);
  if (n < 0) {
    fe_unsupported(s, c, "call to '%s'", name);
    return NULL;
  }
  ir_expr **args =
      scc_arena_alloc(s->ctx->arena, sizeof(ir_expr *) * (size_t)(n + 1));
  bool ok = true;
  for (int i = 0; i < n; i++) {
    args[i] = fe_expr(s, clang_Cursor_getArgument(c, (unsigned)i));
    ok = ok && args[i];
  }
  if (!ok)
    return NULL;
  return with_loc(ir_call(s->ctx, name, n, args, t), l);
}

static ir_expr *expr(fe_state *s, CXCursor c);

ir_expr *fe_cond(fe_state *s, CXCursor c) {
  const char *why;
  ir_expr *nt = fe_null_test(s, c, &why);
  if (nt)
    return nt;
  if (why) {
    fe_unsupported(s, c, "%s", why);
    return NULL;
  }
  return fe_expr(s, c);
}

ir_expr *fe_expr(fe_state *s, CXCursor c) {
  if (s->expr_depth >= FE_EXPR_DEPTH_MAX) {
    if (!s->too_deep) /* once per outermost expression */
      fe_unsupported(s, c, "an expression nested more than %d levels deep",
                     FE_EXPR_DEPTH_MAX);
    s->too_deep = true;
    return NULL;
  }
  s->expr_depth++;
  ir_expr *e = expr(s, c);
  if (--s->expr_depth == 0)
    s->too_deep = false;
  return e;
}

static ir_expr *expr(fe_state *s, CXCursor c) {
  c = fe_strip(s, c);
  scc_loc l = fe_cursor_loc(s, c, NULL);
  enum CXCursorKind k = clang_getCursorKind(c);
  ir_type t = IR_TY_INT;
  switch (k) {
  case CXCursor_ArraySubscriptExpr:
    return fe_subscript(s, c, l);
  case CXCursor_DeclRefExpr:
    return fe_declref(s, c, l);
  case CXCursor_MemberRefExpr:
    fe_unsupported(s, c,
                   "struct member access ('%s'): the IR has no structs; read "
                   "it into a local before the kernel (marking the loop with "
                   "#pragma schedcc kernel) or pass it as a parameter",
                   fe_cursor_text(s, c));
    return NULL;
  case CXCursor_CallExpr:
    if (!expr_type(s, c, &t))
      return NULL;
    return fe_call(s, c, t, l);
  default:
    break;
  }
  if (!expr_type(s, c, &t))
    return NULL;
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr: /* sizeof, _Alignof: integer constants */
    return fe_literal(s, c, t, l);
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    return fe_binop(s, c, t, l);
  case CXCursor_UnaryOperator:
    return fe_unop(s, c, t, l);
  case CXCursor_ConditionalOperator: {
    CXCursor *kids;
    if (expr_children(s, c, &kids) != 3) {
      fe_unsupported(s, c, "conditional expression");
      return NULL;
    }
    ir_expr *q = fe_cond(s, kids[0]);
    ir_expr *a = fe_expr(s, kids[1]);
    ir_expr *b = fe_expr(s, kids[2]);
    if (!q || !a || !b)
      return NULL;
    return with_loc(ir_select(s->ctx, q, a, b, t), l);
  }
  case CXCursor_CStyleCastExpr: {
    CXCursor *kids;
    int n = expr_children(s, c, &kids);
    if (n < 1) {
      fe_unsupported(s, c, "cast");
      return NULL;
    }
    if (is_pointerish(clang_getCursorType(fe_strip(s, kids[n - 1])))) {
      fe_unsupported(s, c, "cast of a pointer");
      return NULL;
    }
    ir_expr *a = fe_expr(s, kids[n - 1]);
    return a ? with_loc(ir_cast(s->ctx, t, a), l) : NULL;
  }
  default: {
    CXString sp = clang_getCursorKindSpelling(k);
    fe_unsupported(s, c, "expression '%s'", clang_getCString(sp));
    clang_disposeString(sp);
    return NULL;
  }
  }
}

/* ---- quasi-affine check ------------------------------------------------- */

static bool uses_iterators(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_INT:
    return false;
  case IR_EXPR_VAR:
    return e->u.var->kind == IR_VAR_IV || e->u.var->kind == IR_VAR_LOCAL;
  case IR_EXPR_UNARY:
    return uses_iterators(e->u.un.a);
  case IR_EXPR_BINARY:
    return uses_iterators(e->u.bin.a) || uses_iterators(e->u.bin.b);
  case IR_EXPR_CAST:
    return uses_iterators(e->u.cast.a);
  default:
    return true;
  }
}

bool fe_quasi_affine(const ir_expr *e) {
  if (!ir_type_is_integer(e->type))
    return false;
  switch (e->kind) {
  case IR_EXPR_INT:
  case IR_EXPR_VAR:
    return true;
  case IR_EXPR_CAST:
    return fe_quasi_affine(e->u.cast.a);
  case IR_EXPR_UNARY:
    return e->u.un.op == IR_OP_NEG && fe_quasi_affine(e->u.un.a);
  case IR_EXPR_BINARY: {
    const ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
    case IR_OP_MIN:
    case IR_OP_MAX:
      return fe_quasi_affine(a) && fe_quasi_affine(b);
    case IR_OP_MUL:
      return fe_quasi_affine(a) && fe_quasi_affine(b) &&
             (!uses_iterators(a) || !uses_iterators(b));
    case IR_OP_DIV:
    case IR_OP_MOD:
    case IR_OP_FLOORDIV:
    case IR_OP_CEILDIV:
      return fe_quasi_affine(a) && b->kind == IR_EXPR_INT && b->u.ival > 0;
    default:
      return false;
    }
  }
  default:
    return false;
  }
}
