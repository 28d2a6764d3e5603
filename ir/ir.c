/* ir.c — IR builders, block surgery, walks and fresh names. */
#include "ir.h"

#include <math.h>
#include <string.h>

/* ---- types -------------------------------------------------------------- */

const char *ir_type_name(ir_type t) {
  static const char *const names[] = {
      [IR_TY_VOID] = "void",
      [IR_TY_BOOL] = "_Bool",
      [IR_TY_CHAR] = "char",
      [IR_TY_SCHAR] = "signed char",
      [IR_TY_UCHAR] = "unsigned char",
      [IR_TY_SHORT] = "short",
      [IR_TY_USHORT] = "unsigned short",
      [IR_TY_INT] = "int",
      [IR_TY_UINT] = "unsigned int",
      [IR_TY_LONG] = "long",
      [IR_TY_ULONG] = "unsigned long",
      [IR_TY_LLONG] = "long long",
      [IR_TY_ULLONG] = "unsigned long long",
      [IR_TY_FLOAT] = "float",
      [IR_TY_DOUBLE] = "double",
      [IR_TY_LDOUBLE] = "long double",
  };
  return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

bool ir_type_is_float(ir_type t) {
  return t == IR_TY_FLOAT || t == IR_TY_DOUBLE || t == IR_TY_LDOUBLE;
}

bool ir_type_is_integer(ir_type t) {
  return t >= IR_TY_BOOL && t <= IR_TY_ULLONG;
}

bool ir_type_is_unsigned(ir_type t) {
  return t == IR_TY_BOOL || t == IR_TY_UCHAR || t == IR_TY_USHORT ||
         t == IR_TY_UINT || t == IR_TY_ULONG || t == IR_TY_ULLONG;
}

int ir_type_size(ir_type t) {
  switch (t) {
  case IR_TY_VOID:
    return 0;
  case IR_TY_BOOL:
  case IR_TY_CHAR:
  case IR_TY_SCHAR:
  case IR_TY_UCHAR:
    return 1;
  case IR_TY_SHORT:
  case IR_TY_USHORT:
    return 2;
  case IR_TY_INT:
  case IR_TY_UINT:
  case IR_TY_FLOAT:
    return 4;
  case IR_TY_LDOUBLE:
    return 16;
  default: /* long, long long, double */
    return 8;
  }
}

const char *ir_op_name(ir_op op) {
  static const char *const names[] = {
      [IR_OP_NONE] = "=",
      [IR_OP_NEG] = "-",
      [IR_OP_NOT] = "!",
      [IR_OP_ADD] = "+",
      [IR_OP_SUB] = "-",
      [IR_OP_MUL] = "*",
      [IR_OP_DIV] = "/",
      [IR_OP_MOD] = "%",
      [IR_OP_LT] = "<",
      [IR_OP_LE] = "<=",
      [IR_OP_GT] = ">",
      [IR_OP_GE] = ">=",
      [IR_OP_EQ] = "==",
      [IR_OP_NE] = "!=",
      [IR_OP_LAND] = "&&",
      [IR_OP_LOR] = "||",
      [IR_OP_SHL] = "<<",
      [IR_OP_SHR] = ">>",
      [IR_OP_BAND] = "&",
      [IR_OP_BOR] = "|",
      [IR_OP_BXOR] = "^",
      [IR_OP_MIN] = "min",
      [IR_OP_MAX] = "max",
      [IR_OP_FLOORDIV] = "floordiv",
      [IR_OP_CEILDIV] = "ceildiv",
  };
  return (unsigned)op < sizeof names / sizeof names[0] ? names[op] : "?";
}

/* ---- instruction sets ---------------------------------------------------- */

static const char *const isa_names[] = {
    [IR_ISA_DEFAULT] = "default", [IR_ISA_SCALAR] = "scalar",
    [IR_ISA_SSE42] = "sse4.2",    [IR_ISA_AVX2] = "avx2",
    [IR_ISA_AVX512] = "avx512",   [IR_ISA_NEON] = "neon",
};

const char *ir_isa_name(ir_isa isa) {
  return (unsigned)isa < sizeof isa_names / sizeof *isa_names ? isa_names[isa]
                                                              : "?";
}

bool ir_isa_parse(const char *name, ir_isa *out) {
  for (unsigned i = IR_ISA_SCALAR; i < sizeof isa_names / sizeof *isa_names;
       i++)
    if (strcmp(name, isa_names[i]) == 0) {
      *out = (ir_isa)i;
      return true;
    }
  return false;
}

bool ir_isa_has_fma(const scc_ctx *ctx, ir_isa isa) {
  return isa == IR_ISA_AVX512 || isa == IR_ISA_NEON ||
         (isa == IR_ISA_AVX2 && !ctx->no_fma);
}

bool ir_isa_has_masked_access(ir_isa isa) {
  return isa == IR_ISA_AVX512 || isa == IR_ISA_AVX2;
}

int ir_isa_vector_bytes(ir_isa isa) {
  switch (isa) {
  case IR_ISA_SSE42:
  case IR_ISA_NEON:
    return 16;
  case IR_ISA_AVX2:
    return 32;
  case IR_ISA_AVX512:
    return 64;
  default:
    return 0;
  }
}

/* ---- modules, kernels, variables ---------------------------------------- */

ir_module *ir_module_new(scc_ctx *ctx, const char *filename, const char *src,
                         size_t len) {
  ir_module *m = scc_arena_alloc(ctx->arena, sizeof *m);
  m->filename = scc_arena_strdup(ctx->arena, filename);
  m->source = src;
  m->source_len = len;
  return m;
}

ir_kernel *ir_kernel_new(scc_ctx *ctx, ir_module *m, const char *name) {
  ir_kernel *k = scc_arena_alloc(ctx->arena, sizeof *k);
  k->name = scc_arena_strdup(ctx->arena, name);
  k->module = m;
  ir_block_init(&k->body, NULL);
  if (m)
    scc_vec_push(ctx->arena, &m->kernels, k);
  return k;
}

ir_var *ir_var_new(scc_ctx *ctx, ir_kernel *k, const char *name, ir_type t,
                   ir_var_kind kind, scc_loc loc) {
  ir_var *v = scc_arena_alloc(ctx->arena, sizeof *v);
  v->name = scc_arena_strdup(ctx->arena, name);
  v->type = t;
  v->kind = kind;
  v->loc = loc;
  v->id = k->vars.len;
  scc_vec_push(ctx->arena, &k->vars, v);
  return v;
}

ir_array *ir_array_new(scc_ctx *ctx, ir_kernel *k, const char *name,
                       ir_type elem, int rank, scc_loc loc) {
  ir_array *a = scc_arena_alloc(ctx->arena, sizeof *a);
  a->name = scc_arena_strdup(ctx->arena, name);
  a->elem = elem;
  a->rank = rank;
  a->dims = scc_arena_alloc(ctx->arena,
                            sizeof(ir_expr *) * (size_t)(rank ? rank : 1));
  a->loc = loc;
  a->id = k->arrays.len;
  scc_vec_push(ctx->arena, &k->arrays, a);
  return a;
}

ir_var *ir_kernel_find_var(const ir_kernel *k, const char *name) {
  for (int i = 0; i < k->vars.len; i++) {
    ir_var *v = k->vars.items[i];
    if (strcmp(v->name, name) == 0)
      return v;
  }
  return NULL;
}

ir_array *ir_kernel_find_array(const ir_kernel *k, const char *name) {
  for (int i = 0; i < k->arrays.len; i++) {
    ir_array *a = k->arrays.items[i];
    if (strcmp(a->name, name) == 0)
      return a;
  }
  return NULL;
}

static bool name_taken(const ir_kernel *k, const char *name) {
  if (ir_kernel_find_var(k, name) || ir_kernel_find_array(k, name))
    return true;
  if (k->module)
    for (int i = 0; i < k->module->used_names.len; i++)
      if (strcmp(k->module->used_names.items[i], name) == 0)
        return true;
  return false;
}

const char *ir_fresh_name(scc_ctx *ctx, ir_kernel *k, const char *base) {
  const char *name = base;
  for (int n = 1; name_taken(k, name); n++)
    name = scc_arena_printf(ctx->arena, "%s%d", base, n);
  name = scc_arena_strdup(ctx->arena, name);
  if (k->module)
    scc_vec_push(ctx->arena, &k->module->used_names, (void *)name);
  return name;
}

/* ---- expressions -------------------------------------------------------- */

static ir_expr *new_expr(scc_ctx *ctx, ir_expr_kind kind, ir_type t) {
  ir_expr *e = scc_arena_alloc(ctx->arena, sizeof *e);
  e->kind = kind;
  e->type = t;
  return e;
}

ir_expr *ir_int(scc_ctx *ctx, int64_t v) {
  bool fits = v >= -2147483647 - 1 && v <= 2147483647;
  ir_expr *e = new_expr(ctx, IR_EXPR_INT, fits ? IR_TY_INT : IR_TY_LONG);
  e->u.ival = v;
  return e;
}

ir_expr *ir_fp(scc_ctx *ctx, ir_type t, double v, const char *spelling) {
  ir_expr *e = new_expr(ctx, IR_EXPR_FP, t);
  e->u.fp.val = v;
  e->u.fp.spelling = spelling ? scc_arena_strdup(ctx->arena, spelling) : NULL;
  return e;
}

ir_expr *ir_var_ref(scc_ctx *ctx, ir_var *v) {
  ir_expr *e = new_expr(ctx, IR_EXPR_VAR, v->type);
  e->u.var = v;
  return e;
}

ir_expr *ir_access(scc_ctx *ctx, ir_array *a, int n, ir_expr **idx) {
  ir_expr *e = new_expr(ctx, IR_EXPR_ACCESS, a->elem);
  e->u.access.array = a;
  e->u.access.n = n;
  e->u.access.idx =
      scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    e->u.access.idx[i] = idx[i];
  return e;
}

ir_expr *ir_unary(scc_ctx *ctx, ir_op op, ir_expr *a, ir_type t) {
  ir_expr *e = new_expr(ctx, IR_EXPR_UNARY, t);
  e->u.un.op = op;
  e->u.un.a = a;
  return e;
}

ir_expr *ir_binary(scc_ctx *ctx, ir_op op, ir_expr *a, ir_expr *b, ir_type t) {
  ir_expr *e = new_expr(ctx, IR_EXPR_BINARY, t);
  e->u.bin.op = op;
  e->u.bin.a = a;
  e->u.bin.b = b;
  return e;
}

ir_expr *ir_select(scc_ctx *ctx, ir_expr *c, ir_expr *a, ir_expr *b,
                   ir_type t) {
  ir_expr *e = new_expr(ctx, IR_EXPR_SELECT, t);
  e->u.sel.cond = c;
  e->u.sel.a = a;
  e->u.sel.b = b;
  return e;
}

ir_expr *ir_cast(scc_ctx *ctx, ir_type to, ir_expr *a) {
  ir_expr *e = new_expr(ctx, IR_EXPR_CAST, to);
  e->u.cast.to = to;
  e->u.cast.a = a;
  return e;
}

ir_expr *ir_align_gap(scc_ctx *ctx, ir_expr *a, int bytes) {
  ir_expr *e = new_expr(ctx, IR_EXPR_ALIGN_GAP, IR_TY_INT);
  e->u.gap.a = a;
  e->u.gap.bytes = bytes;
  return e;
}

ir_expr *ir_elem_addr(scc_ctx *ctx, ir_array *a, ir_expr *off) {
  ir_expr *e = new_expr(ctx, IR_EXPR_ELEM_ADDR, IR_TY_ULONG);
  e->u.addr.array = a;
  e->u.addr.off = off;
  return e;
}

ir_expr *ir_call(scc_ctx *ctx, const char *fn, int n, ir_expr **args,
                 ir_type t) {
  ir_expr *e = new_expr(ctx, IR_EXPR_CALL, t);
  e->u.call.fn = scc_arena_strdup(ctx->arena, fn);
  e->u.call.n = n;
  e->u.call.args =
      scc_arena_alloc(ctx->arena, sizeof(ir_expr *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    e->u.call.args[i] = args[i];
  return e;
}

/* ---- nodes -------------------------------------------------------------- */

static ir_node *new_node(scc_ctx *ctx, ir_node_kind kind, scc_loc loc) {
  ir_node *n = scc_arena_alloc(ctx->arena, sizeof *n);
  n->kind = kind;
  n->loc = loc;
  return n;
}

ir_node *ir_loop_new(scc_ctx *ctx, ir_var *iv, ir_expr *lb, ir_expr *ub,
                     int64_t step, scc_loc loc) {
  ir_node *n = new_node(ctx, IR_NODE_LOOP, loc);
  n->u.loop.iv = iv;
  n->u.loop.lb = lb;
  n->u.loop.ub = ub;
  n->u.loop.step = step;
  ir_block_init(&n->u.loop.body, n);
  return n;
}

ir_node *ir_if_new(scc_ctx *ctx, ir_expr *cond, scc_loc loc) {
  ir_node *n = new_node(ctx, IR_NODE_IF, loc);
  n->u.ifs.cond = cond;
  ir_block_init(&n->u.ifs.then_body, n);
  ir_block_init(&n->u.ifs.else_body, n);
  return n;
}

ir_node *ir_assign_new(scc_ctx *ctx, ir_kernel *k, ir_expr *lhs, ir_op op,
                       ir_expr *rhs, scc_loc loc) {
  ir_node *n = new_node(ctx, IR_NODE_ASSIGN, loc);
  n->u.assign.lhs = lhs;
  n->u.assign.op = op;
  n->u.assign.rhs = rhs;
  n->u.assign.id = k ? k->next_stmt_id++ : 0;
  return n;
}

ir_node *ir_decl_new(scc_ctx *ctx, ir_var *var, ir_expr *init, scc_loc loc) {
  ir_node *n = new_node(ctx, IR_NODE_DECL, loc);
  n->u.decl.var = var;
  n->u.decl.init = init;
  return n;
}

/* ---- block surgery ------------------------------------------------------ */

void ir_block_init(ir_block *b, ir_node *owner) {
  b->first = b->last = NULL;
  b->owner = owner;
}

void ir_block_append(ir_block *b, ir_node *n) {
  ir_remove(n);
  n->in = b;
  n->prev = b->last;
  n->next = NULL;
  if (b->last)
    b->last->next = n;
  else
    b->first = n;
  b->last = n;
}

void ir_insert_before(ir_node *pos, ir_node *n) {
  ir_remove(n);
  ir_block *b = pos->in;
  n->in = b;
  n->next = pos;
  n->prev = pos->prev;
  if (pos->prev)
    pos->prev->next = n;
  else
    b->first = n;
  pos->prev = n;
}

void ir_insert_after(ir_node *pos, ir_node *n) {
  ir_remove(n);
  ir_block *b = pos->in;
  n->in = b;
  n->prev = pos;
  n->next = pos->next;
  if (pos->next)
    pos->next->prev = n;
  else
    b->last = n;
  pos->next = n;
}

void ir_remove(ir_node *n) {
  ir_block *b = n->in;
  if (!b)
    return;
  if (n->prev)
    n->prev->next = n->next;
  else
    b->first = n->next;
  if (n->next)
    n->next->prev = n->prev;
  else
    b->last = n->prev;
  n->in = NULL;
  n->prev = n->next = NULL;
}

void ir_replace(ir_node *old, ir_node *with) {
  if (old == with)
    return;
  ir_insert_before(old, with);
  ir_remove(old);
}

void ir_block_move_all(ir_block *to, ir_block *from) {
  while (from->first)
    ir_block_append(to, from->first);
}

int ir_block_len(const ir_block *b) {
  int n = 0;
  for (ir_node *p = b->first; p; p = p->next)
    n++;
  return n;
}

bool ir_block_empty(const ir_block *b) { return b->first == NULL; }

ir_node *ir_parent(const ir_node *n) { return n->in ? n->in->owner : NULL; }

bool ir_node_within(const ir_node *inner, const ir_node *outer) {
  for (const ir_node *p = inner; p; p = ir_parent(p))
    if (p == outer)
      return true;
  return false;
}

int ir_depth(const ir_node *n) {
  int d = 0;
  for (const ir_node *p = ir_parent(n); p; p = ir_parent(p))
    d++;
  return d;
}

ir_node *ir_loop_only_child_loop(const ir_node *loop) {
  if (loop->kind != IR_NODE_LOOP)
    return NULL;
  const ir_block *b = &loop->u.loop.body;
  if (b->first && b->first == b->last && b->first->kind == IR_NODE_LOOP)
    return b->first;
  return NULL;
}

bool ir_omp_simd_only(const ir_omp *o) {
  return o && strcmp(o->construct, "simd") == 0;
}

/* ---- walks -------------------------------------------------------------- */

void ir_walk_node(ir_node *n, ir_node_fn fn, void *data) {
  if (!fn(n, data))
    return;
  switch (n->kind) {
  case IR_NODE_LOOP:
    ir_walk_block(&n->u.loop.body, fn, data);
    break;
  case IR_NODE_IF:
    ir_walk_block(&n->u.ifs.then_body, fn, data);
    ir_walk_block(&n->u.ifs.else_body, fn, data);
    break;
  default:
    break;
  }
}

void ir_walk_block(ir_block *b, ir_node_fn fn, void *data) {
  for (ir_node *p = b->first, *next; p; p = next) {
    next = p->next;
    ir_walk_node(p, fn, data);
  }
}

void ir_walk_expr(ir_expr *e, ir_expr_fn fn, void *data) {
  if (!e)
    return;
  fn(e, data);
  switch (e->kind) {
  case IR_EXPR_ACCESS:
    for (int i = 0; i < e->u.access.n; i++)
      ir_walk_expr(e->u.access.idx[i], fn, data);
    ir_walk_expr(e->u.access.mask, fn, data);
    break;
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    ir_walk_expr(e->u.un.a, fn, data);
    break;
  case IR_EXPR_BINARY:
    ir_walk_expr(e->u.bin.a, fn, data);
    ir_walk_expr(e->u.bin.b, fn, data);
    break;
  case IR_EXPR_SELECT:
    ir_walk_expr(e->u.sel.cond, fn, data);
    ir_walk_expr(e->u.sel.a, fn, data);
    ir_walk_expr(e->u.sel.b, fn, data);
    break;
  case IR_EXPR_CAST:
    ir_walk_expr(e->u.cast.a, fn, data);
    break;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      ir_walk_expr(e->u.call.args[i], fn, data);
    break;
  case IR_EXPR_SHUFFLE:
    ir_walk_expr(e->u.shuf.a, fn, data);
    ir_walk_expr(e->u.shuf.b, fn, data);
    break;
  case IR_EXPR_ELEM_ADDR: /* the offset: no element is read */
    ir_walk_expr(e->u.addr.off, fn, data);
    break;
  case IR_EXPR_ALIGN_GAP: /* the subscripts only: no element is read */
    for (int i = 0; i < e->u.gap.a->u.access.n; i++)
      ir_walk_expr(e->u.gap.a->u.access.idx[i], fn, data);
    break;
  default:
    break;
  }
}

void ir_expr_map_children(ir_expr *e, ir_expr_map_fn fn, void *data) {
  switch (e->kind) {
  case IR_EXPR_ACCESS:
    for (int i = 0; i < e->u.access.n; i++)
      e->u.access.idx[i] = fn(e->u.access.idx[i], data);
    e->u.access.mask = fn(e->u.access.mask, data);
    break;
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    e->u.un.a = fn(e->u.un.a, data);
    break;
  case IR_EXPR_BINARY:
    e->u.bin.a = fn(e->u.bin.a, data);
    e->u.bin.b = fn(e->u.bin.b, data);
    break;
  case IR_EXPR_SELECT:
    e->u.sel.cond = fn(e->u.sel.cond, data);
    e->u.sel.a = fn(e->u.sel.a, data);
    e->u.sel.b = fn(e->u.sel.b, data);
    break;
  case IR_EXPR_CAST:
    e->u.cast.a = fn(e->u.cast.a, data);
    break;
  case IR_EXPR_CALL:
    for (int i = 0; i < e->u.call.n; i++)
      e->u.call.args[i] = fn(e->u.call.args[i], data);
    break;
  case IR_EXPR_SHUFFLE:
    e->u.shuf.a = fn(e->u.shuf.a, data);
    e->u.shuf.b = fn(e->u.shuf.b, data);
    break;
  case IR_EXPR_ALIGN_GAP:
    e->u.gap.a = fn(e->u.gap.a, data);
    break;
  case IR_EXPR_ELEM_ADDR:
    e->u.addr.off = fn(e->u.addr.off, data);
    break;
  default:
    break;
  }
}

void ir_walk_node_exprs(ir_node *n, ir_expr_fn fn, void *data) {
  switch (n->kind) {
  case IR_NODE_LOOP:
    ir_walk_expr(n->u.loop.lb, fn, data);
    ir_walk_expr(n->u.loop.ub, fn, data);
    break;
  case IR_NODE_IF:
    ir_walk_expr(n->u.ifs.cond, fn, data);
    break;
  case IR_NODE_ASSIGN:
    ir_walk_expr(n->u.assign.lhs, fn, data);
    ir_walk_expr(n->u.assign.rhs, fn, data);
    break;
  case IR_NODE_DECL:
    ir_walk_expr(n->u.decl.init, fn, data);
    break;
  }
}

typedef struct uses_var {
  const ir_var *v;
  bool found;
} uses_var;

static void uses_var_fn(ir_expr *e, void *data) {
  uses_var *u = data;
  if (e->kind == IR_EXPR_VAR && e->u.var == u->v)
    u->found = true;
}

bool ir_expr_equal(const ir_expr *a, const ir_expr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  int la = a->lanes > 1 ? a->lanes : 1, lb = b->lanes > 1 ? b->lanes : 1;
  if (la != lb)
    return false;
  switch (a->kind) {
  case IR_EXPR_INT:
    return a->u.ival == b->u.ival;
  case IR_EXPR_FP: /* -0.0 and +0.0 compare equal but are two values */
    return a->u.fp.val == b->u.fp.val &&
           !signbit(a->u.fp.val) == !signbit(b->u.fp.val) &&
           (a->u.fp.spelling == b->u.fp.spelling ||
            (a->u.fp.spelling && b->u.fp.spelling &&
             strcmp(a->u.fp.spelling, b->u.fp.spelling) == 0));
  case IR_EXPR_VAR:
    return a->u.var == b->u.var;
  case IR_EXPR_ACCESS:
    if (a->u.access.array != b->u.access.array ||
        a->u.access.n != b->u.access.n ||
        !ir_expr_equal(a->u.access.mask, b->u.access.mask))
      return false;
    for (int i = 0; i < a->u.access.n; i++)
      if (!ir_expr_equal(a->u.access.idx[i], b->u.access.idx[i]))
        return false;
    return true;
  case IR_EXPR_UNARY:
  case IR_EXPR_BROADCAST:
  case IR_EXPR_REDUCE:
    return a->u.un.op == b->u.un.op && ir_expr_equal(a->u.un.a, b->u.un.a);
  case IR_EXPR_BINARY:
    return a->u.bin.op == b->u.bin.op &&
           ir_expr_equal(a->u.bin.a, b->u.bin.a) &&
           ir_expr_equal(a->u.bin.b, b->u.bin.b);
  case IR_EXPR_SELECT:
    return ir_expr_equal(a->u.sel.cond, b->u.sel.cond) &&
           ir_expr_equal(a->u.sel.a, b->u.sel.a) &&
           ir_expr_equal(a->u.sel.b, b->u.sel.b);
  case IR_EXPR_CAST:
    return a->u.cast.to == b->u.cast.to &&
           ir_expr_equal(a->u.cast.a, b->u.cast.a);
  case IR_EXPR_SHUFFLE:
    if (!ir_expr_equal(a->u.shuf.a, b->u.shuf.a) ||
        !ir_expr_equal(a->u.shuf.b, b->u.shuf.b))
      return false;
    for (int l = 0; l < la; l++)
      if (a->u.shuf.mask[l] != b->u.shuf.mask[l])
        return false;
    return true;
  case IR_EXPR_ELEM_ADDR:
    return a->u.addr.array == b->u.addr.array &&
           ir_expr_equal(a->u.addr.off, b->u.addr.off);
  case IR_EXPR_ALIGN_GAP:
    return a->u.gap.bytes == b->u.gap.bytes &&
           ir_expr_equal(a->u.gap.a, b->u.gap.a);
  case IR_EXPR_CALL:
    if (strcmp(a->u.call.fn, b->u.call.fn) != 0 || a->u.call.n != b->u.call.n)
      return false;
    for (int i = 0; i < a->u.call.n; i++)
      if (!ir_expr_equal(a->u.call.args[i], b->u.call.args[i]))
        return false;
    return true;
  }
  return false;
}

bool ir_expr_uses_var(const ir_expr *e, const ir_var *v) {
  uses_var u = {v, false};
  ir_walk_expr((ir_expr *)e, uses_var_fn, &u);
  return u.found;
}

typedef struct find_kind {
  ir_expr_kind kind;
  const ir_expr *found;
} find_kind;

static void find_kind_fn(ir_expr *e, void *data) {
  find_kind *f = data;
  if (!f->found && e->kind == f->kind)
    f->found = e;
}

const ir_expr *ir_expr_find_kind(const ir_expr *e, ir_expr_kind kind) {
  find_kind f = {kind, NULL};
  ir_walk_expr((ir_expr *)e, find_kind_fn, &f);
  return f.found;
}

const ir_var *ir_block_first_decl(const ir_block *b) {
  for (const ir_node *p = b->first; p; p = p->next)
    if (p->kind == IR_NODE_DECL)
      return p->u.decl.var;
  return NULL;
}
