/* ir_affine.c — affine forms, integer simplification and indexing maps.
 *
 * The work horse is a linear combination over "atoms": c0 + sum k_i * a_i,
 * where an atom is a variable read or an integer subexpression that is not
 * linear (min, max, floordiv, a product of two variables, an array read...).
 * Variables come first, sorted by var->id; other atoms follow in the order
 * they were met, compared structurally.  ir_affine is the special case with
 * variables only.  Arithmetic is done in int64_t with overflow checks: an
 * expression whose folding would overflow is left as written.
 *
 * Only integer expressions are ever rewritten.  Floating-point expressions
 * are returned unchanged (reassociating them would change results).
 */
#include "ir.h"

#include <string.h>

/* ---- integer types ------------------------------------------------------ */

static int int_rank(ir_type t) {
  switch (t) {
  case IR_TY_BOOL:
    return 1;
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
  case IR_TY_UCHAR:
    return 2;
  case IR_TY_SHORT:
  case IR_TY_USHORT:
    return 3;
  case IR_TY_INT:
  case IR_TY_UINT:
    return 4;
  case IR_TY_LONG:
  case IR_TY_ULONG:
    return 5;
  case IR_TY_LLONG:
  case IR_TY_ULLONG:
    return 6;
  default:
    return 0;
  }
}

static bool int_signed(ir_type t) {
  return ir_type_is_integer(t) && !ir_type_is_unsigned(t) && t != IR_TY_CHAR;
}

static int int_bytes(ir_type t) {
  switch (int_rank(t)) {
  case 1:
  case 2:
    return 1;
  case 3:
    return 2;
  case 4:
    return 4;
  default:
    return 8;
  }
}

static ir_type to_unsigned(ir_type t) {
  switch (t) {
  case IR_TY_INT:
    return IR_TY_UINT;
  case IR_TY_LONG:
    return IR_TY_ULONG;
  case IR_TY_LLONG:
    return IR_TY_ULLONG;
  default:
    return t;
  }
}

/* The type of a binary integer operation after the usual arithmetic
 * conversions (LP64): both operands promoted to at least int, then the
 * wider rank wins; a signed type that cannot hold the other's unsigned
 * values becomes unsigned. */
static ir_type wider(ir_type a, ir_type b) {
  if (int_rank(a) < 4)
    a = IR_TY_INT;
  if (int_rank(b) < 4)
    b = IR_TY_INT;
  if (a == b)
    return a;
  int ra = int_rank(a), rb = int_rank(b);
  if (ra == rb)
    return ir_type_is_unsigned(a) ? a : b;
  ir_type hi = ra > rb ? a : b, lo = ra > rb ? b : a;
  if (!ir_type_is_unsigned(hi) && ir_type_is_unsigned(lo) &&
      int_bytes(hi) == int_bytes(lo))
    return to_unsigned(hi);
  return hi;
}

/* An integer literal of a given integer type (ir_int's type when t cannot
 * hold it as written). */
static ir_expr *int_of(scc_ctx *ctx, int64_t v, ir_type t) {
  ir_expr *e = ir_int(ctx, v);
  if (ir_type_is_integer(t) && int_rank(t) > int_rank(e->type))
    e->type = t;
  return e;
}

/* ---- structural equality ------------------------------------------------ */

/* ---- linear combinations over atoms ------------------------------------- */

typedef struct lin {
  int64_t c;
  int n, cap;
  ir_expr **atom; /* IR_EXPR_VAR first (by var id), then other atoms */
  int64_t *coef;
  bool overflow;
} lin;

static bool is_var_atom(const ir_expr *e) { return e->kind == IR_EXPR_VAR; }

static void lin_add_const(lin *l, int64_t k) {
  if (__builtin_add_overflow(l->c, k, &l->c))
    l->overflow = true;
}

