/* fe_stmt.c — raising statements: `for` loops to ir_loop (normalized to
 * an exclusive upper bound and a constant step), `if`/`else`, assignments
 * (`=`, `+=`, `-=`, `*=`, `/=`, `x++` as `+= 1`), and scalar declarations.
 * Everything else is reported as "unsupported in a kernel".
 */
#include "fe_internal.h"

static scc_loc loc(fe_state *s, CXCursor c) {
  return fe_cursor_loc(s, c, NULL);
}

static void append(ir_block *b, ir_node *n, scc_loc l) {
  n->loc = l;
  ir_block_append(b, n);
}

/* The variable a (stripped) expression refers to, when it is a plain
 * reference to a scalar variable declaration. */
static bool scalar_ref(fe_state *s, CXCursor c, CXCursor *decl) {
  c = fe_strip(s, c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return false;
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(d);
  if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || fe_decl_is_array(d))
    return false;
  *decl = d;
  return true;
}

static bool same_decl(CXCursor a, CXCursor b) {
  return clang_equalCursors(a, b) != 0;
}

/* An integer constant expression's value. */
static bool const_value(CXCursor c, int64_t *v) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r)
    return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok)
    *v = clang_EvalResult_getAsLongLong(r);
  clang_EvalResult_dispose(r);
  return ok;
}

/* ---- loops --------------------------------------------------------------- */

/* The step of the increment expression `inc` on iv, or 0 (reported).  An
 * increment `iv += e` or `iv = iv + e` by an expression e that is not a
 * constant returns 1 with *param set to e (a parametric step, fe_for);
 * *param is left alone otherwise. */
static int64_t loop_step(fe_state *s, CXCursor inc, CXCursor iv,
                         CXCursor *param, bool *has_param) {
  inc = fe_strip(s, inc);
  CXCursor *kids;
  int n = fe_children(s, inc, &kids);
  CXCursor d;
  enum CXCursorKind k = clang_getCursorKind(inc);
  if (k == CXCursor_UnaryOperator && n == 1 && scalar_ref(s, kids[0], &d) &&
      same_decl(d, iv)) {
    switch (clang_getCursorUnaryOperatorKind(inc)) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PreInc:
      return 1;
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreDec:
      return -1;
    default:
      break;
    }
  }
  if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_BinaryOperator) &&
      n == 2 && scalar_ref(s, kids[0], &d) && same_decl(d, iv)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(inc);
    int64_t c;
    if (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign) {
      if (op == CXBinaryOperator_AddAssign && !const_value(kids[1], &c)) {
        *param = kids[1];
        *has_param = true;
        return 1;
      }
      if (!const_value(kids[1], &c) || c == 0) {
        fe_unsupported(s, kids[1], "loop step that is not a nonzero constant");
        return 0;
      }
      return op == CXBinaryOperator_AddAssign ? c : -c;
    }
    if (op == CXBinaryOperator_Assign) {
      CXCursor rhs = fe_strip(s, kids[1]);
      CXCursor *rk;
      if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator &&
          fe_children(s, rhs, &rk) == 2) {
        enum CXBinaryOperatorKind rop = clang_getCursorBinaryOperatorKind(rhs);
        CXCursor other;
        bool ok = false;
        if (scalar_ref(s, rk[0], &d) && same_decl(d, iv)) {
          other = rk[1];
          ok = rop == CXBinaryOperator_Add || rop == CXBinaryOperator_Sub;
        } else if (scalar_ref(s, rk[1], &d) && same_decl(d, iv)) {
          other = rk[0];
          ok = rop == CXBinaryOperator_Add;
        }
        if (ok) {
          if (rop == CXBinaryOperator_Add && !const_value(other, &c)) {
            *param = other;
            *has_param = true;
            return 1;
          }
          if (!const_value(other, &c) || c == 0) {
            fe_unsupported(s, other,
                           "loop step that is not a nonzero constant");
            return 0;
          }
          return rop == CXBinaryOperator_Add ? c : -c;
        }
      }
    }
  }
  fe_unsupported(s, inc,
                 "loop increment (expected i++, i--, i += c, "
                 "i -= c or i = i + c)");
  return 0;
}

