/* sched_interp.c — the schedule interpreter: runs a checked program on the
 * kernels of a module.
 *
 * Each slot of the running sequence holds a sched_value: a parameter, or a
 * handle mapping to a list of payload items (loop nodes; NULL stands for
 * the kernel root).  Ops whose handle operand holds several payloads apply
 * to each in turn and concatenate their results.  Before a transform runs,
 * its consumed handles are invalidated together with every live handle
 * whose payload is the consumed payload or nested in it (sched_consume,
 * in sched_state.c with the rest of the run state the handlers use);
 * using an invalidated handle is an error naming the consumer.  The
 * interpreter also runs what runs statements: sequences and include, the
 * regions of alternatives and {failures = suppress} (the rollback:
 * sched_alt.c), and owns kernel versioning around the run (sched_apply).
 * Source: the MLIR Transform dialect interpreter (TransformState), Lücke et
 * al., "The MLIR Transform Dialect", CGO 2025.
 */
#include "sched_int.h"

#include "../deps/dep.h"

#include <string.h>

/* The op rewrites the IR (ops.def's flags). */
static bool is_transform(const sched_stmt *s) {
  return sched_ops[s->op].flags & SCHED_OPF_TRANSFORM;
}

/* --dump-after=N: N when the option is a positive number, else 0. */
static int dump_number(const char *opt) {
  int n = 0;
  for (const char *p = opt; *p; p++) {
    if (*p < '0' || *p > '9' || n > 100000000)
      return 0;
    n = n * 10 + (*p - '0');
  }
  return n;
}

/* --dump-after: the kernel after op s, the no-th op run on it: as C when
 * the driver gave a printer (--dump-format=c), else as IR. */
static void dump_after(sched_run *r, const sched_stmt *s, int no) {
  const sched_options *o = r->opts;
  if (!o || !o->dump || !o->dump_after)
    return;
  int want = dump_number(o->dump_after);
  if (want ? want != no
           : strcmp(o->dump_after, s->opname) != 0 &&
                 !(strcmp(o->dump_after, "all") == 0 && is_transform(s)))
    return;
  r->dumped = true;
  scc_buf_printf(o->dump, "// %s after %s (%s:%d:%d): op %d on kernel '%s'\n",
                 o->dump_kernel ? "C" : "IR", s->opname, s->loc.file,
                 s->loc.line, s->loc.col, no, r->k->name);
  if (!o->dump_kernel || !o->dump_kernel(r->ctx, r->k, o->dump))
    ir_print_kernel(o->dump, r->ctx, r->k);
  else if (o->dump->len && o->dump->data[o->dump->len - 1] != '\n')
    scc_buf_puts(o->dump, "\n");
}

typedef struct omp_find {
  const ir_omp *o;
  bool found;
} omp_find;

static bool omp_find_cb(ir_node *n, void *data) {
  omp_find *f = data;
  if (n->kind == IR_NODE_LOOP && n->u.loop.omp == f->o)
    f->found = true;
  return !f->found;
}

typedef struct loops_of {
  scc_ctx *ctx;
  scc_vec *out;
} loops_of;

static bool collect_loop_cb(ir_node *n, void *data) {
  loops_of *l = data;
  if (n->kind == IR_NODE_LOOP)
    scc_vec_push(l->ctx->arena, l->out, n);
  return true;
}

/* The user's OpenMP loop directives (ir_kernel.omp_dirs) whose every loop
 * op s made vanish (loop.unroll {full}, ...) are dropped with a note. */
static void note_dropped_directives(sched_run *r, const sched_stmt *s) {
  for (int i = 0; i < r->k->omp_dirs.len; i++) {
    ir_omp *o = r->k->omp_dirs.items[i];
    if (o->dropped)
      continue;
    omp_find f = {o, false};
    ir_walk_block(&r->k->body, omp_find_cb, &f);
    if (f.found)
      continue;
    o->dropped = true;
    scc_note(r->ctx, o->loc,
             "'#pragma %s' is dropped: %s (%s:%d:%d) removed the loop it "
             "applied to",
             o->text, s->opname, s->loc.file, s->loc.line, s->loc.col);
  }
}

typedef struct volatile_find {
  const char *name; /* the volatile array or variable, or NULL */
  scc_loc loc;      /* where the payload accesses it */
} volatile_find;