static void lin_add_term(scc_ctx *ctx, lin *l, ir_expr *atom, int64_t k) {
  if (k == 0)
    return;
  for (int i = 0; i < l->n; i++) {
    if (!ir_expr_equal(l->atom[i], atom))
      continue;
    if (__builtin_add_overflow(l->coef[i], k, &l->coef[i]))
      l->overflow = true;
    if (l->coef[i] == 0) {
      memmove(&l->atom[i], &l->atom[i + 1],
              sizeof(ir_expr *) * (size_t)(l->n - i - 1));
      memmove(&l->coef[i], &l->coef[i + 1],
              sizeof(int64_t) * (size_t)(l->n - i - 1));
      l->n--;
    }
    return;
  }
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 4;
    ir_expr **na = scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)cap);
    int64_t *nc = scc_arena_alloc(ctx->arena, sizeof(int64_t) * (size_t)cap);
    if (l->n) {
      memcpy(na, l->atom, sizeof(ir_expr *) * (size_t)l->n);
      memcpy(nc, l->coef, sizeof(int64_t) * (size_t)l->n);
    }
    l->atom = na;
    l->coef = nc;
    l->cap = cap;
  }
  int pos = l->n;
  if (is_var_atom(atom)) {
    pos = 0;
    while (pos < l->n && is_var_atom(l->atom[pos]) &&
           l->atom[pos]->u.var->id < atom->u.var->id)
      pos++;
  }
  memmove(&l->atom[pos + 1], &l->atom[pos],
          sizeof(ir_expr *) * (size_t)(l->n - pos));
  memmove(&l->coef[pos + 1], &l->coef[pos],
          sizeof(int64_t) * (size_t)(l->n - pos));
  l->atom[pos] = atom;
  l->coef[pos] = k;
  l->n++;
}

/* l += k * m */
static void lin_add_scaled(scc_ctx *ctx, lin *l, const lin *m, int64_t k) {
  int64_t t;
  if (m->overflow)
    l->overflow = true;
  if (__builtin_mul_overflow(m->c, k, &t))
    l->overflow = true;
  else
    lin_add_const(l, t);
  for (int i = 0; i < m->n; i++) {
    if (__builtin_mul_overflow(m->coef[i], k, &t))
      l->overflow = true;
    else
      lin_add_term(ctx, l, m->atom[i], t);
  }
}

static ir_expr *simplify(scc_ctx *ctx, ir_expr *e);
static ir_expr *simplify_node(scc_ctx *ctx, ir_expr *e);

/* Whether a cast keeps every value of the affine world: signed to a signed
 * type at least as wide. */
static bool cast_is_exact(const ir_expr *e) {
  ir_type from = e->u.cast.a->type, to = e->u.cast.to;
  return int_signed(from) && int_signed(to) && int_rank(to) >= 4 &&
         int_bytes(to) >= int_bytes(from);
}

/* What to_lin does with a non-linear subexpression. */
typedef enum {
  LIN_SIMPLIFY, /* simplify it, then take it as an atom */
  LIN_STRICT,   /* fail (ir_expr_to_affine) */
  LIN_ATOMS     /* take it as an atom as it is: e was simplified already
                   (simplifying again would redo every nested min and max:
                   time and memory exponential in their depth, as in the
                   alias check's max(max(max(...))) of many accesses) */
} lin_mode;

/* Builds the linear form of an integer expression, non-linear parts
 * handled as `strict` says.  Returns false on failure or overflow. */
static bool to_lin(scc_ctx *ctx, const ir_expr *e, lin *l, int64_t scale,
                   lin_mode strict) {
  if (!ir_type_is_integer(e->type))
    return false;
  switch (e->kind) {
  case IR_EXPR_INT: {
    int64_t t;
    if (__builtin_mul_overflow(e->u.ival, scale, &t))
      return false;
    lin_add_const(l, t);
    return !l->overflow;
  }
  case IR_EXPR_VAR:
    lin_add_term(ctx, l, (ir_expr *)e, scale);
    return !l->overflow;
  case IR_EXPR_UNARY:
    if (e->u.un.op == IR_OP_NEG) {
      if (scale == INT64_MIN)
        return false;
      return to_lin(ctx, e->u.un.a, l, -scale, strict);
    }
    break;
  case IR_EXPR_CAST:
    if (cast_is_exact(e))
      return to_lin(ctx, e->u.cast.a, l, scale, strict);
    break;
  case IR_EXPR_BINARY: {
    const ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
    if (!ir_type_is_integer(a->type) || !ir_type_is_integer(b->type))
      break;
    switch (e->u.bin.op) {
    case IR_OP_ADD:
      return to_lin(ctx, a, l, scale, strict) &&
             to_lin(ctx, b, l, scale, strict);
    case IR_OP_SUB:
      if (scale == INT64_MIN)
        return false;
      return to_lin(ctx, a, l, scale, strict) &&
             to_lin(ctx, b, l, -scale, strict);
    case IR_OP_MUL: {
      lin la = {0}, lb = {0};
      if (!to_lin(ctx, a, &la, 1, strict) || !to_lin(ctx, b, &lb, 1, strict))
        return false;
      int64_t k;
      if (la.n == 0 && !__builtin_mul_overflow(la.c, scale, &k)) {
        lin_add_scaled(ctx, l, &lb, k);
        return !l->overflow;
      }
      if (lb.n == 0 && !__builtin_mul_overflow(lb.c, scale, &k)) {
        lin_add_scaled(ctx, l, &la, k);
        return !l->overflow;
      }
      break;
    }
    default:
      break;
    }
    break;
  }
  default:
    break;
  }
  if (strict == LIN_STRICT)
    return false;
  /* A non-linear integer subexpression: simplify it; it may fold. */
  ir_expr *s =
      strict == LIN_ATOMS ? (ir_expr *)e : simplify_node(ctx, (ir_expr *)e);
  if (s->kind == IR_EXPR_INT) {
    int64_t t;
    if (__builtin_mul_overflow(s->u.ival, scale, &t))
      return false;
    lin_add_const(l, t);
  } else {
    lin_add_term(ctx, l, s, scale);
  }
  return !l->overflow;
}

