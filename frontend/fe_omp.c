/* fe_omp.c — OpenMP directives on the loops of kernels: the loop directives
 * kept on their loops, the OpenMP 5.1 loop-transformation directives read
 * as an inline schedule.
 *
 * `#pragma omp parallel for`, `for`, `simd`, `parallel for simd` and `for
 * simd` become the loop's IR_LOOP_PARALLEL state (ir_loop.omp: the
 * construct, collapse(n), private(...), and every other clause as written;
 * ir_loop.omp_schedule and omp_reductions for schedule(kind[, N]) and
 * reduction(op: ...) with one operator); default(none) is dropped with a
 * warning.  The backends write the directive again; xf_omp_check
 * (transforms/parallel.c) checks it.  They are read from the tokens, so
 * with and without -fopenmp alike: fe_omp_args parses without it.
 *
 * `#pragma omp tile sizes(s1, ..., sK)` and `#pragma omp unroll
 * full|partial(N)` before a loop of a kernel become schedule operations
 * (OpenMP 5.1, section 2.11.9 "Loop Transformation Constructs"):
 *
 *   #pragma omp tile sizes(4, 8)      %l1 = match.loop "__omp1" in %root
 *   for (i ...)                  ->   %t2:2 = loop.tile %l1 tile_sizes [4, 8]
 *     for (j ...)
 *
 * The loop gets a label (its own #pragma schedcc label when that names it
 * unambiguously, else a fresh `__ompN`), and k->inline_schedule holds a
 * `named_sequence @<kernel>(%root)` that the driver applies when no -s
 * schedule is given (--emit=schedule prints it).  The directive lines are
 * left out of the output (m->erase), so any C compiler sees the transformed
 * loops and no directive it may not implement (gcc 12 has neither).
 *
 * Semantics, following OpenMP 5.1:
 *  - Stacked directives apply bottom-up: the directive nearest the loop is
 *    applied to it, each directive above to the outermost loop generated
 *    by the one below (for tile: the first floor loop; for unroll
 *    partial: the unrolled loop).  A tile above a tile may tile up to as
 *    many floor loops as the lower tile made; a tile above an unroll
 *    partial(N > 1) only one loop.  Nothing may stack above unroll full or
 *    a bare unroll (they generate no loop).
 *  - tile needs a perfect, rectangular nest of K loops (bounds of inner
 *    loops of the nest do not use the nest's induction variables).
 *  - unroll full needs a constant trip count.
 *  - unroll partial without a factor, and a bare unroll, are hints whose
 *    factor OpenMP leaves to the implementation: schedcc applies none
 *    (factor 1, which OpenMP allows) and leaves them out of the output.
 *  - Directives on inner loops of the nest a tile applies to are refused
 *    (the tile needs that nest perfect); directives on loops nested deeper
 *    are applied first (post-order), which OpenMP's semantics equal since
 *    every transformation here keeps the sequential order of iterations
 *    except tile, which moves the inner nest as a whole.
 * Sizes and factors are integer literals or names `#define`d as integer
 * literals in the main file (macros from -D or headers are not expanded in
 * directives: schedcc reads them from the token stream).
 */
#include "fe_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The directives before one loop of the kernel, in source order (the last
 * one is applied first). */
typedef struct fe_omp_group {
  ir_node *loop;
  fe_omp **dirs;
  int n;
} fe_omp_group;

/* ---- reading directives ------------------------------------------------ */

/* An integer literal (with optional u/l suffixes) spelled `text`. */
static bool int_literal(const char *text, int64_t *v) {
  if (!(text[0] >= '0' && text[0] <= '9'))
    return false;
  errno = 0;
  char *e;
  long long x = strtoll(text, &e, 0);
  if (errno || e == text)
    return false;
  while (*e == 'u' || *e == 'U' || *e == 'l' || *e == 'L')
    e++;
  if (*e)
    return false;
  *v = x;
  return true;
}

/* The value of token i: an integer literal, or an identifier `#define`d in
 * the main file as one.  false (and *why set) otherwise. */
