/* xf_vectorize.c (test) — loop.vectorize: the structure it builds (vector
 * loop, remainder: none, scalar epilogue or masked; broadcasts; fused
 * multiply-adds with contract; reductions with reassoc; loops counting
 * down) and every refusal (message, payload untouched). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "transforms/xf.h"
#include "xf_eval.h"

/* xf_vectorize_interleaved with its options spelled out ({masked} off). */
static xf_status vec_il(scc_ctx *ctx, ir_kernel *k, ir_node *l, int width,
                        ir_isa isa, bool contract, bool reassoc, int interleave,
                        int fma_adds, bool align, ir_node **out) {
  xf_vec_opts o = {.width = width,
                   .isa = isa,
                   .contract = contract,
                   .reassoc = reassoc,
                   .interleave = interleave,
                   .fma_adds = fma_adds,
                   .align = align};
  return xf_vectorize_interleaved(ctx, k, l, &o, out);
}

static scc_ctx *ctx;

static int setup(void **state) {
  (void)state;
  ctx = scc_ctx_new();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  scc_ctx_free(ctx);
  return 0;
}

static char *kernel_text(xf_kb *b) {
  scc_buf o = {0};
  ir_print_kernel(&o, ctx, b->k);
  char *s = scc_arena_strdup(ctx->arena, o.data);
  scc_buf_free(&o);
  return s;
}

static ir_expr *D(double v) { return ir_fp(ctx, IR_TY_DOUBLE, v, NULL); }

/* for (i = lb; i < ub; i++) x[i] = a[i] * 0.5 + x[i]; */
static ir_node *mk_axpy(xf_kb *b, int64_t lb, int64_t ub) {
  ir_expr *i = xf_v(b, b->i);
  ir_expr *rhs =
      xf_bin(b, IR_OP_ADD, xf_bin(b, IR_OP_MUL, xf_at1(b, b->a, i), D(0.5)),
             xf_at1(b, b->x, xf_v(b, b->i)));
  ir_node *l = xf_loop(b, b->i, xf_i(b, lb), xf_i(b, ub), 1);
  ir_block_append(&l->u.loop.body, xf_assign(b, xf_at1(b, b->x, xf_v(b, b->i)),
                                             IR_OP_NONE, rhs));
  ir_block_append(&b->k->body, l);
  return l;
}

static void test_exact(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_axpy(&b, 0, 32), *v = NULL;
  assert_int_equal(xf_vectorize(ctx, b.k, l, 4, IR_ISA_AVX2, false, false, &v),
                   XF_OK);
  assert_ptr_equal(v, l);
  assert_int_equal(ir_block_len(&b.k->body), 1); /* no remainder */
  assert_int_equal(l->u.loop.step, 4);
  assert_true(l->u.loop.attrs & IR_LOOP_VECTORIZED);
  assert_int_equal(l->u.loop.vwidth, 4);
  assert_int_equal(b.k->isa, IR_ISA_AVX2);
  ir_node *s = l->u.loop.body.first;
  assert_int_equal(s->kind, IR_NODE_ASSIGN);
  assert_int_equal(s->u.assign.lhs->lanes, 4);
  assert_null(s->u.assign.lhs->u.access.mask);
  const ir_expr *mul = s->u.assign.rhs->u.bin.a;
  assert_int_equal(mul->lanes, 4);
  assert_int_equal(mul->u.bin.b->kind, IR_EXPR_BROADCAST); /* 0.5 */
  assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));
  assert_non_null(
      strstr(kernel_text(&b), "for i = 0 to 32 step 4 vectorized(4)"));
  assert_non_null(strstr(kernel_text(&b),
                         "x[i]<4> = a[i]<4> * broadcast<4>(0.5) + x[i]<4>"));
}