/* The expression of a linear form: terms in order, then the constant
 * ("2 * i + j - 1"), except that a first positive term goes before leading
 * negative ones ("n - i"); a leading negative term is written -x or
 * -k * x ("-i + 5"). */
static ir_expr *lin_to_expr(scc_ctx *ctx, const lin *l, ir_type t) {
  ir_expr *acc = NULL;
  /* Readability: when the first term is negative, start with the first
   * positive one ("min(k_t + 8, n) - k_t" rather than "-k_t + min(...)"). */
  int first = 0;
  if (l->n && l->coef[0] < 0)
    for (int i = 1; i < l->n; i++)
      if (l->coef[i] > 0) {
        first = i;
        break;
      }
  for (int q = 0; q < l->n; q++) {
    int i = q == 0 ? first : (q <= first ? q - 1 : q);
    ir_expr *x = l->atom[i];
    int64_t k = l->coef[i];
    if (!acc) {
      if (k == 1)
        acc = x;
      else if (k == -1)
        acc = ir_unary(ctx, IR_OP_NEG, x, t);
      else
        acc = ir_binary(ctx, IR_OP_MUL, int_of(ctx, k, t), x, t);
      continue;
    }
    ir_op op = k < 0 ? IR_OP_SUB : IR_OP_ADD;
    uint64_t mag = k < 0 ? (uint64_t)0 - (uint64_t)k : (uint64_t)k;
    ir_expr *term = x;
    if (mag != 1) {
      if (mag > INT64_MAX) /* k == INT64_MIN */
        op = IR_OP_ADD,
        term = ir_binary(ctx, IR_OP_MUL, int_of(ctx, k, t), x, t);
      else
        term = ir_binary(ctx, IR_OP_MUL, int_of(ctx, (int64_t)mag, t), x, t);
    }
    acc = ir_binary(ctx, op, acc, term, t);
  }
  if (!acc)
    return int_of(ctx, l->c, t);
  if (l->c > 0)
    acc = ir_binary(ctx, IR_OP_ADD, acc, int_of(ctx, l->c, t), t);
  else if (l->c < 0 && l->c != INT64_MIN)
    acc = ir_binary(ctx, IR_OP_SUB, acc, int_of(ctx, -l->c, t), t);
  else if (l->c < 0)
    acc = ir_binary(ctx, IR_OP_ADD, acc, int_of(ctx, l->c, t), t);
  return acc;
}

/* ---- constant folding --------------------------------------------------- */

static int64_t floordiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static int64_t ceildiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    q++;
  return q;
}

/* Whether v is representable in integer type t. */
static bool fits(int64_t v, ir_type t) {
  int bytes = int_bytes(t);
  if (t == IR_TY_BOOL)
    return v == 0 || v == 1;
  if (ir_type_is_unsigned(t))
    return v >= 0 && (bytes == 8 || v < ((int64_t)1 << (8 * bytes)));
  if (bytes == 8)
    return true;
  int64_t lim = (int64_t)1 << (8 * bytes - 1);
  return v >= -lim && v < lim;
}

/* Folds a binary integer operation on constants; false when the result
 * is not defined or not representable in the type t. */