static const char *label_for(fe_state *s, size_t off) {
  for (int i = 0; i < s->nlabels; i++)
    if (s->labels[i].target == off) {
      s->labels[i].used = true;
      return s->labels[i].name;
    }
  return NULL;
}

static void fe_for(fe_state *s, CXCursor c, ir_block *b) {
  CXCursor *kids;
  int n = fe_children(s, c, &kids);
  if (n != 4) {
    fe_unsupported(s, c, "'for' loop without init, condition and increment");
    return;
  }
  CXCursor init = kids[0], cond = fe_strip(s, kids[1]), inc = kids[2],
           body = kids[3];
  /* init: `int i = lb` or `i = lb`. */
  CXCursor ivd, lbc;
  bool in_init = false;
  CXCursor *ik;
  if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
    if (fe_children(s, init, &ik) != 1 ||
        clang_getCursorKind(ik[0]) != CXCursor_VarDecl) {
      fe_unsupported(s, init, "'for' init declaring several variables");
      return;
    }
    ivd = ik[0];
    CXCursor *vk;
    int nv = fe_children(s, ivd, &vk), q = nv - 1;
    while (q >= 0 && !clang_isExpression(clang_getCursorKind(vk[q])))
      q--;
    if (q < 0) {
      fe_unsupported(s, ivd, "'for' init without an initial value");
      return;
    }
    lbc = vk[q];
    in_init = true;
  } else {
    CXCursor ini = fe_strip(s, init);
    if (clang_getCursorKind(ini) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(ini) != CXBinaryOperator_Assign ||
        fe_children(s, ini, &ik) != 2 || !scalar_ref(s, ik[0], &ivd)) {
      fe_unsupported(s, init, "'for' init (expected 'i = lb')");
      return;
    }
    lbc = ik[1];
  }
  CXCursor pstep;
  bool parametric = false;
  int64_t step = loop_step(s, inc, ivd, &pstep, &parametric);
  if (step == 0)
    return;
  /* cond: iv <op> bound, or bound <op> iv. */
  CXCursor *ck;
  enum CXBinaryOperatorKind op = CXBinaryOperator_Invalid;
  if (clang_getCursorKind(cond) == CXCursor_BinaryOperator &&
      fe_children(s, cond, &ck) == 2)
    op = clang_getCursorBinaryOperatorKind(cond);
  if (op != CXBinaryOperator_LT && op != CXBinaryOperator_LE &&
      op != CXBinaryOperator_GT && op != CXBinaryOperator_GE) {
    fe_unsupported(s, cond,
                   "loop condition (expected i < ub, i <= ub, "
                   "i > lb or i >= lb)");
    return;
  }
  CXCursor d, boundc;
  if (scalar_ref(s, ck[0], &d) && same_decl(d, ivd)) {
    boundc = ck[1];
  } else if (scalar_ref(s, ck[1], &d) && same_decl(d, ivd)) {
    boundc = ck[0];
    op = op == CXBinaryOperator_LT   ? CXBinaryOperator_GT
         : op == CXBinaryOperator_LE ? CXBinaryOperator_GE
         : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
                                     : CXBinaryOperator_LE;
  } else {
    fe_unsupported(s, cond,
                   "loop condition that does not compare the "
                   "induction variable");
    return;
  }
  bool up = op == CXBinaryOperator_LT || op == CXBinaryOperator_LE;
  if (up != (step > 0)) {
    fe_unsupported(s, cond,
                   "loop condition whose direction does not match the step");
    return;
  }
  ir_var *iv = fe_var_for_decl(s, ivd, ivd);
  if (!iv)
    return;
  if (!ir_type_is_integer(iv->type)) {
    fe_unsupported(s, ivd, "non-integer induction variable '%s'", iv->name);
    return;
  }
  for (int i = 0; i < s->ivs.len; i++)
    if (s->ivs.items[i] == iv) {
      fe_unsupported(s, ivd, "induction variable '%s' reused by a nested loop",
                     iv->name);
      return;
    }
  iv->kind = IR_VAR_IV;
  if (in_init) {
    /* Declared in this for-init; another declaration elsewhere keeps it
     * declared outside. */
    if (iv->loc.line == fe_cursor_loc(s, ivd, NULL).line &&
        iv->loc.col == fe_cursor_loc(s, ivd, NULL).col)
      iv->declared_outside = false;
  }
  ir_expr *lb = fe_expr(s, lbc);
  ir_expr *bound = fe_expr(s, boundc);
  if (!lb || !bound)
    return;
  bool ok = true;
  if (!fe_quasi_affine(lb)) {
    fe_unsupported(s, lbc, "non-affine loop bound");
    ok = false;
  }
  if (!fe_quasi_affine(bound)) {
    fe_unsupported(s, boundc, "non-affine loop bound");
    ok = false;
  }
  if (ir_expr_uses_var(bound, iv) || ir_expr_uses_var(lb, iv)) {
    fe_unsupported(s, boundc, "loop bound using its own induction variable");
    ok = false;
  }
  if (!ok)
    return;
  ir_expr *ub = bound;
  if (op == CXBinaryOperator_LE)
    ub = ir_add_const(s->ctx, bound, 1);
  else if (op == CXBinaryOperator_GE)
    ub = ir_add_const(s->ctx, bound, -1);
  if (ub != bound)
    ub->loc = bound->loc;
  size_t off;
  scc_loc l = fe_cursor_loc(s, c, &off);
  bool substituted = false;
  if (parametric) {
    /* for (j = lb; j < ub; j += S): normalized to a counter (fe_subst.c) */
    if (!up) {
      fe_unsupported(s, cond, "loop with a parametric step that counts down");
      return;
    }
    ir_expr *stepx = fe_expr(s, pstep);
    if (!stepx)
      return;
    size_t lo, hi;
    fe_cursor_range(s, c, &lo, &hi);
    const char *why =
        fe_subst_step(s, ivd, iv, lb, ub, stepx, lo, hi, &lb, &ub);
    if (why) {
      fe_unsupported(s, pstep, "loop step that is not a constant (%s)", why);
      return;
    }
    substituted = true;
  }
  if (s->ivs.len >= FE_LOOP_DEPTH_MAX) {
    fe_unsupported(s, c,
                   "a loop nested %d loops deep (the limit is %d: the "
                   "dependence analysis takes minutes on deeper nests); "
                   "split the nest into functions or mark a smaller region "
                   "as the kernel",
                   s->ivs.len + 1, FE_LOOP_DEPTH_MAX);
    return;
  }
  ir_node *loop = ir_loop_new(s->ctx, iv, lb, ub, step, l);
  loop->u.loop.label = label_for(s, off);
  scc_vec_push(s->ctx->arena, &s->ivs, iv);
  fe_stmt(s, body, &loop->u.loop.body);
  s->ivs.len--;
  if (substituted)
    fe_subst_pop(s, ivd);
  append(b, loop, l);
  fe_omp_loop(s, loop, off);
}

