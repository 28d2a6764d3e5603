/* sched_param.c — tunable parameters: their domains, -D values, the
 * constraints between them, and the ops that use them:
 *
 *   %t1 = param.tunable "t1" range [1, 196] {divides = 196, default = 28}
 *   %kc = param.tunable "kc" range [64, 1024] {step = 64}
 *   %v  = param.tunable "vect" choice [0, 1]
 *   param.constraint "t3 % 16 == 0 || vect == 0"
 *   param.assert %v
 *
 * A domain is a range [lo, hi] (every step-th value from lo, optionally
 * only the divisors of D) or a list of choices.  The value of a parameter
 * is the -D value (schedcc -D t1=28) or its default ({default = V}, else
 * the smallest value of a range's domain, the first choice).  A default
 * may be a string, an expression over the machine model's fields and
 * numbers (`{default = "(vector_registers - 3) / 2"}`: the register tile
 * that fills the target's registers), evaluated for the target CPU when
 * the values are bound, so that the starting point follows the CPU as the
 * constraints do; it must land in the domain.  Constraints
 * are C expressions over parameter names (integers, + - * / %, comparisons,
 * && || !, parentheses; / and % truncate like C) that must be nonzero; a
 * name that no parameter has and the machine model does (vector_registers,
 * l2_bytes: param.target's fields) reads the model of the target CPU, so a
 * register budget can follow the CPU (`mr * vecs + vecs + 1 <=
 * vector_registers`).
 * Everything is checked before any payload is touched (sched_params_bind);
 * `param.assert %p` fails silenceably when %p is 0 (the MLIR Transform
 * dialect paper's Figure 10, `assert vect`), so an alternatives region can
 * say "only when this choice is on".  The spelling and the JSON of
 * --emit=params are a contract with schedcc-tune (docs/tuning.md).
 *
 * Source: the tuning parameters of Lücke et al., "The MLIR Transform
 * Dialect", CGO 2025, §4.5, Figures 10 and 11.
 */
#include "../machine/mach.h"
#include "sched_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- data ---------------------------------------------------------------- */

typedef struct cexpr {
  int op; /* 'n' number, 'v' parameter, 's' slot of the sequence, 'k' a
             name of the kernel (loop.specialize), 't' a field of the
             machine model (constraints), 'u' unary minus, '!', or
             a binary
             operator: + - * / % < > 'l' (<=) 'g' (>=) 'e' (==) 'N' (!=)
             '&' (&&) '|' (||) */
  int64_t num;
  int param;
  const char *name; /* 'k', 's', 't' */
  scc_loc loc;      /* 'k', 's': of the name */
  struct cexpr *a, *b;
  int depth; /* 1 for a leaf, else 1 + the deeper operand's */
} cexpr;

typedef struct param_decl {
  const char *name;
  const sched_stmt *stmt;
  scc_loc loc; /* of the name string */
  bool choice;
  int64_t lo, hi, step, divides;
  /* choice: the choices; range with divides: the divisors in the domain
   * (sorted); else NULL (an arithmetic range). */
  int nvals;
  int64_t *vals;
  int64_t def;
  scc_loc def_loc;
  const char *def_text; /* {default = "expr"}: its text and tree, else NULL */
  struct cexpr *def_expr;
  int64_t value;
  bool given; /* by -D */
} param_decl;

typedef struct param_constraint {
  const char *text;
  scc_loc loc;
  cexpr *e;
  int nused;
  int *used; /* parameters it reads, in order of first use */
  int ntarget;
  const char **target; /* fields of the machine model it reads, likewise */
} param_constraint;

struct sched_params {
  scc_vec decls;       /* param_decl * */
  scc_vec constraints; /* param_constraint * */
  scc_vec tfields;     /* const char *: the machine model's fields that
                          constraints read, each once, in order of use */
};

static param_decl *decl_at(const sched_params *ps, int i) {
  return ps->decls.items[i];
}

static int find_param(const sched_params *ps, const char *name) {
  for (int i = 0; i < ps->decls.len; i++)
    if (strcmp(decl_at(ps, i)->name, name) == 0)
      return i;
  return -1;
}

/* The declared parameter closest to `name` (sched_closest_name), or NULL. */
static const char *closest_param(const sched_params *ps, const char *name) {
  int n = ps->decls.len;
  const char **names = malloc(sizeof *names * (size_t)(n > 0 ? n : 1));
  if (!names)
    return NULL;
  for (int i = 0; i < n; i++)
    names[i] = decl_at(ps, i)->name;
  const char *best = sched_closest_name(name, names, n);
  free(names);
  return best;
}

/* ---- domains ------------------------------------------------------------- */

static bool in_domain(const param_decl *p, int64_t v) {
  if (p->vals) {
    for (int i = 0; i < p->nvals; i++)
      if (p->vals[i] == v)
        return true;
    return false;
  }
  return v >= p->lo && v <= p->hi && (v - p->lo) % p->step == 0;
}

static int cmp_i64(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return (a > b) - (a < b);
}

/* The domain as text: "range [1, 196] {divides = 196}", "choice [0, 1]". */
static const char *domain_text(scc_ctx *ctx, const param_decl *p) {
  scc_buf b = {0};
  if (p->choice) {
    scc_buf_puts(&b, "choice [");
    for (int i = 0; i < p->nvals; i++)
      scc_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)p->vals[i]);
    scc_buf_puts(&b, "]");
  } else {
    scc_buf_printf(&b, "range [%lld, %lld]", (long long)p->lo,
                   (long long)p->hi);
    if (p->step != 1 || p->divides)
      scc_buf_puts(&b, " {");
    if (p->step != 1)
      scc_buf_printf(&b, "step = %lld", (long long)p->step);
    if (p->divides)
      scc_buf_printf(&b, "%sdivides = %lld", p->step != 1 ? ", " : "",
                     (long long)p->divides);
    if (p->step != 1 || p->divides)
      scc_buf_puts(&b, "}");
    if (p->vals && p->nvals > 0) {
      scc_buf_puts(&b, ": ");
      for (int i = 0; i < p->nvals; i++)
        scc_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)p->vals[i]);
    }
  }
  char *t = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

static const sched_attr *attr(const sched_stmt *s, const char *key) {
  for (int i = 0; i < s->nattrs; i++)
    if (strcmp(s->attrs[i].key, key) == 0)
      return &s->attrs[i];
  return NULL;
}

/* Builds the declaration of a checked param.tunable; false after
 * reporting an empty domain or a default outside it. */
