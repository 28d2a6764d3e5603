/* ir_print.c — the textual IR (stable, golden-tested, `--emit=ir`) and the
 * C spelling of expressions shared with the C backend.
 *
 * Text format (also described in docs/ir.md).  A module prints its kernels
 * in source order, separated by one blank line.  A kernel prints as
 *
 *   kernel bmm (function) at bmm.c:12:1
 *     arrays: float A[6][196][2305], float *B, float C[][256]
 *     params: int n
 *     locals: float t
 *     ivs: int b, int i, int j [outside], int k
 *     for b = 0 to 6 {
 *       for i = 0 to n step 2 label(x) parallel {
 *         if i < n - 1 {
 *           S0: C[b][i][j] += A[b][i][k] * B[b][k][j]
 *               domain: { S0[b, i] : 0 <= b < 6 and 0 <= i < n and
 *                         (i - 0) mod 2 = 0 and i < n - 1 }   (one line)
 *               writes: { S0[b, i] -> C[b, i, j] }
 *               reads: { S0[b, i] -> C[b, i, j]; S0[b, i] -> A[b, i, k] }
 *         } else {
 *           decl float t = 0.0f
 *         }
 *       }
 *     }
 *
 * - The header gives the kernel's name, form (function, loop, scop) and
 *   location (file basename:line:col, omitted when unknown).  "arrays",
 *   "params", "locals" and "ivs" list the kernel's arrays and scalars by
 *   kind in creation order, "(none)" when empty; "[outside]" marks an
 *   induction variable whose declaration is not the loop's for-init.
 *   Dimensions without an extent print "[]", pointers "T *A".
 * - Loops: `for IV = LB to UB` (UB exclusive), then `step S` when S != 1,
 *   `label(NAME)`, `parallel`, `unroll` as present, then `{`.
 * - Ifs: `if COND {`, optionally `} else {`, then `}`.
 * - Declarations: `decl T x` or `decl T x = INIT`.
 * - Assignments: `S<id>: LHS OP RHS` (OP is `=`, `+=`, ...), followed by
 *   the iteration domain and the access relations in isl notation: the
 *   domain's dimensions are the enclosing loops' induction variables,
 *   outermost first; its constraints come from the loop bounds (`LB <= iv
 *   < UB`, or `UB < iv <= LB` for negative steps, plus `(iv - LB) mod S =
 *   0` for |S| > 1) and the enclosing if conditions (`!(COND)` in else
 *   branches), outermost first.  `writes` and `reads` map the domain to
 *   the array elements (indexing maps: loop dims -> subscripts) and the
 *   local scalars (`t[]`) the statement writes and reads, duplicates
 *   removed; a line is omitted when empty.  Compound assignments read
 *   their lhs.
 * - Vectors (see docs/ir.md): `vectorized(W)` after a vectorized loop's
 *   other attributes, `decl float<16> v`, `float<16> v` in the locals, an
 *   `isa: avx512` line after "ivs" once the kernel's ISA was chosen,
 *   `A[i]<16>` / `A[i]<16 mask m>` / `B[j][i]<16 nontemporal>` (a
 *   streaming store), `broadcast<16>(x)`, `reduce_add(v)`,
 *   `shuffle<8>(a, b, [0, 8, 1, 9, 4, 12, 5, 13])`.
 * - Expressions print as C (same parenthesization as ir_print_c_expr),
 *   except that min, max, floordiv and ceildiv print as calls
 *   (`min(a, b)`, `floordiv(i, 32)`) and sums with negative literals are
 *   not rewritten (`i + -1` stays so).
 */
#include "ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- expressions -------------------------------------------------------- */

/* C precedence levels (higher binds tighter). */
enum {
  P_TOP = 0,
  P_ASSIGN = 2,
  P_COND = 3,
  P_LOR = 4,
  P_LAND = 5,
  P_EQ = 9,
  P_REL = 10,
  P_ADD = 12,
  P_MUL = 13,
  P_UNARY = 15,
  P_PRIMARY = 16,
};

typedef struct printer {
  scc_buf *out;
  bool c_mode; /* C spelling (true) or IR text (false) */
  size_t cap;  /* 0, or stop once out holds more than cap bytes */
} printer;

static void emit(const printer *p, const ir_expr *e, int need);

/* The temporary nodes built on the stack to print rewritten forms point to
 * the (const) operands; nothing is ever written through them. */
static ir_expr *mut(const ir_expr *e) { return (ir_expr *)e; }

static bool is_signed_int_type(ir_type t) {
  return t == IR_TY_INT || t == IR_TY_LONG || t == IR_TY_LLONG;
}

/* The width in bits at which C computes with an operand of integer type t
 * (after the integer promotions); 0 for other types. */
static int arith_bits(ir_type t) {
  switch (t) {
  case IR_TY_LONG:
  case IR_TY_ULONG:
  case IR_TY_LLONG:
  case IR_TY_ULLONG:
    return 64;
  default:
    return ir_type_is_integer(t) ? 32 : 0;
  }
}