static void volatile_expr_cb(ir_expr *e, void *data) {
  volatile_find *f = data;
  if (f->name)
    return;
  if (e->kind == IR_EXPR_ACCESS && e->u.access.array->is_volatile)
    f->name = e->u.access.array->name, f->loc = e->loc;
  else if (e->kind == IR_EXPR_VAR && e->u.var->declared_volatile)
    f->name = e->u.var->name, f->loc = e->loc;
}

static bool volatile_node_cb(ir_node *n, void *data) {
  volatile_find *f = data;
  if (n->kind == IR_NODE_DECL && n->u.decl.var->declared_volatile)
    f->name = n->u.decl.var->name, f->loc = n->loc;
  if (!f->name)
    ir_walk_node_exprs(n, volatile_expr_cb, data);
  return !f->name;
}

/* An access to a volatile array or to a variable declared volatile in the
 * payload of a handle operand of s (the kernel for the root handle):
 * false when there is none. */
static bool volatile_access(sched_run *r, const sched_stmt *s,
                            volatile_find *f) {
  for (int i = 0; i < s->nops && !f->name; i++) {
    const sched_item *it = s->ops[i];
    int n = it->kind == SCHED_I_LIST ? it->n : 1;
    for (int e = 0; e < n && !f->name; e++) {
      const sched_item *x = it->kind == SCHED_I_LIST ? &it->elems[e] : it;
      if (x->kind != SCHED_I_REF)
        continue;
      const sched_value *v = &r->env[x->slot];
      if (v->is_param || v->killer)
        continue;
      for (int j = 0; j < v->n && !f->name; j++) {
        if (v->items[j])
          ir_walk_node(v->items[j], volatile_node_cb, f);
        else
          ir_walk_block(&r->k->body, volatile_node_cb, f);
      }
    }
  }
  return f->name != NULL;
}

/* Runs op s.  An op with SCHED_OPF_RECHECK_PARALLEL (every transform but
 * loop.parallel, which checks its own loop) on a kernel that holds
 * parallel loops is followed by a
 * check of every loop still marked parallel (xf_parallel_recheck: the
 * dependence query of loop.parallel on the new IR), since fusing,
 * interchanging, jamming or packing may make a parallel loop carry a
 * dependence; when one would, the kernel is restored as it was before the
 * op and the op fails (silenceably, at the op, with a note at the loop). */
static bool run_op(sched_run *r, const sched_stmt *s) {
  /* volatile accesses keep their order and count: no transform of a loop
   * that makes one (the dependence analysis does not model them) */
  volatile_find vf = {NULL, {0}};
  if (is_transform(s) && volatile_access(r, s, &vf)) {
    scc_fail(r->ctx, vf.loc,
             "%s: '%s' is volatile: its accesses must keep their order and "
             "count, which the transform may change (the loops that access "
             "it are left as written)",
             s->opname, vf.name);
    return sched_silenceable(r, s);
  }
  bool guard = (sched_ops[s->op].flags & SCHED_OPF_RECHECK_PARALLEL) &&
               xf_kernel_has_parallel(r->k);
  ir_snapshot *snap = guard ? ir_kernel_snapshot(r->ctx, r->k) : NULL;
  scc_vec before = {0}; /* the loops, for the user's OpenMP directives */
  if (guard && r->k->omp_dirs.len)
    ir_walk_block(&r->k->body, collect_loop_cb, &(loops_of){r->ctx, &before});
  int nremarks = r->nremarks;
  if (!sched_ops[s->op].handler(r, s))
    return false;
  if (before.len)
    xf_omp_follow(r->ctx, r->k, &before);
  if (snap && !xf_parallel_recheck(r->ctx, r->k)) {
    ir_kernel_restore(r->k, snap);
    return sched_silenceable(r, s);
  }
  /* bounds that would print as megabytes (the caller, alternatives or
   * {failures = suppress}, rolls the kernel back; else the run stops) */
  if (is_transform(s) && !xf_kernel_bounds_ok(r->ctx, r->k, s->opname))
    return sched_silenceable(r, s);
  note_dropped_directives(r, s);
  if (is_transform(s))
    sched_remark_empty(r, s);
  if (s->op != SCHED_OP_INCLUDE)
    sched_remark_fallback(r, s, nremarks);
  return true;
}