static bool int_token(fe_state *s, unsigned i, int64_t *v, const char **why) {
  const char *t = fe_tok_str(s, i);
  if (int_literal(t, v))
    return true;
  if (clang_getTokenKind(s->toks[i]) == CXToken_Identifier) {
    for (unsigned k = 0; k + 3 < s->ntoks; k++) {
      if (!fe_starts_directive(s, k) || !fe_tok_is(s, k + 1, "define") ||
          !fe_tok_is(s, k + 2, t))
        continue;
      unsigned line = fe_tok_line(s, k);
      if (fe_tok_line(s, k + 3) == line &&
          (k + 4 >= s->ntoks || fe_tok_line(s, k + 4) != line) &&
          int_literal(fe_tok_str(s, k + 3), v))
        return true;
    }
    *why = scc_arena_printf(s->ctx->arena,
                            "'%s' is not an integer literal or a name "
                            "#defined as one in this file",
                            t);
    return false;
  }
  *why = scc_arena_printf(s->ctx->arena, "expected an integer, got '%s'", t);
  return false;
}

/* Reads "( int {, int} )" from token j to `end` inclusive; *why on error. */
static int read_ints(fe_state *s, unsigned j, unsigned end, int max,
                     int64_t *out, const char **why) {
  if (j > end || !fe_tok_is(s, j, "(")) {
    *why = "expected '('";
    return 0;
  }
  int n = 0;
  for (j++; j <= end; j++) {
    if (n == max) {
      *why = scc_arena_printf(s->ctx->arena, "more than %d values", max);
      return 0;
    }
    if (!int_token(s, j, &out[n], why))
      return 0;
    if (out[n] < 1) {
      *why = scc_arena_printf(s->ctx->arena,
                              "sizes and factors must be positive, got %lld",
                              (long long)out[n]);
      return 0;
    }
    n++;
    j++;
    if (j <= end && fe_tok_is(s, j, ")"))
      return j == end ? n : (*why = "unexpected tokens after ')'", 0);
    if (j > end || !fe_tok_is(s, j, ",")) {
      *why = "expected ',' or ')'";
      return 0;
    }
  }
  *why = "expected ')'";
  return 0;
}

/* ---- loop directives: parallel for, for, simd ------------------------- */

/* The number of words of the loop-directive name starting at token j
 * (`parallel for simd` is 3), 0 when it is none. */
static int loop_construct(fe_state *s, unsigned j, unsigned end) {
  unsigned k = j;
  if (k <= end && fe_tok_is(s, k, "parallel")) {
    k++;
    if (!(k <= end && fe_tok_is(s, k, "for")))
      return 0; /* a parallel region, or parallel loop/sections/...  */
  }
  if (k <= end && fe_tok_is(s, k, "for")) {
    k++;
    if (k <= end && fe_tok_is(s, k, "simd"))
      k++;
    return (int)(k - j);
  }
  if (k == j && k <= end && fe_tok_is(s, k, "simd"))
    return 1;
  return 0;
}

bool fe_omp_reads(fe_state *s, unsigned i, unsigned end) {
  return i + 3 <= end &&
         (fe_tok_is(s, i + 3, "tile") || fe_tok_is(s, i + 3, "unroll") ||
          loop_construct(s, i + 3, end) > 0);
}

const char *const *fe_omp_args(scc_ctx *ctx, const char *const *args, int nargs,
                               int *n) {
  const char **out =
      scc_arena_alloc(ctx->arena, sizeof *out * (size_t)(nargs + 2));
  bool omp = false;
  *n = 0;
  for (int i = 0; i < nargs; i++) {
    if (strcmp(args[i], "-fopenmp") == 0 ||
        strncmp(args[i], "-fopenmp=", 9) == 0) {
      omp = true;
      continue;
    }
    if (strcmp(args[i], "-fno-openmp") == 0) {
      omp = false;
      continue;
    }
    if (strcmp(args[i], "-fopenmp-simd") == 0)
      continue;
    out[(*n)++] = args[i];
  }
  /* OpenMP 4.5's value, not clang-19's 202011: without -fopenmp, clang
   * ignores the `begin declare variant` pragmas that <omp.h> puts around
   * two definitions of omp_is_initial_device for _OPENMP >= 201811, which
   * then clash ("static declaration follows non-static declaration").
   * Only the parse sees it; the real compiler defines its own. */
  if (omp)
    out[(*n)++] = "-D_OPENMP=201511";
  return out;
}

/* The index of the ')' closing the '(' at token j (at most `end`), or 0. */
static unsigned closing(fe_state *s, unsigned j, unsigned end) {
  int depth = 0;
  for (unsigned k = j; k <= end; k++) {
    if (fe_tok_is(s, k, "("))
      depth++;
    else if (fe_tok_is(s, k, ")") && --depth == 0)
      return k;
  }
  return 0;
}

