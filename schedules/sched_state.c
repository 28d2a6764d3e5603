/* sched_state.c — the run state of the interpreter that op handlers read
 * and write: handle and number operands, binding results, invalidating
 * consumed handles (and those nested in their payload), attributes, the
 * end of a transform application (a silenceable failure recorded or
 * reported, the hooks of ops.def's flags, the verifier).  The handlers
 * (ops_*.c, sched_param.c, sched_remark.c, ...) and the interpreter
 * (sched_interp.c) call it; it calls none of them: a star, not a circle.
 * Source: the MLIR Transform dialect's TransformState (Lücke et al., "The
 * MLIR Transform Dialect", CGO 2025).
 */
#include "sched_int.h"

#include <string.h>

/* ---- values and invalidation ----------------------------------------------
 */

static sched_value *val(sched_run *r, const sched_item *it) {
  return &r->env[it->slot];
}

static void report_dead(sched_run *r, const sched_item *it,
                        const sched_value *v) {
  const sched_stmt *k = v->killer;
  if (v->nested)
    scc_error(r->ctx, it->loc,
              "handle '%s' was invalidated by '%s' at %d:%d, which consumed a "
              "handle its payload is nested in",
              v->name, k->opname, k->loc.line, k->loc.col);
  else
    scc_error(r->ctx, it->loc, "handle '%s' was consumed by '%s' at %d:%d",
              v->name, k->opname, k->loc.line, k->loc.col);
  scc_note(r->ctx, k->loc, "consumed here");
}

/* The live handle an operand names, or NULL after reporting. */
sched_value *sched_get_handle(sched_run *r, const sched_item *it) {
  sched_value *v = val(r, it);
  if (v->killer) {
    report_dead(r, it, v);
    return NULL;
  }
  return v;
}

/* A number operand: a literal or a parameter. */
int64_t sched_get_num(sched_run *r, const sched_item *it) {
  return it->kind == SCHED_I_INT ? it->ival : val(r, it)->ival;
}

void sched_consume(sched_run *r, const sched_stmt *by, sched_value **consumed,
                   int n) {
  scc_vec payload = {0};
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < consumed[i]->n; j++)
      if (consumed[i]->items[j])
        scc_vec_push(r->ctx->arena, &payload, consumed[i]->items[j]);
    consumed[i]->killer = by;
    consumed[i]->nested = false;
  }
  for (int i = 0; i < r->live.len; i++) {
    sched_value *w = r->live.items[i];
    if (w->killer || w->is_param)
      continue;
    for (int j = 0; j < w->n && !w->killer; j++) {
      ir_node *x = w->items[j];
      for (int p = 0; x && p < payload.len; p++) {
        ir_node *c = payload.items[p];
        if (x == c || ir_node_within(x, c)) {
          w->killer = by;
          w->nested = x != c;
          break;
        }
      }
    }
  }
}

sched_value *sched_bind(sched_run *r, const sched_stmt *s, int j) {
  int slot = s->first_slot + j;
  sched_value *v = &r->env[slot];
  const sched_slot *d = &r->seq->slots[slot];
  *v = (sched_value){.set = true, .is_param = d->is_param};
  v->name = d->index
                ? scc_arena_printf(r->ctx->arena, "%%%s#%d", d->name, d->index)
                : scc_arena_printf(r->ctx->arena, "%%%s", d->name);
  scc_vec_push(r->ctx->arena, &r->live, v);
  return v;
}

/* Binds result j of s to the payload list `items` (NULL entries dropped),
 * when the statement binds its results. */
void sched_set_result(sched_run *r, const sched_stmt *s, int j,
                      const scc_vec *items) {
  if (j >= s->nslots_out)
    return;
  sched_value *v = sched_bind(r, s, j);
  v->items = scc_arena_alloc(r->ctx->arena, sizeof *v->items * items->len);
  for (int i = 0; i < items->len; i++)
    if (items->items[i])
      v->items[v->n++] = items->items[i];
}

const char *sched_payload_name(sched_run *r, const ir_node *n) {
  if (!n)
    return scc_arena_printf(r->ctx->arena, "kernel '%s'", r->k->name);
  if (n->kind == IR_NODE_LOOP)
    return scc_arena_printf(r->ctx->arena, "loop '%s' in kernel '%s'",
                            n->u.loop.iv->name, r->k->name);
  return scc_arena_printf(r->ctx->arena, "a statement in kernel '%s'",
                          r->k->name);
}

/* Payload item j of v as a loop, or NULL after reporting. */
ir_node *sched_loop_of(sched_run *r, const sched_stmt *s, sched_value *v,
                       int j) {
  ir_node *n = v->items[j];
  if (!n || n->kind != IR_NODE_LOOP) {
    scc_error(r->ctx, s->loc, "%s: payload of '%s' is %s, not a loop",
              s->opname, v->name, sched_payload_name(r, n));
    return NULL;
  }
  return n;
}

/* ---- recording a failure ---------------------------------------------- */

bool sched_silenceable(sched_run *r, const sched_stmt *s) {
  if (r->catching <= 0) {
    scc_fail_report(r->ctx, s->loc, s->opname);
    return false;
  }
  const char *msg = r->ctx->pending_msg ? r->ctx->pending_msg : "failed";
  if (strncmp(msg, s->opname, strlen(s->opname)) != 0)
    msg = scc_arena_printf(r->ctx->arena, "%s: %s", s->opname, msg);
  r->failed = true;
  r->fail_msg = msg;
  r->fail_at = s->loc;
  r->fail_payload = r->ctx->pending_loc;
  scc_fail_clear(r->ctx);
  return false;
}

/* Handles the status of one transform application. */
bool sched_xf_done(sched_run *r, const sched_stmt *s, xf_status st) {
  if (st == XF_SILENCEABLE)
    return sched_silenceable(r, s);
  if (st != XF_OK)
    return false;
  /* loop.prefetch's addresses after an op that moved what they read */
  if (sched_ops[s->op].flags & SCHED_OPF_PRUNE_PREFETCH)
    xf_prefetch_prune(r->ctx, r->k, s->opname);
  return ir_verify_kernel(r->ctx, r->k, s->opname);
}

/* ---- attributes ---------------------------------------------------------- */

const sched_attr *sched_attr_find(const sched_stmt *s, const char *key) {
  for (int i = 0; i < s->nattrs; i++)
    if (strcmp(s->attrs[i].key, key) == 0)
      return &s->attrs[i];
  return NULL;
}

bool sched_attr_num(sched_run *r, const sched_stmt *s, const char *key,
                    int64_t lo, int64_t hi, int64_t dflt, const char *what,
                    int64_t *out) {
  const sched_attr *a = sched_attr_find(s, key);
  *out = a ? sched_get_num(r, &a->value) : dflt;
  if (!a || (*out >= lo && *out <= hi))
    return true;
  scc_error(r->ctx, a->value.loc, "%s, %lld to %lld, got %lld", what,
            (long long)lo, (long long)hi, (long long)*out);
  return false;
}

bool sched_get_isa(sched_run *r, const sched_stmt *s, const char *op,
                   const char *expected, ir_isa *isa) {
  *isa = IR_ISA_DEFAULT;
  const sched_attr *ia = sched_attr_find(s, "isa");
  const char *name = ia && ia->value.text ? ia->value.text : "";
  if (ia && !ir_isa_parse(name, isa)) {
    scc_error(r->ctx, ia->value.loc, "%s: unknown isa \"%s\" (expected %s)", op,
              name, expected);
    return false;
  }
  return true;
}