static bool run_stmt(sched_run *r, const sched_stmt *s) {
  int no = ++r->opno;
  if (!run_op(r, s))
    return false;
  dump_after(r, s, no);
  return true;
}

/* ---- match ops ------------------------------------------------------------
 */

typedef struct match_state {
  const char *name; /* match.loop: iv name or label; NULL: every loop */
  bool all;
  bool nested; /* match.op: keep descending after a match */
  scc_vec *out;
  scc_arena *arena;
} match_state;

static bool match_cb(ir_node *n, void *data) {
  match_state *m = data;
  if (!m->all && m->out->len > 0)
    return false;
  if (n->kind != IR_NODE_LOOP)
    return true;
  const ir_loop *l = &n->u.loop;
  bool hit = !m->name || strcmp(l->iv->name, m->name) == 0 ||
             (l->label && strcmp(l->label, m->name) == 0);
  if (hit) {
    scc_vec_push(m->arena, m->out, n);
    return m->nested;
  }
  return true;
}

/* Walks what is strictly inside payload item n (NULL: the kernel root). */
static void walk_inside(sched_run *r, ir_node *n, match_state *m) {
  if (!n)
    ir_walk_block(&r->k->body, match_cb, m);
  else if (n->kind == IR_NODE_LOOP)
    ir_walk_block(&n->u.loop.body, match_cb, m);
  else if (n->kind == IR_NODE_IF) {
    ir_walk_block(&n->u.ifs.then_body, match_cb, m);
    ir_walk_block(&n->u.ifs.else_body, match_cb, m);
  }
}

bool sched_op_match_loop(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[1]);
  if (!h)
    return false;
  const char *name = s->ops[0]->text;
  scc_vec out = {0};
  for (int j = 0; j < h->n; j++) {
    scc_vec one = {0};
    match_state m = {name, sched_attr_find(s, "all") != NULL, false, &one,
                     r->ctx->arena};
    walk_inside(r, h->items[j], &m);
    if (one.len == 0) {
      sched_report_no_loop(r, s, name, h->items[j],
                           sched_payload_name(r, h->items[j]));
      return false;
    }
    for (int i = 0; i < one.len; i++)
      scc_vec_push(r->ctx->arena, &out, one.items[i]);
  }
  sched_remark_match(r, s, &out);
  sched_set_result(r, s, 0, &out);
  return true;
}

bool sched_op_match_op(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[1]);
  if (!h)
    return false;
  int64_t nth = 0; /* 0: all */
  if (sched_attr_find(s, "first"))
    nth = 1;
  else if (sched_attr_find(s, "second"))
    nth = 2;
  else if (sched_attr_find(s, "nth"))
    nth = sched_get_num(r, &sched_attr_find(s, "nth")->value);
  if (sched_attr_find(s, "nth") && nth < 1) {
    scc_error(r->ctx, s->loc, "match.op: {nth = N} counts from 1, got %lld",
              (long long)nth);
    return false;
  }
  scc_vec out = {0};
  for (int j = 0; j < h->n; j++) {
    scc_vec all = {0};
    match_state m = {NULL, true, true, &all, r->ctx->arena};
    walk_inside(r, h->items[j], &m);
    if (all.len == 0 || nth > all.len) {
      if (all.len == 0)
        scc_error(r->ctx, s->loc, "match.op: no \"for\" loop in %s",
                  sched_payload_name(r, h->items[j]));
      else
        scc_error(r->ctx, s->loc,
                  "match.op: loop number %lld is out of range: %s holds %d "
                  "loop%s",
                  (long long)nth, sched_payload_name(r, h->items[j]), all.len,
                  all.len == 1 ? "" : "s");
      return false;
    }
    for (int i = 0; i < all.len; i++)
      if (nth == 0 || i + 1 == nth)
        scc_vec_push(r->ctx->arena, &out, all.items[i]);
  }
  sched_remark_match(r, s, &out);
  sched_set_result(r, s, 0, &out);
  return true;
}

/* ---- loop transforms --------------------------------------------------------
 */