/* ---- other statements ---------------------------------------------------- */

static void fe_if(fe_state *s, CXCursor c, ir_block *b) {
  CXCursor *kids;
  int n = fe_children(s, c, &kids);
  if (n < 2 || n > 3 || !clang_isExpression(clang_getCursorKind(kids[0]))) {
    fe_unsupported(s, c, "'if' statement with a declaration");
    return;
  }
  ir_expr *cond = fe_cond(s, kids[0]);
  ir_node *node = ir_if_new(s->ctx, cond, loc(s, c));
  fe_stmt(s, kids[1], &node->u.ifs.then_body);
  if (n == 3)
    fe_stmt(s, kids[2], &node->u.ifs.else_body);
  if (cond)
    append(b, node, loc(s, c));
}

/* The lhs of an assignment: an array access or a scalar (made LOCAL). */
static ir_expr *fe_lhs(fe_state *s, CXCursor lhs) {
  lhs = fe_strip(s, lhs);
  enum CXCursorKind k = clang_getCursorKind(lhs);
  if (k == CXCursor_ArraySubscriptExpr)
    return fe_expr(s, lhs);
  CXCursor d;
  if (k == CXCursor_DeclRefExpr && scalar_ref(s, lhs, &d)) {
    ir_var *v = fe_var_for_decl(s, d, lhs);
    if (!v)
      return NULL;
    if (v->kind == IR_VAR_PARAM)
      v->kind = IR_VAR_LOCAL;
    ir_expr *e = ir_var_ref(s->ctx, v);
    e->loc = loc(s, lhs);
    return e;
  }
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(lhs) == CXUnaryOperator_Deref)
    return fe_expr(s, lhs); /* *p = ... as p[0] (fe_expr.c) */
  if (k == CXCursor_MemberRefExpr)
    fe_unsupported(s, lhs,
                   "struct member access ('%s'): the IR has no structs; "
                   "write through a pointer or array the kernel can hold",
                   fe_cursor_text(s, lhs));
  else if (k == CXCursor_UnaryOperator)
    fe_unsupported(s, lhs, "pointer dereference");
  else
    fe_unsupported(s, lhs, "assignment target");
  return NULL;
}