/* The source text of tokens j..k, a line continuation ('\\' and the line
 * break) and the blanks after it replaced by one space. */
static const char *tok_text(fe_state *s, unsigned j, unsigned k) {
  const char *last = fe_tok_str(s, k);
  char *t = scc_arena_strndup(s->ctx->arena, s->m->source + s->tok_off[j],
                              s->tok_off[k] + strlen(last) - s->tok_off[j]);
  char *w = t;
  for (const char *r = t; *r;) {
    const char *n = r + 1;
    if (*r == '\\' && (*n == '\n' || (*n == '\r' && n[1] == '\n'))) {
      n += *n == '\r' ? 2 : 1;
      while (w > t && (w[-1] == ' ' || w[-1] == '\t'))
        w--;
      while (*n == ' ' || *n == '\t')
        n++;
      *w++ = ' ';
      r = n;
      continue;
    }
    *w++ = *r++;
  }
  *w = '\0';
  return t;
}

/* Reads the identifiers separated by ',' in tokens j..k into names; false
 * when something else is there (array sections, ...). */
static bool read_names(fe_state *s, unsigned j, unsigned k, scc_vec *names) {
  for (unsigned q = j; q <= k; q += 2) {
    if (clang_getTokenKind(s->toks[q]) != CXToken_Identifier)
      return false;
    scc_vec_push(s->ctx->arena, names, fe_tok_str(s, q));
    if (q + 1 <= k && !fe_tok_is(s, q + 1, ","))
      return false;
  }
  return true;
}

/* The reduction operator spelled by tokens j..k (one token), as an ir_op
 * (IR_OP_NONE when the IR has none for it). */
static int red_op(fe_state *s, unsigned j, unsigned k) {
  if (j != k)
    return IR_OP_NONE;
  if (fe_tok_is(s, j, "+") || fe_tok_is(s, j, "-"))
    return IR_OP_ADD; /* OpenMP's '-' reduction combines with + */
  if (fe_tok_is(s, j, "*"))
    return IR_OP_MUL;
  if (fe_tok_is(s, j, "min"))
    return IR_OP_MIN;
  if (fe_tok_is(s, j, "max"))
    return IR_OP_MAX;
  return IR_OP_NONE;
}

/* True for `kind` or `kind, N` with an OpenMP schedule kind and an integer
 * literal N. */
static bool sched_form(fe_state *s, unsigned j, unsigned k) {
  static const char *const kinds[] = {"static", "dynamic", "guided", "auto",
                                      "runtime"};
  bool kind = false;
  for (size_t q = 0; q < sizeof kinds / sizeof *kinds; q++)
    kind |= fe_tok_is(s, j, kinds[q]);
  int64_t v;
  return kind && (j == k || (k == j + 2 && fe_tok_is(s, j + 1, ",") &&
                             int_literal(fe_tok_str(s, k), &v) && v > 0));
}

/* Reads the clauses of a loop directive (tokens j..end) into ld; returns
 * why it cannot be read, or NULL. */
