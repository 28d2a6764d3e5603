/* transpose_block.c — loop.transpose_block: a 2-D copy through a transpose,
 * `for o: for n: B[..][w] = A[..][r]` (the store contiguous in one of the
 * two loops, w, the load contiguous in the other, r), executed S x S
 * elements at a time in vector registers: S row loads of A, the in-register
 * transpose of the S x S block, S row stores of B.
 *
 * Shape of the result, outer loop o, inner loop n (either may be w):
 *
 *   for o = lb_o to so step S {                       blocks
 *     for n = lb_n to sn step S {
 *       decl float<S> tb_0 = A[..w + 0..][r]<S>  ...  S row loads
 *       decl float<S> ... = shuffle<S>(...)           the transpose network
 *       B[..r + 0..][w]<S> = ...                      S row stores
 *     }
 *   }
 *   for o = lb_o to so { for n = sn to ub_n { body } } remainder columns
 *   for o = so to ub_o { for n = lb_n to ub_n { body } } remainder rows
 *
 * so, sn: the split points of o and n at a multiple of S iterations
 * (xf_split_point); a remainder nest is left out when the trip count is a
 * constant multiple of S.
 *
 * With {masked} (avx512 or avx2: masked vector accesses) each remainder
 * nest is a choice at run time between itself and masked edge blocks, by
 * how many iterations are left over (scalar_max_rem: the scalar copies
 * cost about S per iteration left, an edge block about its shuffles):
 *
 *   if (ub_n - sn > T) {
 *     for n = sn to ub_n step S {                      one edge column
 *       for o = lb_o to so step S { edge block, S x (ub_n - n) } }
 *   } else remainder columns
 *   if (ub_o - so > T) {
 *     for o = so to ub_o step S {                      one edge row
 *       for n = lb_n to ub_n step S { edge block, (ub_o - o) x
 *                                     min(S, ub_n - n) } }
 *   } else remainder rows
 *
 * (an edge loop that could step past the largest value of its iv's type
 * counts in long long: edge_nest)
 *
 * An edge block is the block's transpose with its loads masked to the
 * columns that exist and its stores to the rows that exist: a row of A past
 * the edge loads the last row again (its lanes are never stored), a row of
 * B past the edge is a store of no lane at the last row's address; every
 * address stays within the iterations of the original loops.
 *
 * The transpose network (S = 4, SSE4.2 and NEON; S = 8, AVX2; S = 16,
 * AVX-512), as in Intel's
 * optimization manual (64-ia-32-architectures-optimization-manual,
 * "8x8 matrix transpose" with unpack/shuffle/vperm2f128) and the
 * vector.transpose lowering of Vasilache et al., "Composable and Modular
 * Code Generation in MLIR", 2022 (shuffle_f32x4 stages for 16x16):
 *   1. unpacklo/unpackhi of row pairs (2k, 2k+1): 2x2 transposes of floats
 *   2. shuffle_ps 0x44/0xee of pairs (g, g+2): each 128-bit block of
 *      rows g..g+3 transposed (4x4 in every block)
 *      (S = 4: steps 1 and 2 are the whole transpose, _MM_TRANSPOSE4_PS;
 *      on NEON zip1/zip2 of floats, then of 64-bit pairs)
 *   3. (S = 8) permute2f128 0x20/0x31 of (c, 4+c): the 2x2 block transpose;
 *      (S = 16) shuffle_f32x4 0x88/0xdd of (c, 4+c) and (8+c, 12+c), then
 *      of (c, 8+c) and (4+c, 12+c): the 4x4 block transpose.
 * Every step is an IR_EXPR_SHUFFLE whose mask is the instruction's
 * (ir/ir_shuffle.c); the network is simulated before anything is rewritten
 * and must give the transpose (an internal error otherwise).
 *
 * Legality comes from the dependence analysis: every instance of the body
 * is moved (blocks, and inside a block all loads before all stores), so
 * the transform asks that neither loop carry a dependence
 * (dep_check_parallel on both: the only dependences left within the band
 * are those of an instance with itself).  Possible overlap of A and B is
 * the analysis' run-time check (deps/dep_assume.c).
 *
 * Refused (silenceable, payload untouched): {masked} with an isa without
 * masked vector accesses (sse4.2, neon), not two loops of a perfect
 * band (the inner the only node of the outer's body), steps other than 1,
 * inner bounds that read the outer iv, a body other than one assignment
 * `X = Y` of two float array elements, subscripts that do not make the
 * store contiguous in one loop and the load in the other (a copy with both
 * contiguous in the same loop is loop.vectorize's), a size other than the
 * ISA's register of floats (4 for sse4.2 and neon, 8 for avx2, 16 for
 * avx512), scalar, an ISA of another architecture than the target's,
 * a kernel vectorized for another ISA, an iv read after the band, and what
 * dep_check_parallel refuses.
 */
#include "../deps/dep.h"
#include "xf_util.h"

#include <string.h>

/* One step of the network: out = shuffle(a, b) with mask. */
typedef struct tb_step {
  int out, a, b; /* register numbers: 0..S-1 inputs, then one per step */
  int mask[16];
} tb_step;

