/* sched.c — STUB, to be replaced. */
#include "sched.h"
sched_program *sched_parse_string(scc_ctx *ctx, const char *name, const char *text, size_t len) {
  (void)text; (void)len;
  scc_error(ctx, (scc_loc){.file = name}, "schedules not implemented yet");
  return NULL;
}
sched_program *sched_parse_file(scc_ctx *ctx, const char *path) { return sched_parse_string(ctx, path, "", 0); }
bool sched_apply(scc_ctx *ctx, sched_program *p, ir_module *m, const sched_options *o) { (void)ctx; (void)p; (void)m; (void)o; return false; }