static const char *read_loop_clauses(fe_state *s, unsigned j, unsigned end,
                                     fe_omp_loopdir *ld) {
  scc_arena *a = s->ctx->arena;
  while (j <= end) {
    if (fe_tok_is(s, j, ",")) { /* clauses may be separated by commas */
      j++;
      continue;
    }
    if (clang_getTokenKind(s->toks[j]) != CXToken_Identifier &&
        clang_getTokenKind(s->toks[j]) != CXToken_Keyword)
      return scc_arena_printf(a, "expected a clause, got '%s'",
                              fe_tok_str(s, j));
    const char *name = fe_tok_str(s, j);
    unsigned close = j;
    if (j + 1 <= end && fe_tok_is(s, j + 1, "(")) {
      close = closing(s, j + 1, end);
      if (!close)
        return scc_arena_printf(a, "no ')' closes the clause '%s'", name);
    }
    unsigned lo = j + 2, hi = close - 1; /* inside the parentheses */
    bool args = close > j && hi >= lo;
    bool kept = false; /* read into ld: not kept as text */
    if (strcmp(name, "collapse") == 0) {
      int64_t v;
      const char *why = NULL;
      if (!args || lo != hi || !int_token(s, lo, &v, &why) || v < 1 || v > 16)
        return why ? why : "collapse(n) needs an integer from 1 to 16";
      ld->collapse = (int)v;
      kept = true;
    } else if (strcmp(name, "private") == 0) {
      kept = args && read_names(s, lo, hi, &ld->priv);
    } else if (strcmp(name, "reduction") == 0 && args) {
      unsigned colon = lo;
      while (colon <= hi && !fe_tok_is(s, colon, ":"))
        colon++;
      int op = colon > lo && colon < hi ? red_op(s, lo, colon - 1) : IR_OP_NONE;
      if (op != IR_OP_NONE && (ld->red_op == IR_OP_NONE || ld->red_op == op)) {
        scc_vec names = {0};
        if (read_names(s, colon + 1, hi, &names)) {
          for (int q = 0; q < names.len; q++)
            scc_vec_push(a, &ld->reds, names.items[q]);
          ld->red_op = op;
          kept = true;
        }
      }
    } else if (strcmp(name, "schedule") == 0 && args && sched_form(s, lo, hi)) {
      ld->sched = lo == hi ? fe_tok_str(s, lo)
                           : scc_arena_printf(a, "%s, %s", fe_tok_str(s, lo),
                                              fe_tok_str(s, hi));
      kept = true;
    } else if (strcmp(name, "default") == 0 && args && lo == hi &&
               fe_tok_is(s, lo, "none")) {
      /* Regenerated loops use variables of their own (hoisted bounds,
       * tile counters) that the clauses do not list: default(none) would
       * make them errors.  Dropping it changes no meaning. */
      scc_vec_push(a, &ld->warnings,
                   "'default(none)' is dropped: the regenerated loop uses "
                   "variables of its own (bounds, counters) that no clause "
                   "lists; without it they are shared or private by "
                   "OpenMP's default rules, as the others were");
      kept = true;
    } else if ((strcmp(name, "firstprivate") == 0 ||
                strcmp(name, "lastprivate") == 0 ||
                strcmp(name, "linear") == 0) &&
               args) {
      /* kept as written; their variables are not shared between threads */
      scc_vec names = {0};
      unsigned from = lo;
      for (unsigned q = lo; q <= hi; q++)
        if (fe_tok_is(s, q, ":")) {
          if (strcmp(name, "linear") == 0)
            hi = q - 1; /* linear(x : step) */
          else
            from = q + 1; /* lastprivate(conditional: x) */
          break;
        }
      if (read_names(s, from, hi, &names))
        for (int q = 0; q < names.len; q++)
          scc_vec_push(a, &ld->other, names.items[q]);
    }
    if (!kept)
      ld->clauses = ld->clauses ? scc_arena_printf(a, "%s %s", ld->clauses,
                                                   tok_text(s, j, close))
                                : tok_text(s, j, close);
    j = close + 1;
  }
  return NULL;
}

void fe_omp_directive(fe_state *s, unsigned i, unsigned end, size_t after) {
  if (!fe_omp_reads(s, i, end))
    return; /* parallel regions, atomic, ...: the compiler's business */
  bool tile = fe_tok_is(s, i + 3, "tile");
  scc_arena *a = s->ctx->arena;
  fe_omp *d = scc_arena_alloc(a, sizeof *d);
  d->off = s->tok_off[i];
  d->last = s->tok_off[end];
  d->target = after;
  d->loc = fe_tok_loc(s, i + 3);
  /* The directive's text from "omp" through its last token. */
  d->text = tok_text(s, i + 2, end);
  int words = loop_construct(s, i + 3, end);
  if (words > 0) {
    d->kind = FE_OMP_LOOP;
    fe_omp_loopdir *ld = scc_arena_alloc(a, sizeof *ld);
    ld->construct = fe_tok_str(s, i + 3);
    for (unsigned w = 1; w < (unsigned)words; w++)
      ld->construct =
          scc_arena_printf(a, "%s %s", ld->construct, fe_tok_str(s, i + 3 + w));
    ld->collapse = 1;
    ld->red_op = IR_OP_NONE;
    d->loop_dir = ld;
    d->bad = read_loop_clauses(s, i + 3 + (unsigned)words, end, ld);
    scc_vec_push(a, &s->omps, d);
    return;
  }
  enum { MAXN = 16 };
  int64_t vals[MAXN];
  const char *why = NULL;
  unsigned j = i + 4;
  if (tile) {
    d->kind = FE_OMP_TILE;
    if (j > end || !fe_tok_is(s, j, "sizes"))
      why = "'#pragma omp tile' needs a 'sizes(...)' clause (and no other)";
    else
      d->n = read_ints(s, j + 1, end, MAXN, vals, &why);
  } else if (j > end) {
    d->kind = FE_OMP_UNROLL_HINT;
  } else if (fe_tok_is(s, j, "full") && j == end) {
    d->kind = FE_OMP_UNROLL_FULL;
  } else if (fe_tok_is(s, j, "partial")) {
    d->kind = FE_OMP_UNROLL_PARTIAL;
    if (j == end) {
      d->n = 1;
      vals[0] = 1;
    } else {
      d->n = read_ints(s, j + 1, end, 1, vals, &why);
    }
  } else {
    why = scc_arena_printf(a,
                           "unsupported clause '%s' of '#pragma omp unroll' "
                           "(expected 'full' or 'partial(N)')",
                           fe_tok_str(s, j));
  }
  if (why) {
    d->bad = why;
  } else {
    d->sizes = scc_arena_alloc(a, sizeof(int64_t) * (size_t)(d->n + 1));
    memcpy(d->sizes, vals, sizeof(int64_t) * (size_t)d->n);
  }
  scc_vec_push(a, &s->omps, d);
}

