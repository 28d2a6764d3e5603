/* ir_affine.c — STUB, to be replaced: affine forms and simplification. */
#include "ir.h"
#include <stdlib.h>
#define STUB(name) do { fprintf(stderr, "schedcc: internal error: %s not implemented\n", name); abort(); } while (0)
bool ir_expr_to_affine(scc_ctx *c, const ir_expr *e, ir_affine *o) { (void)c; (void)e; (void)o; STUB("ir_expr_to_affine"); }
ir_expr *ir_affine_to_expr(scc_ctx *c, const ir_affine *a, ir_type t) { (void)c; (void)a; (void)t; STUB("ir_affine_to_expr"); }
bool ir_affine_coef(scc_ctx *c, const ir_expr *e, const ir_var *v, int64_t *k) { (void)c; (void)e; (void)v; (void)k; STUB("ir_affine_coef"); }
bool ir_expr_const_value(scc_ctx *c, const ir_expr *e, int64_t *v) { (void)c; if (e->kind == IR_EXPR_INT) { *v = e->u.ival; return true; } return false; }
ir_expr *ir_add(scc_ctx *c, ir_expr *a, ir_expr *b) { return ir_binary(c, IR_OP_ADD, a, b, a->type); }
ir_expr *ir_sub(scc_ctx *c, ir_expr *a, ir_expr *b) { return ir_binary(c, IR_OP_SUB, a, b, a->type); }
ir_expr *ir_mul_const(scc_ctx *c, ir_expr *a, int64_t k) { return ir_binary(c, IR_OP_MUL, a, ir_int(c, k), a->type); }
ir_expr *ir_add_const(scc_ctx *c, ir_expr *a, int64_t k) { return ir_binary(c, IR_OP_ADD, a, ir_int(c, k), a->type); }
ir_expr *ir_min(scc_ctx *c, ir_expr *a, ir_expr *b) { return ir_binary(c, IR_OP_MIN, a, b, a->type); }
ir_expr *ir_max(scc_ctx *c, ir_expr *a, ir_expr *b) { return ir_binary(c, IR_OP_MAX, a, b, a->type); }
ir_expr *ir_floordiv(scc_ctx *c, ir_expr *a, int64_t k) { return ir_binary(c, IR_OP_FLOORDIV, a, ir_int(c, k), a->type); }
ir_expr *ir_ceildiv(scc_ctx *c, ir_expr *a, int64_t k) { return ir_binary(c, IR_OP_CEILDIV, a, ir_int(c, k), a->type); }
ir_expr *ir_simplify(scc_ctx *c, ir_expr *e) { (void)c; return e; }
bool ir_loop_const_trip_count(scc_ctx *c, const ir_node *l, int64_t *n) { (void)c; (void)l; (void)n; STUB("ir_loop_const_trip_count"); }
bool ir_access_affine(scc_ctx *c, const ir_expr *a, ir_affine *s) { (void)c; (void)a; (void)s; STUB("ir_access_affine"); }
