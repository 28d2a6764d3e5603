/* sched_alt.c — the rollback of what catches silenceable failures (the
 * runners are in sched_interp.c, the recording in sched_state.c):
 *
 *   alternatives { ... }, { ... }, { }     (try regions in order)
 *   named_sequence @s(%h) {failures = suppress} { ... }
 *
 * A silenceable failure (a transform's precondition does not hold, a
 * param.assert of 0, the parallel re-check, an alternatives whose regions
 * all failed) is reported as an error at the op unless something catches
 * it (r->catching > 0): then it is recorded in the run (sched_silenceable)
 * and the catcher undoes what was done (sched_rollback_save / _restore,
 * here) -- the payload with the kernel
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

/* ---- handle state ------------------------------------------------------- */

void sched_rollback_save(sched_run *r, sched_rollback *h) {
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
  h->snap = ir_kernel_snapshot(r->ctx, r->k);
}

void sched_rollback_restore(sched_run *r, const sched_rollback *h) {
  ir_kernel_restore(r->k, h->snap);
  if (h->nenv)
    memcpy(h->env, h->env_copy, sizeof *h->env * (size_t)h->nenv);
  r->live.len = h->nlive;
  for (int i = 0; i < h->nlive; i++) {
    r->live.items[i] = h->ptrs[i];
    *h->ptrs[i] = h->vals[i];
  }
}

/* Never runs: the checker accepts `yield` only as the last statement of a
 * region, which sched_op_alternatives reads itself. */
bool sched_op_yield(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'yield' outside an 'alternatives' region");
  return false;
}
