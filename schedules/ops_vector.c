/* ops_vector.c — STUB handlers, to be replaced: vectorization (loop.vectorize).
 */
#include "sched_int.h"

bool sched_op_vectorize(sched_run *r, const sched_stmt *s) {
  scc_error(r->ctx, s->loc, "'%s' is not implemented yet", s->opname);
  return false;
}
