/* ir_clone.c — STUB, to be replaced: deep copies with substitution. */
#include "ir.h"
#include <stdlib.h>
#define STUB(name) do { fprintf(stderr, "schedcc: internal error: %s not implemented\n", name); abort(); } while (0)
void ir_subst_add(scc_ctx *c, ir_subst *s, ir_var *f, ir_expr *t) { (void)c; (void)s; (void)f; (void)t; STUB("ir_subst_add"); }
ir_expr *ir_expr_clone(scc_ctx *c, const ir_expr *e, const ir_subst *s) { (void)c; (void)e; (void)s; STUB("ir_expr_clone"); }
ir_node *ir_node_clone(scc_ctx *c, const ir_node *n, const ir_subst *s) { (void)c; (void)n; (void)s; STUB("ir_node_clone"); }
void ir_block_clone_into(scc_ctx *c, ir_block *t, const ir_block *f, const ir_subst *s) { (void)c; (void)t; (void)f; (void)s; STUB("ir_block_clone_into"); }
void ir_node_substitute(scc_ctx *c, ir_node *n, const ir_subst *s) { (void)c; (void)n; (void)s; STUB("ir_node_substitute"); }
