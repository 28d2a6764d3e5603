/* fe_lookup.c — what a reference to a declaration of the kernel stands
 * for: the substitutions fe_subst.c recorded (an integer local's value, a
 * pointer local's row), whether the kernel writes the declaration, and null
 * tests of pointers.
 *
 * fe_expr.c asks these questions while it raises an expression, and
 * fe_subst.c asks them while it decides what to substitute; neither
 * question raises an expression, so this file sits below both (fe_subst.c
 * raises initializers with fe_expr and records what it decided here): the
 * frontend's files form a star around fe_internal.h, not a circle.  The
 * rules themselves are described in fe_subst.c.
 */
#include "fe_internal.h"

#include <string.h>

fe_subst *fe_subst_find(fe_state *s, CXCursor decl) {
  for (int i = 0; i < s->substs.len; i++) {
    fe_subst *x = s->substs.items[i];
    if (clang_equalCursors(x->decl, decl))
      return x;
  }
  return NULL;
}

/* ---- whether the kernel writes a variable ------------------------------ */

static bool tok_in(fe_state *s, unsigned i, const char *const *set) {
  if (i >= s->ntoks)
    return false;
  for (int q = 0; set[q]; q++)
    if (fe_tok_is(s, i, set[q]))
      return true;
  return false;
}

static enum CXVisitorResult write_cb(void *data, CXCursor c, CXSourceRange r) {
  (void)c;
  static const char *const after[] = {
      "=",  "+=", "-=",  "*=",  "/=", "%=", "&=",
      "|=", "^=", "<<=", ">>=", "++", "--", NULL};
  static const char *const before[] = {"++", "--", "&", NULL};
  fe_write_scan *ws = data;
  fe_state *s = ws->s;
  CXSourceLocation start = clang_getRangeStart(r);
  CXFile f, sf;
  unsigned off, soff;
  clang_getExpansionLocation(start, &f, NULL, NULL, &off);
  clang_getSpellingLocation(start, &sf, NULL, NULL, &soff);
  if (off == ws->name_off)
    return CXVisit_Continue;
  if (off < s->k->begin || off >= s->k->end) {
    ws->outside = true;
    return CXVisit_Continue;
  }
  /* Inside a macro's expansion the tokens around the reference are not
   * its own: assume the worst. */
  if (!sf || !f || !clang_File_isEqual(f, sf) || soff != off) {
    ws->written = true;
    return CXVisit_Break;
  }
  unsigned i = fe_token_at(s, off);
  /* `&x` lets the kernel write x through a pointer; `&A[i]` takes the
   * address of an element of A, not of A */
  bool addr = i > 0 && tok_in(s, i - 1, before) &&
              !(fe_tok_is(s, i - 1, "&") && fe_tok_is(s, i + 1, "["));
  if (tok_in(s, i + 1, after) || addr) {
    ws->written = true;
    return CXVisit_Break;
  }
  return CXVisit_Continue;
}

fe_write_scan fe_scan_writes(fe_state *s, CXCursor decl) {
  fe_write_scan ws = {.s = s};
  CXFile f;
  unsigned name_off;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL,
                             &name_off);
  if (!f || !s->file || !clang_File_isEqual(f, s->file)) {
    ws.written = ws.outside = true;
    return ws;
  }
  ws.name_off = name_off;
  CXCursorAndRangeVisitor v = {&ws, write_cb};
  clang_findReferencesInFile(decl, s->file, v);
  return ws;
}

bool fe_subst_used_outside(fe_state *s, CXCursor decl) {
  return fe_scan_writes(s, decl).outside;
}

/* ---- substituted values and rows ------------------------------------- */

ir_expr *fe_subst_value(fe_state *s, CXCursor decl, scc_loc l) {
  fe_subst *x = fe_subst_find(s, decl);
  if (!x || !x->value)
    return NULL;
  ir_expr *e = ir_expr_clone(s->ctx, x->value, NULL);
  e->loc = l;
  return e;
}

/* The type of x + y for integer x, y (C17 6.3.1.8, for the kinds a
 * subscript has): the wider, unsigned on a tie. */
static ir_type sum_type(ir_type a, ir_type b) {
  static const ir_type order[] = {IR_TY_INT,   IR_TY_UINT,  IR_TY_LONG,
                                  IR_TY_ULONG, IR_TY_LLONG, IR_TY_ULLONG};
  int ra = 0, rb = 0;
  for (int i = 0; i < 6; i++) {
    if (order[i] == a)
      ra = i;
    if (order[i] == b)
      rb = i;
  }
  return order[ra > rb ? ra : rb];
}

ir_expr *fe_add_offset(fe_state *s, ir_expr *a, ir_expr *b, ir_op op) {
  int64_t v;
  if (!a)
    return op == IR_OP_SUB ? ir_unary(s->ctx, IR_OP_NEG, b, b->type) : b;
  if (ir_expr_const_value(s->ctx, a, &v) && v == 0 && op == IR_OP_ADD)
    return b;
  if (ir_expr_const_value(s->ctx, b, &v) && v == 0)
    return a;
  return ir_binary(s->ctx, op, a, b, sum_type(a->type, b->type));
}