static bool make_decl(scc_ctx *ctx, const sched_stmt *s, param_decl *p) {
  const sched_item *list = s->ops[2];
  p->name = s->ops[0]->text;
  p->loc = s->ops[0]->loc;
  p->stmt = s;
  p->choice = strcmp(s->ops[1]->text, "choice") == 0;
  p->step = 1;
  if (p->choice) {
    p->nvals = list->n;
    p->vals = scc_arena_alloc(ctx->arena, sizeof *p->vals * (size_t)list->n);
    for (int i = 0; i < list->n; i++) {
      p->vals[i] = list->elems[i].ival;
      for (int j = 0; j < i; j++)
        if (p->vals[j] == p->vals[i]) {
          scc_error(ctx, list->elems[i].loc,
                    "value %lld appears twice in the choices of parameter "
                    "'%s'",
                    (long long)p->vals[i], p->name);
          return false;
        }
    }
  } else {
    p->lo = list->elems[0].ival;
    p->hi = list->elems[1].ival;
    const sched_attr *st = attr(s, "step"), *dv = attr(s, "divides");
    if (st)
      p->step = st->value.ival;
    if (dv)
      p->divides = dv->value.ival;
    if (p->lo > p->hi) {
      scc_error(ctx, list->loc,
                "empty range [%lld, %lld] for parameter '%s': the low end "
                "comes first",
                (long long)p->lo, (long long)p->hi, p->name);
      return false;
    }
    if (p->step < 1) {
      scc_error(ctx, st->value.loc,
                "{step = %lld} of parameter '%s' must be at least 1",
                (long long)p->step, p->name);
      return false;
    }
    if (dv && p->divides <= 0) {
      scc_error(ctx, dv->value.loc,
                "{divides = %lld} of parameter '%s' must be positive",
                (long long)p->divides, p->name);
      return false;
    }
    if (dv) {
      scc_vec v = {0};
      for (int64_t d = 1; d <= p->divides / d; d++)
        if (p->divides % d == 0) {
          int64_t pair[2] = {d, p->divides / d};
          for (int k = 0; k < (pair[0] == pair[1] ? 1 : 2); k++)
            if (pair[k] >= p->lo && pair[k] <= p->hi &&
                (pair[k] - p->lo) % p->step == 0) {
              int64_t *x = scc_arena_alloc(ctx->arena, sizeof *x);
              *x = pair[k];
              scc_vec_push(ctx->arena, &v, x);
            }
        }
      p->nvals = v.len;
      p->vals =
          scc_arena_alloc(ctx->arena, sizeof *p->vals * (size_t)(v.len + 1));
      for (int i = 0; i < v.len; i++)
        p->vals[i] = *(int64_t *)v.items[i];
      qsort(p->vals, (size_t)p->nvals, sizeof *p->vals, cmp_i64);
      if (p->nvals == 0) {
        scc_error(ctx, dv->value.loc,
                  "parameter '%s' has an empty domain: no divisor of %lld in "
                  "%s",
                  p->name, (long long)p->divides, domain_text(ctx, p));
        return false;
      }
    }
  }
  const sched_attr *d = attr(s, "default");
  p->def = p->vals ? p->vals[0] : p->lo;
  p->def_loc = p->loc;
  if (d && d->value.kind == SCHED_I_STRING) {
    /* an expression of the machine model: parsed by collect_decls,
     * evaluated and checked against the domain by sched_params_bind */
    p->def_text = d->value.text;
    p->def_loc = d->value.loc;
  } else if (d) {
    p->def = d->value.ival;
    p->def_loc = d->value.loc;
    if (!in_domain(p, p->def)) {
      scc_error(ctx, d->value.loc,
                "default %lld of parameter '%s' is outside its domain %s",
                (long long)p->def, p->name, domain_text(ctx, p));
      return false;
    }
  }
  p->value = p->def;
  return true;
}

/* ---- constraint expressions ---------------------------------------------- */

/* How deep an expression may nest: parentheses, unary operators and
 * chains of binary operators (each a level of the tree that evaluating it
 * recurses through), as clang's -fbracket-depth bounds its parser. */
enum { SCHED_EXPR_DEPTH_MAX = 1000 };

typedef struct eparser {
  scc_ctx *ctx;
  const sched_params *ps;
  const char *text, *p;
  scc_loc loc; /* of the string literal */
  bool ok;
  scc_vec used; /* int * */
  /* sched_expr_parse: %names resolve to slots of the sequence */
  int (*resolve)(void *data, const char *name, scc_loc at);
  void *rdata;
  bool names;    /* sched_cond_parse: bare names are the kernel's ('k') */
  int rec;       /* open parentheses and unary operators being parsed */
  scc_vec tused; /* const char *: machine model fields a constraint reads */
  bool deflt;    /* a param.tunable's {default = "expr"}: no parameters */
} eparser;

static void eskip(eparser *e) {
  while (*e->p == ' ' || *e->p == '\t' || *e->p == '\n')
    e->p++;
}

static scc_loc eloc(const eparser *e) {
  scc_loc l = e->loc;
  l.col += 1 + (int)(e->p - e->text);
  return l;
}

static void eerror(eparser *e, const char *what) {
  if (!e->ok)
    return;
  const char *kind = e->resolve ? "expression"
                     : e->deflt ? "default"
                                : "constraint";
  const char *at =
      *e->p ? scc_arena_printf(e->ctx->arena, "'%.12s'", e->p)
            : scc_arena_printf(e->ctx->arena, "the end of the %s", kind);
  scc_error(e->ctx, eloc(e), "%s: expected %s, got %s", kind, what, at);
  e->ok = false;
}

/* False (once reported) when the expression nests deeper than the limit. */
static bool edepth_ok(eparser *e, int depth) {
  if (depth <= SCHED_EXPR_DEPTH_MAX)
    return true;
  if (e->ok) {
    const char *kind = e->resolve ? "expression" : "constraint";
    scc_error(e->ctx, eloc(e),
              "%s: nested more than %d levels deep (parentheses, unary "
              "operators or a chain of binary operators); split it into "
              "several param.expr",
              kind, SCHED_EXPR_DEPTH_MAX);
    e->ok = false;
  }
  return false;
}