/* True for `x = e` and the compound assignments `x += e`, ... */
static bool is_assignment(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
    return false;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  return op >= CXBinaryOperator_Assign && op < CXBinaryOperator_Comma;
}

static void fe_assign(fe_state *s, CXCursor c, ir_block *b) {
  enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
  ir_op op;
  switch (k) {
  case CXBinaryOperator_Assign:
    op = IR_OP_NONE;
    break;
  case CXBinaryOperator_AddAssign:
    op = IR_OP_ADD;
    break;
  case CXBinaryOperator_SubAssign:
    op = IR_OP_SUB;
    break;
  case CXBinaryOperator_MulAssign:
    op = IR_OP_MUL;
    break;
  case CXBinaryOperator_DivAssign:
    op = IR_OP_DIV;
    break;
  default: {
    CXString sp = clang_getBinaryOperatorKindSpelling(k);
    fe_unsupported(s, c, "statement with operator '%s'", clang_getCString(sp));
    clang_disposeString(sp);
    return;
  }
  }
  CXCursor *kids;
  if (fe_children(s, c, &kids) != 2) {
    fe_unsupported(s, c, "assignment");
    return;
  }
  ir_expr *lhs = fe_lhs(s, kids[0]);
  ir_expr *rhs;
  CXCursor inner = fe_strip(s, kids[1]);
  if (is_assignment(inner)) {
    /* A chained assignment `a = b = e` (PolyBench's deriche): C gives
     * `b = e` the value of b after the store, so it is raised as the
     * statements `b = e; a = b;`. */
    ir_node *before = b->last;
    fe_assign(s, inner, b);
    if (b->last == before || b->last->kind != IR_NODE_ASSIGN)
      return; /* the inner assignment was rejected (reported) */
    rhs = ir_expr_clone(s->ctx, b->last->u.assign.lhs, NULL);
  } else {
    rhs = fe_expr(s, kids[1]);
  }
  if (!lhs || !rhs)
    return;
  scc_loc l = loc(s, c);
  append(b, ir_assign_new(s->ctx, s->k, lhs, op, rhs, l), l);
}

static void fe_incdec(fe_state *s, CXCursor c, ir_block *b) {
  enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
  if (k != CXUnaryOperator_PostInc && k != CXUnaryOperator_PreInc &&
      k != CXUnaryOperator_PostDec && k != CXUnaryOperator_PreDec) {
    fe_unsupported(s, c, "expression statement");
    return;
  }
  CXCursor *kids;
  if (fe_children(s, c, &kids) != 1) {
    fe_unsupported(s, c, "increment");
    return;
  }
  ir_expr *lhs = fe_lhs(s, kids[0]);
  if (!lhs)
    return;
  bool inc = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc;
  scc_loc l = loc(s, c);
  ir_expr *one = ir_int(s->ctx, 1);
  one->loc = l;
  append(b,
         ir_assign_new(s->ctx, s->k, lhs, inc ? IR_OP_ADD : IR_OP_SUB, one, l),
         l);
}

