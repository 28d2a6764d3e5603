/* be_c.c — STUB, to be replaced. */
#include "be.h"
bool be_emit_c(scc_ctx *ctx, const ir_module *m, scc_buf *out) { (void)ctx; scc_buf_putn(out, m->source, m->source_len); return true; }
bool be_emit_kernel_c(scc_ctx *ctx, const ir_kernel *k, scc_buf *out) { (void)ctx; (void)k; (void)out; return true; }
