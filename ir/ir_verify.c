/* ir_verify.c — the structural verifier run after every transform.
 *
 * Walks a kernel once, keeping the stack of enclosing loops' ivs, and checks
 * the invariants documented at ir_verify_kernel() in ir.h.  One detail the
 * header leaves open: a read of an induction variable outside every loop
 * that binds it is accepted when the variable is declared outside the loops
 * (declared_outside: `int i; for (i = 0; ...) ...; x = i;` is valid C);
 * it is an error for an iv declared in a for-init.
 */
#include "ir.h"

#include <string.h>

typedef struct verifier {
  scc_ctx *ctx;
  ir_kernel *k;
  const char *stage;
  bool ok;
  scc_vec ivs; /* ir_var *, the ivs of the enclosing loops, outermost first */
} verifier;

static void fail(verifier *v, scc_loc loc, const char *fmt, const char *a,
                 const char *b) {
  char *what = scc_arena_printf(v->ctx->arena, fmt, a ? a : "", b ? b : "");
  scc_error(v->ctx, loc, "IR verification failed after %s: %s", v->stage, what);
  v->ok = false;
}

static bool var_registered(const ir_kernel *k, const ir_var *var) {
  return var->id >= 0 && var->id < k->vars.len && k->vars.items[var->id] == var;
}

static bool array_registered(const ir_kernel *k, const ir_array *a) {
  return a->id >= 0 && a->id < k->arrays.len && k->arrays.items[a->id] == a;
}

static bool iv_enclosing(const verifier *v, const ir_var *var) {
  for (int i = 0; i < v->ivs.len; i++)
    if (v->ivs.items[i] == var)
      return true;
  return false;
}

static void check_expr(verifier *v, const ir_expr *e, scc_loc loc) {
  if (!e) {
    fail(v, loc, "missing expression%s%s", NULL, NULL);
    return;
  }
  switch (e->kind) {
  case IR_EXPR_INT:
  case IR_EXPR_FP:
    break;
  case IR_EXPR_VAR: {
    const ir_var *var = e->u.var;
    if (!var) {
      fail(v, loc, "variable read without a variable%s%s", NULL, NULL);
      break;
    }
    if (!var_registered(v->k, var))
      fail(v, loc, "variable '%s' is not a variable of the kernel%s", var->name,
           NULL);
    else if (var->kind == IR_VAR_IV && !iv_enclosing(v, var) &&
             !var->declared_outside)
      fail(v, loc, "induction variable '%s' read outside its loop%s", var->name,
           NULL);
    break;
  }
  case IR_EXPR_ACCESS: {
    const ir_array *a = e->u.access.array;
    if (!a) {
      fail(v, loc, "access without an array%s%s", NULL, NULL);
      break;
    }
    if (!array_registered(v->k, a))
      fail(v, loc, "array '%s' is not an array of the kernel%s", a->name, NULL);
    if (e->u.access.n != a->rank)
      fail(v, loc, "access to '%s' has %s subscripts", a->name,
           scc_arena_printf(v->ctx->arena, "%d instead of %d", e->u.access.n,
                            a->rank));
    for (int i = 0; i < e->u.access.n; i++)
      check_expr(v, e->u.access.idx[i], loc);
    if (e->u.access.mask) {
      if (e->lanes <= 1)
        fail(v, loc, "scalar access to '%s' has a mask%s", a->name, NULL);
      check_expr(v, e->u.access.mask, loc);
    }
    break;
  }
  case IR_EXPR_UNARY:
    check_expr(v, e->u.un.a, loc);
    break;
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    if (e->u.un.a && (e->kind == IR_EXPR_BROADCAST) != (e->u.un.a->lanes <= 1))
      fail(v, loc, "%s of a %s operand",
           e->kind == IR_EXPR_BROADCAST ? "broadcast" : "reduction",
           e->kind == IR_EXPR_BROADCAST ? "vector" : "scalar");
    check_expr(v, e->u.un.a, loc);
    break;
  case IR_EXPR_BINARY:
    check_expr(v, e->u.bin.a, loc);
    check_expr(v, e->u.bin.b, loc);
    break;
  case IR_EXPR_SELECT:
    check_expr(v, e->u.sel.cond, loc);
    check_expr(v, e->u.sel.a, loc);
    check_expr(v, e->u.sel.b, loc);
    break;
  case IR_EXPR_CAST:
    check_expr(v, e->u.cast.a, loc);
    break;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      check_expr(v, e->u.call.args[i], loc);
    break;
  case IR_EXPR_SHUFFLE:
    if (e->lanes <= 1 || e->u.shuf.a->lanes != e->lanes ||
        e->u.shuf.b->lanes != e->lanes)
      fail(v, loc, "shuffle of operands of other lanes%s%s", NULL, NULL);
    for (int l = 0; l < e->lanes; l++)
      if (e->u.shuf.mask[l] < 0 || e->u.shuf.mask[l] >= 2 * e->lanes)
        fail(v, loc, "shuffle lane out of range%s%s", NULL, NULL);
    check_expr(v, e->u.shuf.a, loc);
    check_expr(v, e->u.shuf.b, loc);
    break;
  case IR_EXPR_ELEM_ADDR:
    if (!e->u.addr.array || !e->u.addr.off ||
        !ir_type_is_integer(e->u.addr.off->type) || e->u.addr.off->lanes > 1)
      fail(v, loc, "elem_addr without an array or an integer offset%s%s", NULL,
           NULL);
    else
      check_expr(v, e->u.addr.off, loc);
    break;
  case IR_EXPR_ALIGN_GAP:
    if (!e->u.gap.a || e->u.gap.a->kind != IR_EXPR_ACCESS ||
        e->u.gap.a->lanes > 1 || e->u.gap.bytes < 1 ||
        (e->u.gap.bytes & (e->u.gap.bytes - 1)))
      fail(v, loc,
           "align_gap of other than a scalar access and a power of "
           "two%s%s",
           NULL, NULL);
    else
      check_expr(v, e->u.gap.a, loc);
    break;
  }
}