/* A local array of the kernel (`float result[8];` in a loop body, as
 * unrolled inference code keeps its partial sums): constant extents, no
 * initializer, not static, not used after the kernel.  It becomes a buffer
 * of the kernel (ir_array.is_local), declared once at the kernel's start:
 * the same values, since C gives each iteration's object no initial value
 * (a program that reads an element before writing it in the iteration
 * reads an indeterminate value).  The dependence analysis sees one array
 * (memory-based: no iteration of the loops around the declaration is
 * independent of another through it).  Inside a loop run in parallel by
 * an OpenMP directive it would be shared by the threads: refused
 * (fe_check_kernel). */
static void fe_local_array(fe_state *s, CXCursor d) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  if (sc == CX_SC_Static || sc == CX_SC_Extern) {
    fe_unsupported(s, d, "static or extern array declaration");
    return;
  }
  int rank = 0;
  for (CXType x = t; x.kind == CXType_ConstantArray;
       x = clang_getCanonicalType(clang_getArrayElementType(x)))
    rank++;
  bool init = !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(d));
  /* one variable-length dimension (`float result[LOOP_UNROLL]` with a
   * `const int`, `float t[n]`) whose extent reads only the kernel's
   * parameters: declared at the kernel's start with that extent (at least
   * 1: the declaration runs even where the loops around it do not) */
  bool vla = t.kind == CXType_VariableArray &&
             clang_getCanonicalType(clang_getArrayElementType(t)).kind !=
                 CXType_VariableArray &&
             clang_getCanonicalType(clang_getArrayElementType(t)).kind !=
                 CXType_ConstantArray;
  if (vla)
    rank = 1;
  if ((t.kind != CXType_ConstantArray && !vla) || init) {
    fe_unsupported(s, d,
                   "array declaration %s (a local array needs constant "
                   "extents, or one extent of the kernel's parameters, and "
                   "no initializer: assign its elements in a loop)",
                   init ? "with an initializer" : "of variable length");
    return;
  }
  if (fe_subst_used_outside(s, d)) {
    fe_unsupported(s, d, "local array used after the kernel");
    return;
  }
  char *name;
  {
    CXString n = clang_getCursorSpelling(d);
    name = scc_arena_strdup(s->ctx->arena, clang_getCString(n));
    clang_disposeString(n);
  }
  ir_array *old = ir_kernel_find_array(s->k, name);
  ir_array *a = fe_array_for_decl(s, d, d);
  if (!a)
    return;
  if (vla) {
    ir_expr *x = a->dims ? a->dims[0] : NULL;
    if (!x || !fe_kernel_invariant(s, x)) {
      fe_unsupported(s, d,
                     "local array '%s' whose extent changes in the kernel "
                     "(declare it with an extent of the kernel's parameters)",
                     name);
      return;
    }
    int64_t c;
    if (!ir_expr_const_value(s->ctx, x, &c))
      a->dims[0] = ir_binary(s->ctx, IR_OP_MAX, x, ir_int(s->ctx, 1), x->type);
    else if (c < 1)
      a->dims[0] = ir_int(s->ctx, 1);
  }
  if (old && (!old->is_local || old->elem != a->elem || old->rank != rank)) {
    fe_unsupported(s, d, "a second array named '%s' in the kernel (rename one)",
                   name);
    return;
  }
  a->is_local = true;
  a->storage = IR_STORE_AUTO;
  /* the loops around the declaration, for the check of parallel loops */
  fe_local *l = scc_arena_alloc(s->ctx->arena, sizeof *l);
  l->array = a;
  l->loc = fe_cursor_loc(s, d, NULL);
  l->nivs = s->ivs.len;
  l->ivs =
      scc_arena_alloc(s->ctx->arena, sizeof(ir_var *) * (size_t)(l->nivs + 1));
  for (int i = 0; i < l->nivs; i++)
    l->ivs[i] = s->ivs.items[i];
  scc_vec_push(s->ctx->arena, &s->locals, l);
}