ir_array *fe_subst_row(fe_state *s, CXCursor decl, ir_expr *sub, scc_loc l,
                       ir_expr ***idx) {
  fe_subst *x = fe_subst_find(s, decl);
  if (!x || !x->base || !sub)
    return x ? x->base : NULL;
  int rank = x->base->rank;
  ir_expr **ix =
      scc_arena_alloc(s->ctx->arena, sizeof(ir_expr *) * (size_t)rank);
  for (int i = 0; i < x->nfixed; i++)
    ix[i] = ir_expr_clone(s->ctx, x->fixed[i], NULL);
  ix[rank - 1] =
      fe_add_offset(s, ir_expr_clone(s->ctx, x->offset, NULL), sub, IR_OP_ADD);
  ix[rank - 1]->loc = l;
  *idx = ix;
  return x->base;
}

/* ---- null tests -------------------------------------------------------- */

/* A null pointer constant: 0, or `(void *)0` (NULL), through parentheses
 * and casts. */
static bool null_constant(fe_state *s, CXCursor c) {
  for (;;) {
    c = fe_strip(s, c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_GNUNullExpr)
      return true;
    if (k == CXCursor_CStyleCastExpr) {
      CXCursor *kids;
      int n = fe_children(s, c, &kids);
      if (n < 1)
        return false;
      c = kids[n - 1];
      continue;
    }
    if (k != CXCursor_IntegerLiteral)
      return false;
    CXEvalResult r = clang_Cursor_Evaluate(c);
    bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int &&
                clang_EvalResult_getAsLongLong(r) == 0;
    if (r)
      clang_EvalResult_dispose(r);
    return zero;
  }
}

/* The parameter standing for `(name != 0)`. */
static ir_var *nonnull_var(fe_state *s, CXCursor ref, CXCursor d) {
  CXString n = clang_getCursorSpelling(d);
  const char *name = scc_arena_strdup(s->ctx->arena, clang_getCString(n));
  clang_disposeString(n);
  const char *cv = scc_arena_printf(s->ctx->arena, "(%s != 0)", name);
  for (int i = 0; i < s->k->vars.len; i++) {
    ir_var *v = s->k->vars.items[i];
    if (v->c_value && !strcmp(v->c_value, cv))
      return v;
  }
  const char *vn = ir_fresh_name(
      s->ctx, s->k, scc_arena_printf(s->ctx->arena, "%s_nonnull", name));
  ir_var *v = ir_var_new(s->ctx, s->k, vn, IR_TY_INT, IR_VAR_PARAM,
                         fe_cursor_loc(s, ref, NULL));
  v->declared_outside = true;
  v->c_value = cv;
  return v;
}

/* The pointer a (stripped) cursor names, when it is a plain reference to a
 * pointer or array the kernel does not assign. */
static bool pointer_ref(fe_state *s, CXCursor c, CXCursor *decl) {
  c = fe_strip(s, c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return false;
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(d);
  if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
      clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_Pointer)
    return false;
  *decl = d;
  return true;
}

ir_expr *fe_null_test(fe_state *s, CXCursor c, const char **why) {
  *why = NULL;
  CXCursor e = fe_strip(s, c), d, ref;
  enum CXCursorKind k = clang_getCursorKind(e);
  bool eq = false;
  if (pointer_ref(s, e, &d)) {
    ref = e; /* a pointer as a condition: p != 0 */
  } else if (k == CXCursor_UnaryOperator &&
             clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_LNot) {
    CXCursor *kids;
    if (fe_children(s, e, &kids) != 1 || !pointer_ref(s, kids[0], &d))
      return NULL;
    ref = kids[0];
    eq = true;
  } else if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    CXCursor *kids;
    if ((op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE) ||
        fe_children(s, e, &kids) != 2)
      return NULL;
    if (pointer_ref(s, kids[0], &d) && null_constant(s, kids[1]))
      ref = kids[0];
    else if (pointer_ref(s, kids[1], &d) && null_constant(s, kids[0]))
      ref = kids[1];
    else
      return NULL;
    eq = op == CXBinaryOperator_EQ;
  } else {
    return NULL;
  }
  if (fe_subst_find(s, d)) {
    *why = "a null test of a pointer computed in the kernel";
    return NULL;
  }
  if (fe_scan_writes(s, d).written) {
    *why = "a null test of a pointer the kernel assigns";
    return NULL;
  }
  scc_loc l = fe_cursor_loc(s, e, NULL);
  ir_expr *v = ir_var_ref(s->ctx, nonnull_var(s, ref, d));
  v->loc = l;
  if (!eq)
    return v;
  ir_expr *r = ir_unary(s->ctx, IR_OP_NOT, v, IR_TY_INT);
  r->loc = l;
  return r;
}