/* ---- attaching directives to loops -------------------------------------- */

/* The kernel's variable named `name` (the innermost of that name when
 * several are), or NULL when the kernel uses none. */
static ir_var *var_named(fe_state *s, const char *name) {
  ir_var *found = NULL;
  for (int i = 0; i < s->k->vars.len; i++) {
    ir_var *v = s->k->vars.items[i];
    if (strcmp(v->name, name) == 0)
      found = v;
  }
  return found;
}

/* Resolves names to the kernel's variables into out; the names the
 * kernel does not use are returned as a comma-separated list (NULL when
 * none). */
static const char *resolve(fe_state *s, const scc_vec *names, scc_vec *out) {
  const char *rest = NULL;
  for (int i = 0; i < names->len; i++) {
    const char *n = names->items[i];
    ir_var *v = var_named(s, n);
    if (v)
      scc_vec_push(s->ctx->arena, out, v);
    else
      rest = rest ? scc_arena_printf(s->ctx->arena, "%s, %s", rest, n) : n;
  }
  return rest;
}

/* Keeps the loop directive d on `loop`: the loop is marked parallel with
 * the clauses the IR models, the others kept as text (ir_omp). */
static void keep_loop_directive(fe_state *s, fe_omp *d, ir_node *loop) {
  scc_arena *a = s->ctx->arena;
  const fe_omp_loopdir *ld = d->loop_dir;
  ir_omp *o = scc_arena_alloc(a, sizeof *o);
  o->construct = ld->construct;
  o->collapse = ld->collapse;
  o->text = d->text;
  o->loc = d->loc;
  o->clauses = ld->clauses;
  const char *unused = resolve(s, &ld->priv, &o->priv);
  if (unused) /* not in the kernel: nothing to check, kept as written */
    o->clauses =
        scc_arena_printf(a, "%s%sprivate(%s)", o->clauses ? o->clauses : "",
                         o->clauses ? " " : "", unused);
  scc_vec other = {0};
  resolve(s, &ld->other, &other);
  for (int i = 0; i < other.len; i++)
    scc_vec_push(a, &o->priv_kept, other.items[i]);
  ir_loop *l = &loop->u.loop;
  l->attrs |= IR_LOOP_PARALLEL;
  l->omp = o;
  l->omp_schedule = ld->sched;
  l->omp_reduction_op = ld->red_op == IR_OP_NONE ? IR_OP_ADD : ld->red_op;
  scc_vec reds = {0};
  unused = resolve(s, &ld->reds, &reds);
  for (int i = 0; i < reds.len; i++) {
    ir_expr *e = ir_var_ref(s->ctx, reds.items[i]);
    e->loc = d->loc;
    scc_vec_push(a, &l->omp_reductions, e);
  }
  if (unused)
    o->clauses =
        scc_arena_printf(a, "%s%sreduction(%s:%s)",
                         o->clauses ? o->clauses : "", o->clauses ? " " : "",
                         ld->red_op == IR_OP_MUL   ? "*"
                         : ld->red_op == IR_OP_MIN ? "min"
                         : ld->red_op == IR_OP_MAX ? "max"
                                                   : "+",
                         unused);
  for (int i = 0; i < ld->warnings.len; i++)
    scc_warning(s->ctx, d->loc, "'#pragma %s': %s", d->text,
                (const char *)ld->warnings.items[i]);
  scc_vec_push(a, &s->k->omp_dirs, o);
}

