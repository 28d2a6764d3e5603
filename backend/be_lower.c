/* be_lower.c — the lowering that runs once per kernel after the schedule
 * and before either emitter (decide once, print twice).
 *
 * It lowers two things both emitters used to decide on their own.
 *
 * Library calls (loop.to_library): each marked nest is matched once
 * (ir_gemm_match, on the IR the schedule left) into an ir_libcall on its
 * loop: the product, the run-time condition of the call (the match's
 * guards joined by &&), and for libxsmm the kernel dispatched once at
 * kernel entry (one per distinct type and shape: ir_kernel.xsmm_dispatch;
 * libxsmm manual, "dispatch once, call many times").  A nest that is no
 * longer a matrix product gets a warning and stays loops.  Nests inside a
 * call are its fallback and are not lowered.
 *
 * Kernel versioning: each run-time assumption
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

#include "../ir/ir_gemm.h"

#include <string.h>

/* A libxsmm kernel's identity: the element type and the dispatch's shape
 * (n, m, k, ldb, lda, ldc: column-major, C^T = B^T A^T) as C text. */
static const char *xsmm_key(scc_ctx *ctx, const ir_gemm *g) {
  const ir_expr *v[6] = {g->n, g->m, g->k, g->ldb, g->lda, g->ldc};
  const char *key = ir_type_name(g->type);
  for (int i = 0; i < 6; i++)
    key = scc_arena_printf(ctx->arena, "%s|%s", key, ir_c_text(ctx, v[i]));
  return key;
}

typedef struct lower_libs {
  scc_ctx *ctx;
  ir_kernel *k;
  scc_vec previous; /* the dispatches of an earlier lowering: names kept */
} lower_libs;

static ir_libcall *find_dispatch(const scc_vec *v, const char *key) {
  for (int i = 0; i < v->len; i++) {
    ir_libcall *c = v->items[i];
    if (strcmp(c->xsmm_key, key) == 0)
      return c;
  }
  return NULL;
}

/* Forgets the calls of an earlier lowering (--dump-after lowers the kernel
 * as it was then; transforms may have copied its loops since). */
static bool clear_call_cb(ir_node *n, void *data) {
  (void)data;
  if (n->kind == IR_NODE_LOOP)
    n->u.loop.call = NULL;
  return true;
}

static bool lower_lib_cb(ir_node *n, void *data) {
  lower_libs *L = data;
  if (n->kind != IR_NODE_LOOP)
    return true;
  ir_loop *l = &n->u.loop;
  if (!l->library)
    return true;
  ir_gemm *g = scc_arena_alloc(L->ctx->arena, sizeof *g);
  const char *why;
  scc_loc where;
  if (!ir_gemm_match(L->ctx, n, g, &why, &where)) {
    scc_warning(L->ctx, n->loc,
                "the nest of loop '%s' that loop.to_library made a %s call "
                "is no longer a matrix product (%s): emitted as loops",
                l->iv->name, l->library, why);
    return true;
  }
  ir_libcall *c = scc_arena_alloc(L->ctx->arena, sizeof *c);
  *c = (ir_libcall){.library = l->library, .gemm = g, .xsmm_index = -1};
  for (int i = 0; i < g->guards.len; i++)
    c->guard = c->guard ? ir_binary(L->ctx, IR_OP_LAND, c->guard,
                                    g->guards.items[i], IR_TY_INT)
                        : g->guards.items[i];
  if (strcmp(l->library, "libxsmm") == 0) {
    c->xsmm_key = xsmm_key(L->ctx, g);
    ir_libcall *d = find_dispatch(&L->k->xsmm_dispatch, c->xsmm_key);
    if (d) {
      c->xsmm_name = d->xsmm_name;
      c->xsmm_index = d->xsmm_index;
    } else {
      ir_libcall *old = find_dispatch(&L->previous, c->xsmm_key);
      /* reserved in the module: two scop kernels of one function declare
       * their kernels in the same scope */
      c->xsmm_name =
          old ? old->xsmm_name : ir_fresh_name(L->ctx, L->k, "xsmm_kernel");
      c->xsmm_index = L->k->xsmm_dispatch.len;
      scc_vec_push(L->ctx->arena, &L->k->xsmm_dispatch, c);
    }
  }
  l->call = c;
  return false; /* the loops inside are the call's fallback */
}

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
  lower_libs L = {ctx, k, k->xsmm_dispatch};
  k->xsmm_dispatch = (scc_vec){0};
  ir_walk_block(&k->body, clear_call_cb, NULL);
  if (k->original)
    ir_walk_block(k->original, clear_call_cb, NULL);
  ir_walk_block(&k->body, lower_lib_cb, &L);
  if (k->original)
    ir_walk_block(k->original, lower_lib_cb, &L);
  k->lowered = true;
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
  if (k->lowered)
    return true;
  scc_error(ctx, k->loc,
            "internal error: kernel '%s' was not lowered (be_lower_kernel "
            "runs before the emitters)",
            k->name);
  return false;
}