static cexpr *enode(eparser *e, int op, cexpr *a, cexpr *b) {
  cexpr *x = scc_arena_alloc(e->ctx->arena, sizeof *x);
  x->op = op;
  x->a = a;
  x->b = b;
  int da = a ? a->depth : 0, db = b ? b->depth : 0;
  x->depth = 1 + (da > db ? da : db);
  if (!edepth_ok(e, x->depth)) { /* keep the tree shallow for eval */
    x->a = x->b = NULL;
    x->op = 'n';
    x->depth = 1;
  }
  return x;
}

/* e parsed by f one level deeper (an operand of a unary operator, a
 * parenthesized expression), or a leaf once too deep. */
static cexpr *edeeper(eparser *e, cexpr *(*f)(eparser *)) {
  if (!edepth_ok(e, e->rec + 1))
    return enode(e, 'n', NULL, NULL);
  e->rec++;
  cexpr *x = f(e);
  e->rec--;
  return x;
}

static bool eaccept(eparser *e, const char *tok) {
  eskip(e);
  size_t n = strlen(tok);
  if (strncmp(e->p, tok, n) != 0)
    return false;
  /* '<' must not eat the start of "<=", '!' of "!=", ... */
  if (n == 1 && strchr("<>!=", tok[0]) && e->p[1] == '=')
    return false;
  if (n == 1 && (tok[0] == '&' || tok[0] == '|'))
    return false;
  e->p += n;
  return true;
}

static cexpr *eor(eparser *e);

static cexpr *eprimary(eparser *e) {
  eskip(e);
  if (*e->p == '%' && e->resolve) {
    const char *start = ++e->p;
    while (*e->p == '_' || (*e->p >= 'a' && *e->p <= 'z') ||
           (*e->p >= 'A' && *e->p <= 'Z') || (*e->p >= '0' && *e->p <= '9'))
      e->p++;
    scc_loc l = e->loc;
    l.col += (int)(start - e->text);
    if (e->p == start) {
      eerror(e, "a name after '%'");
      return enode(e, 'n', NULL, NULL);
    }
    int slot = e->resolve(
        e->rdata,
        scc_arena_strndup(e->ctx->arena, start, (size_t)(e->p - start)), l);
    if (slot < 0) {
      e->ok = false;
      return enode(e, 'n', NULL, NULL);
    }
    cexpr *x = enode(e, 's', NULL, NULL);
    x->param = slot;
    x->name = scc_arena_strndup(e->ctx->arena, start, (size_t)(e->p - start));
    x->loc = l;
    return x;
  }
  if (*e->p >= '0' && *e->p <= '9') {
    char *end;
    cexpr *x = enode(e, 'n', NULL, NULL);
    x->num = strtoll(e->p, &end, 10);
    e->p = end;
    return x;
  }
  if (e->names && (*e->p == '_' || (*e->p >= 'a' && *e->p <= 'z') ||
                   (*e->p >= 'A' && *e->p <= 'Z'))) {
    const char *start = e->p;
    while (*e->p == '_' || (*e->p >= 'a' && *e->p <= 'z') ||
           (*e->p >= 'A' && *e->p <= 'Z') || (*e->p >= '0' && *e->p <= '9'))
      e->p++;
    cexpr *x = enode(e, 'k', NULL, NULL);
    x->name = scc_arena_strndup(e->ctx->arena, start, (size_t)(e->p - start));
    x->loc = e->loc;
    x->loc.col += 1 + (int)(start - e->text);
    return x;
  }
  if (!e->resolve && (*e->p == '_' || (*e->p >= 'a' && *e->p <= 'z') ||
                      (*e->p >= 'A' && *e->p <= 'Z'))) {
    const char *start = e->p;
    while (*e->p == '_' || (*e->p >= 'a' && *e->p <= 'z') ||
           (*e->p >= 'A' && *e->p <= 'Z') || (*e->p >= '0' && *e->p <= '9'))
      e->p++;
    const char *name =
        scc_arena_strndup(e->ctx->arena, start, (size_t)(e->p - start));
    int i = find_param(e->ps, name);
    int64_t tv;
    if (i < 0 && mach_get(&(mach_model){0}, name, &tv)) {
      /* a field of the machine model: read when the values are bound */
      cexpr *x = enode(e, 't', NULL, NULL);
      x->name = name;
      bool seen = false;
      for (int k = 0; k < e->tused.len; k++)
        seen |= strcmp(e->tused.items[k], name) == 0;
      if (!seen)
        scc_vec_push(e->ctx->arena, &e->tused, (void *)name);
      return x;
    }
    if (i < 0) {
      if (e->ok && e->deflt) {
        scc_loc l = e->loc;
        l.col += 1 + (int)(start - e->text);
        scc_error(e->ctx, l,
                  "default: unknown name '%s' (a default reads numbers and "
                  "the fields of the machine model, not other parameters: "
                  "%s)",
                  name, mach_key_names());
      } else if (e->ok) {
        const char *hint = closest_param(e->ps, name);
        scc_loc l = e->loc;
        l.col += 1 + (int)(start - e->text);
        if (hint)
          scc_error(e->ctx, l,
                    "constraint: unknown parameter '%s'; did you mean '%s'?",
                    name, hint);
        else
          scc_error(e->ctx, l,
                    "constraint: unknown parameter '%s' (declare it with "
                    "param.tunable \"%s\" ..., or name a field of the "
                    "machine model: %s)",
                    name, name, mach_key_names());
      }
      e->ok = false;
      return enode(e, 'n', NULL, NULL);
    }
    cexpr *x = enode(e, 'v', NULL, NULL);
    x->param = i;
    bool seen = false;
    for (int k = 0; k < e->used.len; k++)
      seen |= *(int *)e->used.items[k] == i;
    if (!seen) {
      int *pi = scc_arena_alloc(e->ctx->arena, sizeof *pi);
      *pi = i;
      scc_vec_push(e->ctx->arena, &e->used, pi);
    }
    return x;
  }
  if (eaccept(e, "(")) {
    cexpr *x = edeeper(e, eor);
    if (!eaccept(e, ")"))
      eerror(e, "')'");
    return x;
  }
  eerror(e, e->names     ? "a number, a name of the kernel, a parameter "
                           "'%name' or '('"
            : e->resolve ? "a number, a parameter '%name' or '('"
                         : "a number, a parameter name or '('");
  return enode(e, 'n', NULL, NULL);
}

static cexpr *eunary(eparser *e) {
  if (eaccept(e, "-"))
    return enode(e, 'u', edeeper(e, eunary), NULL);
  if (eaccept(e, "+"))
    return edeeper(e, eunary);
  if (eaccept(e, "!"))
    return enode(e, '!', edeeper(e, eunary), NULL);
  return eprimary(e);
}

