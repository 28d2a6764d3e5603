/* sched_remark.c — the optimization remarks of the schedule ops (-v /
 * --remarks): what each applied op did, computed from the IR before and
 * after it (see sched_remark.h).  Every function returns at once when
 * remarks are off.
 */
#include "sched_int.h"

#include <stdarg.h>
#include <string.h>

static bool on(const sched_run *r) { return r->ctx->remarks; }

void sched_remark_applied(sched_run *r, const sched_stmt *s, const char *fmt,
                          ...) {
  if (!on(r))
    return;
  va_list ap;
  va_start(ap, fmt);
  char *msg = scc_arena_vprintf(r->ctx->arena, fmt, ap);
  va_end(ap);
  scc_remark(r->ctx, s->loc, "%s: %s", s->opname, msg);
  r->nremarks++;
}

void sched_remark_fallback(sched_run *r, const sched_stmt *s, int before) {
  if (!on(r) || r->nremarks != before)
    return;
  const sched_value *v = s->nops > 0 && s->ops[0]->kind == SCHED_I_REF
                             ? &r->env[s->ops[0]->slot]
                             : NULL;
  if (v && !v->is_param)
    sched_remark_applied(r, s, "applied to '%s' (%d payload%s)", v->name, v->n,
                         v->n == 1 ? "" : "s");
  else
    sched_remark_applied(r, s, "applied");
}

/* 'i' (the label when the loop has one: 'row' (i)). */
static const char *lname(sched_run *r, const ir_node *loop) {
  if (!loop || loop->kind != IR_NODE_LOOP)
    return "(not a loop)";
  const ir_loop *l = &loop->u.loop;
  if (l->label && strcmp(l->label, l->iv->name) != 0)
    return scc_arena_printf(r->ctx->arena, "'%s' (label '%s')", l->iv->name,
                            l->label);
  return scc_arena_printf(r->ctx->arena, "'%s'", l->iv->name);
}