/* The network for S lanes (4, 8 or 16) into steps[]; returns the number of
 * steps and sets res[0..S-1] to the registers holding the transposed rows. */
static int tb_network(int S, tb_step *steps, int *res) {
  int ns = 0, next = S;
  int cur[16], nxt[16];
  for (int i = 0; i < S; i++)
    cur[i] = i;
#define STEP(dst, x, y)                                                        \
  (steps[ns].out = next, steps[ns].a = (x), steps[ns].b = (y),                 \
   nxt[dst] = next++, &steps[ns++])
  /* 1: unpacklo/hi of (2p, 2p+1) */
  for (int p = 0; p < S / 2; p++) {
    ir_mask_unpack(S, false, STEP(2 * p, cur[2 * p], cur[2 * p + 1])->mask);
    ir_mask_unpack(S, true, STEP(2 * p + 1, cur[2 * p], cur[2 * p + 1])->mask);
  }
  memcpy(cur, nxt, sizeof cur);
  /* 2: shuffle_ps 0x44 / 0xee of (g, g+2) and (g+1, g+3) */
  for (int g = 0; g < S; g += 4)
    for (int h = 0; h < 2; h++) {
      ir_mask_shufps(S, 0x44,
                     STEP(g + 2 * h, cur[g + h], cur[g + h + 2])->mask);
      ir_mask_shufps(S, 0xee,
                     STEP(g + 2 * h + 1, cur[g + h], cur[g + h + 2])->mask);
    }
  memcpy(cur, nxt, sizeof cur);
  if (S == 4) {        /* 1 and 2 are the whole 4x4 transpose */
  } else if (S == 8) { /* 3: permute2f128 0x20 / 0x31 of (c, 4+c) */
    static const int lo[2] = {0, 2}, hi[2] = {1, 3};
    for (int c = 0; c < 4; c++) {
      ir_mask_blocks(S, lo, STEP(c, cur[c], cur[4 + c])->mask);
      ir_mask_blocks(S, hi, STEP(4 + c, cur[c], cur[4 + c])->mask);
    }
    memcpy(cur, nxt, sizeof cur);
  } else { /* 3, 4: shuffle_f32x4 0x88 / 0xdd */
    static const int even[4] = {0, 2, 4, 6}, odd[4] = {1, 3, 5, 7};
    for (int half = 0; half < 2; half++)
      for (int c = 0; c < 4; c++) {
        int x = 8 * half + c;
        ir_mask_blocks(S, even, STEP(x, cur[x], cur[x + 4])->mask);
        ir_mask_blocks(S, odd, STEP(x + 4, cur[x], cur[x + 4])->mask);
      }
    memcpy(cur, nxt, sizeof cur);
    for (int half = 0; half < 2; half++)
      for (int c = 0; c < 4; c++) {
        int x = 4 * half + c;
        ir_mask_blocks(S, even, STEP(x, cur[x], cur[x + 8])->mask);
        ir_mask_blocks(S, odd, STEP(x + 8, cur[x], cur[x + 8])->mask);
      }
    memcpy(cur, nxt, sizeof cur);
  }
#undef STEP
  memcpy(res, cur, sizeof(int) * (size_t)S);
  return ns;
}

/* True when the network transposes: simulated on element numbers. */
static bool tb_network_ok(int S, const tb_step *steps, int ns, const int *res) {
  static int val[16 + 64][16];
  for (int r = 0; r < S; r++)
    for (int l = 0; l < S; l++)
      val[r][l] = r * S + l;
  for (int s = 0; s < ns; s++)
    for (int l = 0; l < S; l++) {
      int m = steps[s].mask[l];
      val[steps[s].out][l] =
          m < S ? val[steps[s].a][m] : val[steps[s].b][m - S];
    }
  for (int b = 0; b < S; b++)
    for (int a = 0; a < S; a++)
      if (val[res[b]][a] != a * S + b)
        return false;
  return true;
}

/* The coefficient of v in e (xf_iv_coef: `j * ldb + i` has 1 in i), or a
 * value that is neither 0 nor 1 when e reads v otherwise. */
static int64_t coef_of(scc_ctx *ctx, const ir_expr *e, const ir_var *v) {
  int64_t c;
  return xf_iv_coef(ctx, e, v, &c) ? c : 2;
}

/* An access whose last subscript has coefficient 1 in `unit` and whose
 * other subscripts do not read it: unit-stride in `unit`. */
static bool unit_in(scc_ctx *ctx, const ir_expr *acc, const ir_var *unit) {
  int n = acc->u.access.n;
  if (coef_of(ctx, acc->u.access.idx[n - 1], unit) != 1)
    return false;
  for (int d = 0; d < n - 1; d++)
    if (coef_of(ctx, acc->u.access.idx[d], unit) != 0)
      return false;
  return true;
}

static const char *text_of(scc_ctx *ctx, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  char *s = scc_arena_strdup(ctx->arena, b.data ? b.data : "");
  scc_buf_free(&b);
  return s;
}