bool sched_op_split(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  int64_t n = sched_get_num(r, s->ops[1]);
  sched_consume(r, s, &h, 1);
  scc_vec mains = {0}, rests = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *main = NULL, *rest = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l || !sched_xf_done(r, s, xf_split(r->ctx, r->k, l, n, &main, &rest)))
      return false;
    sched_remark_split(r, s, &b, n, main, rest);
    scc_vec_push(r->ctx->arena, &mains, main);
    scc_vec_push(r->ctx->arena, &rests, rest);
  }
  sched_set_result(r, s, 0, &mains);
  sched_set_result(r, s, 1, &rests);
  return true;
}

bool sched_op_tile(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  const sched_item *list = s->ops[1];
  int n = list->n;
  int64_t *sizes = scc_arena_alloc(r->ctx->arena, sizeof *sizes * n);
  for (int i = 0; i < n; i++)
    sizes[i] = sched_get_num(r, &list->elems[i]);
  sched_consume(r, s, &h, 1);
  scc_vec *res = scc_arena_alloc(r->ctx->arena, sizeof *res * 2 * n);
  ir_node **out = scc_arena_alloc(r->ctx->arena, sizeof *out * 2 * n);
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j);
    memset(out, 0, sizeof *out * 2 * n);
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l || !sched_xf_done(r, s, xf_tile(r->ctx, r->k, l, sizes, n, out)))
      return false;
    sched_remark_tile(r, s, &b, sizes, n, out);
    for (int i = 0; i < 2 * n; i++)
      scc_vec_push(r->ctx->arena, &res[i], out[i]);
  }
  for (int i = 0; i < 2 * n; i++)
    sched_set_result(r, s, i, &res[i]);
  return true;
}

bool sched_op_interchange(sched_run *r, const sched_stmt *s) {
  sched_value *a = sched_get_handle(r, s->ops[0]);
  sched_value *b = a ? sched_get_handle(r, s->ops[1]) : NULL;
  if (!a || !b)
    return false;
  if (a->n != b->n) {
    scc_error(r->ctx, s->loc,
              "loop.interchange: '%s' holds %d loop%s but '%s' holds %d",
              a->name, a->n, a->n == 1 ? "" : "s", b->name, b->n);
    return false;
  }
  sched_value *both[2] = {a, b};
  sched_consume(r, s, both, 2);
  scc_vec ra = {0}, rb = {0};
  for (int j = 0; j < a->n; j++) {
    ir_node *la = sched_loop_of(r, s, a, j),
            *lb = la ? sched_loop_of(r, s, b, j) : NULL;
    ir_node *oa = NULL, *ob = NULL;
    if (!lb ||
        !sched_xf_done(r, s, xf_interchange(r->ctx, r->k, la, lb, &oa, &ob)))
      return false;
    sched_remark_interchange(r, s, oa, ob);
    scc_vec_push(r->ctx->arena, &ra, oa);
    scc_vec_push(r->ctx->arena, &rb, ob);
  }
  sched_set_result(r, s, 0, &ra);
  sched_set_result(r, s, 1, &rb);
  return true;
}

bool sched_op_reorder(sched_run *r, const sched_stmt *s) {
  const sched_item *list = s->ops[0];
  int n = list->n;
  sched_value **hs = scc_arena_alloc(r->ctx->arena, sizeof *hs * n);
  for (int i = 0; i < n; i++) {
    if (!(hs[i] = sched_get_handle(r, &list->elems[i])))
      return false;
    if (hs[i]->n != hs[0]->n) {
      scc_error(r->ctx, list->elems[i].loc,
                "loop.reorder: '%s' holds %d loops but '%s' holds %d",
                hs[i]->name, hs[i]->n, hs[0]->name, hs[0]->n);
      return false;
    }
  }
  sched_consume(r, s, hs, n);
  scc_vec *res = scc_arena_alloc(r->ctx->arena, sizeof *res * n);
  ir_node **in = scc_arena_alloc(r->ctx->arena, sizeof *in * n);
  ir_node **out = scc_arena_alloc(r->ctx->arena, sizeof *out * n);
  for (int j = 0; j < hs[0]->n; j++) {
    for (int i = 0; i < n; i++)
      if (!(in[i] = sched_loop_of(r, s, hs[i], j)))
        return false;
    memset(out, 0, sizeof *out * n);
    if (!sched_xf_done(r, s, xf_reorder(r->ctx, r->k, in, n, out)))
      return false;
    sched_remark_reorder(r, s, out, n);
    for (int i = 0; i < n; i++)
      scc_vec_push(r->ctx->arena, &res[i], out[i]);
  }
  for (int i = 0; i < n; i++)
    sched_set_result(r, s, i, &res[i]);
  return true;
}