/* Small integer types have no literal: they print as a cast. */
static bool int_lit_needs_cast(ir_type t) {
  return t == IR_TY_BOOL || t == IR_TY_CHAR || t == IR_TY_SCHAR ||
         t == IR_TY_UCHAR || t == IR_TY_SHORT || t == IR_TY_USHORT;
}

static bool int_lit_is_min(ir_type t, int64_t v) {
  return (t == IR_TY_INT && v == INT32_MIN) ||
         ((t == IR_TY_LONG || t == IR_TY_LLONG) && v == INT64_MIN);
}

static int int_lit_prec(const ir_expr *e) {
  if (int_lit_is_min(e->type, e->u.ival))
    return P_PRIMARY; /* printed in parentheses */
  if (int_lit_needs_cast(e->type))
    return P_UNARY;
  if (is_signed_int_type(e->type) && e->u.ival < 0)
    return P_UNARY;
  return P_PRIMARY;
}

/* An integer literal whose C type is exactly t: decimal with the suffix of
 * t; INT_MIN-like values as (-MAX - 1); small types as casts. */
static void put_int_lit(scc_buf *b, ir_type t, int64_t v) {
  long long s = (long long)v;
  unsigned long long u = (unsigned long long)v;
  switch (t) {
  case IR_TY_INT:
    if (v == INT32_MIN)
      scc_buf_puts(b, "(-2147483647 - 1)");
    else
      scc_buf_printf(b, "%lld", s);
    break;
  case IR_TY_LONG:
  case IR_TY_LLONG: {
    const char *suf = t == IR_TY_LONG ? "L" : "LL";
    if (v == INT64_MIN)
      scc_buf_printf(b, "(-9223372036854775807%s - 1)", suf);
    else
      scc_buf_printf(b, "%lld%s", s, suf);
    break;
  }
  case IR_TY_UINT:
    scc_buf_printf(b, "%uU", (unsigned)(uint32_t)v);
    break;
  case IR_TY_ULONG:
    scc_buf_printf(b, "%lluUL", u);
    break;
  case IR_TY_ULLONG:
    scc_buf_printf(b, "%lluULL", u);
    break;
  case IR_TY_BOOL:
    scc_buf_printf(b, "(_Bool)%d", v != 0);
    break;
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
  case IR_TY_UCHAR:
  case IR_TY_SHORT:
  case IR_TY_USHORT:
    scc_buf_printf(b, "(%s)%lld", ir_type_name(t), s);
    break;
  default:
    scc_buf_printf(b, "%lld", s);
    break;
  }
}

static bool fp_lit_negative(const ir_expr *e) {
  return !e->u.fp.spelling && !isnan(e->u.fp.val) && signbit(e->u.fp.val);
}

/* Makes a %g spelling look like a floating literal ("2" -> "2.0"). */
static void put_fp_digits(scc_buf *b, const char *s) {
  scc_buf_puts(b, s);
  if (!strpbrk(s, ".eE"))
    scc_buf_puts(b, ".0");
}

/* A floating literal of type t with the value v: the shortest decimal
 * spelling that reads back exactly (hexadecimal for a long double whose
 * value has no short exact decimal form). */
static void put_fp_lit(scc_buf *b, ir_type t, double v) {
  char s[64];
  if (isnan(v)) {
    scc_buf_puts(b, t == IR_TY_FLOAT     ? "__builtin_nanf(\"\")"
                    : t == IR_TY_LDOUBLE ? "__builtin_nanl(\"\")"
                                         : "__builtin_nan(\"\")");
    return;
  }
  if (signbit(v)) {
    scc_buf_puts(b, "-");
    v = -v;
  }
  if (isinf(v)) {
    scc_buf_puts(b, t == IR_TY_FLOAT     ? "__builtin_inff()"
                    : t == IR_TY_LDOUBLE ? "__builtin_infl()"
                                         : "__builtin_inf()");
    return;
  }
  if (t == IR_TY_FLOAT) {
    float f = (float)v;
    for (int prec = 6; prec <= 9; prec++) {
      snprintf(s, sizeof s, "%.*g", prec, (double)f);
      if (strtof(s, NULL) == f || prec == 9)
        break;
    }
    put_fp_digits(b, s);
    scc_buf_puts(b, "f");
    return;
  }
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(s, sizeof s, "%.*g", prec, v);
    if (t == IR_TY_LDOUBLE ? strtold(s, NULL) == (long double)v
                           : strtod(s, NULL) == v)
      break;
    if (prec == 17) {
      if (t == IR_TY_LDOUBLE)
        snprintf(s, sizeof s, "%a", v); /* exact */
      break;
    }
  }
  put_fp_digits(b, s);
  if (t == IR_TY_LDOUBLE)
    scc_buf_puts(b, "L");
}

