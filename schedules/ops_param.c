/* ops_param.c — parameters computed while the schedule runs:
 *
 *   %cols = param.expr "%vecs * %lanes"
 *   %w    = param.lanes %j {isa = "avx512"}
 *
 * param.expr evaluates an expression over the parameters of the sequence
 * (integers, %names, + - * / %, comparisons, && || !, parentheses: the
 * grammar of param.constraint; parsed and resolved by the checker,
 * sched_expr_parse); param.lanes is the number of values of the loop's
 * floating-point element type in one vector register of the ISA (16 floats
 * or 8 doubles for AVX-512): the width loop.vectorize takes by default.
 * Both let a library sequence take its register-tile shape as parameters
 * (rows, vectors) and tile by columns = vectors x lanes for float and
 * double alike (schedules/lib/matmul_avx512.sched).  Source: the MLIR
 * Transform dialect's parameters computed from the payload
 * (transform.match.structured.elemental_bitwidth, transform.param.cmpi;
 * Lücke et al., "The MLIR Transform Dialect", CGO 2025, §4.5).
 *
 *   %l1 = param.target "l1d_bytes"
 *
 * param.target is a field of the machine model of the CPU the code is
 * compiled for (machine/mach.h: -march=/-mcpu=/--mcpu=, else the host):
 * vector bits and registers, lanes, FMA units and width, cache sizes, so a
 * library sequence sizes its register tile and blocks for that CPU (BLIS's
 * analytical model, Low et al., TOMS 2016).
 */
#include "../machine/mach.h"
#include "sched_int.h"

#include <string.h>

bool sched_op_param_expr(sched_run *r, const sched_stmt *s) {
  const sched_item *it = s->ops[0];
  int64_t v = 0;
  const char *why;
  if (!s->expr || !sched_expr_eval(s->expr, r->env, &v, &why)) {
    scc_error(r->ctx, it->loc, "param.expr: \"%s\": %s (%s)", it->text,
              s->expr ? why : "not checked",
              s->expr ? sched_expr_values(r->ctx, s->expr, r->env) : "");
    return false;
  }
  if (s->nslots_out > 0)
    sched_bind(r, s, 0)->ival = v;
  sched_remark_applied(r, s, "'%%%s' = %lld (%s)", s->res_names[0],
                       (long long)v,
                       sched_expr_values(r->ctx, s->expr, r->env));
  return true;
}

typedef struct elem_state {
  ir_type t;
  bool mixed;
} elem_state;

static void elem_expr(ir_expr *e, void *data) {
  elem_state *st = data;
  if (e->kind != IR_EXPR_ACCESS ||
      (e->type != IR_TY_FLOAT && e->type != IR_TY_DOUBLE))
    return;
  if (st->t == IR_TY_VOID)
    st->t = e->type;
  else if (st->t != e->type)
    st->mixed = true;
}

static bool elem_node(ir_node *n, void *data) {
  ir_walk_node_exprs(n, elem_expr, data);
  return true;
}

bool sched_op_param_lanes(sched_run *r, const sched_stmt *s) {
  sched_value *h = sched_get_handle(r, s->ops[0]);
  if (!h)
    return false;
  ir_isa isa;
  if (!sched_get_isa(r, s, "param.lanes",
                     "\"avx512\", \"avx2\", \"sse4.2\" or \"scalar\"", &isa))
    return false;
  isa = xf_vector_isa(r->ctx, r->k, isa);
  int bytes = ir_isa_vector_bytes(isa);
  int64_t lanes = 0;
  for (int j = 0; j < h->n; j++) {
    ir_node *l = sched_loop_of(r, s, h, j);
    if (!l)
      return false;
    elem_state st = {IR_TY_VOID, false};
    ir_walk_node(l, elem_node, &st);
    if (st.t == IR_TY_VOID || st.mixed) {
      scc_fail(r->ctx, l->loc,
               "loop '%s' %s: the lanes of a vector register depend on one "
               "element type (float or double)",
               l->u.loop.iv->name,
               st.mixed ? "accesses both float and double arrays"
                        : "accesses no float or double array");
      return sched_silenceable(r, s);
    }
    int esize = st.t == IR_TY_FLOAT ? 4 : 8;
    int64_t w = bytes ? bytes / esize : 8; /* scalar: as loop.vectorize */
    if (j > 0 && w != lanes) {
      scc_fail(r->ctx, l->loc,
               "the loops of '%s' have different element types: one "
               "parameter cannot hold their lanes",
               h->name);
      return sched_silenceable(r, s);
    }
    lanes = w;
  }
  if (h->n == 0) {
    scc_fail(r->ctx, (scc_loc){0}, "'%s' holds no loop", h->name);
    return sched_silenceable(r, s);
  }
  if (s->nslots_out > 0)
    sched_bind(r, s, 0)->ival = lanes;
  sched_remark_applied(r, s, "'%%%s' = %lld (%s, %d-byte registers)",
                       s->res_names[0], (long long)lanes, ir_isa_name(isa),
                       bytes);
  return true;
}

bool sched_op_param_target(sched_run *r, const sched_stmt *s) {
  const mach_model *m = r->ctx->machine ? r->ctx->machine : mach_host();
  const char *key = s->ops[0]->text;
  int64_t v;
  if (!mach_get(m, key, &v)) { /* the checker refuses it first */
    scc_error(r->ctx, s->ops[0]->loc,
              "param.target: unknown field \"%s\" of the machine model "
              "(known: %s)",
              key, mach_key_names());
    return false;
  }
  if (s->nslots_out > 0)
    sched_bind(r, s, 0)->ival = v;
  sched_remark_applied(r, s, "'%%%s' = %lld (%s of %s: %s)", s->res_names[0],
                       (long long)v, key, m->name, m->source);
  return true;
}