static cexpr *emul(eparser *e) {
  cexpr *x = eunary(e);
  for (;;) {
    if (eaccept(e, "*"))
      x = enode(e, '*', x, eunary(e));
    else if (eaccept(e, "/"))
      x = enode(e, '/', x, eunary(e));
    else if (eaccept(e, "%"))
      x = enode(e, '%', x, eunary(e));
    else
      return x;
  }
}

static cexpr *eadd(eparser *e) {
  cexpr *x = emul(e);
  for (;;) {
    if (eaccept(e, "+"))
      x = enode(e, '+', x, emul(e));
    else if (eaccept(e, "-"))
      x = enode(e, '-', x, emul(e));
    else
      return x;
  }
}

static cexpr *erel(eparser *e) {
  cexpr *x = eadd(e);
  for (;;) {
    if (eaccept(e, "<="))
      x = enode(e, 'l', x, eadd(e));
    else if (eaccept(e, ">="))
      x = enode(e, 'g', x, eadd(e));
    else if (eaccept(e, "<"))
      x = enode(e, '<', x, eadd(e));
    else if (eaccept(e, ">"))
      x = enode(e, '>', x, eadd(e));
    else
      return x;
  }
}

static cexpr *eeq(eparser *e) {
  cexpr *x = erel(e);
  for (;;) {
    if (eaccept(e, "=="))
      x = enode(e, 'e', x, erel(e));
    else if (eaccept(e, "!="))
      x = enode(e, 'N', x, erel(e));
    else
      return x;
  }
}

static cexpr *eand(eparser *e) {
  cexpr *x = eeq(e);
  while (eaccept(e, "&&"))
    x = enode(e, '&', x, eeq(e));
  return x;
}

static cexpr *eor(eparser *e) {
  cexpr *x = eand(e);
  while (eaccept(e, "||"))
    x = enode(e, '|', x, eand(e));
  return x;
}

/* sched_expr_eval: the values of the running sequence's slots. */
static _Thread_local const sched_value *eval_env;
/* sched_params_bind: the machine model that 't' nodes read. */
static _Thread_local const mach_model *eval_machine;

/* Evaluates x; *why is set (and 0 returned) on division by zero or
 * overflow. */
static int64_t eval(const cexpr *x, const sched_params *ps, const char **why) {
  if (*why)
    return 0;
  int64_t a, b, r;
  switch (x->op) {
  case 'n':
    return x->num;
  case 's':
    return eval_env ? eval_env[x->param].ival : 0;
  case 'k': /* a kernel's name: only in conditions, never evaluated here */
    *why = "a name of the kernel";
    return 0;
  case 'v':
    return decl_at(ps, x->param)->value;
  case 't': {
    int64_t v = 0;
    if (!mach_get(eval_machine ? eval_machine : mach_host(), x->name, &v))
      *why = "an unknown field of the machine model";
    return v;
  }
  case 'u':
    a = eval(x->a, ps, why);
    if (__builtin_sub_overflow((int64_t)0, a, &r))
      *why = "overflow";
    return r;
  case '!':
    return !eval(x->a, ps, why);
  case '&':
    return eval(x->a, ps, why) && eval(x->b, ps, why);
  case '|':
    return eval(x->a, ps, why) || eval(x->b, ps, why);
  }
  a = eval(x->a, ps, why);
  b = eval(x->b, ps, why);
  switch (x->op) {
  case '+':
    if (__builtin_add_overflow(a, b, &r))
      *why = "overflow";
    return r;
  case '-':
    if (__builtin_sub_overflow(a, b, &r))
      *why = "overflow";
    return r;
  case '*':
    if (__builtin_mul_overflow(a, b, &r))
      *why = "overflow";
    return r;
  case '/':
  case '%':
    if (b == 0 || (a == INT64_MIN && b == -1)) {
      *why = b == 0 ? "division by zero" : "overflow";
      return 0;
    }
    return x->op == '/' ? a / b : a % b;
  case '<':
    return a < b;
  case '>':
    return a > b;
  case 'l':
    return a <= b;
  case 'g':
    return a >= b;
  case 'e':
    return a == b;
  case 'N':
    return a != b;
  }
  return 0;
}

/* ---- collecting ---------------------------------------------------------- */

static void collect_decls(scc_ctx *ctx, sched_params *ps, const scc_vec *stmts,
                          bool *ok) {
  for (int i = 0; i < stmts->len; i++) {
    const sched_stmt *s = stmts->items[i];
    for (int r = 0; r < s->nregions; r++)
      collect_decls(ctx, ps, &s->regions[r], ok);
    if (s->op != SCHED_OP_PARAM_TUNABLE || s->nops < 3)
      continue;
    param_decl *p = scc_arena_alloc(ctx->arena, sizeof *p);
    if (!make_decl(ctx, s, p)) {
      *ok = false;
      continue;
    }
    if (p->def_text) {
      /* no parameters in scope: a default reads the machine model only */
      static const sched_params none = {{0}, {0}, {0}};
      eparser e = {.ctx = ctx,
                   .ps = &none,
                   .text = p->def_text,
                   .p = p->def_text,
                   .loc = p->def_loc,
                   .ok = true,
                   .deflt = true};
      p->def_expr = eor(&e);
      eskip(&e);
      if (e.ok && *e.p)
        eerror(&e, "an operator or the end of the default");
      if (!e.ok) {
        *ok = false;
        continue;
      }
    }
    int old = find_param(ps, p->name);
    if (old >= 0) {
      scc_error(ctx, p->loc, "parameter '%s' is declared twice", p->name);
      scc_note(ctx, decl_at(ps, old)->loc, "previous declaration is here");
      *ok = false;
      continue;
    }
    scc_vec_push(ctx->arena, &ps->decls, p);
  }
}