/* A copy of access e with v replaced by v + off, as a vector of S lanes. */
static ir_expr *row_access(scc_ctx *ctx, const ir_expr *e, ir_var *v,
                           int64_t off, int S) {
  ir_subst s = {0};
  ir_subst_add(ctx, &s, v, ir_add_const(ctx, ir_var_ref(ctx, v), off));
  ir_expr *c = ir_expr_clone(ctx, e, off ? &s : NULL);
  c->lanes = S;
  return c;
}

/* What loop.transpose_block finds out before it changes anything: the band,
 * the isa and block size, the copy and its two roles (w, r), the
 * transpose network.  Filled in by the analysis helpers, in order; read by
 * the build helpers. */
typedef struct tb_plan {
  scc_ctx *ctx;
  ir_kernel *k;
  ir_node *outer, *inner; /* outer encloses inner */
  const char *on, *inn;   /* their iv names */
  /* check_band */
  ir_isa isa;
  int S; /* lanes of a register of floats: the block size */
  /* match_copy */
  ir_node *st;              /* the copy `lhs = rhs` */
  const ir_expr *lhs, *rhs; /* the store and the load */
  ir_var *w, *r;            /* store contiguous in w, load in r */
  /* check_legal */
  tb_step steps[64];
  int res[16]; /* the registers holding the transposed rows */
  int ns;
} tb_plan;

/* The band (t->outer enclosing t->inner, swapped when given inner first,
 * with t->on and t->inn) and its isa and block size (t->isa, t->S).  False
 * after scc_fail: not two loops, not a perfect band of two, an isa without
 * the transpose, masked edges asked of an isa without masked accesses, a size
 * other than its register, a kernel of another isa, steps other than 1, a loop
 * already vectorized or parallel, inner bounds that read the outer iv. */
static bool check_band(tb_plan *t, int size, ir_isa isa, bool masked) {
  scc_ctx *ctx = t->ctx;
  ir_kernel *k = t->k;
  ir_node *outer = t->outer, *inner = t->inner;
  if (!outer || !inner || outer->kind != IR_NODE_LOOP ||
      inner->kind != IR_NODE_LOOP) {
    scc_fail(ctx, outer ? outer->loc : (scc_loc){0},
             "loop.transpose_block needs two loops");
    return false;
  }
  if (ir_node_within(outer, inner) && outer != inner) {
    ir_node *tmp = outer;
    outer = t->outer = inner;
    inner = t->inner = tmp;
  }
  const char *on = t->on = xf_iv_name(outer), *inn = t->inn = xf_iv_name(inner);
  if (ir_loop_only_child_loop(outer) != inner) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block: loops '%s' and '%s' are not a perfect "
             "band of two: the body of loop '%s' must be loop '%s' alone",
             on, inn, on, inn);
    return false;
  }
  isa = t->isa = xf_vector_isa(ctx, k, isa);
  int S = t->S = isa == IR_ISA_AVX512                        ? 16
                 : isa == IR_ISA_AVX2                        ? 8
                 : isa == IR_ISA_SSE42 || isa == IR_ISA_NEON ? 4
                                                             : 0;
  if (!S) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block of '%s' and '%s': isa \"%s\" has no "
             "in-register transpose; use isa \"avx512\" (size 16), "
             "\"avx2\" (size 8), \"sse4.2\" or \"neon\" (size 4)",
             on, inn, ir_isa_name(isa));
    return false;
  }
  if (!xf_isa_fits_target(ctx, outer, isa))
    return false;
  if (masked && !ir_isa_has_masked_access(isa)) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block of '%s' and '%s' {masked}: %s has no "
             "masked vector loads and stores; use isa \"avx2\" or "
             "\"avx512\", or leave out masked (scalar remainders)",
             on, inn, ir_isa_name(isa));
    return false;
  }
  if (size && size != S) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block of '%s' and '%s': size %d is not a "
             "register of floats for %s (use size = %d)",
             on, inn, size, ir_isa_name(isa), S);
    return false;
  }
  if (k->isa != IR_ISA_DEFAULT && k->isa != isa) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block of '%s' and '%s': kernel '%s' already has "
             "vector code for %s; one kernel uses one isa (asked for %s)",
             on, inn, k->name, ir_isa_name(k->isa), ir_isa_name(isa));
    return false;
  }
  ir_loop *lo = &outer->u.loop, *li = &inner->u.loop;
  if (lo->step != 1 || li->step != 1) {
    ir_node *bad = lo->step != 1 ? outer : inner;
    scc_fail(ctx, bad->loc,
             "loop '%s' has step %lld: loop.transpose_block needs steps of 1",
             xf_iv_name(bad), (long long)bad->u.loop.step);
    return false;
  }
  if ((lo->attrs | li->attrs) & (IR_LOOP_VECTORIZED | IR_LOOP_PARALLEL)) {
    scc_fail(ctx, outer->loc,
             "loop.transpose_block of '%s' and '%s': a loop of the band is "
             "already vectorized or parallel; apply loop.transpose_block "
             "before loop.vectorize and loop.parallel",
             on, inn);
    return false;
  }
  if (xf_bounds_use(inner, lo->iv)) {
    scc_fail(ctx, inner->loc,
             "loop.transpose_block: the bounds of loop '%s' read '%s'; the "
             "blocks need a rectangular band",
             inn, on);
    return false;
  }
  return true;
}