static int binop_prec(ir_op op) {
  switch (op) {
  case IR_OP_MUL:
  case IR_OP_DIV:
  case IR_OP_MOD:
    return P_MUL;
  case IR_OP_ADD:
  case IR_OP_SUB:
    return P_ADD;
  case IR_OP_LT:
  case IR_OP_LE:
  case IR_OP_GT:
  case IR_OP_GE:
    return P_REL;
  case IR_OP_EQ:
  case IR_OP_NE:
    return P_EQ;
  case IR_OP_LAND:
    return P_LAND;
  case IR_OP_LOR:
    return P_LOR;
  case IR_OP_SHL:
  case IR_OP_SHR:
  case IR_OP_BAND:
  case IR_OP_BOR:
  case IR_OP_BXOR:
    return P_EQ - 1; /* below ==: printed in parentheses where nested */
  default:
    return P_PRIMARY; /* min/max/floordiv/ceildiv print parenthesized */
  }
}

/* Precedence of the printed form of e (after the rewrites of emit()). */
static int expr_prec(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_INT:
    return int_lit_prec(e);
  case IR_EXPR_FP:
    return fp_lit_negative(e) ? P_UNARY : P_PRIMARY;
  case IR_EXPR_UNARY:
  case IR_EXPR_CAST:
    return P_UNARY;
  case IR_EXPR_BINARY:
    return binop_prec(e->u.bin.op);
  case IR_EXPR_SELECT:
    return P_COND;
  case IR_EXPR_ELEM_ADDR: /* (uintptr_t)a [+ ...] */
    return P_ADD;
  default:
    return P_PRIMARY;
  }
}

/* True when the printed form of e starts with '-'. */
static bool starts_with_minus(const ir_expr *e) {
  switch (e->kind) {
  case IR_EXPR_INT:
    return is_signed_int_type(e->type) && e->u.ival < 0 &&
           !int_lit_is_min(e->type, e->u.ival);
  case IR_EXPR_FP:
    return fp_lit_negative(e);
  case IR_EXPR_UNARY:
    return e->u.un.op == IR_OP_NEG;
  default:
    return false;
  }
}

static bool is_binop(const ir_expr *e, ir_op op) {
  return e->kind == IR_EXPR_BINARY && e->u.bin.op == op;
}

static void emit_paren(const printer *p, const ir_expr *e, bool paren);

/* Prints e so that it parses as an operand needing precedence `need`. */
static void emit(const printer *p, const ir_expr *e, int need) {
  if (p->cap && p->out->len > p->cap)
    return; /* ir_print_c_expr_capped: past the cap, the rest is not wanted */
  if (e->kind == IR_EXPR_BINARY && p->c_mode) {
    const ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
    ir_op op = e->u.bin.op;
    /* i + -1 -> i - 1 and i - -1 -> i + 1: the same value and type for
     * integers. */
    if ((op == IR_OP_ADD || op == IR_OP_SUB) && ir_type_is_integer(e->type) &&
        b->kind == IR_EXPR_INT && is_signed_int_type(b->type) &&
        b->u.ival < 0 && !int_lit_is_min(b->type, b->u.ival)) {
      ir_expr lit = *b;
      lit.u.ival = -b->u.ival;
      ir_expr t = *e;
      t.u.bin.op = op == IR_OP_ADD ? IR_OP_SUB : IR_OP_ADD;
      t.u.bin.b = &lit;
      emit(p, &t, need);
      return;
    }
    if ((op == IR_OP_FLOORDIV || op == IR_OP_CEILDIV) &&
        b->kind == IR_EXPR_INT && b->u.ival > 0) {
      int64_t c = b->u.ival;
      if (a->kind == IR_EXPR_INT) { /* fold */
        int64_t x = a->u.ival, q = x / c, r = x % c;
        if (op == IR_OP_FLOORDIV && r < 0)
          q--;
        if (op == IR_OP_CEILDIV && r > 0)
          q++;
        ir_expr lit = *a;
        lit.type = e->type;
        lit.u.ival = q;
        emit(p, &lit, need);
        return;
      }
      if (c == 1) {
        emit(p, a, need);
        return;
      }
      /* an unsigned operand (unsigned char and short too, which promote
       * to int) is never negative: a / c, (a + c - 1) / c, without the
       * sign test (`m < 0` of an unsigned char is always false, which
       * gcc's -Wtype-limits reports: -Wextra -Werror builds failed) */
      if (ir_type_is_unsigned(e->type) || ir_type_is_unsigned(a->type)) {
        ir_expr cm1 = *b, sum, div = *e;
        cm1.u.ival = c - 1;
        sum = *e;
        sum.u.bin.op = IR_OP_ADD;
        sum.u.bin.b = &cm1;
        div.u.bin.op = IR_OP_DIV;
        if (op == IR_OP_CEILDIV)
          div.u.bin.a = &sum;
        emit(p, &div, need);
        return;
      }
    }
  }
  int prec = expr_prec(e);
  emit_paren(p, e,
             prec < need || (e->kind == IR_EXPR_SELECT && need > P_ASSIGN));
}