static bool fold_binary(ir_op op, int64_t a, int64_t b, ir_type t,
                        int64_t *out) {
  int64_t r;
  switch (op) {
  case IR_OP_ADD:
    if (__builtin_add_overflow(a, b, &r))
      return false;
    break;
  case IR_OP_SUB:
    if (__builtin_sub_overflow(a, b, &r))
      return false;
    break;
  case IR_OP_MUL:
    if (__builtin_mul_overflow(a, b, &r))
      return false;
    break;
  case IR_OP_DIV:
  case IR_OP_MOD:
    if (b == 0 || (a == INT64_MIN && b == -1) || !int_signed(t))
      return false;
    r = op == IR_OP_DIV ? a / b : a % b;
    break;
  case IR_OP_FLOORDIV:
    if (b <= 0)
      return false;
    r = floordiv64(a, b);
    break;
  case IR_OP_CEILDIV:
    if (b <= 0)
      return false;
    r = ceildiv64(a, b);
    break;
  case IR_OP_MIN:
    r = a < b ? a : b;
    break;
  case IR_OP_MAX:
    r = a > b ? a : b;
    break;
  case IR_OP_LT:
    r = a < b;
    break;
  case IR_OP_LE:
    r = a <= b;
    break;
  case IR_OP_GT:
    r = a > b;
    break;
  case IR_OP_GE:
    r = a >= b;
    break;
  case IR_OP_EQ:
    r = a == b;
    break;
  case IR_OP_NE:
    r = a != b;
    break;
  case IR_OP_LAND:
    r = a && b;
    break;
  case IR_OP_LOR:
    r = a || b;
    break;
  default:
    return false;
  }
  /* Comparisons of unsigned operands differ from the int64 ones for
   * "negative" values; only fold when both are representable. */
  if (!fits(r, t))
    return false;
  *out = r;
  return true;
}

/* Evaluates a constant integer expression without allocating. */
static bool const_eval(const ir_expr *e, int64_t *v) {
  if (!ir_type_is_integer(e->type))
    return false;
  switch (e->kind) {
  case IR_EXPR_INT:
    *v = e->u.ival;
    return true;
  case IR_EXPR_UNARY: {
    int64_t a;
    if (!const_eval(e->u.un.a, &a))
      return false;
    if (e->u.un.op == IR_OP_NEG && a != INT64_MIN && fits(-a, e->type)) {
      *v = -a;
      return true;
    }
    if (e->u.un.op == IR_OP_NOT) {
      *v = !a;
      return true;
    }
    return false;
  }
  case IR_EXPR_CAST: {
    int64_t a;
    if (!const_eval(e->u.cast.a, &a) || !fits(a, e->u.cast.to))
      return false;
    *v = a;
    return true;
  }
  case IR_EXPR_BINARY: {
    int64_t a, b;
    if (!ir_type_is_integer(e->u.bin.a->type) ||
        !ir_type_is_integer(e->u.bin.b->type))
      return false;
    if (!const_eval(e->u.bin.a, &a) || !const_eval(e->u.bin.b, &b))
      return false;
    if (!fits(a, e->u.bin.a->type) || !fits(b, e->u.bin.b->type))
      return false;
    /* C compares a negative int with an unsigned operand after converting
     * it to unsigned: leave such comparisons alone. */
    if ((a < 0 || b < 0) &&
        ir_type_is_unsigned(wider(e->u.bin.a->type, e->u.bin.b->type)))
      return false;
    return fold_binary(e->u.bin.op, a, b, e->type, v);
  }
  default:
    return false;
  }
}

/* ---- simplification ----------------------------------------------------- */

/* Simplifies an integer expression through its linear form. */
static ir_expr *simplify_lin(scc_ctx *ctx, ir_expr *e) {
  lin l = {0};
  if (!to_lin(ctx, e, &l, 1, LIN_SIMPLIFY))
    return NULL;
  return lin_to_expr(ctx, &l, e->type);
}

/* a - b when it is a constant (compared through linear forms); a and b
 * are simplified. */
static bool const_difference(scc_ctx *ctx, ir_expr *a, ir_expr *b, int64_t *d) {
  lin l = {0};
  if (!to_lin(ctx, a, &l, 1, LIN_ATOMS) || !to_lin(ctx, b, &l, -1, LIN_ATOMS))
    return false;
  if (l.n != 0 || l.overflow)
    return false;
  *d = l.c;
  return true;
}

