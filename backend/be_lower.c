/* be_lower.c — the lowering that runs once per kernel after the schedule
 * and before either emitter (decide once, print twice).
 *
 * Today it lowers kernel versioning: each run-time assumption
 * (ir_assumption, computed by deps/dep_assume.c) becomes one plain int
 * expression in ir_assumption.check, which the C and the LLVM emitters
 * print as they print any expression:
 *   - a disjointness assumption of a[a_lo, a_hi) and b[b_lo, b_hi) becomes
 *     addr(a, a_hi) <= addr(b, b_lo) || addr(b, b_hi) <= addr(a, a_lo),
 *     the addresses as unsigned integers (IR_EXPR_ELEM_ADDR: no pointer is
 *     formed outside an array, the comparison is unsigned);
 *   - a condition assumption is its condition.
 * An offset that folds to a constant is kept as a literal (the C printer
 * then leaves a zero offset out).  The emitters join the checks with &&.
 * Source: the run-time alias checks of loop versioning, as Polly's
 * (Grosser, Größlinger, Lengauer, "Polly — Performing Polyhedral
 * Optimizations on a Low-Level Intermediate Representation", PPL 2012)
 * and LLVM's LoopVersioning (the overlap test of two address ranges).
 */
#include "be.h"

static ir_expr *addr(scc_ctx *ctx, ir_array *a, ir_expr *off) {
  int64_t c;
  if (off->kind != IR_EXPR_INT && ir_expr_const_value(ctx, off, &c))
    off = ir_int(ctx, c);
  return ir_elem_addr(ctx, a, off);
}

static ir_expr *le(scc_ctx *ctx, ir_expr *a, ir_expr *b) {
  return ir_binary(ctx, IR_OP_LE, a, b, IR_TY_INT);
}

static void lower_assumption(scc_ctx *ctx, ir_assumption *as) {
  if (as->kind != IR_ASSUME_DISJOINT) {
    as->check = as->cond;
    return;
  }
  ir_expr *a_before_b =
      le(ctx, addr(ctx, as->a, as->a_hi), addr(ctx, as->b, as->b_lo));
  ir_expr *b_before_a =
      le(ctx, addr(ctx, as->b, as->b_hi), addr(ctx, as->a, as->a_lo));
  as->check = ir_binary(ctx, IR_OP_LOR, a_before_b, b_before_a, IR_TY_INT);
}

void be_lower_kernel(scc_ctx *ctx, ir_kernel *k) {
  for (int i = 0; i < k->assumptions.len; i++) {
    ir_assumption *as = k->assumptions.items[i];
    if (!as->check)
      lower_assumption(ctx, as);
  }
}

void be_lower_module(scc_ctx *ctx, ir_module *m) {
  for (int i = 0; i < m->kernels.len; i++)
    be_lower_kernel(ctx, m->kernels.items[i]);
}

bool be_check_lowered(scc_ctx *ctx, const ir_kernel *k) {
  for (int i = 0; k->original && i < k->assumptions.len; i++) {
    const ir_assumption *as = k->assumptions.items[i];
    if (!as->check) {
      scc_error(ctx, k->loc,
                "internal error: kernel '%s' is versioned but not lowered "
                "(be_lower_kernel was not run before the emitter)",
                k->name);
      return false;
    }
  }
  return true;
}