static void check_block(verifier *v, const ir_block *b, const ir_node *owner);

static void check_loop(verifier *v, const ir_node *n) {
  const ir_loop *l = &n->u.loop;
  if (!l->iv) {
    fail(v, n->loc, "loop without an induction variable%s%s", NULL, NULL);
    return;
  }
  const char *name = l->iv->name;
  if (l->iv->kind != IR_VAR_IV)
    fail(v, n->loc, "the induction variable '%s' of a loop is not an iv%s",
         name, NULL);
  if (!var_registered(v->k, l->iv))
    fail(v, n->loc, "induction variable '%s' is not a variable of the kernel%s",
         name, NULL);
  if (iv_enclosing(v, l->iv))
    fail(v, n->loc, "loop '%s' reuses the iv of an enclosing loop%s", name,
         NULL);
  if (l->step == 0)
    fail(v, n->loc, "loop '%s' has step 0%s", name, NULL);
  check_expr(v, l->lb, n->loc);
  check_expr(v, l->ub, n->loc);
  if ((l->lb && !ir_type_is_integer(l->lb->type)) ||
      (l->ub && !ir_type_is_integer(l->ub->type)))
    fail(v, n->loc, "loop '%s' has a non-integer bound%s", name, NULL);
  scc_vec_push(v->ctx->arena, &v->ivs, l->iv);
  check_block(v, &l->body, n);
  v->ivs.len--;
}

static void check_node(verifier *v, const ir_node *n) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    check_loop(v, n);
    break;
  case IR_NODE_IF:
    check_expr(v, n->u.ifs.cond, n->loc);
    check_block(v, &n->u.ifs.then_body, n);
    check_block(v, &n->u.ifs.else_body, n);
    break;
  case IR_NODE_ASSIGN: {
    const ir_expr *lhs = n->u.assign.lhs;
    if (lhs && lhs->kind != IR_EXPR_ACCESS &&
        !(lhs->kind == IR_EXPR_VAR && lhs->u.var &&
          lhs->u.var->kind == IR_VAR_LOCAL))
      fail(v, n->loc,
           "assignment S%s writes neither an array element nor a local%s",
           scc_arena_printf(v->ctx->arena, "%d", n->u.assign.id), NULL);
    check_expr(v, lhs, n->loc);
    check_expr(v, n->u.assign.rhs, n->loc);
    break;
  }
  case IR_NODE_DECL:
    if (!n->u.decl.var)
      fail(v, n->loc, "declaration without a variable%s%s", NULL, NULL);
    else if (!var_registered(v->k, n->u.decl.var))
      fail(v, n->loc, "declared '%s' is not a variable of the kernel%s",
           n->u.decl.var->name, NULL);
    if (n->u.decl.init)
      check_expr(v, n->u.decl.init, n->loc);
    break;
  }
}

/* A block is one C scope: a name declared twice in it is a redefinition
 * (C17 6.7p3) that no compiler accepts; a nested block may redeclare it. */
static void check_redeclaration(verifier *v, const ir_block *b,
                                const ir_node *d) {
  const char *name = d->u.decl.var->name;
  for (const ir_node *q = b->first; q && q != d; q = q->next)
    if (q->kind == IR_NODE_DECL && q->u.decl.var &&
        strcmp(q->u.decl.var->name, name) == 0) {
      fail(v, d->loc, "'%s' is declared twice in one block%s", name,
           scc_arena_printf(v->ctx->arena, " (first at line %d)", q->loc.line));
      return;
    }
}

static void check_block(verifier *v, const ir_block *b, const ir_node *owner) {
  scc_loc loc = owner ? owner->loc : v->k->loc;
  if (b->owner != owner)
    fail(v, loc, "a block's owner is not the node holding it%s%s", NULL, NULL);
  const ir_node *prev = NULL;
  for (const ir_node *p = b->first; p; prev = p, p = p->next) {
    if (p->in != b)
      fail(v, p->loc, "a node's block link is wrong%s%s", NULL, NULL);
    if (p->prev != prev)
      fail(v, p->loc, "a node's prev link is wrong%s%s", NULL, NULL);
    if (p->kind == IR_NODE_DECL && p->u.decl.var)
      check_redeclaration(v, b, p);
    check_node(v, p);
  }
  if (b->last != prev)
    fail(v, loc, "a block's last node is wrong%s%s", NULL, NULL);
}

bool ir_verify_kernel(scc_ctx *ctx, ir_kernel *k, const char *stage) {
  verifier v = {ctx, k, stage ? stage : "(unknown)", true, {0}};
  check_block(&v, &k->body, NULL);
  return v.ok;
}
