/* ops_legal.c — STUB handlers, to be replaced: legality-checked restructuring
 * and parallel loops. */
#include "sched_int.h"

bool sched_op_fuse(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_distribute(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_peel(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_skew(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}

bool sched_op_parallel(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}