static void test_epilogue_and_mask(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_axpy(&b, 0, 30), *v = NULL;
  assert_int_equal(xf_vectorize(ctx, b.k, l, 4, IR_ISA_AVX2, false, false, &v),
                   XF_OK);
  assert_int_equal(ir_block_len(&b.k->body), 2);
  assert_int_equal(xf_cval(ctx, l->u.loop.ub), 28);
  ir_node *rest = l->next;
  assert_int_equal(rest->u.loop.step, 1); /* scalar epilogue */
  assert_int_equal(rest->u.loop.body.first->u.assign.lhs->lanes, 0);
  assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));

  xf_kb m = xf_kb_new(ctx);
  l = mk_axpy(&m, 0, 30);
  assert_int_equal(
      xf_vectorize(ctx, m.k, l, 8, IR_ISA_AVX512, false, false, &v), XF_OK);
  assert_int_equal(ir_block_len(&m.k->body), 2);
  rest = l->next;
  assert_int_equal(rest->u.loop.step, 8);
  assert_true(rest->u.loop.attrs & IR_LOOP_VECTORIZED);
  const ir_expr *lhs = rest->u.loop.body.first->u.assign.lhs;
  assert_int_equal(lhs->lanes, 8);
  assert_non_null(lhs->u.access.mask);
  assert_non_null(strstr(kernel_text(&m), "x[i]<8 mask 30 - i>"));
  assert_true(ir_verify_kernel(ctx, m.k, "loop.vectorize"));
}

/* The loop is refused with options o: silenceable, a message containing
 * want, the kernel untouched (its text and its isa). */
static void refused_with(xf_kb *b, ir_node *l, const xf_vec_opts *o,
                         const char *want) {
  char *before = kernel_text(b);
  ir_node *v = NULL;
  assert_int_equal(xf_vectorize_interleaved(ctx, b->k, l, o, &v),
                   XF_SILENCEABLE);
  assert_non_null(ctx->pending_msg);
  if (!strstr(ctx->pending_msg, want))
    fail_msg("message '%s' lacks '%s'", ctx->pending_msg, want);
  assert_string_equal(kernel_text(b), before);
  assert_int_equal(b->k->isa, IR_ISA_DEFAULT);
  scc_fail_clear(ctx);
}

/* {masked}: the AVX2 remainder is one masked iteration as on AVX-512;
 * refused for an ISA without masked accesses (payload untouched). */
static void test_masked_avx2(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_axpy(&b, 0, 30), *v = NULL;
  xf_vec_opts o = {
      .width = 4, .isa = IR_ISA_AVX2, .interleave = 1, .masked = true};
  assert_int_equal(xf_vectorize_interleaved(ctx, b.k, l, &o, &v), XF_OK);
  assert_int_equal(ir_block_len(&b.k->body), 2);
  assert_int_equal(xf_cval(ctx, l->u.loop.ub), 28);
  ir_node *rest = l->next;
  assert_int_equal(rest->u.loop.step, 4);
  assert_true(rest->u.loop.attrs & IR_LOOP_VECTORIZED);
  assert_non_null(rest->u.loop.body.first->u.assign.lhs->u.access.mask);
  assert_non_null(strstr(kernel_text(&b), "x[i]<4 mask 30 - i>"));
  assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));

  xf_kb c = xf_kb_new(ctx);
  o = (xf_vec_opts){
      .width = 2, .isa = IR_ISA_SSE42, .interleave = 1, .masked = true};
  refused_with(&c, mk_axpy(&c, 0, 30), &o, "no masked vector loads");
}

static void test_contract(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_axpy(&b, 0, 16), *v = NULL;
  assert_int_equal(xf_vectorize(ctx, b.k, l, 8, IR_ISA_AVX512, true, false, &v),
                   XF_OK);
  const ir_expr *rhs = l->u.loop.body.first->u.assign.rhs;
  assert_int_equal(rhs->kind, IR_EXPR_CALL);
  assert_string_equal(rhs->u.call.fn, "fma");
  assert_int_equal(rhs->lanes, 8);
  /* sse4.2 has no FMA: contract is ignored */
  xf_kb c = xf_kb_new(ctx);
  l = mk_axpy(&c, 0, 16);
  assert_int_equal(xf_vectorize(ctx, c.k, l, 2, IR_ISA_SSE42, true, false, &v),
                   XF_OK);
  assert_int_equal(l->u.loop.body.first->u.assign.rhs->kind, IR_EXPR_BINARY);
}

/* for (i = 0; i < n; i++) a[0] += x[i] * x[i]; */
static ir_node *mk_sumsq(xf_kb *b) {
  ir_node *l = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_expr *sq = xf_bin(b, IR_OP_MUL, xf_at1(b, b->x, xf_v(b, b->i)),
                       xf_at1(b, b->x, xf_v(b, b->i)));
  ir_block_append(&l->u.loop.body,
                  xf_assign(b, xf_at1(b, b->a, xf_i(b, 0)), IR_OP_ADD, sq));
  ir_block_append(&b->k->body, l);
  return l;
}