static void emit_binary(const printer *p, const ir_expr *e) {
  scc_buf *o = p->out;
  const ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
  ir_op op = e->u.bin.op;
  int prec = binop_prec(op);
  if (prec == P_PRIMARY) { /* min, max, floordiv, ceildiv */
    if (!p->c_mode) {
      scc_buf_printf(o, "%s(", ir_op_name(op));
      emit(p, a, P_ASSIGN);
      scc_buf_puts(o, ", ");
      emit(p, b, P_ASSIGN);
      scc_buf_puts(o, ")");
      return;
    }
    /* min(a, b) = (a < b ? a : b), max(a, b) = (a > b ? a : b),
     * floordiv(a, c) = (a < 0 ? (a - (c - 1)) / c : a / c),
     * ceildiv(a, c) = (a > 0 ? (a + (c - 1)) / c : a / c)   (c > 0),
     * all valid for negative a (C division truncates toward 0). */
    ir_expr cond = *e, sel = *e, t1 = *e, t2 = *e, zero = *b, cm1 = *b;
    ir_expr d1 = *e, d2 = *e; /* must live until the select is printed */
    sel.kind = IR_EXPR_SELECT;
    sel.u.sel.cond = &cond;
    zero.kind = IR_EXPR_INT;
    zero.type = IR_TY_INT;
    zero.u.ival = 0;
    if (op == IR_OP_MIN || op == IR_OP_MAX) {
      cond.u.bin.op = op == IR_OP_MIN ? IR_OP_LT : IR_OP_GT;
      cond.type = IR_TY_INT;
      sel.u.sel.a = mut(a);
      sel.u.sel.b = mut(b);
    } else {
      bool fl = op == IR_OP_FLOORDIV;
      cond.u.bin.op = fl ? IR_OP_LT : IR_OP_GT;
      cond.u.bin.b = &zero;
      cond.type = IR_TY_INT;
      /* t1 = a -/+ (c - 1) (or a - c + 1 for a non-constant divisor) */
      if (b->kind == IR_EXPR_INT) {
        cm1.u.ival = b->u.ival - 1;
        t1.u.bin.op = fl ? IR_OP_SUB : IR_OP_ADD;
        t1.u.bin.b = &cm1;
      } else {
        static const ir_expr one = {
            .kind = IR_EXPR_INT, .type = IR_TY_INT, .u.ival = 1};
        t2.u.bin.op = fl ? IR_OP_SUB : IR_OP_ADD;
        t2.u.bin.b = mut(b);
        t1.u.bin.op = fl ? IR_OP_ADD : IR_OP_SUB;
        t1.u.bin.a = &t2;
        t1.u.bin.b = mut(&one);
      }
      d1.u.bin.op = IR_OP_DIV;
      d1.u.bin.a = &t1;
      d2.u.bin.op = IR_OP_DIV;
      sel.u.sel.a = &d1;
      sel.u.sel.b = &d2;
    }
    scc_buf_puts(o, "(");
    emit_paren(p, &sel, false);
    scc_buf_puts(o, ")");
    return;
  }
  int need_a = prec, need_b = prec + 1;
  if (prec == P_REL || prec == P_EQ) /* a < b < c: -Wparentheses */
    need_a = need_b = P_ADD;
  if (op == IR_OP_SHL || op == IR_OP_SHR || op == IR_OP_BAND ||
      op == IR_OP_BOR || op == IR_OP_BXOR)
    need_a = need_b = P_UNARY; /* a + b << c, a & b == c: -Wparentheses */
  bool force_a = false, force_b = false;
  if (op == IR_OP_LOR) { /* a && b || c: -Wparentheses */
    force_a = is_binop(a, IR_OP_LAND);
    force_b = is_binop(b, IR_OP_LAND);
  }
  if ((prec == P_REL || prec == P_EQ) && a->kind == IR_EXPR_UNARY &&
      a->u.un.op == IR_OP_NOT) /* !a == b: -Wlogical-not-parentheses */
    force_a = true;
  /* An operation the IR types wider than C's conversions of its operands
   * would (a bound widened to long long over int variables, by
   * xf_widen or a simplification of one): the left operand cast, so the
   * C computes at the node's type. */
  ir_expr widened = {.kind = IR_EXPR_CAST, .type = e->type, .loc = a->loc};
  if ((op == IR_OP_ADD || op == IR_OP_SUB || op == IR_OP_MUL ||
       op == IR_OP_DIV || op == IR_OP_MOD) &&
      ir_type_is_integer(e->type) &&
      arith_bits(e->type) > arith_bits(a->type) &&
      arith_bits(e->type) > arith_bits(b->type)) {
    widened.u.cast.to = e->type;
    widened.u.cast.a = mut(a);
    a = &widened;
  }
  if (force_a)
    emit_paren(p, a, true);
  else
    emit(p, a, need_a);
  scc_buf_printf(o, " %s ", ir_op_name(op));
  if (force_b)
    emit_paren(p, b, true);
  else
    emit(p, b, need_b);
}

