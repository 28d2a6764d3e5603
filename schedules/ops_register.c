/* ops_register.c — STUB handlers, to be replaced: register tiling and packing.
 */
#include "sched_int.h"

bool sched_op_unroll_and_jam(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_scalar_replace(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_hoist(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_pack(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}