static void test_reduction(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_sumsq(&b), *v = NULL;
  assert_int_equal(xf_vectorize(ctx, b.k, l, 4, IR_ISA_AVX2, true, true, &v),
                   XF_OK);
  /* decl acc; vector loop; if (0 < n) a[0] += reduce_add(acc); scalar
   * epilogue (the loop may run zero times: the update is guarded) */
  assert_int_equal(ir_block_len(&b.k->body), 4);
  ir_node *d = b.k->body.first;
  assert_int_equal(d->kind, IR_NODE_DECL);
  assert_int_equal(d->u.decl.var->lanes, 4);
  assert_int_equal(d->u.decl.init->kind, IR_EXPR_BROADCAST);
  /* the identity of a sum: -0.0 */
  const ir_expr *id = d->u.decl.init->u.un.a;
  assert_int_equal(id->kind, IR_EXPR_FP);
  assert_true(id->u.fp.val == 0.0 && signbit(id->u.fp.val));
  assert_ptr_equal(d->next, l);
  ir_node *guard = l->next;
  assert_int_equal(guard->kind, IR_NODE_IF);
  assert_string_equal(xf_cstr(ctx, guard->u.ifs.cond), "0 < n");
  ir_node *fin = guard->u.ifs.then_body.first;
  assert_ptr_equal(fin, guard->u.ifs.then_body.last);
  assert_int_equal(fin->kind, IR_NODE_ASSIGN);
  assert_int_equal(fin->u.assign.op, IR_OP_ADD);
  assert_int_equal(fin->u.assign.rhs->kind, IR_EXPR_REDUCE);
  assert_int_equal(fin->u.assign.rhs->u.un.op, IR_OP_ADD);
  /* the accumulator update is a fused multiply-add */
  const ir_assign *u = &l->u.loop.body.first->u.assign;
  assert_ptr_equal(u->lhs->u.var, d->u.decl.var);
  assert_int_equal(u->rhs->kind, IR_EXPR_CALL);
  assert_int_equal(guard->next->u.loop.step, 1);
  assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));
}

static void test_count_down(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = xf_loop(&b, b.i, xf_i(&b, 39), xf_i(&b, -1), -1);
  ir_block_append(&l->u.loop.body, xf_assign(&b, xf_at1(&b, b.x, xf_v(&b, b.i)),
                                             IR_OP_MUL, D(2.0)));
  ir_block_append(&b.k->body, l);
  ir_node *v = NULL;
  assert_int_equal(
      xf_vectorize(ctx, b.k, l, 8, IR_ISA_SCALAR, false, false, &v), XF_OK);
  assert_int_equal(xf_cval(ctx, l->u.loop.lb), 0);
  assert_int_equal(xf_cval(ctx, l->u.loop.ub), 40);
  assert_int_equal(l->u.loop.step, 8);
  assert_int_equal(ir_block_len(&b.k->body), 1);
}

/* Expects a refusal whose message contains `want`, with the kernel
 * unchanged. */
static void refused(xf_kb *b, ir_node *l, int w, ir_isa isa, bool contract,
                    bool reassoc, const char *want) {
  xf_vec_opts o = {.width = w,
                   .isa = isa,
                   .contract = contract,
                   .reassoc = reassoc,
                   .interleave = 1};
  refused_with(b, l, &o, want);
}

/* {align}: decl i_al (from align_gap of the store at lb), the head [lb,
 * i_al) masked on AVX-512 and scalar on AVX2, the vector loop from i_al,
 * the remainder; without a loop-variant access, refused untouched. */