static void emit_paren(const printer *p, const ir_expr *e, bool paren) {
  scc_buf *o = p->out;
  if (paren)
    scc_buf_puts(o, "(");
  switch (e->kind) {
  case IR_EXPR_INT:
    put_int_lit(o, e->type, e->u.ival);
    break;
  case IR_EXPR_FP:
    if (e->u.fp.spelling)
      scc_buf_puts(o, e->u.fp.spelling);
    else
      put_fp_lit(o, e->type, e->u.fp.val);
    break;
  case IR_EXPR_VAR:
    scc_buf_puts(o, e->u.var->c_value ? e->u.var->c_value : e->u.var->name);
    break;
  case IR_EXPR_ACCESS:
    scc_buf_puts(o, e->u.access.array->name);
    for (int i = 0; i < e->u.access.n; i++) {
      scc_buf_puts(o, "[");
      emit(p, e->u.access.idx[i], P_TOP);
      scc_buf_puts(o, "]");
    }
    if (e->lanes > 1) { /* IR text only: A[i][j]<16> or A[i][j]<16 mask m> */
      scc_buf_printf(o, "<%d", e->lanes);
      if (e->u.access.mask) {
        scc_buf_puts(o, " mask ");
        emit(p, e->u.access.mask, P_TOP);
      }
      if (e->u.access.nontemporal)
        scc_buf_puts(o, " nontemporal");
      scc_buf_puts(o, ">");
    }
    break;
  case IR_EXPR_BROADCAST: /* IR text only */
    scc_buf_printf(o, "broadcast<%d>(", e->lanes);
    emit(p, e->u.un.a, P_ASSIGN);
    scc_buf_puts(o, ")");
    break;
  case IR_EXPR_SHUFFLE: /* IR text only: shuffle<4>(a, b, [0, 4, 1, 5]) */
    scc_buf_printf(o, "shuffle<%d>(", e->lanes);
    emit(p, e->u.shuf.a, P_ASSIGN);
    scc_buf_puts(o, ", ");
    emit(p, e->u.shuf.b, P_ASSIGN);
    scc_buf_puts(o, ", [");
    for (int l = 0; l < e->lanes; l++)
      scc_buf_printf(o, "%s%d", l ? ", " : "", e->u.shuf.mask[l]);
    scc_buf_puts(o, "])");
    break;
  case IR_EXPR_ELEM_ADDR: /* (uintptr_t)a + (uintptr_t)(off) * sizeof(T) */
    if (p->c_mode) {
      const ir_expr *off = e->u.addr.off;
      const char *t = ir_type_name(e->u.addr.array->elem);
      scc_buf_printf(o, "(uintptr_t)%s", e->u.addr.array->name);
      if (off->kind == IR_EXPR_INT) {
        if (off->u.ival != 0)
          scc_buf_printf(o, " + %lld * sizeof(%s)", (long long)off->u.ival, t);
      } else {
        scc_buf_puts(o, " + (uintptr_t)(");
        emit(p, off, P_TOP);
        scc_buf_printf(o, ") * sizeof(%s)", t);
      }
    } else {
      scc_buf_printf(o, "addr(%s, ", e->u.addr.array->name);
      emit(p, e->u.addr.off, P_ASSIGN);
      scc_buf_puts(o, ")");
    }
    break;
  case IR_EXPR_ALIGN_GAP: /* ((int)(-(uintptr_t)&a % 64 / sizeof(T))) */
    if (p->c_mode) {
      scc_buf_puts(o, "((int)(-(uintptr_t)&");
      emit(p, e->u.gap.a, P_UNARY);
      scc_buf_printf(o, " %% %d / sizeof(%s)))", e->u.gap.bytes,
                     ir_type_name(e->u.gap.a->type));
    } else {
      scc_buf_printf(o, "align_gap<%d>(&", e->u.gap.bytes);
      emit(p, e->u.gap.a, P_UNARY);
      scc_buf_puts(o, ")");
    }
    break;
  case IR_EXPR_REDUCE: /* IR text only */
    scc_buf_printf(o, "reduce_%s(",
                   e->u.un.op == IR_OP_ADD   ? "add"
                   : e->u.un.op == IR_OP_MUL ? "mul"
                   : e->u.un.op == IR_OP_MIN ? "min"
                                             : "max");
    emit(p, e->u.un.a, P_ASSIGN);
    scc_buf_puts(o, ")");
    break;
  case IR_EXPR_UNARY:
    scc_buf_puts(o, e->u.un.op == IR_OP_NOT ? "!" : "-");
    if (e->u.un.op == IR_OP_NEG && starts_with_minus(e->u.un.a))
      emit_paren(p, e->u.un.a, true); /* -(-x), never --x */
    else
      emit(p, e->u.un.a, P_UNARY);
    break;
  case IR_EXPR_BINARY:
    emit_binary(p, e);
    break;
  case IR_EXPR_SELECT:
    emit(p, e->u.sel.cond, P_LOR);
    scc_buf_puts(o, " ? ");
    emit(p, e->u.sel.a, P_LOR);
    scc_buf_puts(o, " : ");
    emit(p, e->u.sel.b, P_LOR);
    break;
  case IR_EXPR_CAST:
    scc_buf_printf(o, "(%s)", ir_type_name(e->u.cast.to));
    emit(p, e->u.cast.a, P_UNARY);
    break;
  case IR_EXPR_CALL:
    scc_buf_printf(o, "%s(", e->u.call.fn);
    for (int i = 0; i < e->u.call.n; i++) {
      if (i)
        scc_buf_puts(o, ", ");
      emit(p, e->u.call.args[i], P_ASSIGN);
    }
    scc_buf_puts(o, ")");
    break;
  }
  if (paren)
    scc_buf_puts(o, ")");
}