static ir_expr *simplify_child(scc_ctx *ctx, ir_expr *e) {
  if (!e || !ir_type_is_integer(e->type))
    return e;
  return simplify(ctx, e);
}

/* Simplifies the node itself (not through linear forms): min/max, divisions,
 * comparisons, selects, casts, calls and accesses with simplified
 * operands. */
static ir_expr *simplify_node(scc_ctx *ctx, ir_expr *e) {
  int64_t v;
  if (const_eval(e, &v))
    return int_of(ctx, v, e->type);
  switch (e->kind) {
  case IR_EXPR_BINARY: {
    ir_op op = e->u.bin.op;
    ir_expr *a = simplify_child(ctx, e->u.bin.a);
    ir_expr *b = simplify_child(ctx, e->u.bin.b);
    int64_t ca, cb, d;
    bool ka = const_eval(a, &ca), kb = const_eval(b, &cb);
    if (ka && kb && fits(ca, a->type) && fits(cb, b->type) &&
        !((ca < 0 || cb < 0) && ir_type_is_unsigned(wider(a->type, b->type))) &&
        fold_binary(op, ca, cb, e->type, &v))
      return int_of(ctx, v, e->type);
    if (op == IR_OP_MIN || op == IR_OP_MAX) {
      if (ir_expr_equal(a, b))
        return a;
      if (const_difference(ctx, a, b, &d)) {
        bool a_smaller = d <= 0;
        return (op == IR_OP_MIN) == a_smaller ? a : b;
      }
      /* min(x, min(x, y)) = min(x, y) */
      if (b->kind == IR_EXPR_BINARY && b->u.bin.op == op &&
          (ir_expr_equal(a, b->u.bin.a) || ir_expr_equal(a, b->u.bin.b)))
        return b;
      if (a->kind == IR_EXPR_BINARY && a->u.bin.op == op &&
          (ir_expr_equal(b, a->u.bin.a) || ir_expr_equal(b, a->u.bin.b)))
        return a;
    }
    if ((op == IR_OP_FLOORDIV || op == IR_OP_CEILDIV) && kb && cb > 0) {
      if (cb == 1)
        return a;
      /* (k*X + c) div k = X + (c div k) when k divides every coefficient */
      lin l = {0};
      if (to_lin(ctx, a, &l, 1, LIN_ATOMS)) {
        bool divisible = true;
        for (int i = 0; i < l.n; i++)
          divisible = divisible && l.coef[i] % cb == 0;
        if (divisible && l.n > 0) {
          for (int i = 0; i < l.n; i++)
            l.coef[i] /= cb;
          l.c = op == IR_OP_FLOORDIV ? floordiv64(l.c, cb) : ceildiv64(l.c, cb);
          return lin_to_expr(ctx, &l, e->type);
        }
      }
    }
    if (a == e->u.bin.a && b == e->u.bin.b)
      return e;
    return ir_binary(ctx, op, a, b, e->type);
  }
  case IR_EXPR_UNARY: {
    ir_expr *a = simplify_child(ctx, e->u.un.a);
    return a == e->u.un.a ? e : ir_unary(ctx, e->u.un.op, a, e->type);
  }
  case IR_EXPR_SELECT: {
    ir_expr *c = simplify_child(ctx, e->u.sel.cond);
    ir_expr *a = simplify_child(ctx, e->u.sel.a);
    ir_expr *b = simplify_child(ctx, e->u.sel.b);
    int64_t cv;
    if (const_eval(c, &cv)) {
      ir_expr *pick = cv ? a : b;
      if (pick->type == e->type)
        return pick;
    }
    if (c == e->u.sel.cond && a == e->u.sel.a && b == e->u.sel.b)
      return e;
    return ir_select(ctx, c, a, b, e->type);
  }
  case IR_EXPR_CAST: {
    ir_expr *a = simplify_child(ctx, e->u.cast.a);
    return a == e->u.cast.a ? e : ir_cast(ctx, e->u.cast.to, a);
  }
  case IR_EXPR_ACCESS: {
    int n = e->u.access.n;
    bool changed = false;
    ir_expr **idx =
        scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
      idx[i] = simplify_child(ctx, e->u.access.idx[i]);
      changed = changed || idx[i] != e->u.access.idx[i];
    }
    ir_expr *mask = e->u.access.mask;
    if (mask) {
      mask = simplify_child(ctx, mask);
      changed = changed || mask != e->u.access.mask;
    }
    if (!changed)
      return e;
    ir_expr *r = ir_access(ctx, e->u.access.array, n, idx);
    r->lanes = e->lanes;
    r->loc = e->loc;
    r->u.access.mask = mask;
    return r;
  }
  case IR_EXPR_CALL: {
    int n = e->u.call.n;
    bool changed = false;
    ir_expr **args =
        scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
      args[i] = simplify_child(ctx, e->u.call.args[i]);
      changed = changed || args[i] != e->u.call.args[i];
    }
    if (!changed)
      return e;
    ir_expr *r = ir_call(ctx, e->u.call.fn, n, args, e->type);
    r->lanes = e->lanes;
    r->loc = e->loc;
    return r;
  }
  default:
    return e;
  }
}

