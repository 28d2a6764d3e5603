/* xf_rename.c — fresh names for the declarations in copies of loop bodies.
 *
 * Transforms that duplicate a body (unroll, unroll-and-jam, split, peel,
 * the prologue and epilogue of fusion) copy its declarations too.  Two
 * copies of `float d = ...;` in one C block are a redefinition, and two
 * copies of one variable whose live ranges are interleaved (the jammed
 * copies of an inner loop's body: d(i), d(i+1), then the uses) make every
 * copy read the last definition.  So each declaration of a copy gets a
 * variable of its own: a fresh name (ir_fresh_name, which avoids every
 * identifier of the file), the same type, kind and lanes, and every use in
 * its C scope (the rest of the block holding it, nested blocks included)
 * reads it.  This is renaming in the sense of Allen & Kennedy, Optimizing
 * Compilers for Modern Architectures, 2001, §5.4 (scalar renaming): the
 * copies' values never share storage, so no new dependence appears.
 */
#include <ctype.h>
#include <string.h>

#include "xf_util.h"

/* Replaces v by w in the clauses of loop n (private ivs, reductions). */
static void rename_clauses(scc_ctx *ctx, ir_node *n, ir_var *v, ir_var *w) {
  ir_loop *l = &n->u.loop;
  for (int i = 0; i < l->omp_private.len; i++)
    if (l->omp_private.items[i] == v)
      l->omp_private.items[i] = w;
  for (int i = 0; i < l->omp_reductions.len; i++) {
    ir_expr *e = l->omp_reductions.items[i];
    if (e->kind == IR_EXPR_VAR && e->u.var == v)
      l->omp_reductions.items[i] = ir_var_ref(ctx, w);
  }
}

typedef struct clause_ren {
  scc_ctx *ctx;
  ir_var *v, *w;
} clause_ren;

static bool clause_cb(ir_node *n, void *data) {
  clause_ren *r = data;
  if (n->kind == IR_NODE_LOOP)
    rename_clauses(r->ctx, n, r->v, r->w);
  return true;
}

ir_var *xf_rename_decl(scc_ctx *ctx, ir_kernel *k, ir_node *decl) {
  ir_var *v = decl->u.decl.var;
  /* "t", "t1", "t2", ...: the base drops the number of an earlier copy */
  size_t len = strlen(v->name);
  while (len > 1 && isdigit((unsigned char)v->name[len - 1]))
    len--;
  const char *base = scc_arena_printf(ctx->arena, "%.*s", (int)len, v->name);
  ir_var *w =
      ir_var_new(ctx, k, ir_fresh_name(ctx, k, base), v->type, v->kind, v->loc);
  w->declared_outside = v->declared_outside;
  w->lanes = v->lanes;
  w->is_volatile = v->is_volatile;
  w->declared_volatile = v->declared_volatile;
  w->live_out = false;
  decl->u.decl.var = w;
  ir_subst s = {0};
  ir_expr *ref = ir_var_ref(ctx, w);
  ref->lanes = v->lanes; /* a vector register stays a vector */
  ir_subst_add(ctx, &s, v, ref);
  clause_ren cr = {ctx, v, w};
  for (ir_node *q = decl->next; q; q = q->next) {
    if (q->kind == IR_NODE_DECL && q->u.decl.var == v)
      break; /* declared again: a new scope starts */
    ir_node_substitute(ctx, q, &s);
    ir_walk_node(q, clause_cb, &cr);
  }
  return w;
}

static void rename_block(scc_ctx *ctx, ir_kernel *k, ir_block *b);

static void rename_node(scc_ctx *ctx, ir_kernel *k, ir_node *n) {
  if (n->kind == IR_NODE_LOOP) {
    rename_block(ctx, k, &n->u.loop.body);
  } else if (n->kind == IR_NODE_IF) {
    rename_block(ctx, k, &n->u.ifs.then_body);
    rename_block(ctx, k, &n->u.ifs.else_body);
  }
}

