/* sched_alt.c — silenceable failures and what catches them:
 *
 *   alternatives { ... }, { ... }, { }     (try regions in order)
 *   named_sequence @s(%h) {failures = suppress} { ... }
 *
 * A silenceable failure (a transform's precondition does not hold, a
 * param.assert of 0, the parallel re-check, an alternatives whose regions
 * all failed) is reported as an error at the op unless something catches
 * it (r->catching > 0): then it is recorded in the run (sched_silenceable)
 * and the catcher undoes what was done -- the payload with the kernel
 * snapshot that loop.parallel's re-check uses (ir_kernel_snapshot /
 * ir_kernel_restore), the handles by restoring every live handle's state
 * and the frame's slots -- and prints the failure as a remark (-v /
 * --remarks), so that nothing fails silently.  Definite failures (run-time
 * handle errors, match failures, verifier errors) are never caught.
 *
 * Source: the MLIR Transform dialect's DiagnosedSilenceableFailure,
 * transform.alternatives and failures(suppress) (Lücke et al., "The MLIR
 * Transform Dialect", CGO 2025, §3.3, Figure 9).
 */
#include "sched_int.h"

#include <string.h>

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

/* ---- handle state ------------------------------------------------------- */

/* Every live handle's value and the running frame's slots, to put back
 * after a rolled-back region or op. */
typedef struct handle_state {
  int nlive;
  sched_value **ptrs;
  sched_value *vals;
  sched_value *env;
  int nenv;
  sched_value *env_copy;
} handle_state;

static void save_handles(sched_run *r, handle_state *h) {
  scc_arena *a = r->ctx->arena;
  h->nlive = r->live.len;
  h->ptrs = scc_arena_alloc(a, sizeof *h->ptrs * (size_t)(h->nlive + 1));
  h->vals = scc_arena_alloc(a, sizeof *h->vals * (size_t)(h->nlive + 1));
  for (int i = 0; i < h->nlive; i++) {
    h->ptrs[i] = r->live.items[i];
    h->vals[i] = *h->ptrs[i];
  }
  h->env = r->env;
  h->nenv = r->seq ? r->seq->nslots : 0;
  h->env_copy = scc_arena_alloc(a, sizeof *h->env_copy * (size_t)(h->nenv + 1));
  if (h->nenv)
    memcpy(h->env_copy, h->env, sizeof *h->env * (size_t)h->nenv);
}

static void restore_handles(sched_run *r, const handle_state *h) {
  if (h->nenv)
    memcpy(h->env, h->env_copy, sizeof *h->env * (size_t)h->nenv);
  r->live.len = h->nlive;
  for (int i = 0; i < h->nlive; i++) {
    r->live.items[i] = h->ptrs[i];
    *h->ptrs[i] = h->vals[i];
  }
}

/* ---- alternatives ------------------------------------------------------- */

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
    handle_state hs;
    save_handles(r, &hs);
    ir_snapshot *snap = ir_kernel_snapshot(r->ctx, r->k);
    r->catching++;
    r->failed = false;
    bool ok = true;
    const sched_stmt *y = NULL;
    for (int j = 0; j < region->len && ok; j++) {
      const sched_stmt *x = region->items[j];
      if (x->op == SCHED_OP_YIELD)
        y = x;
      else
        ok = sched_run_stmt(r, x);
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
    ir_kernel_restore(r->k, snap);
    restore_handles(r, &hs);
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

/* Never runs: the checker accepts `yield` only as the last statement of a
 * region, which sched_op_alternatives reads itself. */
bool sched_op_yield(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'yield' outside an 'alternatives' region");
  return false;
}

/* ---- {failures = suppress} ---------------------------------------------- */

bool sched_run_suppressed(sched_run *r, const sched_stmt *s) {
  handle_state hs;
  save_handles(r, &hs);
  ir_snapshot *snap = ir_kernel_snapshot(r->ctx, r->k);
  r->catching++;
  r->failed = false;
  bool ok = sched_run_stmt(r, s);
  r->catching--;
  if (ok)
    return true;
  if (!r->failed)
    return false;
  r->failed = false;
  ir_kernel_restore(r->k, snap);
  restore_handles(r, &hs);
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