static bool is_linear_op(const ir_expr *e) {
  if (e->kind == IR_EXPR_UNARY)
    return e->u.un.op == IR_OP_NEG;
  if (e->kind == IR_EXPR_CAST)
    return cast_is_exact(e);
  if (e->kind != IR_EXPR_BINARY)
    return false;
  if (!ir_type_is_integer(e->u.bin.a->type) ||
      !ir_type_is_integer(e->u.bin.b->type))
    return false;
  return e->u.bin.op == IR_OP_ADD || e->u.bin.op == IR_OP_SUB ||
         e->u.bin.op == IR_OP_MUL;
}

static ir_expr *simplify(scc_ctx *ctx, ir_expr *e) {
  if (!e || !ir_type_is_integer(e->type))
    return e;
  if (e->kind == IR_EXPR_INT || e->kind == IR_EXPR_VAR)
    return e;
  if (is_linear_op(e)) {
    ir_expr *s = simplify_lin(ctx, e);
    if (s)
      return s;
  }
  return simplify_node(ctx, e);
}

ir_expr *ir_simplify(scc_ctx *ctx, ir_expr *e) { return simplify(ctx, e); }

/* ---- affine forms ------------------------------------------------------- */

bool ir_expr_to_affine(scc_ctx *ctx, const ir_expr *e, ir_affine *out) {
  lin l = {0};
  if (!to_lin(ctx, e, &l, 1, LIN_STRICT) || l.overflow)
    return false;
  out->constant = l.c;
  out->nterms = l.n;
  out->vars = scc_arena_alloc(ctx->arena, sizeof(ir_var *) * (size_t)(l.n + 1));
  out->coefs = scc_arena_alloc(ctx->arena, sizeof(int64_t) * (size_t)(l.n + 1));
  for (int i = 0; i < l.n; i++) {
    out->vars[i] = l.atom[i]->u.var;
    out->coefs[i] = l.coef[i];
  }
  return true;
}

ir_expr *ir_affine_to_expr(scc_ctx *ctx, const ir_affine *a, ir_type t) {
  lin l = {0};
  l.c = a->constant;
  for (int i = 0; i < a->nterms; i++)
    lin_add_term(ctx, &l, ir_var_ref(ctx, a->vars[i]), a->coefs[i]);
  return lin_to_expr(ctx, &l, t);
}

bool ir_affine_coef(scc_ctx *ctx, const ir_expr *e, const ir_var *v,
                    int64_t *coef) {
  ir_affine a;
  if (!ir_expr_to_affine(ctx, e, &a))
    return false;
  *coef = 0;
  for (int i = 0; i < a.nterms; i++)
    if (a.vars[i] == v)
      *coef = a.coefs[i];
  return true;
}

bool ir_expr_const_value(scc_ctx *ctx, const ir_expr *e, int64_t *v) {
  if (!e || !ir_type_is_integer(e->type))
    return false;
  if (const_eval(e, v))
    return true;
  ir_expr *s = simplify(ctx, (ir_expr *)e);
  if (s->kind != IR_EXPR_INT)
    return false;
  *v = s->u.ival;
  return true;
}

bool ir_access_affine(scc_ctx *ctx, const ir_expr *access, ir_affine *subs) {
  if (access->kind != IR_EXPR_ACCESS)
    return false;
  for (int i = 0; i < access->u.access.n; i++)
    if (!ir_expr_to_affine(ctx, access->u.access.idx[i], &subs[i]))
      return false;
  return true;
}

/* ---- builders ----------------------------------------------------------- */

static ir_expr *build(scc_ctx *ctx, ir_op op, ir_expr *a, ir_expr *b) {
  ir_type t = wider(a->type, b->type);
  return simplify(ctx, ir_binary(ctx, op, a, b, t));
}

