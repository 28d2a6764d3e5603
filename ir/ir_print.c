/* ir_print.c — STUB, to be replaced: textual IR and C expressions. */
#include "ir.h"
void ir_print_kernel(scc_buf *o, scc_ctx *c, const ir_kernel *k) { (void)c; scc_buf_printf(o, "kernel %s\n", k->name); }
void ir_print_module(scc_buf *o, scc_ctx *c, const ir_module *m) { for (int i = 0; i < m->kernels.len; i++) ir_print_kernel(o, c, m->kernels.items[i]); }
void ir_print_node(scc_buf *o, scc_ctx *c, const ir_node *n, int indent) { (void)c; (void)n; scc_buf_printf(o, "%*snode\n", indent, ""); }
void ir_print_c_expr(scc_buf *o, const ir_expr *e) { (void)e; scc_buf_puts(o, "/*expr*/0"); }