static void test_align(void **state) {
  (void)state;
  xf_kb b = xf_kb_new(ctx);
  ir_node *l = mk_axpy(&b, 3, 30), *v = NULL;
  assert_int_equal(
      vec_il(ctx, b.k, l, 8, IR_ISA_AVX512, false, false, 1, 0, true, &v),
      XF_OK);
  assert_ptr_equal(v, l);
  assert_int_equal(ir_block_len(&b.k->body), 4);
  ir_node *decl = b.k->body.first, *head = decl->next, *rest = l->next;
  assert_int_equal(decl->kind, IR_NODE_DECL);
  assert_ptr_equal(head->next, l);
  assert_int_equal(head->u.loop.step, 8);
  assert_true(head->u.loop.attrs & IR_LOOP_VECTORIZED);
  assert_int_equal(l->u.loop.lb->kind, IR_EXPR_VAR);
  assert_ptr_equal(l->u.loop.lb->u.var, decl->u.decl.var);
  assert_int_equal(rest->u.loop.step, 8); /* masked remainder */
  const char *t = kernel_text(&b);
  assert_non_null(strstr(t, "align_gap<64>(&x[3])"));
  assert_non_null(strstr(t, "x[i]<8 mask i_al - i>"));
  assert_non_null(strstr(t, "x[i]<8 mask 30 - i>"));
  assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));

  xf_kb c = xf_kb_new(ctx); /* AVX2: no masks, a scalar head */
  l = mk_axpy(&c, 0, 30);
  assert_int_equal(
      vec_il(ctx, c.k, l, 4, IR_ISA_AVX2, false, false, 1, 0, true, &v), XF_OK);
  head = c.k->body.first->next;
  assert_int_equal(head->u.loop.step, 1);
  assert_int_equal(head->u.loop.body.first->u.assign.lhs->lanes, 0);
  assert_non_null(strstr(kernel_text(&c), "align_gap<32>(&x[0])"));
  assert_true(ir_verify_kernel(ctx, c.k, "loop.vectorize"));

  /* a[0] += 0.5: no element changes with i, nothing to align */
  xf_kb d = xf_kb_new(ctx);
  l = xf_loop(&d, d.i, xf_i(&d, 0), xf_v(&d, d.n), 1);
  ir_block_append(&l->u.loop.body, xf_assign(&d, xf_at1(&d, d.a, xf_i(&d, 0)),
                                             IR_OP_ADD, D(0.5)));
  ir_block_append(&d.k->body, l);
  xf_vec_opts o = {.width = 8,
                   .isa = IR_ISA_AVX512,
                   .reassoc = true,
                   .interleave = 1,
                   .align = true};
  refused_with(&d, l, &o, "nothing to align");
}

/* for (i = 0; i < n; i++) a[0] op= x[i] (op: IR_OP_ADD or IR_OP_SUB) */
static ir_node *mk_sum(xf_kb *b, ir_op op) {
  ir_node *l = xf_loop(b, b->i, xf_i(b, 0), xf_v(b, b->n), 1);
  ir_block_append(&l->u.loop.body, xf_assign(b, xf_at1(b, b->a, xf_i(b, 0)), op,
                                             xf_at1(b, b->x, xf_v(b, b->i))));
  ir_block_append(&b->k->body, l);
  return l;
}

/* Counts the vector fma calls in `n` whose multiplier (second operand) is
 * the vector variable `ones`; *others: the other vector fma calls. */
typedef struct fma_count {
  const ir_var *ones;
  int by_one, others;
} fma_count;

static void count_fma_expr(ir_expr *e, void *data) {
  fma_count *c = data;
  if (e->kind != IR_EXPR_CALL || e->lanes <= 1 || strcmp(e->u.call.fn, "fma"))
    return;
  const ir_expr *m = e->u.call.args[1];
  if (m->kind == IR_EXPR_VAR && m->u.var == c->ones)
    c->by_one++;
  else
    c->others++;
}

static bool count_fma_node(ir_node *n, void *data) {
  if (n->kind == IR_NODE_ASSIGN)
    ir_walk_node_exprs(n, count_fma_expr, data);
  return true;
}

/* {fma_adds = F}: `volatile double one = 1; ones = broadcast(one)` before
 * the vector loop; the last F of the K copies update their accumulator as
 * fma(x, ones, acc) (a -= x: fma(-x, ones, acc)); the others and the folds
 * stay additions.
 * Refused untouched: an ISA without FMA, F > K, no sum reduction (a
 * product), every sum contracted already. */