static void fe_declstmt(fe_state *s, CXCursor c, ir_block *b) {
  CXCursor *kids;
  int n = fe_children(s, c, &kids);
  for (int i = 0; i < n; i++) {
    CXCursor d = kids[i];
    if (clang_getCursorKind(d) != CXCursor_VarDecl) {
      fe_unsupported(s, d, "declaration");
      continue;
    }
    if (fe_decl_is_array(d)) {
      const char *why;
      if (clang_getCanonicalType(clang_getCursorType(d)).kind ==
          CXType_Pointer) {
        if (!fe_subst_pointer(s, d, &why))
          fe_unsupported(s, d,
                         "pointer declaration that is not a row of an array "
                         "(%s; write 'T *p = A + offset;' or '&A[i][k]' and "
                         "never assign p)",
                         why);
        continue;
      }
      fe_local_array(s, d);
      continue;
    }
    if (clang_Cursor_getStorageClass(d) == CX_SC_Static ||
        clang_Cursor_getStorageClass(d) == CX_SC_Extern) {
      fe_unsupported(s, d, "static or extern declaration");
      continue;
    }
    if (fe_subst_int(s, d))
      continue; /* forward-substituted: its reads are its value */
    ir_var *v = fe_var_for_decl(s, d, d);
    if (!v)
      continue;
    if (v->kind == IR_VAR_PARAM)
      v->kind = IR_VAR_LOCAL;
    v->declared_outside = true;
    CXCursor *vk;
    int nv = fe_children(s, d, &vk);
    ir_expr *init = NULL;
    for (int q = 0; q < nv; q++)
      if (clang_isExpression(clang_getCursorKind(vk[q]))) {
        init = fe_expr(s, vk[q]);
        if (!init)
          return;
      }
    scc_loc l = loc(s, d);
    append(b, ir_decl_new(s->ctx, v, init, l), l);
  }
}

void fe_stmt(fe_state *s, CXCursor c, ir_block *b) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_CompoundStmt: {
    CXCursor *kids;
    int n = fe_children(s, c, &kids);
    size_t outer = s->scope_end, cb, ce;
    fe_cursor_range(s, c, &cb, &ce);
    s->scope_end = ce; /* the scope of the declarations made in it */
    for (int i = 0; i < n; i++)
      fe_stmt(s, kids[i], b);
    s->scope_end = outer;
    return;
  }
  case CXCursor_NullStmt:
    return;
  case CXCursor_ForStmt: {
    size_t outer = s->scope_end, cb, ce;
    fe_cursor_range(s, c, &cb, &ce);
    s->scope_end = ce; /* a for-init declaration's scope */
    fe_for(s, c, b);
    s->scope_end = outer;
    return;
  }
  case CXCursor_IfStmt:
    fe_if(s, c, b);
    return;
  case CXCursor_DeclStmt:
    fe_declstmt(s, c, b);
    return;
  case CXCursor_WhileStmt:
    fe_unsupported(s, c, "'while' loop");
    return;
  case CXCursor_DoStmt:
    fe_unsupported(s, c, "'do' loop");
    return;
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt:
    fe_unsupported(s, c, "'goto'");
    return;
  case CXCursor_LabelStmt:
    fe_unsupported(s, c, "statement label");
    return;
  case CXCursor_BreakStmt:
    fe_unsupported(s, c, "'break'");
    return;
  case CXCursor_ContinueStmt:
    fe_unsupported(s, c, "'continue'");
    return;
  case CXCursor_ReturnStmt:
    fe_unsupported(s, c, "'return'");
    return;
  case CXCursor_SwitchStmt:
    fe_unsupported(s, c, "'switch'");
    return;
  default:
    break;
  }
  if (k >= CXCursor_OMPParallelDirective && k <= CXCursor_LastStmt &&
      k != CXCursor_OMPTileDirective && k != CXCursor_OMPUnrollDirective) {
    /* An OpenMP directive parsed with -fopenmp (tile and unroll are read
     * as an inline schedule before this point). */
    fe_unsupported(s, c,
                   "an OpenMP directive other than 'omp tile' and 'omp "
                   "unroll' (parallelize and vectorize in the schedule: "
                   "loop.parallel, loop.vectorize)");
    return;
  }
  if (!clang_isExpression(k)) {
    CXString sp = clang_getCursorKindSpelling(k);
    fe_unsupported(s, c, "statement '%s'", clang_getCString(sp));
    clang_disposeString(sp);
    return;
  }
  CXCursor e = fe_strip(s, c);
  k = clang_getCursorKind(e);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) {
      fe_assign(s, e, b);
      return;
    }
  }
  if (k == CXCursor_UnaryOperator) {
    fe_incdec(s, e, b);
    return;
  }
  if (k == CXCursor_CallExpr) {
    CXString sp = clang_getCursorSpelling(e);
    fe_unsupported(s, e, "call to '%s' as a statement", clang_getCString(sp));
    clang_disposeString(sp);
    return;
  }
  fe_unsupported(s, e, "expression statement");
}