static const char *expr_text(sched_run *r, const ir_expr *e) {
  scc_buf b = {0};
  ir_print_c_expr(&b, e);
  char *t = scc_arena_strndup(r->ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

/* The trip count of a step-1 loop as C text, or NULL. */
static const char *trip_text(sched_run *r, const ir_node *loop) {
  const ir_loop *l = &loop->u.loop;
  int64_t n;
  if (ir_loop_const_trip_count(r->ctx, loop, &n))
    return scc_arena_printf(r->ctx->arena, "%lld", (long long)n);
  if (l->step != 1 || !ir_type_is_integer(l->lb->type) ||
      !ir_type_is_integer(l->ub->type))
    return NULL;
  return expr_text(r, ir_simplify(r->ctx, ir_sub(r->ctx, l->ub, l->lb)));
}

void sched_before_loop(sched_run *r, const ir_node *loop, sched_before *b) {
  memset(b, 0, sizeof *b);
  if (!on(r) || !loop || loop->kind != IR_NODE_LOOP)
    return;
  b->valid = true;
  b->loop = loop;
  for (const ir_node *l = loop; l && b->nband < SCHED_BAND_MAX;
       l = ir_loop_only_child_loop(l)) {
    b->band[b->nband] = lname(r, l);
    b->band_has_trip[b->nband] =
        ir_loop_const_trip_count(r->ctx, l, &b->band_trip[b->nband]);
    b->nband++;
  }
  b->trip_text = trip_text(r, loop);
  for (const ir_node *n = loop->u.loop.body.first; n; n = n->next)
    if (n->kind == IR_NODE_LOOP && b->ninner < SCHED_BAND_MAX)
      b->inner[b->ninner++] = lname(r, n);
  if (loop->in)
    for (const ir_node *n = loop->in->first; n; n = n->next)
      b->block_loops += n->kind == IR_NODE_LOOP;
  b->nvars = r->k->vars.len;
  b->narrays = r->k->arrays.len;
}

/* "'a', 'b' and 'c'" */
static const char *join(sched_run *r, const char *const *names, int n) {
  scc_buf b = {0};
  for (int i = 0; i < n; i++) {
    if (i)
      scc_buf_puts(&b, i + 1 == n ? " and " : ", ");
    scc_buf_puts(&b, names[i]);
  }
  char *t = scc_arena_strndup(r->ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

static const char *plural(int64_t n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* ---- match, split, tile, interchange, reorder, unroll ------------------ */

void sched_remark_match(sched_run *r, const sched_stmt *s, const scc_vec *out) {
  if (!on(r))
    return;
  scc_buf b = {0};
  for (int i = 0; i < out->len && i < 6; i++) {
    const ir_node *n = out->items[i];
    scc_buf_printf(&b, "%sloop %s at %s:%d:%d", i ? ", " : "", lname(r, n),
                   n->loc.file ? n->loc.file : "?", n->loc.line, n->loc.col);
  }
  if (out->len > 6)
    scc_buf_printf(&b, ", ... (%d in all)", out->len);
  if (out->len == 0 && s->nops > 1 && s->ops[1]->kind == SCHED_I_REF)
    sched_remark_applied(r, s, "found nothing: '%s' holds no payload",
                         r->env[s->ops[1]->slot].name);
  else
    sched_remark_applied(r, s, "found %s", b.data ? b.data : "nothing");
  scc_buf_free(&b);
}

void sched_remark_split(sched_run *r, const sched_stmt *s,
                        const sched_before *b, int64_t div_by,
                        const ir_node *main, const ir_node *rest) {
  if (!b->valid)
    return;
  int64_t nm, nr;
  if (main && rest && ir_loop_const_trip_count(r->ctx, main, &nm) &&
      ir_loop_const_trip_count(r->ctx, rest, &nr))
    sched_remark_applied(r, s,
                         "%s split into a main loop of %lld iterations (a "
                         "multiple of %lld) and a remainder loop of %lld",
                         b->band[0], (long long)nm, (long long)div_by,
                         (long long)nr);
  else
    sched_remark_applied(
        r, s,
        "%s split into a main loop over a multiple of %lld "
        "iterations and a remainder loop for the rest%s%s%s",
        b->band[0], (long long)div_by, b->trip_text ? " (of " : "",
        b->trip_text ? b->trip_text : "", b->trip_text ? ")" : "");
}

/* "196 = 6 x 32 + 4: partial tiles bounded with min" for one dimension. */
static const char *tile_dim(sched_run *r, const sched_before *b, int d,
                            int64_t size) {
  if (size == 0)
    return "not tiled";
  if (d < b->nband && b->band_has_trip[d]) {
    int64_t t = b->band_trip[d], q = t / size, rem = t % size;
    if (rem == 0)
      return scc_arena_printf(r->ctx->arena, "%lld = %lld x %lld", (long long)t,
                              (long long)q, (long long)size);
    return scc_arena_printf(r->ctx->arena,
                            "%lld = %lld x %lld + %lld: partial tiles "
                            "bounded with min",
                            (long long)t, (long long)q, (long long)size,
                            (long long)rem);
  }
  return "symbolic trip count: partial tiles bounded with min";
}

void sched_remark_tile(sched_run *r, const sched_stmt *s, const sched_before *b,
                       const int64_t *sizes, int n, ir_node *const *out) {
  if (!b->valid)
    return;
  scc_buf m = {0};
  const char *names[SCHED_BAND_MAX];
  int nn = n < b->nband ? n : b->nband;
  for (int i = 0; i < nn; i++)
    names[i] = b->band[i];
  scc_buf_printf(&m, "%s tiled ", join(r, names, nn));
  for (int i = 0; i < n; i++)
    scc_buf_printf(&m, "%s%lld", i ? " x " : "", (long long)sizes[i]);
  const char *tl[SCHED_BAND_MAX];
  int ntl = 0;
  for (int i = 0; i < n && i < SCHED_BAND_MAX; i++)
    if (out[i] && sizes[i])
      tl[ntl++] = lname(r, out[i]);
  if (ntl)
    scc_buf_printf(&m, " by tile loop%s %s", ntl == 1 ? "" : "s",
                   join(r, tl, ntl));
  /* One description when every dimension has the same one. */
  const char *first = tile_dim(r, b, 0, sizes[0]);
  bool same = true;
  for (int i = 1; i < n; i++)
    same &= strcmp(first, tile_dim(r, b, i, sizes[i])) == 0;
  if (same) {
    scc_buf_printf(&m, " (%s)", first);
  } else {
    scc_buf_puts(&m, " (");
    for (int i = 0; i < n; i++)
      scc_buf_printf(&m, "%s%s: %s", i ? "; " : "",
                     i < b->nband ? b->band[i] : "?",
                     tile_dim(r, b, i, sizes[i]));
    scc_buf_puts(&m, ")");
  }
  sched_remark_applied(r, s, "%s", m.data);
  scc_buf_free(&m);
}

void sched_remark_interchange(sched_run *r, const sched_stmt *s,
                              const ir_node *a, const ir_node *b) {
  if (!on(r))
    return;
  sched_remark_applied(r, s, "%s and %s interchanged: %s now runs outside %s",
                       lname(r, a), lname(r, b), lname(r, b), lname(r, a));
}

void sched_remark_reorder(sched_run *r, const sched_stmt *s,
                          ir_node *const *out, int n) {
  if (!on(r))
    return;
  /* The new order: the loops of out sorted by depth. */
  const char *names[64];
  int depth[64], m = 0;
  for (int i = 0; i < n && m < 64; i++) {
    int d = ir_depth(out[i]), j = m++;
    while (j > 0 && depth[j - 1] > d) {
      depth[j] = depth[j - 1];
      names[j] = names[j - 1];
      j--;
    }
    depth[j] = d;
    names[j] = lname(r, out[i]);
  }
  sched_remark_applied(r, s, "loops now nested as %s (outermost first)",
                       join(r, names, m));
}

/* " (196 = 49 x 4: no remainder)" and the like, for unrolling by F. */
static const char *unroll_tail(sched_run *r, const sched_before *b, int64_t f,
                               const ir_node *rest) {
  if (b->nband && b->band_has_trip[0]) {
    int64_t t = b->band_trip[0];
    if (t % f == 0)
      return scc_arena_printf(r->ctx->arena,
                              " (%lld = %lld x %lld: no "
                              "remainder)",
                              (long long)t, (long long)(t / f), (long long)f);
    return scc_arena_printf(
        r->ctx->arena,
        " (%lld = %lld x %lld + %lld: a remainder loop runs "
        "the last %lld iteration%s)",
        (long long)t, (long long)(t / f), (long long)f, (long long)(t % f),
        (long long)(t % f), plural(t % f, "", "s"));
  }
  if (!rest)
    return " (the trip count is a multiple: no remainder loop)";
  bool simple =
      b->trip_text && strlen(b->trip_text) <= 16 && !strchr(b->trip_text, '?');
  return scc_arena_printf(r->ctx->arena,
                          " (%s%s iterations, not known to be a multiple of "
                          "%lld: a remainder loop runs the rest)",
                          simple ? b->trip_text : "a symbolic number of", "",
                          (long long)f);
}

void sched_remark_unroll(sched_run *r, const sched_stmt *s,
                         const sched_before *b, int64_t factor,
                         const ir_node *main, const ir_node *rest) {
  (void)main;
  if (!b->valid)
    return;
  if (factor == 0)
    sched_remark_applied(r, s, "%s fully unrolled: %lld cop%s of the body",
                         b->band[0],
                         (long long)(b->band_has_trip[0] ? b->band_trip[0] : 0),
                         plural(b->band_trip[0], "y", "ies"));
  else if (factor == 1)
    sched_remark_applied(r, s, "%s unrolled by 1: nothing changed", b->band[0]);
  else
    sched_remark_applied(r, s, "%s unrolled by %lld%s", b->band[0],
                         (long long)factor, unroll_tail(r, b, factor, rest));
}

/* ---- vectorize, unroll and jam, registers, packing ---------------------- */

static const char *isa_text(ir_isa isa) {
  switch (isa) {
  case IR_ISA_AVX512:
    return "AVX-512";
  case IR_ISA_AVX2:
    return "AVX2";
  case IR_ISA_SSE42:
    return "SSE4.2";
  case IR_ISA_NEON:
    return "NEON";
  default:
    return "portable C (isa \"scalar\": no intrinsics)";
  }
}

typedef struct count_state {
  int fma;
  int adds;     /* {fma_adds}: of fma, those multiplying by `ones` */
  scc_vec ones; /* ir_var *: vectors declared as broadcasts of a volatile */
  scc_arena *arena;
} count_state;

/* Collects the variables declared `T<W> v = broadcast(u)` with u volatile:
 * the multipliers 1.0 of loop.vectorize {fma_adds}. */
static bool find_ones(ir_node *n, void *data) {
  count_state *c = data;
  const ir_expr *init = n->kind == IR_NODE_DECL ? n->u.decl.init : NULL;
  if (init && init->kind == IR_EXPR_BROADCAST &&
      init->u.un.a->kind == IR_EXPR_VAR && init->u.un.a->u.var->is_volatile)
    scc_vec_push(c->arena, &c->ones, n->u.decl.var);
  return true;
}

static void count_fma(ir_expr *e, void *data) {
  count_state *c = data;
  if (e->kind != IR_EXPR_CALL || e->lanes <= 1 ||
      (strcmp(e->u.call.fn, "fmaf") != 0 && strcmp(e->u.call.fn, "fma") != 0))
    return;
  c->fma++;
  const ir_expr *m = e->u.call.args[1];
  for (int i = 0; m->kind == IR_EXPR_VAR && i < c->ones.len; i++)
    c->adds += c->ones.items[i] == m->u.var;
}

static bool count_fma_node(ir_node *n, void *data) {
  if (n->kind == IR_NODE_ASSIGN || n->kind == IR_NODE_DECL)
    ir_walk_node_exprs(n, count_fma, data);
  return true;
}

/* Whether a loop's body holds a masked vector access (the masked
 * iteration of a remainder or head). */
static void find_mask(ir_expr *e, void *data) {
  if (e->kind == IR_EXPR_ACCESS && e->u.access.mask)
    *(bool *)data = true;
}

static bool find_mask_node(ir_node *n, void *data) {
  if (n->kind == IR_NODE_ASSIGN || n->kind == IR_NODE_DECL)
    ir_walk_node_exprs(n, find_mask, data);
  return !*(bool *)data;
}

static bool has_masked_access(const ir_node *loop) {
  bool found = false;
  ir_walk_node((ir_node *)loop, find_mask_node, &found);
  return found;
}

void sched_remark_vectorize(sched_run *r, const sched_stmt *s,
                            const sched_before *b, bool contract, bool reassoc,
                            int fma_adds, const ir_node *v) {
  if (!b->valid || !v)
    return;
  const ir_loop *l = &v->u.loop;
  int w = l->vwidth;
  ir_isa isa = r->k->isa;
  int bytes = ir_isa_vector_bytes(isa);
  const char *elem = bytes && w ? (bytes / w == 4   ? " of float"
                                   : bytes / w == 8 ? " of double"
                                                    : "")
                                : "";
  /* The remainder: the last of the loops after the vector loop with the
   * same iv (the whole vectors of {interleave}, then the masked iteration
   * or the scalar epilogue), or vectorized at the same width (a masked
   * iteration counting in a wider iv), with the horizontal reductions
   * before the scalar epilogue or after the masked iteration.  Both of
   * those end the remainder: a later loop with the same iv is the code
   * after it (another loop over j). */
  const ir_node *rest = NULL;
  int nred = 0;
  bool last = false;  /* the masked iteration or the scalar epilogue seen */
  scc_buf reds = {0}; /* "'t', 'u'": the reduced variables or arrays */
  for (const ir_node *n = v->next; n; n = n->next) {
    if (n->kind == IR_NODE_LOOP) {
      bool vec = n->u.loop.attrs & IR_LOOP_VECTORIZED;
      if (last || (n->u.loop.iv != l->iv && (!vec || n->u.loop.vwidth != w)) ||
          (vec && nred > 0))
        break;
      rest = n;
      last = !vec || has_masked_access(n);
      continue;
    }
    /* a final update under the test that the loop runs (loop.vectorize
     * guards it unless the loop surely runs): the if's one assignment */
    const ir_node *a = n;
    if (n->kind == IR_NODE_IF && !n->u.ifs.else_body.first &&
        n->u.ifs.then_body.first &&
        n->u.ifs.then_body.first == n->u.ifs.then_body.last)
      a = n->u.ifs.then_body.first;
    if (a->kind != IR_NODE_ASSIGN)
      continue;
    const ir_expr *lhs = a->u.assign.lhs;
    if (lhs->kind == IR_EXPR_VAR && lhs->u.var->lanes > 1)
      continue; /* {interleave}: accumulators folded into the first */
    const ir_expr *rhs = a->u.assign.rhs;
    if (lhs->kind == IR_EXPR_ACCESS && lhs->lanes > 1 &&
        rhs->kind == IR_EXPR_VAR && rhs->lanes == lhs->lanes) {
      /* W reductions into W consecutive elements: the store of their
       * transposed reduction (loop.vectorize), after the tree's decls */
      ir_expr first = *lhs; /* the first element, as a scalar */
      first.lanes = 0;
      first.u.access.mask = NULL;
      /* a partial group updates its first R lanes (mask R) */
      int elems = lhs->u.access.mask && lhs->u.access.mask->kind == IR_EXPR_INT
                      ? (int)lhs->u.access.mask->u.ival
                      : lhs->lanes;
      scc_buf_printf(&reds,
                     "%sthe %d elements from '%s' (one transposed "
                     "reduction)",
                     nred ? ", " : "", elems, expr_text(r, &first));
      nred += elems;
      continue;
    }
    if (rhs->kind != IR_EXPR_REDUCE)
      break; /* the code after the loop */
    scc_buf_printf(&reds, "%s'%s'", nred++ ? ", " : "",
                   lhs->kind == IR_EXPR_VAR ? lhs->u.var->name
                                            : expr_text(r, lhs));
  }
  /* {align}: `iv_al = ... align_gap(&ref) ...;` and the head loop (same
   * iv) just before v */
  const ir_node *head = NULL;
  const ir_expr *gap = NULL;
  for (const ir_node *n = v->prev; n && l->lb->kind == IR_EXPR_VAR;
       n = n->prev) {
    if (n->kind == IR_NODE_LOOP && !head && n->u.loop.iv == l->iv)
      head = n;
    if (n->kind == IR_NODE_DECL && n->u.decl.var == l->lb->u.var) {
      gap = ir_expr_find_kind(n->u.decl.init, IR_EXPR_ALIGN_GAP);
      break;
    }
  }
  if (!head)
    gap = NULL;
  const char *rem;
  /* iterations per vector-loop iteration: w, or K*w with {interleave = K} */
  int cw = v->u.loop.step > w ? (int)v->u.loop.step : w;
  if (gap) { /* the split depends on the address: no counts */
    rem = !rest                                     ? "no remainder"
          : rest->u.loop.attrs & IR_LOOP_VECTORIZED ? "masked remainder"
                                                    : "scalar remainder loop";
  } else if (!rest) {
    rem = b->band_has_trip[0]
              ? scc_arena_printf(r->ctx->arena,
                                 "no remainder (%lld = %lld x "
                                 "%d)",
                                 (long long)b->band_trip[0],
                                 (long long)(b->band_trip[0] / cw), cw)
              : "no remainder";
  } else {
    const char *how = rest->u.loop.attrs & IR_LOOP_VECTORIZED
                          ? "masked remainder"
                          : "scalar remainder loop";
    rem = b->band_has_trip[0]
              ? scc_arena_printf(r->ctx->arena, "%s (%lld = %lld x %d + %lld)",
                                 how, (long long)b->band_trip[0],
                                 (long long)(b->band_trip[0] / cw), cw,
                                 (long long)(b->band_trip[0] % cw))
              : how;
  }
  count_state c = {.arena = r->ctx->arena};
  ir_walk_block(&r->k->body, find_ones, &c);
  ir_walk_node((ir_node *)v, count_fma_node, &c);
  scc_buf m = {0};
  scc_buf_printf(&m, "%s vectorized with %s, %d lanes%s, %s", b->band[0],
                 isa_text(isa), w, elem, rem);
  if (c.fma > c.adds)
    scc_buf_printf(&m, "; %d fused multiply-add%s", c.fma - c.adds,
                   c.fma - c.adds == 1 ? "" : "s");
  if (c.adds)
    scc_buf_printf(&m,
                   "; %d addition%s of sums as fused multiply-adds by 1 "
                   "(the same values, on the FMA units)",
                   c.adds, c.adds == 1 ? "" : "s");
  else if (fma_adds > 0)
    scc_buf_puts(&m, "; fma_adds had nothing to do: the vector loop never "
                     "runs (its constant trip count is below its step)");
  if (!c.fma && contract && isa != IR_ISA_AVX2 && isa != IR_ISA_AVX512 &&
      isa != IR_ISA_NEON)
    scc_buf_printf(&m, "; no fused multiply-adds (%s has none)",
                   ir_isa_name(isa));
  if (nred && reassoc)
    scc_buf_printf(&m,
                   "; reduction%s into %s kept in %s, reduced across "
                   "lanes after the loop (reassociated)",
                   nred == 1 ? "" : "s", reds.data,
                   v->u.loop.step / w > 1 /* {interleave = K} */
                       ? scc_arena_printf(r->ctx->arena,
                                          "%lld interleaved vector "
                                          "accumulators each",
                                          (long long)(v->u.loop.step / w))
                       : nred == 1 ? "a vector accumulator"
                                   : "vector accumulators");
  if (gap)
    scc_buf_printf(&m,
                   "; peeled for alignment: the vector loop starts at '%s', "
                   "the first iteration whose access to '%s' is %d-byte "
                   "aligned (computed from the address of '%s'), after %s",
                   l->lb->u.var->name, gap->u.gap.a->u.access.array->name,
                   gap->u.gap.bytes, expr_text(r, gap->u.gap.a),
                   head->u.loop.attrs & IR_LOOP_VECTORIZED
                       ? "a masked head iteration"
                       : "a scalar head loop");
  sched_remark_applied(r, s, "%s", m.data);
  scc_buf_free(&m);
  scc_buf_free(&reds);
}

void sched_remark_unroll_and_jam(sched_run *r, const sched_stmt *s,
                                 const sched_before *b, int64_t factor,
                                 const ir_node *main, const ir_node *rest) {
  (void)main;
  if (!b->valid)
    return;
  const char *into = b->ninner ? join(r, b->inner, b->ninner) : "its body";
  sched_remark_applied(r, s, "%s unrolled by %lld and jammed into %s%s",
                       b->band[0], (long long)factor, into,
                       factor > 1 ? unroll_tail(r, b, factor, rest) : "");
}

typedef struct decl_state {
  int min_id;
  scc_vec decls; /* ir_node * of declarations of new variables */
  scc_arena *arena;
} decl_state;

static bool find_new_decls(ir_node *n, void *data) {
  decl_state *d = data;
  if (n->kind == IR_NODE_DECL && n->u.decl.var->id >= d->min_id)
    scc_vec_push(d->arena, &d->decls, n);
  return true;
}

/* The declarations `T v = init;` of the variables created since b. */
static scc_vec new_decls(sched_run *r, const sched_before *b) {
  int min_id = 0x7fffffff;
  for (int i = b->nvars; i < r->k->vars.len; i++) {
    const ir_var *v = r->k->vars.items[i];
    if (v->id < min_id)
      min_id = v->id;
  }
  decl_state d = {.min_id = min_id, .arena = r->ctx->arena};
  if (r->k->vars.len > b->nvars)
    ir_walk_block(&r->k->body, find_new_decls, &d);
  return d.decls;
}

static const char *decl_list(sched_run *r, const scc_vec *decls) {
  scc_buf b = {0};
  for (int i = 0; i < decls->len && i < 4; i++) {
    const ir_node *n = decls->items[i];
    if (n->u.decl.init)
      scc_buf_printf(&b, "%s%s in '%s'", i ? ", " : "",
                     expr_text(r, n->u.decl.init), n->u.decl.var->name);
    else
      scc_buf_printf(&b, "%s'%s'", i ? ", " : "", n->u.decl.var->name);
  }
  if (decls->len > 4)
    scc_buf_printf(&b, ", ... (%d in all)", decls->len);
  char *t = scc_arena_strndup(r->ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

static size_t array_bytes(const ir_array *a) {
  size_t n = a->elem == IR_TY_DOUBLE ? 8 : 4;
  for (int d = 0; d < a->rank; d++)
    if (a->dims[d] && a->dims[d]->kind == IR_EXPR_INT)
      n *= (size_t)a->dims[d]->u.ival;
  return n;
}

void sched_remark_one_loop(sched_run *r, const sched_stmt *s,
                           const sched_before *b, const char *arg) {
  if (!b->valid)
    return;
  if (s->op == SCHED_OP_PACK) {
    scc_buf m = {0};
    for (int i = b->narrays; i < r->k->arrays.len; i++) {
      const ir_array *a = r->k->arrays.items[i];
      scc_buf_printf(&m, "%s'%s' [", i > b->narrays ? ", " : "", a->name);
      for (int d = 0; d < a->rank; d++)
        scc_buf_printf(&m, "%s%s", d ? " x " : "",
                       a->dims[d] ? expr_text(r, a->dims[d]) : "?");
      scc_buf_printf(&m, " %s, %zu bytes, 64-byte aligned]",
                     ir_type_name(a->elem), array_bytes(a));
    }
    const sched_attr *pa = sched_attr_find(s, "panel");
    sched_remark_applied(
        r, s,
        "the part of '%s' that %s reads is copied into %s%s%s%s and "
        "read from there%s",
        arg, b->band[0], m.data ? m.data : "a buffer",
        pa ? " in micro-panels of " : "",
        pa ? scc_arena_printf(r->ctx->arena, "%lld",
                              (long long)sched_get_num(r, &pa->value))
           : "",
        !pa ? ""
        : sched_attr_find(s, "dim")
            ? scc_arena_printf(
                  r->ctx->arena,
                  " along its subscript %lld (that dimension innermost)",
                  (long long)sched_get_num(r,
                                           &sched_attr_find(s, "dim")->value))
            : " rows (the outermost dimension innermost)",
        !sched_attr_find(s, "prefetch")
            ? ""
            : scc_arena_printf(
                  r->ctx->arena,
                  "; each row of the copy prefetches the row %lld ahead",
                  (long long)sched_get_num(
                      r, &sched_attr_find(s, "prefetch")->value)));
    scc_buf_free(&m);
    return;
  }
  if (s->op == SCHED_OP_PREFETCH) {
    const ir_loop *l = &b->loop->u.loop;
    const sched_attr *da = sched_attr_find(s, "distance");
    long long dist = da ? (long long)sched_get_num(r, &da->value) : 1;
    int n = 0, w = 0;
    const ir_expr *first = NULL;
    for (int h = 0; h < 2; h++) {
      const scc_vec *pv = h ? &l->prefetchw : &l->prefetch;
      for (int i = 0; i < pv->len; i++) {
        const ir_expr *e = pv->items[i];
        if (strcmp(e->u.access.array->name, arg) != 0)
          continue;
        if (!first)
          first = e;
        n++;
        w = h;
      }
    }
    if (!first)
      return;
    sched_remark_applied(
        r, s,
        "%d element%s of '%s' prefetched%s at the start of each iteration "
        "of %s, %lld iteration%s ahead (%s%s)",
        n, n == 1 ? "" : "s", arg, w ? " for writing" : "", b->band[0], dist,
        dist == 1 ? "" : "s", expr_text(r, first), n > 1 ? ", ..." : "");
    return;
  }
  scc_vec d = new_decls(r, b);
  if (s->op == SCHED_OP_SCALAR_REPLACE)
    sched_remark_applied(r, s,
                         "%d array element%s kept in register%s across "
                         "%s: %s",
                         d.len, d.len == 1 ? "" : "s", d.len == 1 ? "" : "s",
                         b->band[0], decl_list(r, &d));
  else if (d.len)
    sched_remark_applied(r, s,
                         "%d loop-invariant value%s computed before %s: "
                         "%s",
                         d.len, d.len == 1 ? "" : "s", b->band[0],
                         decl_list(r, &d));
  else
    sched_remark_applied(r, s, "nothing in %s is loop-invariant: unchanged",
                         b->band[0]);
}

/* ---- fuse, distribute, peel, skew, parallel ------------------------------ */

void sched_remark_fuse(sched_run *r, const sched_stmt *s, const sched_before *a,
                       const sched_before *b, const ir_node *fused) {
  if (!a->valid || !fused)
    return;
  int loops = 0;
  for (const ir_node *n = fused->in ? fused->in->first : NULL; n; n = n->next)
    loops += n->kind == IR_NODE_LOOP;
  int extra = loops - (a->block_loops - 1);
  const sched_attr *sh = sched_attr_find(s, "shift");
  if (sh) {
    /* shifted fusion (fuse_shift.c): one loop, guarded bodies */
    int guards = 0;
    for (const ir_node *n = fused->u.loop.body.first; n; n = n->next)
      guards += n->kind == IR_NODE_IF;
    sched_remark_applied(
        r, s,
        "%s (line %d) and %s (line %d) fused into one loop, the iterations "
        "of the second shifted by %lld%s",
        a->band[0], a->loop->loc.line, b->band[0], b->loop->loc.line,
        (long long)sched_get_num(r, &sh->value),
        guards == 1   ? "; one body runs under a guard of its range"
        : guards == 2 ? "; both bodies run under guards of their ranges"
                      : "");
    return;
  }
  sched_remark_applied(
      r, s, "%s (line %d) and %s (line %d) fused into one loop%s", a->band[0],
      a->loop->loc.line, b->band[0], b->loop->loc.line,
      extra > 0 ? scc_arena_printf(r->ctx->arena,
                                   ", with %d loop%s for the iterations only "
                                   "one of them runs",
                                   extra, extra == 1 ? "" : "s")
                : "");
}

void sched_remark_distribute(sched_run *r, const sched_stmt *s,
                             const sched_before *b, ir_node *const *parts,
                             int n) {
  (void)parts;
  if (!b->valid)
    return;
  sched_remark_applied(r, s, "%s distributed into %d loop%s", b->band[0], n,
                       n == 1 ? " (its statements depend on each other in a "
                                "cycle or there is only one group)"
                              : "s");
}

void sched_remark_peel(sched_run *r, const sched_stmt *s, const sched_before *b,
                       int64_t n, bool front, const ir_node *peeled,
                       const ir_node *rest) {
  (void)peeled;
  if (!b->valid)
    return;
  int64_t nr;
  const char *tail =
      rest && ir_loop_const_trip_count(r->ctx, rest, &nr)
          ? scc_arena_printf(r->ctx->arena, " (%lld iterations remain)",
                             (long long)nr)
          : "";
  sched_remark_applied(r, s,
                       "%s %lld iteration%s of %s peeled into a loop "
                       "of their own%s",
                       front ? "first" : "last", (long long)n,
                       n == 1 ? "" : "s", b->band[0], tail);
}

void sched_remark_skew(sched_run *r, const sched_stmt *s,
                       const sched_before *outer, const sched_before *inner,
                       int64_t factor) {
  if (!outer->valid)
    return;
  const ir_loop *o = &outer->loop->u.loop, *i = &inner->loop->u.loop;
  sched_remark_applied(r, s,
                       "%s skewed by %lld x %s: it runs over %s + "
                       "%lld*%s, its uses read %s - %lld*%s",
                       inner->band[0], (long long)factor, outer->band[0],
                       i->iv->name, (long long)factor, o->iv->name, i->iv->name,
                       (long long)factor, o->iv->name);
}

void sched_remark_sink(sched_run *r, const sched_stmt *s, const sched_before *x,
                       const sched_before *l, bool first,
                       const ir_assumption *check) {
  if (!x->valid)
    return;
  /* the guard loop.sink made: the first or last node of the body */
  const ir_block *b = &l->loop->u.loop.body;
  const ir_node *g = first ? b->first : b->last;
  scc_buf c = {0};
  if (g && g->kind == IR_NODE_IF)
    ir_print_c_expr(&c, g->u.ifs.cond);
  sched_remark_applied(
      r, s,
      "%s moved into the %s iteration of %s, under `if "
      "(%s)`%s%s%s",
      x->band[0], first ? "first" : "last", l->band[0], c.data ? c.data : "...",
      check ? "; it runs there only when " : "", check ? check->text : "",
      check ? ", which the kernel checks at run time" : "");
  scc_buf_free(&c);
}

void sched_remark_parallel(sched_run *r, const sched_stmt *s,
                           const ir_node *p) {
  if (!on(r) || !p)
    return;
  const ir_loop *l = &p->u.loop;
  scc_buf m = {0};
  scc_buf_printf(&m, "%s runs in parallel ('#pragma omp parallel for",
                 lname(r, p));
  if (l->omp_schedule)
    scc_buf_printf(&m, " schedule(%s)", l->omp_schedule);
  if (l->omp_reductions.len) {
    const char *op = l->omp_reduction_op == IR_OP_MUL   ? "*"
                     : l->omp_reduction_op == IR_OP_MIN ? "min"
                     : l->omp_reduction_op == IR_OP_MAX ? "max"
                                                        : "+";
    scc_buf_printf(&m, " reduction(%s:", op);
    for (int i = 0; i < l->omp_reductions.len; i++) {
      const ir_expr *e = l->omp_reductions.items[i];
      scc_buf_printf(&m, "%s %s", i ? "," : "", e->u.var->name);
    }
    scc_buf_puts(&m, ")");
  }
  scc_buf_puts(&m, "'; no dependence is carried by it)");
  sched_remark_applied(r, s, "%s", m.data);
  scc_buf_free(&m);
}

/* ---- per kernel -----------------------------------------------------------
 */

static char *fingerprint(sched_run *r) {
  scc_buf b = {0};
  ir_print_kernel(&b, r->ctx, r->k);
  char *t = scc_arena_strndup(r->ctx->arena, b.data ? b.data : "", b.len);
  scc_buf_free(&b);
  return t;
}

void sched_remark_kernel_begin(sched_run *r, const sched_seq *q, char **state) {
  *state = NULL;
  if (!on(r))
    return;
  scc_remark(r->ctx, q->loc, "running '@%s' on kernel '%s' (%s:%d)", q->name,
             r->k->name, r->k->loc.file ? r->k->loc.file : "?", r->k->loc.line);
  *state = fingerprint(r);
}

void sched_remark_kernel_end(sched_run *r, const sched_seq *q,
                             const char *state) {
  if (!on(r) || !state)
    return;
  if (strcmp(state, fingerprint(r)) == 0)
    scc_remark(r->ctx, q->loc,
               "'@%s' changed nothing in kernel '%s': it is emitted as "
               "written",
               q->name, r->k->name);
}

void sched_remark_empty(sched_run *r, const sched_stmt *s) {
  if (!on(r) || s->nops < 1 || s->ops[0]->kind != SCHED_I_REF)
    return;
  const sched_value *v = &r->env[s->ops[0]->slot];
  if (!v->is_param && v->n == 0)
    sched_remark_applied(r, s, "nothing done: '%s' holds no loop", v->name);
}