void fe_omp_loop(fe_state *s, ir_node *loop, size_t off) {
  fe_omp_group *g = NULL;
  fe_omp *loop_dir = NULL;
  for (int i = 0; i < s->omps.len; i++) {
    fe_omp *d = s->omps.items[i];
    if (d->target != off || d->used)
      continue;
    d->used = true;
    if (d->bad) {
      scc_error(s->ctx, d->loc, "cannot read '#pragma %s': %s", d->text,
                d->bad);
      continue;
    }
    if (d->kind == FE_OMP_LOOP) {
      if (loop_dir)
        scc_error(s->ctx, d->loc,
                  "'#pragma %s' and '#pragma %s' on the same loop: schedcc "
                  "keeps one OpenMP loop directive per loop",
                  loop_dir->text, d->text);
      else
        loop_dir = d;
      continue;
    }
    if (!g) {
      g = scc_arena_alloc(s->ctx->arena, sizeof *g);
      g->loop = loop;
      g->dirs = scc_arena_alloc(s->ctx->arena,
                                sizeof(fe_omp *) * (size_t)(s->omps.len + 1));
    }
    g->dirs[g->n++] = d;
  }
  if (loop_dir && g) {
    scc_error(s->ctx, loop_dir->loc,
              "'#pragma %s' and '#pragma %s' on the same loop are not "
              "supported (schedcc applies 'omp tile' and 'omp unroll' "
              "itself; write the loop directive on the loop they generate "
              "with loop.parallel in a schedule)",
              loop_dir->text, g->dirs[0]->text);
    return;
  }
  if (loop_dir)
    keep_loop_directive(s, loop_dir, loop);
  if (g)
    scc_vec_push(s->ctx->arena, &s->omp_groups, g);
}

/* ---- building the schedule ---------------------------------------------- */

static fe_omp_group *group_of(fe_state *s, const ir_node *loop) {
  for (int i = 0; i < s->omp_groups.len; i++) {
    fe_omp_group *g = s->omp_groups.items[i];
    if (g->loop == loop)
      return g;
  }
  return NULL;
}

/* Checks that the K-loop nest starting at `loop` is perfect and rectangular
 * and that no directive sits on its inner loops. */
static bool check_tile_nest(fe_state *s, const fe_omp *d, ir_node *loop) {
  int k = d->n;
  ir_node *band[16];
  band[0] = loop;
  for (int l = 1; l < k; l++) {
    ir_node *c = ir_loop_only_child_loop(band[l - 1]);
    if (!c) {
      scc_error(s->ctx, d->loc,
                "'#pragma %s' needs %d perfectly nested loops, but the body "
                "of loop '%s' (nest level %d) is not a single loop",
                d->text, k, band[l - 1]->u.loop.iv->name, l);
      return false;
    }
    for (int o = 0; o < l; o++) {
      const ir_var *iv = band[o]->u.loop.iv;
      if (ir_expr_uses_var(c->u.loop.lb, iv) ||
          ir_expr_uses_var(c->u.loop.ub, iv)) {
        scc_error(s->ctx, d->loc,
                  "'#pragma %s' needs a rectangular nest, but the bounds of "
                  "loop '%s' use '%s'",
                  d->text, c->u.loop.iv->name, iv->name);
        return false;
      }
    }
    fe_omp_group *inner = group_of(s, c);
    if (inner) {
      scc_error(s->ctx, inner->dirs[0]->loc,
                "'#pragma %s' on loop '%s', inside the nest that "
                "'#pragma %s' tiles, is not supported",
                inner->dirs[0]->text, c->u.loop.iv->name, d->text);
      scc_note(s->ctx, d->loc, "the tile directive is here");
      return false;
    }
    band[l] = c;
  }
  return true;
}

/* Counts the loops other than `self` named `name` (label or iv). */
typedef struct name_count {
  const char *name;
  const ir_node *self;
  int others;
} name_count;

static bool count_named(ir_node *n, void *data) {
  name_count *c = data;
  if (n->kind == IR_NODE_LOOP && n != c->self &&
      (strcmp(n->u.loop.iv->name, c->name) == 0 ||
       (n->u.loop.label && strcmp(n->u.loop.label, c->name) == 0)))
    c->others++;
  return true;
}