static void collect_constraints(scc_ctx *ctx, sched_params *ps,
                                const scc_vec *stmts, bool *ok) {
  for (int i = 0; i < stmts->len; i++) {
    const sched_stmt *s = stmts->items[i];
    for (int r = 0; r < s->nregions; r++)
      collect_constraints(ctx, ps, &s->regions[r], ok);
    if (s->op != SCHED_OP_PARAM_CONSTRAINT || s->nops < 1)
      continue;
    eparser e = {ctx,
                 ps,
                 s->ops[0]->text,
                 s->ops[0]->text,
                 s->ops[0]->loc,
                 true,
                 {0},
                 NULL,
                 NULL,
                 false,
                 0,
                 {0},
                 false};
    cexpr *x = eor(&e);
    eskip(&e);
    if (e.ok && *e.p)
      eerror(&e, "an operator or the end of the constraint");
    if (!e.ok) {
      *ok = false;
      continue;
    }
    param_constraint *c = scc_arena_alloc(ctx->arena, sizeof *c);
    c->text = s->ops[0]->text;
    c->loc = s->ops[0]->loc;
    c->e = x;
    c->nused = e.used.len;
    c->used =
        scc_arena_alloc(ctx->arena, sizeof *c->used * (size_t)(e.used.len + 1));
    for (int k = 0; k < e.used.len; k++)
      c->used[k] = *(int *)e.used.items[k];
    c->ntarget = e.tused.len;
    c->target = scc_arena_alloc(ctx->arena,
                                sizeof *c->target * (size_t)(e.tused.len + 1));
    for (int k = 0; k < e.tused.len; k++)
      c->target[k] = e.tused.items[k];
    for (int k = 0; k < e.tused.len; k++) {
      bool seen = false;
      for (int j = 0; j < ps->tfields.len && !seen; j++)
        seen = strcmp(ps->tfields.items[j], e.tused.items[k]) == 0;
      if (!seen)
        scc_vec_push(ctx->arena, &ps->tfields, e.tused.items[k]);
    }
    scc_vec_push(ctx->arena, &ps->constraints, c);
  }
}

bool sched_params_collect(scc_ctx *ctx, sched_program *p) {
  sched_params *ps = scc_arena_alloc(ctx->arena, sizeof *ps);
  p->params = ps;
  bool ok = true;
  for (int i = 0; i < p->seqs.len; i++)
    collect_decls(ctx, ps, &((sched_seq *)p->seqs.items[i])->stmts, &ok);
  if (!ok)
    return false;
  for (int i = 0; i < p->seqs.len; i++)
    collect_constraints(ctx, ps, &((sched_seq *)p->seqs.items[i])->stmts, &ok);
  return ok;
}

/* ---- binding values ------------------------------------------------------ */

/* "t3 = 20 (-D), vect = 1 (default)" for the parameters c reads, then
 * "vector_registers = 16 (the machine model of znver2)" for the machine
 * model's fields. */