static void rename_block(scc_ctx *ctx, ir_kernel *k, ir_block *b) {
  for (ir_node *p = b->first; p; p = p->next) {
    if (p->kind == IR_NODE_DECL)
      xf_rename_decl(ctx, k, p);
    else
      rename_node(ctx, k, p);
  }
}

void xf_rename_decls(scc_ctx *ctx, ir_kernel *k, ir_block *b) {
  rename_block(ctx, k, b);
}

void xf_rename_node_decls(scc_ctx *ctx, ir_kernel *k, ir_node *n) {
  rename_node(ctx, k, n);
}

/* ---- declarations shared with the rest of the kernel -------------------- */

typedef struct decl_count {
  const ir_var *v;
  const ir_node *skip; /* a subtree not counted */
  int n;
} decl_count;

static bool count_cb(ir_node *n, void *data) {
  decl_count *c = data;
  if (n == c->skip)
    return false;
  if (n->kind == IR_NODE_DECL && n->u.decl.var == c->v)
    c->n++;
  return true;
}

typedef struct shared_walk {
  scc_ctx *ctx;
  ir_kernel *k;
  const ir_node *root;
  scc_vec decls; /* ir_node *: declarations to rename */
} shared_walk;

static bool shared_cb(ir_node *n, void *data) {
  shared_walk *w = data;
  if (n->kind != IR_NODE_DECL)
    return true;
  decl_count c = {n->u.decl.var, w->root, 0};
  ir_walk_block(&w->k->body, count_cb, &c);
  if (c.n > 0)
    scc_vec_push(w->ctx->arena, &w->decls, n);
  return true;
}

void xf_rename_shared_decls(scc_ctx *ctx, ir_kernel *k, ir_node *n) {
  shared_walk w = {ctx, k, n, {0}};
  ir_walk_node(n, shared_cb, &w);
  for (int i = 0; i < w.decls.len; i++)
    xf_rename_decl(ctx, k, w.decls.items[i]);
}

/* ---- declarations that move into the enclosing block -------------------- */

typedef struct name_decl {
  const ir_var *v;
  const ir_node *skip; /* the subtree the body comes from */
  bool found;
} name_decl;

static bool name_decl_cb(ir_node *n, void *data) {
  name_decl *c = data;
  if (n == c->skip || c->found)
    return false;
  if (n->kind == IR_NODE_DECL && n->u.decl.var &&
      (n->u.decl.var == c->v || !strcmp(n->u.decl.var->name, c->v->name)))
    c->found = true;
  return !c->found;
}

/* True when a variable named like v (v itself, or another) may be in scope
 * where the body of `from` goes: declared in the kernel outside `from`, or
 * another variable of the kernel with the name (a parameter, a variable
 * declared before the kernel's region). */
static bool name_taken(ir_kernel *k, const ir_var *v, const ir_node *from) {
  for (int i = 0; i < k->vars.len; i++) {
    const ir_var *w = k->vars.items[i];
    if (w != v && w->name && !strcmp(w->name, v->name))
      return true;
  }
  name_decl c = {v, from, false};
  ir_walk_block(&k->body, name_decl_cb, &c);
  return c.found;
}

void xf_rename_moved_decls(scc_ctx *ctx, ir_kernel *k, ir_block *body,
                           const ir_node *from) {
  for (ir_node *p = body->first; p; p = p->next)
    if (p->kind == IR_NODE_DECL && p->u.decl.var &&
        name_taken(k, p->u.decl.var, from))
      xf_rename_decl(ctx, k, p);
}

void xf_rename_redeclared(scc_ctx *ctx, ir_kernel *k, ir_block *b) {
  for (ir_node *p = b->first; p; p = p->next) {
    if (p->kind != IR_NODE_DECL || !p->u.decl.var)
      continue;
    for (ir_node *q = b->first; q != p; q = q->next)
      if (q->kind == IR_NODE_DECL && q->u.decl.var &&
          !strcmp(q->u.decl.var->name, p->u.decl.var->name)) {
        xf_rename_decl(ctx, k, p);
        break;
      }
  }
}