void ir_print_c_expr(scc_buf *out, const ir_expr *e) {
  printer p = {out, true, 0};
  emit(&p, e, P_TOP);
}

bool ir_print_c_expr_capped(scc_buf *out, const ir_expr *e, size_t cap) {
  size_t start = out->len;
  printer p = {out, true, start + cap};
  emit(&p, e, P_TOP);
  return out->len - start <= cap;
}

const char *ir_c_text(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  const char *t = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

/* The IR-text spelling of an expression. */
static void ir_expr_text(scc_buf *out, const ir_expr *e, int need) {
  printer p = {out, false, 0};
  emit(&p, e, need);
}

/* ---- nodes -------------------------------------------------------------- */

static void pad(scc_buf *out, int n) {
  for (int i = 0; i < n; i++)
    scc_buf_puts(out, " ");
}

static const char *assign_op_text(ir_op op) {
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
  case IR_OP_MIN:
    return "min=";
  case IR_OP_MAX:
    return "max=";
  default:
    return "?=";
  }
}

/* The enclosing loops of n, outermost first (at most cap). */
static int enclosing_loops(const ir_node *n, const ir_node **loops, int cap) {
  int cnt = 0;
  for (const ir_node *p = ir_parent(n); p; p = ir_parent(p))
    if (p->kind == IR_NODE_LOOP)
      cnt++;
  int i = cnt;
  for (const ir_node *p = ir_parent(n); p; p = ir_parent(p))
    if (p->kind == IR_NODE_LOOP && --i < cap)
      loops[i] = p;
  return cnt < cap ? cnt : cap;
}

enum { MAX_DEPTH = 64 };

static void put_tuple(scc_buf *out, int id, const ir_node **loops, int n) {
  scc_buf_printf(out, "S%d[", id);
  for (int i = 0; i < n; i++)
    scc_buf_printf(out, "%s%s", i ? ", " : "", loops[i]->u.loop.iv->name);
  scc_buf_puts(out, "]");
}

/* Appends " and " between constraints. */
static void put_and(scc_buf *out, bool *first) {
  scc_buf_puts(out, *first ? " : " : " and ");
  *first = false;
}

static void put_domain(scc_buf *out, const ir_node *stmt, int id) {
  const ir_node *loops[MAX_DEPTH];
  int n = enclosing_loops(stmt, loops, MAX_DEPTH);
  scc_buf_puts(out, "{ ");
  put_tuple(out, id, loops, n);
  /* constraints outermost first: collect the chain of ancestors */
  const ir_node *chain[4 * MAX_DEPTH];
  const ir_node *child[4 * MAX_DEPTH];
  int len = 0;
  for (const ir_node *c = stmt, *p = ir_parent(stmt); p && len < 4 * MAX_DEPTH;
       c = p, p = ir_parent(p)) {
    chain[len] = p;
    child[len++] = c;
  }
  bool first = true;
  for (int i = len - 1; i >= 0; i--) {
    const ir_node *p = chain[i];
    if (p->kind == IR_NODE_LOOP) {
      const ir_loop *l = &p->u.loop;
      ir_expr iv = {.kind = IR_EXPR_VAR, .type = l->iv->type, .u.var = l->iv};
      put_and(out, &first);
      const ir_expr *lo = l->step > 0 ? l->lb : l->ub;
      const ir_expr *hi = l->step > 0 ? l->ub : l->lb;
      ir_expr_text(out, lo, P_ADD);
      scc_buf_printf(out, " %s %s %s ", l->step > 0 ? "<=" : "<", l->iv->name,
                     l->step > 0 ? "<" : "<=");
      ir_expr_text(out, hi, P_ADD);
      if (l->step != 1 && l->step != -1) {
        ir_expr d = {.kind = IR_EXPR_BINARY, .type = l->iv->type};
        d.u.bin.op = IR_OP_SUB;
        d.u.bin.a = l->step > 0 ? &iv : l->lb;
        d.u.bin.b = l->step > 0 ? l->lb : &iv;
        put_and(out, &first);
        scc_buf_puts(out, "(");
        ir_expr_text(out, &d, P_TOP);
        scc_buf_printf(out, ") mod %lld = 0",
                       (long long)(l->step > 0 ? l->step : -l->step));
      }
    } else if (p->kind == IR_NODE_IF) {
      put_and(out, &first);
      if (child[i]->in == &p->u.ifs.then_body) {
        ir_expr_text(out, p->u.ifs.cond, P_LAND + 1);
      } else {
        scc_buf_puts(out, "!");
        ir_expr_text(out, p->u.ifs.cond, P_PRIMARY);
      }
    }
  }
  scc_buf_puts(out, " }");
}