static const char *used_values(scc_ctx *ctx, const sched_params *ps,
                               const param_constraint *c) {
  scc_buf b = {0};
  for (int k = 0; k < c->nused; k++) {
    const param_decl *p = decl_at(ps, c->used[k]);
    scc_buf_printf(&b, "%s%s = %lld (%s)", k ? ", " : "", p->name,
                   (long long)p->value, p->given ? "-D" : "default");
  }
  const mach_model *m = ctx->machine ? ctx->machine : mach_host();
  for (int k = 0; k < c->ntarget; k++) {
    int64_t v = 0;
    mach_get(m, c->target[k], &v);
    scc_buf_printf(&b, "%s%s = %lld (the machine model of %s)",
                   c->nused || k ? ", " : "", c->target[k], (long long)v,
                   m->name);
  }
  char *t = scc_arena_strndup(ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

bool sched_params_bind(scc_ctx *ctx, sched_program *p,
                       const sched_options *opts) {
  sched_params *ps = p->params;
  if (!ps) {
    ps = p->params = scc_arena_alloc(ctx->arena, sizeof *ps);
  }
  bool ok = true;
  eval_machine = ctx->machine;
  for (int i = 0; i < ps->decls.len; i++) {
    decl_at(ps, i)->value = decl_at(ps, i)->def;
    decl_at(ps, i)->given = false;
  }
  scc_loc file = {p->file, 0, 0};
  for (int d = 0; opts && d < opts->ndefines; d++) {
    const char *name = opts->define_names[d];
    int64_t v = opts->define_values[d];
    int i = find_param(ps, name);
    if (i < 0) {
      if (ps->decls.len == 0) {
        scc_error(ctx, file,
                  "-D %s=%lld: the schedule declares no tunable parameters "
                  "(declare one with '%%%s = param.tunable \"%s\" range [lo, "
                  "hi]'; compile flags for the C file go after '--': schedcc "
                  "k.c -s k.sched -- -D%s=%lld)",
                  name, (long long)v, name, name, name, (long long)v);
      } else {
        const char *hint = closest_param(ps, name);
        scc_buf names = {0};
        for (int k = 0; k < ps->decls.len; k++)
          scc_buf_printf(&names, "%s'%s'", k ? ", " : "", decl_at(ps, k)->name);
        if (hint)
          scc_error(ctx, file,
                    "-D %s=%lld: the schedule declares no parameter '%s'; did "
                    "you mean '%s'?",
                    name, (long long)v, name, hint);
        else
          scc_error(ctx, file,
                    "-D %s=%lld: the schedule declares no parameter '%s' (its "
                    "parameters: %s)",
                    name, (long long)v, name, names.data);
        if (hint)
          scc_note(ctx, decl_at(ps, find_param(ps, hint))->loc,
                   "parameter '%s' is declared here", hint);
        scc_buf_free(&names);
      }
      ok = false;
      continue;
    }
    param_decl *pd = decl_at(ps, i);
    if (!in_domain(pd, v)) {
      scc_error(ctx, pd->loc,
                "-D %s=%lld is outside the domain of parameter '%s': %s", name,
                (long long)v, name, domain_text(ctx, pd));
      ok = false;
      continue;
    }
    pd->value = v;
    pd->given = true;
  }
  /* expression defaults, for the target's machine model; one that -D
   * overrides is not held against the run (its default stays the value
   * it had, which JSON shows) */
  const mach_model *m = ctx->machine ? ctx->machine : mach_host();
  for (int i = 0; i < ps->decls.len; i++) {
    param_decl *pd = decl_at(ps, i);
    if (!pd->def_expr)
      continue;
    const char *why = NULL;
    int64_t v = eval(pd->def_expr, ps, &why);
    if (!why && in_domain(pd, v)) {
      pd->def = v;
      if (!pd->given)
        pd->value = v;
    } else if (pd->given) {
      continue;
    } else if (why) {
      scc_error(ctx, pd->def_loc,
                "default \"%s\" of parameter '%s' cannot be evaluated (%s) "
                "for the machine model of %s",
                pd->def_text, pd->name, why, m->name);
      ok = false;
    } else {
      scc_error(ctx, pd->def_loc,
                "default \"%s\" of parameter '%s' is %lld for the machine "
                "model of %s, outside its domain %s",
                pd->def_text, pd->name, (long long)v, m->name,
                domain_text(ctx, pd));
      ok = false;
    }
  }
  if (!ok)
    return false;
  for (int i = 0; i < ps->constraints.len; i++) {
    const param_constraint *c = ps->constraints.items[i];
    const char *why = NULL;
    int64_t v = eval(c->e, ps, &why);
    if (why) {
      scc_error(ctx, c->loc,
                "constraint \"%s\" cannot be evaluated (%s) with %s", c->text,
                why, used_values(ctx, ps, c));
      ok = false;
    } else if (!v) {
      scc_error(ctx, c->loc,
                "parameter values violate the constraint \"%s\": %s", c->text,
                used_values(ctx, ps, c));
      ok = false;
    }
  }
  return ok;
}

int64_t sched_params_value(const sched_program *p, const char *name) {
  if (!p->params)
    return 0;
  int i = find_param(p->params, name);
  return i < 0 ? 0 : decl_at(p->params, i)->value;
}

bool sched_params_declares(const sched_program *p, const char *name) {
  return p->params && find_param(p->params, name) >= 0;
}

/* ---- --emit=params ---------------------------------------------------------
 */

static void json_str(scc_buf *b, const char *s) {
  scc_buf_puts(b, "\"");
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      scc_buf_printf(b, "\\%c", c);
    else if (c < 0x20)
      scc_buf_printf(b, "\\u%04x", c);
    else
      scc_buf_putn(b, (const char *)&c, 1);
  }
  scc_buf_puts(b, "\"");
}

static void json_loc(scc_buf *b, scc_loc l) {
  scc_buf_puts(b, "\"file\": ");
  json_str(b, l.file);
  scc_buf_printf(b, ", \"line\": %d, \"col\": %d", l.line, l.col);
}

bool sched_params_json(scc_ctx *ctx, sched_program *p,
                       const sched_options *opts, scc_buf *out) {
  if (!sched_params_bind(ctx, p, opts))
    return false;
  const sched_params *ps = p->params;
  scc_buf_puts(out, "{\n  \"schedule\": ");
  json_str(out, p->file);
  scc_buf_puts(out, ",\n  \"parameters\": [");
  for (int i = 0; i < ps->decls.len; i++) {
    const param_decl *d = decl_at(ps, i);
    scc_buf_puts(out, i ? ",\n    {" : "\n    {");
    scc_buf_puts(out, "\"name\": ");
    json_str(out, d->name);
    scc_buf_printf(out, ", \"domain\": \"%s\"", d->choice ? "choice" : "range");
    if (!d->choice) {
      scc_buf_printf(out, ", \"low\": %lld, \"high\": %lld, \"step\": %lld",
                     (long long)d->lo, (long long)d->hi, (long long)d->step);
      if (d->divides)
        scc_buf_printf(out, ", \"divides\": %lld", (long long)d->divides);
    }
    if (d->vals) {
      scc_buf_puts(out, ", \"values\": [");
      for (int k = 0; k < d->nvals; k++)
        scc_buf_printf(out, "%s%lld", k ? ", " : "", (long long)d->vals[k]);
      scc_buf_puts(out, "]");
    }
    scc_buf_printf(out, ", \"default\": %lld, ", (long long)d->def);
    if (d->def_text) { /* the expression the default was evaluated from */
      scc_buf_puts(out, "\"default_expr\": ");
      json_str(out, d->def_text);
      scc_buf_puts(out, ", ");
    }
    scc_buf_printf(out, "\"value\": %lld, \"given\": %s, ", (long long)d->value,
                   d->given ? "true" : "false");
    json_loc(out, d->stmt->loc);
    scc_buf_puts(out, "}");
  }
  scc_buf_puts(out, ps->decls.len ? "\n  ],\n" : "],\n");
  scc_buf_puts(out, "  \"constraints\": [");
  for (int i = 0; i < ps->constraints.len; i++) {
    const param_constraint *c = ps->constraints.items[i];
    scc_buf_puts(out, i ? ",\n    {" : "\n    {");
    scc_buf_puts(out, "\"expr\": ");
    json_str(out, c->text);
    scc_buf_puts(out, ", \"params\": [");
    for (int k = 0; k < c->nused; k++) {
      scc_buf_puts(out, k ? ", " : "");
      json_str(out, decl_at(ps, c->used[k])->name);
    }
    scc_buf_puts(out, "], ");
    if (c->ntarget) {
      scc_buf_puts(out, "\"target\": [");
      for (int k = 0; k < c->ntarget; k++) {
        scc_buf_puts(out, k ? ", " : "");
        json_str(out, c->target[k]);
      }
      scc_buf_puts(out, "], ");
    }
    json_loc(out, c->loc);
    scc_buf_puts(out, "}");
  }
  /* the machine model's fields that constraints read, with their values
   * for the target CPU (schedcc-tune evaluates the constraints itself);
   * absent when no constraint reads one */
  const mach_model *m = ctx->machine ? ctx->machine : mach_host();
  bool any = ps->tfields.len > 0;
  if (any) {
    scc_buf_puts(out, ps->constraints.len ? "\n  ],\n" : "],\n");
    scc_buf_puts(out, "  \"target\": {\"cpu\": ");
    json_str(out, m->name);
  }
  for (int k = 0; k < ps->tfields.len; k++) {
    int64_t v = 0;
    mach_get(m, ps->tfields.items[k], &v);
    scc_buf_puts(out, ", ");
    json_str(out, ps->tfields.items[k]);
    scc_buf_printf(out, ": %lld", (long long)v);
  }
  if (any)
    scc_buf_puts(out, "}\n}\n");
  else
    scc_buf_puts(out, ps->constraints.len ? "\n  ]\n}\n" : "]\n}\n");
  return true;
}

/* ---- expressions over a sequence's parameters ---------------------------- */

struct sched_expr {
  const char *text;
  cexpr *e;
  int nslots;
  int *slots; /* the slots it reads, in order of first use */
};

static void expr_slots(const cexpr *x, scc_vec *out, scc_arena *a) {
  if (!x)
    return;
  if (x->op == 's') {
    for (int i = 0; i < out->len; i++)
      if (*(int *)out->items[i] == x->param)
        return;
    int *p = scc_arena_alloc(a, sizeof *p);
    *p = x->param;
    scc_vec_push(a, out, p);
  }
  expr_slots(x->a, out, a);
  expr_slots(x->b, out, a);
}

static sched_expr *parse(scc_ctx *ctx, const char *text, scc_loc loc,
                         int (*resolve)(void *data, const char *name,
                                        scc_loc at),
                         void *data, bool names);

sched_expr *sched_expr_parse(scc_ctx *ctx, const char *text, scc_loc loc,
                             int (*resolve)(void *data, const char *name,
                                            scc_loc at),
                             void *data) {
  return parse(ctx, text, loc, resolve, data, false);
}

sched_expr *sched_cond_parse(scc_ctx *ctx, const char *text, scc_loc loc,
                             int (*resolve)(void *data, const char *name,
                                            scc_loc at),
                             void *data) {
  return parse(ctx, text, loc, resolve, data, true);
}

static sched_expr *parse(scc_ctx *ctx, const char *text, scc_loc loc,
                         int (*resolve)(void *data, const char *name,
                                        scc_loc at),
                         void *data, bool names) {
  eparser e = {ctx,     NULL, text,  text, loc, true, {0},
               resolve, data, names, 0,    {0}, false};
  cexpr *x = eor(&e);
  eskip(&e);
  if (e.ok && *e.p)
    eerror(&e, "an operator or the end of the expression");
  if (!e.ok)
    return NULL;
  sched_expr *r = scc_arena_alloc(ctx->arena, sizeof *r);
  r->text = text;
  r->e = x;
  scc_vec used = {0};
  expr_slots(x, &used, ctx->arena);
  r->nslots = used.len;
  r->slots = scc_arena_alloc(ctx->arena, sizeof *r->slots * (used.len + 1));
  for (int i = 0; i < used.len; i++)
    r->slots[i] = *(int *)used.items[i];
  return r;
}

bool sched_expr_eval(const sched_expr *e, const sched_value *env, int64_t *out,
                     const char **why) {
  *why = NULL;
  eval_env = env;
  *out = eval(e->e, NULL, why);
  eval_env = NULL;
  return *why == NULL;
}

const char *sched_expr_values(scc_ctx *ctx, const sched_expr *e,
                              const sched_value *env) {
  scc_buf b = {0};
  for (int i = 0; i < e->nslots; i++) {
    const sched_value *v = &env[e->slots[i]];
    scc_buf_printf(&b, "%s%s = %lld", i ? ", " : "", v->name ? v->name : "?",
                   (long long)v->ival);
  }
  const char *s = scc_arena_strdup(ctx->arena, b.len ? b.data : "");
  scc_buf_free(&b);
  return s;
}

/* ---- the ops ---------------------------------------------------------------
 */

bool sched_op_param_tunable(sched_run *r, const sched_stmt *s) {
  int64_t v = sched_params_value(r->prog, s->ops[0]->text);
  if (s->nslots_out > 0)
    sched_bind(r, s, 0)->ival = v;
  sched_remark_applied(r, s, "'%s' = %lld", s->ops[0]->text, (long long)v);
  return true;
}

/* Constraints are checked before the run (sched_params_bind). */
bool sched_op_param_constraint(sched_run *r, const sched_stmt *s) {
  sched_remark_applied(r, s, "\"%s\" holds for the values of this run",
                       s->ops[0]->text);
  return true;
}

bool sched_op_param_assert(sched_run *r, const sched_stmt *s) {
  const sched_item *it = s->ops[0];
  if (s->expr) { /* param.assert "%rows * %vecs + %vecs + 1 <= 32" */
    int64_t v;
    const char *why;
    const char *vals = sched_expr_values(r->ctx, s->expr, r->env);
    if (!sched_expr_eval(s->expr, r->env, &v, &why)) {
      scc_error(r->ctx, it->loc, "param.assert: \"%s\": %s (%s)", it->text, why,
                vals);
      return false;
    }
    if (v != 0) {
      sched_remark_applied(r, s, "\"%s\" holds (%s)", it->text, vals);
      return true;
    }
    scc_fail(r->ctx, (scc_loc){0}, "\"%s\" does not hold (%s)", it->text, vals);
    return sched_silenceable(r, s);
  }
  int64_t v = sched_get_num(r, it);
  if (v != 0) {
    sched_remark_applied(r, s, "'%s' is %lld: holds",
                         it->kind == SCHED_I_REF && r->env[it->slot].name
                             ? r->env[it->slot].name
                             : it->text,
                         (long long)v);
    return true;
  }
  if (it->kind == SCHED_I_REF)
    scc_fail(r->ctx, (scc_loc){0}, "parameter '%s' is 0",
             r->env[it->slot].name ? r->env[it->slot].name : it->text);
  else
    scc_fail(r->ctx, (scc_loc){0}, "the value is 0");
  return sched_silenceable(r, s);
}

/* ---- conditions on the kernel's parameters (loop.specialize) ------------ */

typedef struct to_ir {
  scc_ctx *ctx;
  const sched_value *env;
  ir_kernel *k;
  const char *why;
  scc_loc where;
} to_ir;

/* Whether e reads only the kernel's parameters (and constants). */
static bool params_only(const ir_expr *e, const char **var) {
  switch (e->kind) {
  case IR_EXPR_INT:
    return true;
  case IR_EXPR_VAR:
    *var = e->u.var->name;
    return e->u.var->kind == IR_VAR_PARAM;
  case IR_EXPR_UNARY:
    return params_only(e->u.un.a, var);
  case IR_EXPR_CAST:
    return params_only(e->u.cast.a, var);
  case IR_EXPR_BINARY:
    return params_only(e->u.bin.a, var) && params_only(e->u.bin.b, var);
  case IR_EXPR_SELECT:
    return params_only(e->u.sel.cond, var) && params_only(e->u.sel.a, var) &&
           params_only(e->u.sel.b, var);
  default:
    *var = NULL;
    return false;
  }
}

/* The trip count of the one loop handle v holds, in long:
 * max(0, ceildiv(ub - lb, s)) for a step s > 0 (lb - ub and -s for
 * s < 0), its bounds widened first so that an empty loop's distance
 * cannot overflow.  Its bounds must read only the kernel's parameters:
 * the condition is evaluated once, before the loop it versions. */
static ir_expr *trip_ir(to_ir *t, const sched_value *v, const cexpr *x) {
  const ir_node *l = v->n == 1 && !v->killer ? v->items[0] : NULL;
  if (!l || l->kind != IR_NODE_LOOP) {
    t->why = scc_arena_printf(
        t->ctx->arena,
        "'%%%s' %s: a handle in a condition stands for the trip count of "
        "the one loop it holds",
        x->name,
        v->killer   ? "was consumed by an earlier op"
        : v->n != 1 ? scc_arena_printf(t->ctx->arena, "holds %d payloads", v->n)
                    : "holds no loop");
    t->where = x->loc;
    return NULL;
  }
  const ir_loop *lp = &l->u.loop;
  const char *var = NULL;
  if (!params_only(lp->lb, &var) || !params_only(lp->ub, &var)) {
    t->why = scc_arena_printf(
        t->ctx->arena,
        "the trip count of loop '%s' ('%%%s') reads %s%s%s, which is not a "
        "parameter of the kernel (a condition is evaluated once, before "
        "the loop it versions)",
        lp->iv->name, x->name, var ? "'" : "", var ? var : "a value",
        var ? "'" : "");
    t->where = x->loc;
    return NULL;
  }
  bool up = lp->step > 0;
  ir_expr *lb = ir_cast(t->ctx, IR_TY_LONG, lp->lb),
          *ub = ir_cast(t->ctx, IR_TY_LONG, lp->ub);
  ir_expr *d =
      ir_binary(t->ctx, IR_OP_SUB, up ? ub : lb, up ? lb : ub, IR_TY_LONG);
  ir_expr *n = ir_ceildiv(t->ctx, d, up ? lp->step : -lp->step);
  return ir_simplify(t->ctx, ir_max(t->ctx, n, ir_int(t->ctx, 0)));
}

/* e as a long when it is narrower (a 32-bit parameter, or arithmetic on
 * them); a constant stays as it is (the other operand, widened, makes the
 * operation long). */
static ir_expr *widen(to_ir *t, ir_expr *e) {
  if (e->kind == IR_EXPR_INT || ir_type_size(e->type) >= 8)
    return e;
  return ir_cast(t->ctx, IR_TY_LONG, e);
}

static ir_expr *cexpr_ir(to_ir *t, const cexpr *x) {
  if (t->why)
    return NULL;
  switch (x->op) {
  case 'n':
    return ir_int(t->ctx, x->num);
  case 's':
    if (t->env[x->param].is_param)
      return ir_int(t->ctx, t->env[x->param].ival);
    return trip_ir(t, &t->env[x->param], x);
  case 'k': {
    ir_var *v = NULL;
    for (int i = 0; i < t->k->vars.len && !v; i++) {
      ir_var *w = t->k->vars.items[i];
      if (strcmp(w->name, x->name) == 0)
        v = w;
    }
    if (!v || v->kind != IR_VAR_PARAM || !ir_type_is_integer(v->type)) {
      t->why = scc_arena_printf(
          t->ctx->arena,
          v ? "'%s' is not an integer parameter of kernel '%s' (a condition "
              "may read only those: it is evaluated once, before the loop)"
            : "kernel '%s' has no parameter '%s'",
          v ? x->name : t->k->name, v ? t->k->name : x->name);
      t->where = x->loc;
      return NULL;
    }
    return ir_var_ref(t->ctx, v);
  }
  case 'u':
  case '!': {
    ir_expr *a = cexpr_ir(t, x->a);
    if (a && x->op == 'u')
      a = widen(t, a);
    return a ? ir_unary(t->ctx, x->op == 'u' ? IR_OP_NEG : IR_OP_NOT, a,
                        x->op == 'u' ? a->type : IR_TY_INT)
             : NULL;
  }
  }
  ir_expr *a = cexpr_ir(t, x->a), *b = cexpr_ir(t, x->b);
  if (!a || !b)
    return NULL;
  /* the arithmetic of the condition in long, as isl reads it (exact
   * integers): `m * n * 4 <= 49152` with int parameters would wrap in int
   * arithmetic past 2^31 and choose the version whose facts do not hold;
   * in long a product of two 32-bit parameters cannot wrap.  A remainder or
   * quotient by a constant other than -1 cannot overflow and keeps its type
   * (so `n % 16 == 0` stays the fact loop.vectorize looks for). */
  int64_t dv;
  bool by_const = (x->op == '/' || x->op == '%') &&
                  ir_expr_const_value(t->ctx, b, &dv) && dv != -1;
  if ((x->op == '+' || x->op == '-' || x->op == '*' || x->op == '/' ||
       x->op == '%') &&
      !by_const) {
    a = widen(t, a);
    b = widen(t, b);
  }
  ir_op op;
  bool cmp = true;
  switch (x->op) {
  case '+':
    op = IR_OP_ADD, cmp = false;
    break;
  case '-':
    op = IR_OP_SUB, cmp = false;
    break;
  case '*':
    op = IR_OP_MUL, cmp = false;
    break;
  case '/':
    op = IR_OP_DIV, cmp = false;
    break;
  case '%':
    op = IR_OP_MOD, cmp = false;
    break;
  case '<':
    op = IR_OP_LT;
    break;
  case '>':
    op = IR_OP_GT;
    break;
  case 'l':
    op = IR_OP_LE;
    break;
  case 'g':
    op = IR_OP_GE;
    break;
  case 'e':
    op = IR_OP_EQ;
    break;
  case 'N':
    op = IR_OP_NE;
    break;
  case '&':
    op = IR_OP_LAND;
    break;
  default:
    op = IR_OP_LOR;
    break;
  }
  if ((op == IR_OP_DIV || op == IR_OP_MOD) && b->kind != IR_EXPR_INT) {
    t->why = "a division or remainder by a value that is not a constant "
             "(it could be 0 when the condition is evaluated)";
    return NULL;
  }
  if ((op == IR_OP_DIV || op == IR_OP_MOD) && b->u.ival == 0) {
    t->why = "a division or remainder by 0";
    return NULL;
  }
  return ir_binary(t->ctx, op, a, b,
                   cmp ? IR_TY_INT
                       : (a->type == IR_TY_LONG || b->type == IR_TY_LONG
                              ? IR_TY_LONG
                              : a->type));
}

ir_expr *sched_cond_ir(scc_ctx *ctx, const sched_expr *e,
                       const sched_value *env, ir_kernel *k, const char **why,
                       scc_loc *where) {
  to_ir t = {ctx, env, k, NULL, {0}};
  ir_expr *x = cexpr_ir(&t, e->e);
  *why = t.why;
  *where = t.where;
  return t.why ? NULL : x;
}