/* The body as a transpose: one copy `B[..][w] = A[..][r]` of float
 * elements (t->st, t->lhs, t->rhs) with the store contiguous in one loop of
 * the band (t->w) and the load in the other (t->r).  False after
 * scc_fail: another body, elements of another type, subscripts that are
 * not a transpose. */
static bool match_copy(tb_plan *t) {
  scc_ctx *ctx = t->ctx;
  ir_loop *lo = &t->outer->u.loop, *li = &t->inner->u.loop;
  const char *on = t->on, *inn = t->inn;
  ir_node *st = t->st = li->body.first;
  const ir_expr *lhs = t->lhs =
      st && st->kind == IR_NODE_ASSIGN ? st->u.assign.lhs : NULL;
  const ir_expr *rhs = t->rhs = lhs ? st->u.assign.rhs : NULL;
  bool copy_shape = st && !st->next && lhs && st->u.assign.op == IR_OP_NONE &&
                    lhs->kind == IR_EXPR_ACCESS &&
                    rhs->kind == IR_EXPR_ACCESS && lhs->lanes <= 1 &&
                    rhs->lanes <= 1;
  if (copy_shape && (lhs->u.access.array->elem != IR_TY_FLOAT ||
                     rhs->u.access.array->elem != IR_TY_FLOAT)) {
    scc_fail(ctx, st->loc,
             "loop.transpose_block: `%s = %s` copies %s elements; the "
             "in-register transposes are of float (4-byte) lanes; use "
             "loop.tile alone for other types",
             text_of(ctx, lhs), text_of(ctx, rhs),
             ir_type_name(lhs->u.access.array->elem != IR_TY_FLOAT
                              ? lhs->u.access.array->elem
                              : rhs->u.access.array->elem));
    return false;
  }
  if (!copy_shape) {
    scc_fail(ctx, st ? st->loc : t->inner->loc,
             "loop.transpose_block: the body of loop '%s' must be one copy "
             "of a float element, `B[j][i] = A[i][j];`; split other "
             "statements off with loop.distribute first",
             inn);
    return false;
  }
  ir_var *w = NULL, *r = NULL; /* store contiguous in w, load in r */
  if (unit_in(ctx, lhs, lo->iv) && unit_in(ctx, rhs, li->iv))
    w = lo->iv, r = li->iv;
  else if (unit_in(ctx, lhs, li->iv) && unit_in(ctx, rhs, lo->iv))
    w = li->iv, r = lo->iv;
  t->w = w;
  t->r = r;
  if (!w) {
    bool copy = (unit_in(ctx, lhs, lo->iv) && unit_in(ctx, rhs, lo->iv)) ||
                (unit_in(ctx, lhs, li->iv) && unit_in(ctx, rhs, li->iv));
    scc_fail(ctx, st->loc,
             "loop.transpose_block: `%s = %s` is not a transpose in '%s' and "
             "'%s': %s",
             text_of(ctx, lhs), text_of(ctx, rhs), on, inn,
             copy ? "both accesses are contiguous in the same loop (a copy: "
                    "use loop.vectorize)"
                  : "the store's last subscript must advance by 1 with one "
                    "loop and the load's with the other, the other "
                    "subscripts not reading that loop");
    return false;
  }
  return true;
}

/* The transpose network (t->steps, t->ns, t->res), simulated, and the
 * legality of moving every instance: the ivs not read after the band,
 * neither loop carrying a dependence.  XF_OK when the band may be blocked;
 * XF_DEFINITE after scc_error when the network does not transpose (an
 * internal error), XF_SILENCEABLE after scc_fail otherwise. */
static xf_status check_legal(tb_plan *t) {
  scc_ctx *ctx = t->ctx;
  ir_kernel *k = t->k;
  ir_node *outer = t->outer, *inner = t->inner;
  const char *on = t->on, *inn = t->inn;
  int S = t->S;
  /* the network, checked before anything changes */
  t->ns = tb_network(S, t->steps, t->res);
  if (!tb_network_ok(S, t->steps, t->ns, t->res)) {
    scc_error(ctx, outer->loc,
              "internal error: loop.transpose_block's %dx%d network does not "
              "transpose",
              S, S);
    return XF_DEFINITE;
  }
  ir_node *band[2] = {outer, inner};
  if (!xf_band_final_values_unread(
          ctx, k, band, 2,
          scc_arena_printf(ctx->arena, "loop.transpose_block of '%s' and '%s'",
                           on, inn)))
    return XF_SILENCEABLE;
  const char *why = NULL;
  if (!dep_check_parallel(ctx, k, outer, false, NULL, &why) ||
      !dep_check_parallel(ctx, k, inner, false, NULL, &why)) {
    scc_fail(ctx, outer->loc, "loop.transpose_block of '%s' and '%s' %s", on,
             inn, why ? why : "would violate a dependence");
    return XF_SILENCEABLE;
  }
  return XF_OK;
}