/* One access of a statement: the printed target ("C[b, i, j]", "t[]"). */
typedef struct access_list {
  scc_vec items; /* char * */
  scc_arena *arena;
} access_list;

static void add_access(access_list *l, const ir_expr *e) {
  scc_buf b = {0};
  if (e->kind == IR_EXPR_ACCESS) {
    scc_buf_printf(&b, "%s[", e->u.access.array->name);
    for (int i = 0; i < e->u.access.n; i++) {
      if (i)
        scc_buf_puts(&b, ", ");
      ir_expr_text(&b, e->u.access.idx[i], P_ASSIGN);
    }
    scc_buf_puts(&b, "]");
  } else {
    scc_buf_printf(&b, "%s[]", e->u.var->name);
  }
  bool dup = false;
  for (int i = 0; i < l->items.len && !dup; i++)
    dup = strcmp(l->items.items[i], b.data) == 0;
  if (!dup)
    scc_vec_push(l->arena, &l->items, scc_arena_strdup(l->arena, b.data));
  scc_buf_free(&b);
}

static void collect_reads(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_ACCESS ||
      (e->kind == IR_EXPR_VAR && e->u.var->kind == IR_VAR_LOCAL))
    add_access(data, e);
}

static void put_rel(scc_buf *out, const char *what, const access_list *l,
                    int id, const ir_node **loops, int n, int indent) {
  if (!l->items.len)
    return;
  pad(out, indent);
  scc_buf_printf(out, "%s: { ", what);
  for (int i = 0; i < l->items.len; i++) {
    if (i)
      scc_buf_puts(out, "; ");
    put_tuple(out, id, loops, n);
    scc_buf_printf(out, " -> %s", (const char *)l->items.items[i]);
  }
  scc_buf_puts(out, " }\n");
}

static void print_block(scc_buf *out, scc_ctx *ctx, const ir_block *b,
                        int indent) {
  for (const ir_node *n = b->first; n; n = n->next)
    ir_print_node(out, ctx, n, indent);
}

static void print_assign(scc_buf *out, scc_ctx *ctx, const ir_node *n,
                         int indent) {
  const ir_assign *a = &n->u.assign;
  pad(out, indent);
  scc_buf_printf(out, "S%d: ", a->id);
  ir_expr_text(out, a->lhs, P_TOP);
  scc_buf_printf(out, " %s ", assign_op_text(a->op));
  ir_expr_text(out, a->rhs, P_TOP);
  scc_buf_puts(out, "\n");

  int sub = indent + 4;
  pad(out, sub);
  scc_buf_puts(out, "domain: ");
  put_domain(out, n, a->id);
  scc_buf_puts(out, "\n");

  const ir_node *loops[MAX_DEPTH];
  int nl = enclosing_loops(n, loops, MAX_DEPTH);
  access_list w = {.arena = ctx->arena}, r = {.arena = ctx->arena};
  if (a->lhs->kind == IR_EXPR_ACCESS || a->lhs->kind == IR_EXPR_VAR)
    add_access(&w, a->lhs);
  if (a->op != IR_OP_NONE)
    add_access(&r, a->lhs);
  if (a->lhs->kind == IR_EXPR_ACCESS)
    for (int i = 0; i < a->lhs->u.access.n; i++)
      ir_walk_expr(a->lhs->u.access.idx[i], collect_reads, &r);
  ir_walk_expr(a->rhs, collect_reads, &r);
  put_rel(out, "writes", &w, a->id, loops, nl, sub);
  put_rel(out, "reads", &r, a->id, loops, nl, sub);
}