/* The name match.loop finds `loop` by: its own label when no other loop
 * of the kernel answers to it, else a fresh label `__ompN` (replacing the
 * user's, which is then ambiguous anyway). */
static const char *loop_name(fe_state *s, ir_kernel *k, ir_node *loop) {
  ir_loop *l = &loop->u.loop;
  if (l->label) {
    name_count c = {l->label, loop, 0};
    ir_walk_block(&k->body, count_named, &c);
    if (c.others == 0 && strcmp(l->iv->name, l->label) != 0)
      return l->label;
  }
  l->label = ir_fresh_name(
      s->ctx, k, scc_arena_printf(s->ctx->arena, "__omp%d", ++s->omp_labels));
  return l->label;
}

/* What the directives applied so far have left for the next one above. */
typedef enum gen_kind {
  GEN_ORIGINAL, /* the loop itself (nothing applied, or a factor-1 unroll) */
  GEN_TILED,    /* the floor loops of a tile of `ndims` loops */
  GEN_UNROLLED, /* the loop of an unroll partial(N > 1) */
  GEN_NONE,     /* no loop: unroll full, or a bare unroll */
} gen_kind;

/* Appends the schedule lines of one group to b; false after an error. */
static bool group_schedule(fe_state *s, ir_kernel *k, fe_omp_group *g, int *nv,
                           scc_buf *b) {
  ir_node *loop = g->loop;
  for (int j = 0; j < g->n; j++)
    scc_buf_printf(b, "  // %s:%d: #pragma %s\n", g->dirs[j]->loc.file,
                   g->dirs[j]->loc.line, g->dirs[j]->text);
  scc_buf mine = {0};
  const char *name = loop_name(s, k, loop);
  char cur[48];
  snprintf(cur, sizeof cur, "%%l%d", ++*nv);
  scc_buf_printf(&mine, "  %s = match.loop \"%s\" in %%root\n", cur, name);
  gen_kind gen = GEN_ORIGINAL;
  int ndims = 0;
  const fe_omp *below = NULL;
  bool ok = true;
  for (int j = g->n - 1; j >= 0 && ok; j--) {
    const fe_omp *d = g->dirs[j];
    if (gen == GEN_NONE) {
      scc_error(s->ctx, d->loc,
                "'#pragma %s' applies to the loop generated by '#pragma %s' "
                "below it, which generates none",
                d->text, below->text);
      ok = false;
      break;
    }
    int64_t trip;
    switch (d->kind) {
    case FE_OMP_TILE:
      if (gen == GEN_ORIGINAL) {
        ok = check_tile_nest(s, d, loop);
      } else if (gen == GEN_TILED && d->n > ndims) {
        scc_error(s->ctx, d->loc,
                  "'#pragma %s' tiles %d loops, but '#pragma %s' below it "
                  "generates %d floor loop%s to tile",
                  d->text, d->n, below->text, ndims, ndims == 1 ? "" : "s");
        ok = false;
      } else if (gen == GEN_UNROLLED && d->n > 1) {
        scc_error(s->ctx, d->loc,
                  "'#pragma %s' tiles %d loops, but '#pragma %s' below it "
                  "generates a single loop",
                  d->text, d->n, below->text);
        ok = false;
      }
      if (!ok)
        break;
      ++*nv;
      scc_buf_printf(&mine, "  %%t%d:%d = loop.tile %s tile_sizes [", *nv, d->n,
                     cur);
      for (int q = 0; q < d->n; q++)
        scc_buf_printf(&mine, "%s%lld", q ? ", " : "", (long long)d->sizes[q]);
      scc_buf_puts(&mine, "]\n");
      snprintf(cur, sizeof cur, "%%t%d#1", *nv);
      gen = GEN_TILED;
      ndims = d->n;
      break;
    case FE_OMP_UNROLL_PARTIAL:
      if (d->sizes[0] == 1) {
        scc_buf_printf(&mine,
                       "  // '#pragma %s': factor 1 (OpenMP leaves the "
                       "factor to the implementation), nothing to do\n",
                       d->text);
        break;
      }
      ++*nv;
      scc_buf_printf(&mine, "  %%u%d, %%r%d = loop.unroll %s {factor = %lld}\n",
                     *nv, *nv, cur, (long long)d->sizes[0]);
      snprintf(cur, sizeof cur, "%%u%d", *nv);
      gen = GEN_UNROLLED;
      break;
    case FE_OMP_UNROLL_FULL:
      if (!ir_loop_const_trip_count(s->ctx, loop, &trip)) {
        scc_error(s->ctx, d->loc,
                  "'#pragma %s' needs a loop with a constant trip count; "
                  "loop '%s' has none",
                  d->text, loop->u.loop.iv->name);
        ok = false;
        break;
      }
      scc_buf_printf(&mine, "  loop.unroll %s {full}\n", cur);
      gen = GEN_NONE;
      break;
    case FE_OMP_UNROLL_HINT:
      scc_buf_printf(&mine,
                     "  // '#pragma %s' (no clause): a hint, not applied "
                     "(OpenMP leaves it to the implementation)\n",
                     d->text);
      gen = GEN_NONE;
      break;
    case FE_OMP_LOOP: /* kept on the loop, never in a group */
      break;
    }
    below = d;
  }
  if (ok)
    scc_buf_putn(b, mine.data ? mine.data : "", mine.len);
  scc_buf_free(&mine);
  return ok;
}