bool sched_op_unroll(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  int64_t factor = 0; /* full */
  const sched_attr *f = sched_attr_find(s, "factor");
  if (f) {
    factor = sched_get_num(r, &f->value);
    if (factor < 1) {
      scc_error(r->ctx, f->value.loc,
                "loop.unroll: {factor = N} must be at least 1, got %lld",
                (long long)factor);
      return false;
    }
  }
  sched_consume(r, s, &h, 1);
  scc_vec mains = {0}, rests = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *main = NULL, *rest = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l ||
        !sched_xf_done(r, s, xf_unroll(r->ctx, r->k, l, factor, &main, &rest)))
      return false;
    sched_remark_unroll(r, s, &b, factor, main, rest);
    scc_vec_push(r->ctx->arena, &mains, main);
    scc_vec_push(r->ctx->arena, &rests, rest);
  }
  sched_set_result(r, s, 0, &mains);
  sched_set_result(r, s, 1, &rests);
  return true;
}

/* ---- parameters, debugging, include ------------------------------------- */

bool sched_op_param_constant(sched_run *r, const sched_stmt *s) {
  int64_t v = sched_get_num(r, s->ops[0]);
  if (s->nslots_out > 0)
    sched_bind(r, s, 0)->ival = v;
  sched_remark_applied(
      r, s, "%s = %lld",
      s->nres ? scc_arena_printf(r->ctx->arena, "'%%%s'", s->res_names[0])
              : "(unbound)",
      (long long)v);
  return true;
}

bool sched_op_print(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  scc_buf b = {0};
  scc_buf_printf(&b, "// print %s (%s:%d:%d): %d payload%s\n", h->name,
                 s->loc.file, s->loc.line, s->loc.col, h->n,
                 h->n == 1 ? "" : "s");
  for (int j = 0; j < h->n; j++) {
    if (h->items[j])
      ir_print_node(&b, r->ctx, h->items[j], 0);
    else
      ir_print_kernel(&b, r->ctx, r->k);
  }
  FILE *out = r->ctx->diag_out ? r->ctx->diag_out : stderr;
  fwrite(b.data, 1, b.len, out);
  fflush(out);
  scc_buf_free(&b);
  sched_remark_applied(r, s, "printed '%s' above", h->name);
  return true;
}

bool sched_op_remark(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  for (int j = 0; j < h->n; j++)
    scc_note(r->ctx, h->items[j] ? h->items[j]->loc : r->k->loc, "%s",
             s->ops[1]->text);
  sched_remark_applied(r, s, "printed the note above");
  return true;
}

/* ---- alternatives (the rollback: sched_alt.c)
 * ------------------------------------------------------- */

/* Binds the results of alternatives s to the values region `y` yields. */
static bool bind_yields(sched_run *r, const sched_stmt *s,
                        const sched_stmt *y) {
  if (!y)
    return true;
  sched_value **vals =
      scc_arena_alloc(r->ctx->arena, sizeof *vals * (size_t)(y->nops + 1));
  for (int k = 0; k < y->nops; k++)
    if (!(vals[k] = sched_get_handle(r, y->ops[k])))
      return false;
  for (int k = 0; k < y->nops && k < s->nslots_out; k++) {
    sched_value *dst = sched_bind(r, s, k);
    dst->n = vals[k]->n;
    dst->items = vals[k]->items;
    dst->ival = vals[k]->ival;
  }
  return true;
}