/* Splits the band at multiples of S: the band's loops now run to the split
 * points by steps of S; returns in *cols and *rows the remainder nests
 * (clones of the band before the split, not yet inserted; NULL when the
 * trip count is a constant multiple of S). */
static void split_band(tb_plan *t, ir_node **cols, ir_node **rows) {
  scc_ctx *ctx = t->ctx;
  ir_node *outer = t->outer, *inner = t->inner;
  ir_loop *lo = &outer->u.loop, *li = &inner->u.loop;
  int S = t->S;
  int64_t trip;
  bool exact_o = ir_loop_const_trip_count(ctx, outer, &trip) && trip % S == 0;
  bool exact_i = ir_loop_const_trip_count(ctx, inner, &trip) && trip % S == 0;
  ir_expr *so = xf_split_point(ctx, outer, S);
  ir_expr *sn = xf_split_point(ctx, inner, S);
  *cols = exact_i ? NULL : ir_node_clone(ctx, outer, NULL);
  *rows = exact_o ? NULL : ir_node_clone(ctx, outer, NULL);
  if (*cols) {
    (*cols)->u.loop.ub = ir_expr_clone(ctx, so, NULL);
    ir_node *ci = (*cols)->u.loop.body.first;
    ci->u.loop.lb = ir_expr_clone(ctx, sn, NULL);
  }
  if (*rows)
    (*rows)->u.loop.lb = ir_expr_clone(ctx, so, NULL);
  lo->ub = so;
  lo->step = S;
  li->ub = sn;
  li->step = S;
}

/* The S + ns vector registers of a block: S rows named row_base, then
 * one per step of the network named step_base (fresh names). */
static ir_var **new_registers(const tb_plan *t, const char *row_base,
                              const char *step_base) {
  scc_ctx *ctx = t->ctx;
  int S = t->S, ns = t->ns;
  ir_var **reg =
      scc_arena_alloc(ctx->arena, sizeof(ir_var *) * (size_t)(S + ns));
  for (int a = 0; a < S + ns; a++) {
    reg[a] = ir_var_new(ctx, t->k,
                        ir_fresh_name(ctx, t->k, a < S ? row_base : step_base),
                        IR_TY_FLOAT, IR_VAR_LOCAL, t->st->loc);
    reg[a]->lanes = S;
    reg[a]->declared_outside = true;
  }
  return reg;
}

/* The network's shuffles into b, as declarations of the registers reg[]
 * (reg[0 .. S-1] the loaded rows, then one per step). */
static void append_network(const tb_plan *t, ir_block *b, ir_var **reg) {
  scc_ctx *ctx = t->ctx;
  int S = t->S;
  for (int s = 0; s < t->ns; s++) {
    const tb_step *step = &t->steps[s];
    ir_expr *e = scc_arena_alloc(ctx->arena, sizeof *e);
    e->kind = IR_EXPR_SHUFFLE;
    e->type = IR_TY_FLOAT;
    e->lanes = S;
    e->loc = t->st->loc;
    e->u.shuf.a = ir_var_ref(ctx, reg[step->a]);
    e->u.shuf.a->lanes = S;
    e->u.shuf.b = ir_var_ref(ctx, reg[step->b]);
    e->u.shuf.b->lanes = S;
    int *m = scc_arena_alloc(ctx->arena, sizeof(int) * (size_t)S);
    memcpy(m, step->mask, sizeof(int) * (size_t)S);
    e->u.shuf.mask = m;
    ir_block_append(b, ir_decl_new(ctx, reg[step->out], e, t->st->loc));
  }
}

/* Offset expression of lane / row k of an edge block whose extent is m
 * (a variable, or NULL for a whole block): k itself, clamped to m - 1 so
 * that a row past the edge repeats the last one and no address leaves the
 * arrays. */
static ir_expr *edge_offset(scc_ctx *ctx, int k, ir_var *m) {
  if (!k)
    return ir_int(ctx, 0);
  if (!m)
    return ir_int(ctx, k);
  return ir_binary(ctx, IR_OP_MIN, ir_int(ctx, k),
                   ir_add_const(ctx, ir_var_ref(ctx, m), -1), IR_TY_INT);
}

/* A copy of access e with v replaced by v + off (an expression), as a
 * vector of S lanes with the given mask (NULL: all lanes). */
static ir_expr *edge_access(scc_ctx *ctx, const ir_expr *e, ir_var *v,
                            ir_expr *off, int S, ir_expr *mask) {
  ir_subst s = {0};
  int64_t c;
  bool zero = ir_expr_const_value(ctx, off, &c) && c == 0;
  ir_subst_add(ctx, &s, v, ir_add(ctx, ir_var_ref(ctx, v), off));
  ir_expr *a = ir_expr_clone(ctx, e, zero ? NULL : &s);
  a->lanes = S;
  a->u.access.mask = mask;
  return a;
}

/* An int local of the edge block holding its extent `e` (1 .. S - 1, or
 * up to S) in one direction, declared into b. */
