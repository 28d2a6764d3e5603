/* be_llvm.c — STUB, to be replaced: the LLVM backend. */
#include "be.h"

bool be_emit_llvm(scc_ctx *ctx, const ir_module *m, const be_llvm_options *o,
                  const char *out_path) {
  (void)m, (void)o, (void)out_path;
  scc_error(ctx, (scc_loc){0}, "the LLVM backend is not implemented yet");
  return false;
}
