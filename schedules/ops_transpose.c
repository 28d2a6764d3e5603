/* ops_transpose.c — the handler of loop.transpose_block:
 *
 *   [%o2, %i2 =] loop.transpose_block %outer, %inner
 *       {size = 16, isa = "avx512", nontemporal, masked}
 *
 * size: the block (8 for "avx2", 16 for "avx512"; default: the ISA's);
 * isa: "avx512" or "avx2" (default: the kernel's, else --target-isa /
 * -march=, else the host's); nontemporal: streaming stores of the
 * destination rows (for matrices larger than the caches); masked: masked
 * edge blocks where enough rows or columns are left over ("avx512",
 * "avx2").  Both handles are
 * consumed; the results are the block loops (transforms/transpose_block.c).
 */
#include "sched_int.h"

bool sched_op_transpose_block(sched_run *r, const sched_stmt *s) {
  sched_value *a = sched_get_handle(r, s->ops[0]);
  sched_value *b = a ? sched_get_handle(r, s->ops[1]) : NULL;
  if (!a || !b)
    return false;
  if (a->n != b->n) {
    scc_error(r->ctx, s->loc,
              "loop.transpose_block: '%s' holds %d loop%s but '%s' holds %d",
              a->name, a->n, a->n == 1 ? "" : "s", b->name, b->n);
    return false;
  }
  int64_t size = 0;
  const sched_attr *sz = sched_attr_find(s, "size");
  if (sz) {
    size = sched_get_num(r, &sz->value);
    if (size != 4 && size != 8 && size != 16) {
      scc_error(r->ctx, sz->value.loc,
                "loop.transpose_block: {size = S} must be 4 (sse4.2, neon), "
                "8 (avx2) or 16 (avx512), got %lld",
                (long long)size);
      return false;
    }
  }
  ir_isa isa;
  if (!sched_get_isa(r, s, "loop.transpose_block",
                     "\"avx512\", \"avx2\", \"sse4.2\" or \"neon\"", &isa))
    return false;
  bool nt = sched_attr_find(s, "nontemporal") != NULL;
  bool masked = sched_attr_find(s, "masked") != NULL;
  sched_value *both[2] = {a, b};
  sched_consume(r, s, both, 2);
  scc_vec ro = {0}, ri = {0};
  for (int j = 0; j < a->n; j++) {
    ir_node *lo = sched_loop_of(r, s, a, j),
            *li = lo ? sched_loop_of(r, s, b, j) : NULL;
    ir_node *oo = NULL, *oi = NULL;
    if (!li ||
        !sched_xf_done(r, s,
                       xf_transpose_block(r->ctx, r->k, lo, li, (int)size, isa,
                                          nt, masked, &oo, &oi)))
      return false;
    /* constant extents smaller than a block: only the remainders run */
    int64_t to = -1, ti = -1;
    bool none = (ir_loop_const_trip_count(r->ctx, oo, &to) && to == 0) ||
                (ir_loop_const_trip_count(r->ctx, oi, &ti) && ti == 0);
    int S = oi->u.loop.vwidth, emin = xf_transpose_edge_min(r->k->isa, masked);
    const char *edges =
        emin ? scc_arena_printf(r->ctx->arena,
                                "masked edge blocks where %d or more rows or "
                                "columns are left over, scalar remainders "
                                "where fewer",
                                emin)
             : "scalar remainders";
    sched_remark_applied(r, s,
                         "'%s' and '%s' transposed in %d x %d blocks in %s "
                         "registers (%s)%s%s",
                         oo->u.loop.iv->name, oi->u.loop.iv->name, S, S,
                         ir_isa_name(r->k->isa), edges,
                         nt ? "; row stores non-temporal where aligned to "
                              "the vector (checked at run time)"
                            : "",
                         !none  ? ""
                         : emin ? "; but the block loops never run: an extent "
                                  "is smaller than a block, so only the edges "
                                  "do ({size = 8, isa = \"avx2\"} makes 8 x 8 "
                                  "blocks)"
                                : "; but the block loops never run: an extent "
                                  "is smaller than a block, so only the "
                                  "scalar remainders do ({size = 8, isa = "
                                  "\"avx2\"} makes 8 x 8 blocks)");
    scc_vec_push(r->ctx->arena, &ro, oo);
    scc_vec_push(r->ctx->arena, &ri, oi);
  }
  sched_set_result(r, s, 0, &ro);
  sched_set_result(r, s, 1, &ri);
  return true;
}
