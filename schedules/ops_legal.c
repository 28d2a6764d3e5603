/* ops_legal.c — handlers of the legality-checked restructuring ops and of
 * parallel loops: loop.fuse, loop.distribute, loop.peel, loop.skew,
 * loop.sink, loop.parallel.  Each marshals its handles into the transform of
 * the same name (transforms/), which asks the dependence analysis (deps/)
 * before it rewrites anything.  An operand handle holding several payloads
 * applies the transform to each (pairwise for two-handle ops) and concatenates
 * the results. */
#include <string.h>

#include "sched_int.h"

/* The two handle operands of s, consumed, with the same payload count;
 * false after reporting. */
static bool two_handles(sched_run *r, const sched_stmt *s, sched_value **a,
                        sched_value **b) {
  *a = sched_get_handle(r, s->ops[0]);
  *b = *a ? sched_get_handle(r, s->ops[1]) : NULL;
  if (!*a || !*b)
    return false;
  if ((*a)->n != (*b)->n) {
    scc_error(r->ctx, s->loc, "%s: '%s' holds %d payload%s but '%s' holds %d",
              s->opname, (*a)->name, (*a)->n, (*a)->n == 1 ? "" : "s",
              (*b)->name, (*b)->n);
    return false;
  }
  sched_value *both[2] = {*a, *b};
  sched_consume(r, s, both, 2);
  return true;
}

bool sched_op_fuse(sched_run *r, const sched_stmt *s) {
  /* {shift = S}: shifted fusion into one guarded loop (fuse_shift.c) */
  const sched_attr *sh = sched_attr_find(s, "shift");
  int64_t shift = sh ? sched_get_num(r, &sh->value) : 0;
  sched_value *a, *b;
  if (!two_handles(r, s, &a, &b))
    return false;
  scc_vec res = {0};
  for (int j = 0; j < a->n; j++) {
    ir_node *la = sched_loop_of(r, s, a, j),
            *lb = la ? sched_loop_of(r, s, b, j) : NULL, *f = NULL;
    sched_before ba, bb;
    sched_before_loop(r, la, &ba);
    sched_before_loop(r, lb, &bb);
    if (!lb ||
        !sched_xf_done(r, s,
                       sh ? xf_fuse_shift(r->ctx, r->k, la, lb, shift, &f)
                          : xf_fuse(r->ctx, r->k, la, lb, &f)))
      return false;
    sched_remark_fuse(r, s, &ba, &bb, f);
    scc_vec_push(r->ctx->arena, &res, f);
  }
  sched_set_result(r, s, 0, &res);
  return true;
}

bool sched_op_distribute(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  sched_consume(r, s, &h, 1);
  int want = s->nslots_out;
  scc_vec *res = scc_arena_alloc(r->ctx->arena, sizeof *res * (want + 1));
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), **parts = NULL;
    int n = 0;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l ||
        !sched_xf_done(r, s, xf_distribute(r->ctx, r->k, l, want, &parts, &n)))
      return false;
    sched_remark_distribute(r, s, &b, parts, n);
    for (int i = 0; i < n && i < want; i++)
      scc_vec_push(r->ctx->arena, &res[i], parts[i]);
  }
  for (int i = 0; i < want; i++)
    sched_set_result(r, s, i, &res[i]);
  return true;
}

bool sched_op_peel(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  const sched_attr *f = sched_attr_find(s, "front");
  const sched_attr *bk = f ? NULL : sched_attr_find(s, "back");
  const sched_attr *a = f ? f : bk;
  int64_t n = sched_get_num(r, &a->value);
  if (n < 0) {
    scc_error(r->ctx, a->value.loc,
              "loop.peel: {%s = N} must be at least 0, got %lld", a->key,
              (long long)n);
    return false;
  }
  sched_consume(r, s, &h, 1);
  scc_vec peeled = {0}, rests = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *p = NULL, *rest = NULL;
    sched_before b;
    sched_before_loop(r, l, &b);
    if (!l ||
        !sched_xf_done(r, s, xf_peel(r->ctx, r->k, l, n, f != NULL, &p, &rest)))
      return false;
    sched_remark_peel(r, s, &b, n, f != NULL, p, rest);
    scc_vec_push(r->ctx->arena, &peeled, p);
    scc_vec_push(r->ctx->arena, &rests, rest);
  }
  sched_set_result(r, s, 0, &peeled);
  sched_set_result(r, s, 1, &rests);
  return true;
}

bool sched_op_skew(sched_run *r, const sched_stmt *s) {
  const sched_attr *f = sched_attr_find(s, "factor");
  int64_t factor = sched_get_num(r, &f->value);
  sched_value *a, *b;
  if (!two_handles(r, s, &a, &b))
    return false;
  scc_vec ro = {0}, ri = {0};
  for (int j = 0; j < a->n; j++) {
    ir_node *lo = sched_loop_of(r, s, a, j),
            *li = lo ? sched_loop_of(r, s, b, j) : NULL, *oo = NULL, *oi = NULL;
    sched_before bo, bi;
    sched_before_loop(r, lo, &bo);
    sched_before_loop(r, li, &bi);
    if (!li ||
        !sched_xf_done(r, s, xf_skew(r->ctx, r->k, lo, li, factor, &oo, &oi)))
      return false;
    sched_remark_skew(r, s, &bo, &bi, factor);
    scc_vec_push(r->ctx->arena, &ro, oo);
    scc_vec_push(r->ctx->arena, &ri, oi);
  }
  sched_set_result(r, s, 0, &ro);
  sched_set_result(r, s, 1, &ri);
  return true;
}

bool sched_op_sink(sched_run *r, const sched_stmt *s) {
  sched_value *x, *l;
  if (!two_handles(r, s, &x, &l))
    return false;
  scc_vec res = {0};
  for (int j = 0; j < x->n; j++) {
    ir_node *lx = sched_loop_of(r, s, x, j),
            *ll = lx ? sched_loop_of(r, s, l, j) : NULL, *out = NULL;
    int nassume = r->k->assumptions.len;
    sched_before bx, bl;
    sched_before_loop(r, lx, &bx);
    sched_before_loop(r, ll, &bl);
    bool first = lx && lx->next == ll;
    if (!ll || !sched_xf_done(r, s, xf_sink(r->ctx, r->k, lx, ll, &out)))
      return false;
    sched_remark_sink(r, s, &bx, &bl, first,
                      r->k->assumptions.len > nassume
                          ? r->k->assumptions.items[nassume]
                          : NULL);
    scc_vec_push(r->ctx->arena, &res, out);
  }
  sched_set_result(r, s, 0, &res);
  return true;
}

bool sched_op_parallel(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  const sched_attr *sc = sched_attr_find(s, "schedule");
  const char *schedule = sc ? sc->value.text : NULL;
  bool reduction = sched_attr_find(s, "reduction") != NULL;
  sched_consume(r, s, &h, 1);
  scc_vec res = {0};
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j), *p = NULL;
    if (!l || !sched_xf_done(
                  r, s, xf_parallel(r->ctx, r->k, l, schedule, reduction, &p)))
      return false;
    sched_remark_parallel(r, s, p);
    scc_vec_push(r->ctx->arena, &res, p);
  }
  sched_set_result(r, s, 0, &res);
  return true;
}