static ir_var *edge_extent(tb_plan *t, ir_block *b, const char *base,
                           ir_expr *e) {
  ir_var *v = ir_var_new(t->ctx, t->k, ir_fresh_name(t->ctx, t->k, base),
                         IR_TY_INT, IR_VAR_LOCAL, t->st->loc);
  v->declared_outside = true;
  if (e->type != IR_TY_INT)
    e = ir_cast(t->ctx, IR_TY_INT, e);
  ir_block_append(b, ir_decl_new(t->ctx, v, e, t->st->loc));
  return v;
}

/* The transpose of one edge block at the current (w, r) into b: mw rows
 * of A (w .. w + mw - 1) by mr columns (r .. r + mr - 1), each extent an
 * expression of the enclosing ivs in 1 .. S, or NULL for S.  The S row
 * loads are masked to mr lanes (the rows past mw load row mw - 1 again:
 * their lanes of the result are not stored); the S row stores are masked
 * to mw lanes, and the rows past mr store no lane (their address clamped
 * to row mr - 1), so the block reads and writes exactly the elements of
 * the original iterations, with no branch. */
static void build_edge_block(tb_plan *t, ir_block *b, ir_expr *mw_e,
                             ir_expr *mr_e) {
  scc_ctx *ctx = t->ctx;
  ir_kernel *k = t->k;
  const ir_node *st = t->st;
  int S = t->S;
  ir_var *mw = mw_e ? edge_extent(t, b, "tb_mw", mw_e) : NULL;
  ir_var *mr = mr_e ? edge_extent(t, b, "tb_mr", mr_e) : NULL;
  ir_var **reg = new_registers(t, "tb_erow", "tb_e");
  for (int a = 0; a < S; a++)
    ir_block_append(
        b, ir_decl_new(ctx, reg[a],
                       edge_access(ctx, t->rhs, t->w, edge_offset(ctx, a, mw),
                                   S, mr ? ir_var_ref(ctx, mr) : NULL),
                       st->loc));
  append_network(t, b, reg);
  for (int c = 0; c < S; c++) {
    ir_expr *mask = mw ? ir_var_ref(ctx, mw) : NULL;
    if (mr && c > 0) /* row c of B exists when c < mr */
      mask = ir_select(ctx,
                       ir_binary(ctx, IR_OP_GT, ir_var_ref(ctx, mr),
                                 ir_int(ctx, c), IR_TY_INT),
                       mask ? mask : ir_int(ctx, S), ir_int(ctx, 0), IR_TY_INT);
    ir_expr *v = ir_var_ref(ctx, reg[t->res[c]]);
    v->lanes = S;
    ir_expr *dst =
        edge_access(ctx, t->lhs, t->r, edge_offset(ctx, c, mr), S, mask);
    ir_node *store = ir_assign_new(ctx, k, dst, IR_OP_NONE, v, st->loc);
    store->u.assign.id = st->u.assign.id;
    ir_block_append(b, store);
  }
}

/* Replaces the copy in the inner loop by the block: S row loads of A into
 * vector registers, the network's shuffles, S row stores of B (nontemporal
 * when asked); marks the inner loop vectorized by S. */
static void build_block(tb_plan *t, bool nontemporal) {
  scc_ctx *ctx = t->ctx;
  ir_kernel *k = t->k;
  ir_node *st = t->st;
  ir_loop *li = &t->inner->u.loop;
  int S = t->S;
  ir_block nb;
  ir_block_init(&nb, t->inner);
  ir_var **reg = new_registers(t, "tb_row", "tb_t");
  for (int a = 0; a < S; a++)
    ir_block_append(
        &nb,
        ir_decl_new(ctx, reg[a], row_access(ctx, t->rhs, t->w, a, S), st->loc));
  append_network(t, &nb, reg);
  for (int b = 0; b < S; b++) {
    ir_expr *v = ir_var_ref(ctx, reg[t->res[b]]);
    v->lanes = S;
    ir_expr *dst = row_access(ctx, t->lhs, t->r, b, S);
    dst->u.access.nontemporal = nontemporal;
    ir_node *store = ir_assign_new(ctx, k, dst, IR_OP_NONE, v, st->loc);
    store->u.assign.id = st->u.assign.id;
    ir_block_append(&nb, store);
  }
  ir_remove(st);
  ir_block_move_all(&li->body, &nb);
  li->attrs |= IR_LOOP_VECTORIZED;
  li->vwidth = S;
}

/* ub > lb && ub - lb > c, the difference in long long where the bounds
 * are narrower than 64 bits (so that it cannot overflow; with 64-bit
 * bounds it is formed only when ub > lb, where it can pass the type only
 * for distances over 2^63). */