bool sched_op_alternatives(sched_run *r, const sched_stmt *s) {
  int n = s->nregions;
  const char **msgs = scc_arena_alloc(r->ctx->arena, sizeof *msgs * (n + 1));
  scc_loc *ats = scc_arena_alloc(r->ctx->arena, sizeof *ats * (n + 1));
  scc_loc *payloads =
      scc_arena_alloc(r->ctx->arena, sizeof *payloads * (n + 1));
  for (int i = 0; i < n; i++) {
    const scc_vec *region = &s->regions[i];
    sched_rollback hs;
    sched_rollback_save(r, &hs);
    r->catching++;
    r->failed = false;
    bool ok = true;
    const sched_stmt *y = NULL;
    for (int j = 0; j < region->len && ok; j++) {
      const sched_stmt *x = region->items[j];
      if (x->op == SCHED_OP_YIELD)
        y = x;
      else
        ok = run_stmt(r, x);
    }
    r->catching--;
    if (ok) {
      scc_remark(r->ctx, s->loc, "alternatives: region %d of %d applied", i + 1,
                 n);
      return bind_yields(r, s, y);
    }
    if (!r->failed)
      return false; /* a definite failure: reported, not caught */
    r->failed = false;
    sched_rollback_restore(r, &hs);
    msgs[i] = r->fail_msg;
    ats[i] = r->fail_at;
    payloads[i] = r->fail_payload;
    scc_remark(r->ctx, ats[i],
               "%s (region %d of %d of the alternatives at %d:%d rolled back; "
               "%s)",
               msgs[i], i + 1, n, s->loc.line, s->loc.col,
               i + 1 < n ? "trying the next region" : "no region left");
  }
  /* Every region failed: the op's own silenceable failure. */
  if (r->catching > 0) {
    scc_buf b = {0};
    scc_buf_printf(&b, "alternatives: all %d regions failed", n);
    for (int i = 0; i < n; i++)
      scc_buf_printf(&b, "%sregion %d: %s", i ? "; " : " (", i + 1, msgs[i]);
    scc_buf_puts(&b, n ? ")" : "");
    r->failed = true;
    r->fail_msg = scc_arena_strndup(r->ctx->arena, b.data, b.len);
    r->fail_at = s->loc;
    r->fail_payload = (scc_loc){0};
    scc_buf_free(&b);
    return false;
  }
  scc_error(r->ctx, s->loc, "alternatives: all %d regions failed", n);
  for (int i = 0; i < n; i++) {
    scc_note(r->ctx, ats[i], "region %d failed: %s", i + 1, msgs[i]);
    if (payloads[i].file)
      scc_note(r->ctx, payloads[i], "payload is here");
  }
  return false;
}

/* ---- {failures = suppress} ---------------------------------------------- */

static bool run_suppressed(sched_run *r, const sched_stmt *s) {
  sched_rollback hs;
  sched_rollback_save(r, &hs);
  r->catching++;
  r->failed = false;
  bool ok = run_stmt(r, s);
  r->catching--;
  if (ok)
    return true;
  if (!r->failed)
    return false;
  r->failed = false;
  sched_rollback_restore(r, &hs);
  /* The op's results are empty handles: ops on them do nothing. */
  for (int j = 0; j < s->nslots_out; j++)
    sched_bind(r, s, j);
  scc_remark(r->ctx, r->fail_at,
             "%s (suppressed: @%s has {failures = suppress}; the op was "
             "undone and the sequence goes on)",
             r->fail_msg, r->seq->name);
  if (r->fail_payload.file)
    scc_remark(r->ctx, r->fail_payload, "payload is here");
  return true;
}

static bool run_seq(sched_run *r, const sched_seq *q, sched_value *args);

bool sched_op_include(sched_run *r, const sched_stmt *s) {
  const sched_seq *callee = r->prog->seqs.items[s->callee_seq];
  sched_value *args =
      scc_arena_alloc(r->ctx->arena, sizeof *args * (s->nops + 1));
  for (int i = 0; i < s->nops; i++) {
    if (s->ops[i]->kind == SCHED_I_INT) { /* a parameter in the callee */
      args[i] =
          (sched_value){.set = true, .is_param = true, .ival = s->ops[i]->ival};
      continue;
    }
    sched_value *v = sched_get_handle(r, s->ops[i]);
    if (!v)
      return false;
    args[i] = *v;
  }
  if (r->depth >= 64) {
    scc_error(r->ctx, s->loc, "include nesting is too deep");
    return false;
  }
  sched_remark_applied(r, s, "running '@%s' (%s:%d)", callee->name,
                       callee->loc.file, callee->loc.line);
  int nerrors = r->ctx->nerrors;
  if (run_seq(r, callee, args))
    return true;
  /* an error reported inside the callee: say which include ran it */
  if (r->ctx->nerrors > nerrors)
    scc_note(r->ctx, s->loc, "in '@%s', included here", callee->name);
  return false;
}