static void test_fma_adds(void **state) {
  (void)state;
  for (int sub = 0; sub <= 1; sub++) {
    xf_kb b = xf_kb_new(ctx);
    ir_node *l = mk_sum(&b, sub ? IR_OP_SUB : IR_OP_ADD), *v = NULL;
    assert_int_equal(
        vec_il(ctx, b.k, l, 8, IR_ISA_AVX512, false, true, 4, 3, false, &v),
        XF_OK);
    ir_node *one = b.k->body.first, *ones = one->next;
    assert_int_equal(one->kind, IR_NODE_DECL);
    assert_true(one->u.decl.var->is_volatile);
    assert_int_equal(one->u.decl.var->lanes, 0);
    assert_int_equal(one->u.decl.init->kind, IR_EXPR_FP);
    assert_true(one->u.decl.init->u.fp.val == 1.0);
    assert_int_equal(ones->kind, IR_NODE_DECL);
    assert_int_equal(ones->u.decl.var->lanes, 8);
    assert_false(ones->u.decl.var->is_volatile);
    assert_int_equal(ones->u.decl.init->kind, IR_EXPR_BROADCAST);
    fma_count c = {ones->u.decl.var, 0, 0};
    ir_walk_node(v, count_fma_node, &c);
    assert_int_equal(c.by_one, 3);
    assert_int_equal(c.others, 0);
    /* the first copy adds; the fourth is acc3 = fma(x[i + 24], ones, acc3) */
    const ir_node *first = v->u.loop.body.first, *last = v->u.loop.body.last;
    assert_int_equal(first->u.assign.op, sub ? IR_OP_SUB : IR_OP_ADD);
    assert_int_equal(last->u.assign.op, IR_OP_NONE);
    assert_int_equal(last->u.assign.rhs->kind, IR_EXPR_CALL);
    const ir_expr *x = last->u.assign.rhs->u.call.args[0];
    if (sub) {
      assert_int_equal(x->kind, IR_EXPR_UNARY);
      assert_int_equal(x->u.un.op, IR_OP_NEG);
      x = x->u.un.a;
    }
    assert_int_equal(x->kind, IR_EXPR_ACCESS);
    assert_ptr_equal(last->u.assign.rhs->u.call.args[2]->u.var,
                     last->u.assign.lhs->u.var);
    const char *t = kernel_text(&b);
    assert_non_null(strstr(t, "decl volatile double one = 1"));
    assert_true(ir_verify_kernel(ctx, b.k, "loop.vectorize"));
    c = (fma_count){ones->u.decl.var, 0, 0};
    for (const ir_node *n = v->next; n; n = n->next) /* folds, epilogue */
      ir_walk_node((ir_node *)n, count_fma_node, &c);
    assert_int_equal(c.by_one + c.others, 0);
  }

  /* no FMA in sse4.2; F > K */
  xf_kb r = xf_kb_new(ctx);
  ir_node *l = mk_sum(&r, IR_OP_ADD), *v = NULL;
  char *before = kernel_text(&r);
  assert_int_equal(
      vec_il(ctx, r.k, l, 2, IR_ISA_SSE42, false, true, 2, 1, false, &v),
      XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "has no fused multiply-add"));
  scc_fail_clear(ctx);
  assert_int_equal(
      vec_il(ctx, r.k, l, 8, IR_ISA_AVX512, false, true, 2, 3, false, &v),
      XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "use at most 2"));
  scc_fail_clear(ctx);
  assert_string_equal(kernel_text(&r), before);
  assert_int_equal(r.k->isa, IR_ISA_DEFAULT);

  /* a product a[0] *= x[i]: no sum */
  xf_kb p = xf_kb_new(ctx);
  l = mk_sum(&p, IR_OP_MUL);
  before = kernel_text(&p);
  assert_int_equal(
      vec_il(ctx, p.k, l, 8, IR_ISA_AVX512, false, true, 2, 1, false, &v),
      XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "no sum reduction"));
  scc_fail_clear(ctx);
  assert_string_equal(kernel_text(&p), before);

  /* a[0] += x[i] * x[i] with contract: already fused multiply-adds; without
   * contract the product is added through fma(x * x, ones, acc) */
  xf_kb q = xf_kb_new(ctx);
  l = mk_sumsq(&q);
  before = kernel_text(&q);
  assert_int_equal(
      vec_il(ctx, q.k, l, 4, IR_ISA_AVX2, true, true, 2, 2, false, &v),
      XF_SILENCEABLE);
  assert_non_null(strstr(ctx->pending_msg, "already a fused multiply-add"));
  scc_fail_clear(ctx);
  assert_string_equal(kernel_text(&q), before);
  assert_int_equal(
      vec_il(ctx, q.k, l, 4, IR_ISA_AVX2, false, true, 2, 2, false, &v), XF_OK);
  fma_count c = {q.k->body.first->next->u.decl.var, 0, 0};
  ir_walk_node(v, count_fma_node, &c);
  assert_int_equal(c.by_one, 2);
  assert_int_equal(c.others, 0);
}