static ir_expr *gap_exceeds(scc_ctx *ctx, const ir_expr *ub, const ir_expr *lb,
                            int64_t c) {
  ir_expr *u = ir_expr_clone(ctx, ub, NULL), *l = ir_expr_clone(ctx, lb, NULL);
  bool narrow = !xf_type_is_64bit(u->type) && !xf_type_is_64bit(l->type);
  if (narrow) {
    u = ir_cast(ctx, IR_TY_LLONG, u);
    l = ir_cast(ctx, IR_TY_LLONG, l);
  }
  ir_expr *gap = ir_binary(
      ctx, IR_OP_GT,
      ir_binary(ctx, IR_OP_SUB, u, l, narrow ? IR_TY_LLONG : ub->type),
      ir_int(ctx, c), IR_TY_INT);
  if (narrow)
    return gap;
  return ir_binary(ctx, IR_OP_LAND,
                   ir_binary(ctx, IR_OP_GT, ir_expr_clone(ctx, ub, NULL),
                             ir_expr_clone(ctx, lb, NULL), IR_TY_INT),
                   gap, IR_TY_INT);
}

/* The most iterations left over in one direction for which the scalar
 * remainder runs rather than the masked edge blocks.  The cost of an edge
 * block is about its network's ns shuffles (all on one port on the x86
 * cores) and its S stores; the scalar nest's is about one store per
 * element, S per iteration left over: the masked blocks pay when
 * S * rem > ns + S, rem > 5 for AVX-512 (64 shuffles) and rem > 4 for AVX2
 * (24).  Measured on 2026-12-03 (Intel Xeon family 6 model 167, 4096-float
 * transposes of 16 + rem rows or columns, bench/bandwidth.c): the masked
 * edge 0.7x the scalar one at rem 1 and 2, within 20% either way at 3 to
 * 5, 1.03-1.5x from 6. */
static int64_t scalar_max_rem(const tb_plan *t) { return t->ns / t->S + 1; }

int xf_transpose_edge_min(ir_isa isa, bool masked) {
  if (!masked || !ir_isa_has_masked_access(isa))
    return 0;
  tb_plan t = {.S = isa == IR_ISA_AVX512 ? 16 : 8};
  tb_step steps[64];
  int res[16];
  t.ns = tb_network(t.S, steps, res);
  return (int)scalar_max_rem(&t) + 1;
}

/* Whether `for (iv = ..; iv < ub; iv += S)` cannot step past the largest
 * value of its iv's type: ub's interval bound plus S - 1 is a value of it
 * (as loop.vectorize asks of a masked tail). */
static bool step_fits(const tb_plan *t, const ir_node *l) {
  int64_t hi;
  return xf_upper_bound(t->ctx, t->outer, l->u.loop.ub, &hi) &&
         !__builtin_add_overflow(hi, (int64_t)t->S - 1, &hi) &&
         xf_fits_type(l->u.loop.iv->type, hi);
}

/* Loop l of the edge nest top (l's ub the bound it may step past) where
 * its iv += S could pass the largest value of the iv's type (an unsigned
 * char iv at 250 would wrap to 0 and never end; an int near INT_MAX
 * overflow): an iv narrower than 64 bits is replaced by a long long one
 * of its own; a 64-bit one cannot be widened, so the test
 * `ub <= MAX - (S - 1)` is and-ed into *limit (the nest then runs only
 * where the step stays in the type, the scalar remainder elsewhere). */
static void widen_edge_loop(tb_plan *t, ir_node *top, ir_node *l,
                            ir_expr **limit) {
  if (step_fits(t, l))
    return;
  scc_ctx *ctx = t->ctx;
  ir_var *iv = l->u.loop.iv;
  if (xf_type_is_64bit(iv->type)) {
    ir_type ty = iv->type;
    /* MAX - (S - 1): (T)-S for an unsigned type, INT64_MAX - (S - 1) */
    ir_expr *max = ir_type_is_unsigned(ty)
                       ? ir_cast(ctx, ty, ir_int(ctx, -(int64_t)t->S))
                       : ir_cast(ctx, ty, ir_int(ctx, INT64_MAX - (t->S - 1)));
    ir_expr *c = ir_binary(
        ctx, IR_OP_LE, ir_expr_clone(ctx, l->u.loop.ub, NULL), max, IR_TY_INT);
    *limit = *limit ? ir_binary(ctx, IR_OP_LAND, *limit, c, IR_TY_INT) : c;
    return;
  }
  ir_var *w = ir_var_new(
      ctx, t->k,
      ir_fresh_name(ctx, t->k, scc_arena_printf(ctx->arena, "%s_e", iv->name)),
      IR_TY_LLONG, IR_VAR_IV, l->loc);
  w->declared_outside = false;
  ir_subst sub = {0};
  ir_subst_add(ctx, &sub, iv, ir_var_ref(ctx, w));
  ir_node_substitute(ctx, top, &sub);
  l->u.loop.ub = xf_bound_for_iv(ctx, l->u.loop.ub, IR_TY_LLONG);
}

