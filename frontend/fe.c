/* fe.c — STUB, to be replaced. */
#include "fe.h"
ir_module *fe_parse_file(scc_ctx *ctx, const char *path, const char *const *args, int nargs) {
  (void)args; (void)nargs;
  scc_error(ctx, (scc_loc){.file = path}, "frontend not implemented yet");
  return NULL;
}