static void test_refusals(void **state) {
  (void)state;
  /* reduction without reassoc */
  xf_kb r = xf_kb_new(ctx);
  refused(&r, mk_sumsq(&r), 4, IR_ISA_AVX2, false, false, "add {reassoc}");

  /* stride 2 */
  xf_kb s = xf_kb_new(ctx);
  ir_node *l = xf_loop(&s, s.i, xf_i(&s, 0), xf_i(&s, 16), 1);
  ir_block_append(
      &l->u.loop.body,
      xf_assign(
          &s, xf_at1(&s, s.a, xf_v(&s, s.i)), IR_OP_NONE,
          xf_at1(&s, s.x, xf_bin(&s, IR_OP_MUL, xf_i(&s, 2), xf_v(&s, s.i)))));
  ir_block_append(&s.k->body, l);
  refused(&s, l, 4, IR_ISA_AVX2, false, false, "(stride 2)");

  /* i in a non-last subscript */
  xf_kb c = xf_kb_new(ctx);
  l = xf_loop(&c, c.i, xf_i(&c, 0), xf_i(&c, 16), 1);
  ir_block_append(&l->u.loop.body,
                  xf_assign(&c, xf_at2(&c, c.A, xf_v(&c, c.i), xf_i(&c, 0)),
                            IR_OP_NONE, D(1.0)));
  ir_block_append(&c.k->body, l);
  refused(&c, l, 4, IR_ISA_AVX2, false, false, "not in the last subscript");

  /* a dependence carried by the loop: x[i + 9] = x[i + 8] * 0.5 + a[i + 8] */
  xf_kb d = xf_kb_new(ctx);
  l = xf_mk_rec(&d, xf_i(&d, 0), xf_i(&d, 64), 1);
  refused(&d, l, 4, IR_ISA_AVX2, false, false, "dependence");

  /* an inner loop */
  xf_kb n = xf_kb_new(ctx);
  ir_node *outer = xf_loop(&n, n.j, xf_i(&n, 0), xf_i(&n, 4), 1);
  ir_node *inner = mk_axpy(&n, 0, 8);
  ir_remove(inner);
  ir_block_append(&outer->u.loop.body, inner);
  ir_block_append(&n.k->body, outer);
  refused(&n, outer, 4, IR_ISA_AVX2, false, false, "is not innermost");

  /* an if in the body */
  xf_kb f = xf_kb_new(ctx);
  l = xf_loop(&f, f.i, xf_i(&f, 0), xf_i(&f, 16), 1);
  ir_node *g =
      ir_if_new(ctx, xf_bin(&f, IR_OP_LT, xf_v(&f, f.i), xf_i(&f, 3)), l->loc);
  ir_block_append(
      &g->u.ifs.then_body,
      xf_assign(&f, xf_at1(&f, f.x, xf_v(&f, f.i)), IR_OP_NONE, D(0.0)));
  ir_block_append(&l->u.loop.body, g);
  ir_block_append(&f.k->body, l);
  refused(&f, l, 4, IR_ISA_AVX2, false, false, "has an if");

  /* widths the isa does not have; neon; step 2; iv as a value */
  xf_kb w = xf_kb_new(ctx);
  l = mk_axpy(&w, 0, 32);
  refused(&w, l, 8, IR_ISA_AVX2, false, false, "use width = 4");
  ctx->enabled_isa = "avx2"; /* NEON code for flags that target x86 */
  refused(&w, l, 4, IR_ISA_NEON, false, false, "is AArch64's");
  ctx->enabled_isa = "neon";
  refused(&w, l, 8, IR_ISA_AVX2, false, false, "target AArch64");
  ctx->enabled_isa = NULL;
  refused(&w, l, 128, IR_ISA_SCALAR, false, false, "out of range");
  l->u.loop.step = 2;
  refused(&w, l, 4, IR_ISA_AVX2, false, false, "step 2");

  xf_kb v = xf_kb_new(ctx);
  l = xf_loop(&v, v.i, xf_i(&v, 0), xf_i(&v, 16), 1);
  ir_block_append(&l->u.loop.body, xf_assign(&v, xf_at1(&v, v.x, xf_v(&v, v.i)),
                                             IR_OP_NONE, xf_v(&v, v.i)));
  ir_block_append(&v.k->body, l);
  refused(&v, l, 4, IR_ISA_AVX2, false, false, "induction variable as a value");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact),
      cmocka_unit_test(test_epilogue_and_mask),
      cmocka_unit_test(test_masked_avx2),
      cmocka_unit_test(test_contract),
      cmocka_unit_test(test_reduction),
      cmocka_unit_test(test_count_down),
      cmocka_unit_test(test_align),
      cmocka_unit_test(test_fma_adds),
      cmocka_unit_test(test_refusals),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