/* The masked edge nest beside the scalar remainder nest `rem` (a clone of
 * the band, `cols`: `for o = lb_o to so { for n = sn to ub_n }`, else
 * `for o = so to ub_o { for n = lb_n to ub_n }`; `whole_n`: n's trip
 * count a multiple of S):
 *
 *   if (ub - split > T) {
 *     for n = sn to ub_n step S { for o = lb_o to so step S { edge } }   cols
 *     for o = so to ub_o step S { for n = lb_n to ub_n step S { edge } } rows
 *   } else rem
 *
 * (T: scalar_max_rem; with constant bounds the branch taken alone.)  The
 * edge blocks' extents: cols S rows of o by ub_n - n columns of n; rows
 * ub_o - o by min(S, ub_n - n) (S when whole_n).  The loops that run to
 * ub_n or ub_o step past it by up to S - 1: where that could leave the
 * iv's type they count in long long, or with a 64-bit iv the nest runs
 * only where ub <= MAX - (S - 1) (widen_edge_loop).  (One-iteration
 * loops `x .. x + 1` and a separate corner block avoid the widening but
 * ran 5-30% slower under clang-19 on model 167, 2026-12-03.) */
static ir_node *edge_nest(tb_plan *t, ir_node *rem, bool cols, bool whole_n) {
  scc_ctx *ctx = t->ctx;
  int S = t->S;
  ir_loop *ro = &rem->u.loop, *rn = &rem->u.loop.body.first->u.loop;
  ir_var *o = ro->iv, *n = rn->iv;
  ir_node *lo = ir_loop_new(ctx, o, ir_expr_clone(ctx, ro->lb, NULL),
                            ir_expr_clone(ctx, ro->ub, NULL), S, rem->loc);
  ir_node *ln = ir_loop_new(ctx, n, ir_expr_clone(ctx, rn->lb, NULL),
                            ir_expr_clone(ctx, rn->ub, NULL), S,
                            rem->u.loop.body.first->loc);
  ir_node *top = cols ? ln : lo, *bottom = cols ? lo : ln;
  ir_block_append(&top->u.loop.body, bottom);
  ir_expr *e_o = NULL, *e_n;
  if (cols) {
    e_n = ir_sub(ctx, ir_expr_clone(ctx, rn->ub, NULL), ir_var_ref(ctx, n));
  } else {
    e_o = ir_sub(ctx, ir_expr_clone(ctx, ro->ub, NULL), ir_var_ref(ctx, o));
    e_n = whole_n ? NULL
                  : ir_min(ctx, ir_int(ctx, S),
                           ir_sub(ctx, ir_expr_clone(ctx, rn->ub, NULL),
                                  ir_var_ref(ctx, n)));
  }
  bool w_is_o = t->w == o;
  build_edge_block(t, &bottom->u.loop.body, w_is_o ? e_o : e_n,
                   w_is_o ? e_n : e_o);
  bottom->u.loop.attrs |= IR_LOOP_VECTORIZED;
  bottom->u.loop.vwidth = S;
  /* the loops that run to ub_n / ub_o (cols' o loop stops at so) */
  ir_expr *limit = NULL;
  if (cols)
    widen_edge_loop(t, top, ln, &limit);
  else {
    widen_edge_loop(t, top, lo, &limit);
    if (!whole_n)
      widen_edge_loop(t, top, ln, &limit);
  }
  const ir_loop *split = cols ? rn : ro;
  int64_t lb, ub;
  if (!limit && ir_expr_const_value(ctx, split->lb, &lb) &&
      ir_expr_const_value(ctx, split->ub, &ub))
    return ub - lb > scalar_max_rem(t) ? top : rem;
  ir_expr *cond = gap_exceeds(ctx, split->ub, split->lb, scalar_max_rem(t));
  if (limit)
    cond = ir_binary(ctx, IR_OP_LAND, cond, limit, IR_TY_INT);
  ir_node *g = ir_if_new(ctx, cond, rem->loc);
  ir_block_append(&g->u.ifs.then_body, top);
  ir_block_append(&g->u.ifs.else_body, rem);
  return g;
}

xf_status xf_transpose_block(scc_ctx *ctx, ir_kernel *k, ir_node *outer,
                             ir_node *inner, int size, ir_isa isa,
                             bool nontemporal, bool masked, ir_node **outer_out,
                             ir_node **inner_out) {
  tb_plan t = {.ctx = ctx, .k = k, .outer = outer, .inner = inner};
  /* ---- analysis: every refusal before anything changes ---- */
  if (!check_band(&t, size, isa, masked) || !match_copy(&t))
    return XF_SILENCEABLE;
  xf_status st = check_legal(&t);
  if (st != XF_OK)
    return st;

  /* ---- rewrite ---- */
  k->isa = t.isa;
  ir_node *cols, *rows;
  split_band(&t, &cols, &rows);
  build_block(&t, nontemporal);
  if (xf_transpose_edge_min(t.isa, masked)) {
    bool whole_n = !cols;
    if (cols)
      cols = edge_nest(&t, cols, true, whole_n);
    if (rows)
      rows = edge_nest(&t, rows, false, whole_n);
  }
  if (cols)
    ir_insert_after(t.outer, cols);
  if (rows)
    ir_insert_after(cols ? cols : t.outer, rows);
  if (outer_out)
    *outer_out = t.outer;
  if (inner_out)
    *inner_out = t.inner;
  return XF_OK;
}