void fe_omp_kernel(fe_state *s, ir_kernel *k, int errors0) {
  for (int i = 0; i < s->omps.len; i++) {
    fe_omp *d = s->omps.items[i];
    if (d->used)
      continue;
    bool inside =
        (d->off >= k->begin && d->off < k->end) || d->target == k->begin;
    if (!inside)
      continue;
    d->used = true;
    if (s->ctx->nerrors != errors0)
      continue; /* the loop it precedes was not raised: already reported */
    if (d->bad)
      scc_error(s->ctx, d->loc, "cannot read '#pragma %s': %s", d->text,
                d->bad);
    else
      scc_error(s->ctx, d->loc,
                "'#pragma %s' in a kernel must precede a 'for' loop", d->text);
  }
  if (s->omp_groups.len == 0 || s->ctx->nerrors != errors0)
    return;
  scc_buf b = {0};
  scc_buf_printf(&b,
                 "// The '#pragma omp' loop directives of kernel '%s' as a "
                 "schedule.\nnamed_sequence @%s(%%root) {\n",
                 k->name, k->name);
  int nv = 0;
  bool ok = true;
  for (int i = 0; i < s->omp_groups.len && ok; i++)
    ok = group_schedule(s, k, s->omp_groups.items[i], &nv, &b);
  scc_buf_puts(&b, "}\n");
  if (ok)
    k->inline_schedule = scc_arena_strndup(s->ctx->arena, b.data, b.len);
  scc_buf_free(&b);
}

static int cmp_range(const void *a, const void *b) {
  const ir_range *x = *(ir_range *const *)a, *y = *(ir_range *const *)b;
  return x->begin < y->begin ? -1 : x->begin > y->begin;
}

void fe_omp_finish(fe_state *s) {
  ir_module *m = s->m;
  bool any = false;
  for (int i = 0; i < s->omps.len; i++) {
    fe_omp *d = s->omps.items[i];
    if (d->used) {
      fe_erase_line(s, d->off, d->last);
      any = true;
    }
  }
  if (any && m->erase.len > 1)
    qsort(m->erase.items, (size_t)m->erase.len, sizeof(void *), cmp_range);
  bool sched = false;
  for (int i = 0; i < m->kernels.len; i++)
    sched |= ((ir_kernel *)m->kernels.items[i])->inline_schedule != NULL;
  if (!sched)
    return;
  /* Every kernel needs its own entry (no @main): the others get an empty
   * one, and a name two kernels share cannot tell them apart. */
  for (int i = 0; i < m->kernels.len; i++) {
    ir_kernel *k = m->kernels.items[i];
    for (int j = 0; j < i; j++) {
      ir_kernel *o = m->kernels.items[j];
      if (strcmp(o->name, k->name) == 0 &&
          (o->inline_schedule || k->inline_schedule)) {
        scc_error(s->ctx, k->loc,
                  "two kernels are named '%s': their '#pragma omp' loop "
                  "directives cannot be told apart (label one with "
                  "'#pragma schedcc label')",
                  k->name);
        scc_note(s->ctx, o->loc, "the other kernel '%s' is here", o->name);
        return;
      }
    }
    if (!k->inline_schedule)
      k->inline_schedule = scc_arena_printf(
          s->ctx->arena,
          "// Kernel '%s' has no '#pragma omp' loop directive.\n"
          "named_sequence @%s(%%root) {\n}\n",
          k->name, k->name);
  }
}