void ir_print_node(scc_buf *out, scc_ctx *ctx, const ir_node *n, int indent) {
  switch (n->kind) {
  case IR_NODE_LOOP: {
    const ir_loop *l = &n->u.loop;
    pad(out, indent);
    scc_buf_printf(out, "for %s = ", l->iv->name);
    ir_expr_text(out, l->lb, P_TOP);
    scc_buf_puts(out, " to ");
    ir_expr_text(out, l->ub, P_TOP);
    if (l->step != 1)
      scc_buf_printf(out, " step %lld", (long long)l->step);
    if (l->label)
      scc_buf_printf(out, " label(%s)", l->label);
    if (l->omp)
      scc_buf_printf(out, " omp(%s%s)", l->omp->construct,
                     l->omp->unchecked ? ", unchecked" : "");
    else if (l->attrs & IR_LOOP_PARALLEL)
      scc_buf_puts(out, " parallel");
    if (l->attrs & IR_LOOP_UNROLL_HINT)
      scc_buf_puts(out, " unroll");
    if (l->attrs & IR_LOOP_VECTORIZED)
      scc_buf_printf(out, " vectorized(%d)", l->vwidth);
    if (l->library)
      scc_buf_printf(out, " library(%s)", l->library);
    for (int w = 0; w < 2; w++) {
      const scc_vec *pv = w ? &l->prefetchw : &l->prefetch;
      for (int i = 0; i < pv->len; i++) {
        scc_buf_puts(out, i ? ", " : w ? " prefetchw(" : " prefetch(");
        ir_expr_text(out, pv->items[i], P_TOP);
        if (i + 1 == pv->len)
          scc_buf_puts(out, ")");
      }
    }
    scc_buf_puts(out, " {\n");
    print_block(out, ctx, &l->body, indent + 2);
    pad(out, indent);
    scc_buf_puts(out, "}\n");
    break;
  }
  case IR_NODE_IF:
    pad(out, indent);
    scc_buf_puts(out, "if ");
    ir_expr_text(out, n->u.ifs.cond, P_TOP);
    scc_buf_puts(out, " {\n");
    print_block(out, ctx, &n->u.ifs.then_body, indent + 2);
    if (!ir_block_empty(&n->u.ifs.else_body)) {
      pad(out, indent);
      scc_buf_puts(out, "} else {\n");
      print_block(out, ctx, &n->u.ifs.else_body, indent + 2);
    }
    pad(out, indent);
    scc_buf_puts(out, "}\n");
    break;
  case IR_NODE_ASSIGN:
    print_assign(out, ctx, n, indent);
    break;
  case IR_NODE_DECL:
    pad(out, indent);
    scc_buf_printf(out, "decl %s%s",
                   n->u.decl.var->is_volatile ? "volatile " : "",
                   ir_type_name(n->u.decl.var->type));
    if (n->u.decl.var->lanes > 1)
      scc_buf_printf(out, "<%d>", n->u.decl.var->lanes);
    scc_buf_printf(out, " %s", n->u.decl.var->name);
    if (n->u.decl.init) {
      scc_buf_puts(out, " = ");
      ir_expr_text(out, n->u.decl.init, P_ASSIGN);
    }
    scc_buf_puts(out, "\n");
    break;
  }
}

/* ---- kernels and modules ------------------------------------------------ */

static const char *basename_of(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static void put_vars(scc_buf *out, const ir_kernel *k, const char *what,
                     ir_var_kind kind) {
  scc_buf_printf(out, "  %s:", what);
  bool any = false;
  for (int i = 0; i < k->vars.len; i++) {
    const ir_var *v = k->vars.items[i];
    if (v->kind != kind)
      continue;
    scc_buf_printf(out, "%s %s", any ? "," : "", ir_type_name(v->type));
    if (v->lanes > 1)
      scc_buf_printf(out, "<%d>", v->lanes);
    scc_buf_printf(out, " %s", v->name);
    if (kind == IR_VAR_IV && v->declared_outside)
      scc_buf_puts(out, " [outside]");
    any = true;
  }
  scc_buf_puts(out, any ? "\n" : " (none)\n");
}

void ir_print_kernel(scc_buf *out, scc_ctx *ctx, const ir_kernel *k) {
  static const char *const forms[] = {"function", "loop", "scop"};
  scc_buf_printf(out, "kernel %s (%s)", k->name,
                 (unsigned)k->form < 3 ? forms[k->form] : "?");
  if (k->loc.file)
    scc_buf_printf(out, " at %s:%d:%d", basename_of(k->loc.file), k->loc.line,
                   k->loc.col);
  scc_buf_puts(out, "\n  arrays:");
  for (int i = 0; i < k->arrays.len; i++) {
    const ir_array *a = k->arrays.items[i];
    scc_buf_printf(out, "%s %s ", i ? "," : "", ir_type_name(a->elem));
    if (a->is_pointer) {
      scc_buf_printf(out, "*%s", a->name);
      continue;
    }
    scc_buf_puts(out, a->name);
    for (int d = 0; d < a->rank; d++) {
      scc_buf_puts(out, "[");
      if (a->dims && a->dims[d])
        ir_expr_text(out, a->dims[d], P_TOP);
      scc_buf_puts(out, "]");
    }
  }
  scc_buf_puts(out, k->arrays.len ? "\n" : " (none)\n");
  put_vars(out, k, "params", IR_VAR_PARAM);
  put_vars(out, k, "locals", IR_VAR_LOCAL);
  put_vars(out, k, "ivs", IR_VAR_IV);
  if (k->isa != IR_ISA_DEFAULT)
    scc_buf_printf(out, "  isa: %s\n", ir_isa_name(k->isa));
  print_block(out, ctx, &k->body, 2);
}

void ir_print_module(scc_buf *out, scc_ctx *ctx, const ir_module *m) {
  for (int i = 0; i < m->kernels.len; i++) {
    if (i)
      scc_buf_puts(out, "\n");
    ir_print_kernel(out, ctx, m->kernels.items[i]);
  }
}