/* ---- checks after raising ----------------------------------------------- */

/* A variable of kind IR_VAR_LOCAL read by e (a data-dependent value), or
 * NULL. */
static ir_var *local_read(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_VAR:
    return e->u.var->kind == IR_VAR_LOCAL ? e->u.var : NULL;
  case IR_EXPR_UNARY:
    return local_read(e->u.un.a);
  case IR_EXPR_CAST:
    return local_read(e->u.cast.a);
  case IR_EXPR_BINARY: {
    ir_var *v = local_read(e->u.bin.a);
    return v ? v : local_read(e->u.bin.b);
  }
  default:
    return NULL;
  }
}

static void check_bound(fe_state *s, ir_expr *e) {
  ir_var *v = local_read(e);
  if (v)
    scc_error(s->ctx, e->loc,
              "unsupported in a kernel: loop bound depending on '%s', which "
              "the kernel writes",
              v->name);
}

static bool check_node(ir_node *n, void *data) {
  fe_state *s = data;
  if (n->kind == IR_NODE_LOOP) {
    check_bound(s, n->u.loop.lb);
    check_bound(s, n->u.loop.ub);
    return true;
  }
  if (n->kind != IR_NODE_ASSIGN)
    return true;
  ir_expr *lhs = n->u.assign.lhs;
  if (lhs->kind == IR_EXPR_VAR && lhs->u.var->kind == IR_VAR_IV) {
    scc_error(s->ctx, lhs->loc,
              "unsupported in a kernel: assignment to the induction "
              "variable '%s'",
              lhs->u.var->name);
  } else if (lhs->kind == IR_EXPR_ACCESS) {
    /* A subscript that is not affine (`dN[k]` with k assigned in the loop,
     * `in[(j / stride) * w + i / stride]`) is a write of any element of
     * the array for the dependence analysis: accepted, and every transform
     * that would need more is refused with the dependence it cannot rule
     * out.  Only integer subscripts reach here (fe_subscript). */
    (void)local_read;
  }
  return true;
}

/* A loop run in parallel (an OpenMP directive of the source) around the
 * declaration of a local array: the array, declared once for the kernel,
 * would be shared by the threads. */
static bool check_parallel_cb(ir_node *n, void *data) {
  fe_state *s = data;
  if (n->kind != IR_NODE_LOOP || !(n->u.loop.attrs & IR_LOOP_PARALLEL))
    return true;
  ir_omp *om = n->u.loop.omp;
  if (om && ir_omp_simd_only(om))
    return true; /* one thread */
  for (int i = 0; i < s->locals.len; i++) {
    const fe_local *l = s->locals.items[i];
    for (int v = 0; v < l->nivs; v++) {
      if (l->ivs[v] != n->u.loop.iv)
        continue;
      if (!om) {
        scc_error(s->ctx, l->loc,
                  "unsupported in a kernel: local array '%s' declared in a "
                  "loop that runs in parallel",
                  l->array->name);
        continue;
      }
      /* the source's directive: each thread its own copy, as each
       * iteration had its own object */
      om->clauses = scc_arena_printf(s->ctx->arena, "%s%sprivate(%s)",
                                     om->clauses ? om->clauses : "",
                                     om->clauses ? " " : "", l->array->name);
      scc_vec_push(s->ctx->arena, &om->priv_arrays, l->array);
    }
  }
  return true;
}

void fe_check_kernel(fe_state *s) {
  ir_walk_block(&s->k->body, check_node, s);
  if (s->locals.len)
    ir_walk_block(&s->k->body, check_parallel_cb, s);
}