ir_expr *ir_add(scc_ctx *ctx, ir_expr *a, ir_expr *b) {
  return build(ctx, IR_OP_ADD, a, b);
}

ir_expr *ir_sub(scc_ctx *ctx, ir_expr *a, ir_expr *b) {
  return build(ctx, IR_OP_SUB, a, b);
}

ir_expr *ir_mul_const(scc_ctx *ctx, ir_expr *a, int64_t c) {
  return build(ctx, IR_OP_MUL, a, ir_int(ctx, c));
}

ir_expr *ir_add_const(scc_ctx *ctx, ir_expr *a, int64_t c) {
  return build(ctx, IR_OP_ADD, a, ir_int(ctx, c));
}

ir_expr *ir_min(scc_ctx *ctx, ir_expr *a, ir_expr *b) {
  return build(ctx, IR_OP_MIN, a, b);
}

ir_expr *ir_max(scc_ctx *ctx, ir_expr *a, ir_expr *b) {
  return build(ctx, IR_OP_MAX, a, b);
}

ir_expr *ir_floordiv(scc_ctx *ctx, ir_expr *a, int64_t c) {
  return build(ctx, IR_OP_FLOORDIV, a, ir_int(ctx, c));
}

ir_expr *ir_ceildiv(scc_ctx *ctx, ir_expr *a, int64_t c) {
  return build(ctx, IR_OP_CEILDIV, a, ir_int(ctx, c));
}

/* True when every value of e is a multiple of m: e is built from multiples
 * of m with +, -, unary minus, min, max, and products by a constant (a
 * multiple of m, or of anything times a multiple of m). */
static bool multiple_of(const ir_expr *e, int64_t m) {
  switch (e->kind) {
  case IR_EXPR_INT:
    return e->u.ival % m == 0;
  case IR_EXPR_UNARY:
    return e->u.un.op == IR_OP_NEG && multiple_of(e->u.un.a, m);
  case IR_EXPR_BINARY: {
    const ir_expr *a = e->u.bin.a, *b = e->u.bin.b;
    switch (e->u.bin.op) {
    case IR_OP_ADD:
    case IR_OP_SUB:
    case IR_OP_MIN:
    case IR_OP_MAX:
      return multiple_of(a, m) && multiple_of(b, m);
    case IR_OP_MUL:
      return (b->kind == IR_EXPR_INT && b->u.ival % m == 0) ||
             (a->kind == IR_EXPR_INT && a->u.ival % m == 0) ||
             ((a->kind == IR_EXPR_INT || b->kind == IR_EXPR_INT) &&
              (multiple_of(a, m) || multiple_of(b, m)));
    default:
      return false;
    }
  }
  default:
    return false;
  }
}

bool ir_expr_multiple_of(scc_ctx *ctx, const ir_expr *e, int64_t m) {
  if (m == 0 || !(e->type == IR_TY_INT || e->type == IR_TY_LONG ||
                  e->type == IR_TY_LLONG))
    return false; /* unsigned bounds wrap */
  if (m < 0)
    m = -m;
  return m == 1 || multiple_of(ir_simplify(ctx, (ir_expr *)e), m);
}

bool ir_loop_const_trip_count(scc_ctx *ctx, const ir_node *loop, int64_t *n) {
  if (loop->kind != IR_NODE_LOOP || loop->u.loop.step == 0 ||
      loop->u.loop.step == INT64_MIN)
    return false;
  const ir_loop *l = &loop->u.loop;
  int64_t lb, ub, s = l->step, d;
  if (ir_expr_const_value(ctx, l->lb, &lb) &&
      ir_expr_const_value(ctx, l->ub, &ub)) {
    if (s > 0 ? __builtin_sub_overflow(ub, lb, &d)
              : __builtin_sub_overflow(lb, ub, &d))
      return false;
  } else {
    /* Symbolic bounds a constant apart: i_t .. i_t + 14. */
    ir_expr *diff =
        s > 0 ? ir_sub(ctx, l->ub, l->lb) : ir_sub(ctx, l->lb, l->ub);
    if (!ir_expr_const_value(ctx, ir_simplify(ctx, diff), &d))
      return false;
  }
  if (s < 0)
    s = -s;
  *n = d <= 0 ? 0 : ceildiv64(d, s);
  return true;
}