/* ---- driver -----------------------------------------------------------------
 */

/* Runs sequence q with argument values `args` in a fresh frame. */
static bool run_seq(sched_run *r, const sched_seq *q, sched_value *args) {
  sched_value *saved_env = r->env;
  const sched_seq *saved_seq = r->seq;
  int live_mark = r->live.len;
  r->env = scc_arena_alloc(r->ctx->arena, sizeof *r->env * (q->nslots + 1));
  r->seq = q;
  r->depth++;
  for (int i = 0; i < q->nargs; i++) {
    r->env[i] = args[i];
    r->env[i].name = scc_arena_printf(r->ctx->arena, "%%%s", q->arg_names[i]);
    scc_vec_push(r->ctx->arena, &r->live, &r->env[i]);
  }
  bool ok = true;
  for (int i = 0; i < q->stmts.len && ok; i++) {
    const sched_stmt *s = q->stmts.items[i];
    ok = q->suppress ? run_suppressed(r, s) : run_stmt(r, s);
  }
  /* The caller's copies of our arguments share their fate. */
  for (int i = 0; i < q->nargs; i++)
    for (int j = 0; j < live_mark; j++) {
      sched_value *w = r->live.items[j];
      if (r->env[i].killer && !w->killer && w->items == r->env[i].items) {
        w->killer = r->env[i].killer;
        w->nested = r->env[i].nested;
      }
    }
  r->live.len = live_mark;
  r->depth--;
  r->env = saved_env;
  r->seq = saved_seq;
  return ok;
}

bool sched_apply(scc_ctx *ctx, sched_program *p, ir_module *m,
                 const sched_options *opts) {
  if (!p || !m)
    return false;
  int before = ctx->nerrors;
  if (!sched_check_kernels(ctx, p, m) || !sched_params_bind(ctx, p, opts))
    return false;
  /* kernel versioning: what the transformed code assumes is recorded
   * against a copy of each body taken before the schedule runs */
  for (int i = 0; i < m->kernels.len; i++)
    dep_assume_begin(ctx, m->kernels.items[i]);
  for (int i = 0; i < m->kernels.len; i++) {
    ir_kernel *k = m->kernels.items[i];
    const sched_seq *q = sched_kernel_seq(p, k->name);
    if (!q)
      q = sched_find_seq(p, "main");
    if (!q)
      q = sched_find_seq(p, "__transform_main");
    if (!q) {
      scc_warning(ctx, k->loc,
                  "schedule '%s' has no named_sequence @main, "
                  "@__transform_main or @%s; kernel '%s' left unchanged",
                  p->file, k->name, k->name);
      continue;
    }
    if (q->nargs != 1) {
      scc_error(ctx, q->loc,
                "named_sequence '@%s' must take exactly one argument (the "
                "kernel root) to schedule kernel '%s', got %d",
                q->name, k->name, q->nargs);
      continue;
    }
    xf_omp_check(ctx, k); /* the user's OpenMP loop directives */
    sched_run r = {.ctx = ctx, .prog = p, .k = k, .opts = opts};
    sched_value root = {.set = true, .n = 1};
    root.items = scc_arena_alloc(ctx->arena, sizeof *root.items);
    char *state;
    sched_remark_kernel_begin(&r, q, &state);
    if (!run_seq(&r, q, &root))
      continue;
    sched_remark_kernel_end(&r, q, state);
    if (opts && opts->dump && opts->dump_after && !r.dumped &&
        dump_number(opts->dump_after))
      scc_warning(
          ctx, q->loc, "--dump-after=%s: '@%s' ran only %d op%s on kernel '%s'",
          opts->dump_after, q->name, r.opno, r.opno == 1 ? "" : "s", k->name);
    else if (opts && opts->dump && opts->dump_after && !r.dumped)
      sched_warn_no_dump(ctx, q, k, opts->dump_after);
  }
  /* the run-time checks (kernel versioning) of what the transformed code
   * assumes; a kernel whose check cannot be built is put back as it was
   * written, with a warning (dep_assume_finish) */
  for (int i = 0; ctx->nerrors == before && i < m->kernels.len; i++)
    dep_assume_finish(ctx, m->kernels.items[i]);
  return ctx->nerrors == before;
}
