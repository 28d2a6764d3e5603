/* sched_check.c — static checks of a parsed schedule, run before any
 * payload is touched: unknown ops (with the closest name suggested),
 * operand counts and kinds against the signatures of ops.def, attributes,
 * undefined names, redefinitions, result counts, include targets and
 * cycles, and uses of consumed handles.
 *
 * Consumption is tracked per value slot.  An op consuming a slot also
 * invalidates, statically, every slot obtained by matching inside it
 * (match.* results record the slot they matched in): their payload is
 * strictly nested in the consumed payload.  Other nesting is only known at
 * run time and is checked by the interpreter (sched_consume).
 * Source: the MLIR Transform dialect's handle invalidation
 * (TransformState::forgetMapping; Lücke et al., CGO 2025, §3).
 */
#include "../machine/mach.h"
#include "sched_int.h"

#include <string.h>

/* The sequence named `name` taking `nargs` arguments (sequences of one name
 * with different argument counts are overloads), else the first of that
 * name, else NULL. */
static sched_seq *find_seq_n(const sched_program *p, const char *name,
                             int nargs) {
  sched_seq *first = NULL;
  for (int i = 0; i < p->seqs.len; i++) {
    sched_seq *q = p->seqs.items[i];
    if (strcmp(q->name, name) != 0)
      continue;
    if (q->nargs == nargs)
      return q;
    if (!first)
      first = q;
  }
  return first;
}

/* A name visible in a sequence: its slots are first..first+count-1. */
typedef struct name_entry {
  const char *name;
  int first, count;
  bool multi;
  scc_loc loc;
} name_entry;

typedef struct checker {
  scc_ctx *ctx;
  sched_program *prog;
  sched_seq *seq;
  scc_vec slots; /* sched_slot * */
  scc_vec names; /* name_entry * */
  /* An index of `names` by name (open addressing, linear probing): slot
   * values are 1 + an index into names, 0 empty.  Entries past names.len
   * (names of an alternatives region, dropped after it) are stale and
   * skipped; names are unique among the live entries (define refuses a
   * redefinition), so a lookup is one probe sequence: linear time for a
   * sequence of n names (it was a scan per lookup, n^2). */
  int *htab;
  int hcap; /* a power of two, at least twice the entries */
  int hused;
  scc_vec killer; /* const sched_stmt * per slot (NULL: live) */
  scc_vec nested; /* non-NULL per slot: invalidated through nesting */
  bool ok;
} checker;

static void err(checker *c, scc_loc loc, const char *fmt, ...) SCC_PRINTF(3, 4);
static void err(checker *c, scc_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  scc_vdiag(c->ctx, SCC_ERROR, loc, fmt, ap);
  va_end(ap);
  c->ok = false;
}

static unsigned name_hash(const char *s) {
  unsigned h = 2166136261u; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The probe position of `name` in the index: its live entry, or the first
 * empty or stale slot on its sequence. */
static int probe(checker *c, const char *name, bool *found) {
  unsigned m = (unsigned)c->hcap - 1, i = name_hash(name) & m;
  int free_at = -1;
  for (;; i = (i + 1) & m) {
    int v = c->htab[i];
    if (v == 0) {
      *found = false;
      return free_at >= 0 ? free_at : (int)i;
    }
    if (v - 1 >= c->names.len) {
      if (free_at < 0)
        free_at = (int)i;
      continue;
    }
    name_entry *e = c->names.items[v - 1];
    if (strcmp(e->name, name) == 0) {
      *found = true;
      return (int)i;
    }
  }
}

static name_entry *lookup(checker *c, const char *name) {
  if (!c->hcap)
    return NULL;
  bool found;
  int i = probe(c, name, &found);
  return found ? c->names.items[c->htab[i] - 1] : NULL;
}

/* Records names.items[idx] in the index, growing it (rebuilt from the
 * live entries) to keep it at most half full. */
static void index_name(checker *c, int idx) {
  if (2 * (c->hused + 1) > c->hcap) {
    int cap = c->hcap ? c->hcap : 64;
    while (2 * (c->names.len + 1) > cap)
      cap *= 2;
    cap *= 2;
    c->htab = scc_arena_alloc(c->ctx->arena, sizeof *c->htab * (size_t)cap);
    memset(c->htab, 0, sizeof *c->htab * (size_t)cap);
    c->hcap = cap;
    c->hused = 0;
    for (int j = 0; j < c->names.len; j++)
      if (j != idx) {
        bool found;
        c->htab[probe(c, ((name_entry *)c->names.items[j])->name, &found)] =
            j + 1;
        c->hused++;
      }
  }
  bool found;
  int i = probe(c, ((name_entry *)c->names.items[idx])->name, &found);
  if (c->htab[i] == 0)
    c->hused++;
  c->htab[i] = idx + 1;
}

static sched_slot *slot_at(checker *c, int i) { return c->slots.items[i]; }

/* Defines `name` with `count` fresh slots; reports a redefinition. */
static int define(checker *c, const char *name, int count, bool multi,
                  scc_loc loc, bool is_param, int parent) {
  name_entry *old = lookup(c, name);
  if (old) {
    err(c, loc, "redefinition of '%%%s'", name);
    scc_note(c->ctx, old->loc, "previous definition is here");
  }
  name_entry *e = scc_arena_alloc(c->ctx->arena, sizeof *e);
  e->name = name;
  e->first = c->slots.len;
  e->count = count;
  e->multi = multi;
  e->loc = loc;
  if (!old) {
    scc_vec_push(c->ctx->arena, &c->names, e);
    index_name(c, c->names.len - 1);
  }
  for (int i = 0; i < count; i++) {
    sched_slot *s = scc_arena_alloc(c->ctx->arena, sizeof *s);
    s->name = name;
    s->index = multi ? i + 1 : 0;
    s->is_param = is_param;
    s->loc = loc;
    s->parent = parent;
    scc_vec_push(c->ctx->arena, &c->slots, s);
    scc_vec_push(c->ctx->arena, &c->killer, NULL);
    scc_vec_push(c->ctx->arena, &c->nested, NULL);
  }
  return e->first;
}

static const char *ref_spelling(checker *c, const sched_item *it) {
  return it->index
             ? scc_arena_printf(c->ctx->arena, "%%%s#%d", it->text, it->index)
             : scc_arena_printf(c->ctx->arena, "%%%s", it->text);
}

/* Resolves a reference to one slot; reports undefined names, bad indices
 * and uses of consumed handles.  Returns false after an error. */
static bool resolve(checker *c, sched_item *it) {
  name_entry *e = lookup(c, it->text);
  if (!e) {
    err(c, it->loc, "use of undefined handle '%%%s'", it->text);
    return false;
  }
  if (it->index < 0 || it->index > e->count || (it->index == 0 && e->multi)) {
    if (it->index < 0)
      err(c, it->loc, "result indices count from 1: use '%%%s#1'", it->text);
    else if (it->index == 0)
      err(c, it->loc,
          "'%%%s' holds %d results; pick one with '%%%s#1' to '%%%s#%d'",
          it->text, e->count, it->text, it->text, e->count);
    else
      err(c, it->loc, "result index '%s' is out of range: '%%%s' has %d",
          ref_spelling(c, it), it->text, e->count);
    return false;
  }
  it->slot = e->first + (it->index ? it->index - 1 : 0);
  const sched_stmt *k = c->killer.items[it->slot];
  if (k) {
    if (c->nested.items[it->slot])
      err(c, it->loc,
          "handle '%s' was invalidated by '%s' at %d:%d, which consumed a "
          "handle its payload is nested in",
          ref_spelling(c, it), k->opname, k->loc.line, k->loc.col);
    else
      err(c, it->loc, "handle '%s' was consumed by '%s' at %d:%d",
          ref_spelling(c, it), k->opname, k->loc.line, k->loc.col);
    scc_note(c->ctx, k->loc, "consumed here");
    return false;
  }
  return true;
}

/* Sequence arguments have no declared kind: the first use of an argument
 * where a handle or a number goes fixes it ('h' or 'p'; MLIR declares it,
 * `%p: !transform.param<i64>`); a later use of the other kind then fails
 * the kind check of that use, which adds arg_note.  it is a resolved
 * reference.  Always true. */
static bool use_arg_as(checker *c, const sched_item *it, char kind) {
  sched_seq *q = c->seq;
  if (!q || it->slot < 0 || it->slot >= q->nargs || !q->arg_kinds)
    return true;
  char *have = &q->arg_kinds[it->slot];
  if (*have == 0) {
    *have = kind;
    q->arg_use[it->slot] = it->loc;
    slot_at(c, it->slot)->is_param = kind == 'p';
    return true;
  }
  return true; /* a conflict is reported by the kind check, with arg_note */
}

/* After a kind error at `it`: when it names an argument whose kind an
 * earlier use fixed, a note at that use. */
static void arg_note(checker *c, const sched_item *it) {
  sched_seq *q = c->seq;
  if (it->kind != SCHED_I_REF || !q || it->slot < 0 || it->slot >= q->nargs ||
      !q->arg_kinds || !q->arg_kinds[it->slot])
    return;
  scc_note(c->ctx, q->arg_use[it->slot],
           "'%%%s' is an argument of '@%s', used as %s here (an argument is "
           "either a handle or a parameter)",
           it->text, q->name,
           q->arg_kinds[it->slot] == 'p' ? "a number" : "a handle");
}

static const char *kind_name(checker *c, const sched_item *it) {
  switch (it->kind) {
  case SCHED_I_REF:
    return it->slot >= 0 && slot_at(c, it->slot)->is_param ? "a parameter"
                                                           : "a handle";
  case SCHED_I_INT:
    return "a number";
  case SCHED_I_STRING:
    return "a string";
  case SCHED_I_KEYWORD:
    return scc_arena_printf(c->ctx->arena, "keyword '%s'", it->text);
  case SCHED_I_LIST:
    return "a list";
  }
  return "?";
}

/* Checks one operand against a kind letter: 'h' handle, 'n' number, 's'
 * string. */
static bool check_kind(checker *c, const sched_stmt *s, int pos, sched_item *it,
                       char want, bool in_list) {
  static const char *const wanted[] = {
      ['h'] = "a handle", ['n'] = "a number", ['s'] = "a string"};
  if (it->kind == SCHED_I_REF && !resolve(c, it))
    return false;
  if (it->kind == SCHED_I_REF && (want == 'h' || want == 'n') &&
      !use_arg_as(c, it, want == 'h' ? 'h' : 'p'))
    return false;
  bool good = (want == 'h' && it->kind == SCHED_I_REF &&
               !slot_at(c, it->slot)->is_param) ||
              (want == 'n' &&
               (it->kind == SCHED_I_INT ||
                (it->kind == SCHED_I_REF && slot_at(c, it->slot)->is_param))) ||
              (want == 's' && it->kind == SCHED_I_STRING);
  if (!good) {
    err(c, it->loc, "%s %d of '%s' must be %s, got %s",
        in_list ? "element" : "operand", pos, s->opname,
        wanted[(unsigned char)want], kind_name(c, it));
    arg_note(c, it);
    return false;
  }
  return true;
}

/* Matches the items of s against the op's signature; fills s->ops. */
static bool check_signature(checker *c, sched_stmt *s, const sched_opdef *d) {
  char sig[128];
  snprintf(sig, sizeof sig, "%s", d->signature);
  int nops = 0;
  for (char *w = strtok(sig, " "); w; w = strtok(NULL, " "))
    if (strchr("hns[", w[0]) && (w[1] == 0 || w[0] == '['))
      nops++;
  s->ops = scc_arena_alloc(c->ctx->arena, sizeof *s->ops * (nops + 1));
  int given = 0;
  for (int i = 0; i < s->nitems; i++)
    given += s->items[i].kind != SCHED_I_KEYWORD;
  snprintf(sig, sizeof sig, "%s", d->signature);
  int item = 0;
  bool ok = true;
  char *save = NULL;
  for (char *w = strtok_r(sig, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
    bool positional = strchr("hns[", w[0]) && (w[1] == 0 || w[0] == '[');
    if (item >= s->nitems) {
      if (positional)
        err(c, s->loc, "'%s' expects %d operand%s, got %d (usage: %s)",
            s->opname, nops, nops == 1 ? "" : "s", given, d->usage);
      else
        err(c, s->loc, "expected '%s' in '%s' (usage: %s)", w, s->opname,
            d->usage);
      return false;
    }
    sched_item *it = &s->items[item];
    if (!positional) {
      if (it->kind != SCHED_I_KEYWORD || strcmp(it->text, w) != 0) {
        err(c, it->loc, "expected '%s' in '%s', got %s (usage: %s)", w,
            s->opname, kind_name(c, it), d->usage);
        return false;
      }
      item++;
      continue;
    }
    s->ops[s->nops++] = it;
    item++;
    if (w[0] == '[') {
      if (it->kind != SCHED_I_LIST) {
        if (it->kind == SCHED_I_REF)
          resolve(c, it);
        err(c, it->loc, "operand %d of '%s' must be a list of %s, got %s",
            s->nops, s->opname, w[1] == 'h' ? "handles" : "numbers",
            kind_name(c, it));
        ok = false;
        continue;
      }
      if (it->n == 0) {
        err(c, it->loc, "operand %d of '%s' must not be an empty list", s->nops,
            s->opname);
        ok = false;
      }
      for (int j = 0; j < it->n; j++)
        ok &= check_kind(c, s, j + 1, &it->elems[j], w[1], true);
    } else {
      ok &= check_kind(c, s, s->nops, it, w[0], false);
    }
  }
  if (item < s->nitems) {
    err(c, s->items[item].loc, "'%s' expects %d operand%s, got %d (usage: %s)",
        s->opname, nops, nops == 1 ? "" : "s", given, d->usage);
    return false;
  }
  return ok;
}

static bool check_attrs(checker *c, sched_stmt *s, const sched_opdef *d) {
  bool ok = true;
  const char *names[16];
  int nnames = 0;
  char buf[128];
  snprintf(buf, sizeof buf, "%s", d->attrs);
  char *save = NULL;
  for (char *w = strtok_r(buf, "|", &save); w && nnames < 16;
       w = strtok_r(NULL, "|", &save))
    names[nnames++] = scc_arena_strdup(c->ctx->arena, w);
  for (int i = 0; i < s->nattrs; i++) {
    sched_attr *a = &s->attrs[i];
    int found = -1;
    for (int j = 0; j < nnames; j++) {
      size_t kl = strcspn(names[j], "=");
      if (strlen(a->key) == kl && strncmp(a->key, names[j], kl) == 0)
        found = j;
    }
    if (found < 0) {
      const char *plain[16];
      for (int j = 0; j < nnames; j++)
        plain[j] =
            scc_arena_strndup(c->ctx->arena, names[j], strcspn(names[j], "="));
      const char *hint = sched_closest_name(a->key, plain, nnames);
      if (hint)
        err(c, a->loc, "unknown attribute '%s' of '%s'; did you mean '%s'?",
            a->key, s->opname, hint);
      else if (nnames)
        err(c, a->loc, "unknown attribute '%s' of '%s' (expected %s)", a->key,
            s->opname, d->attrs);
      else
        err(c, a->loc, "'%s' takes no attributes", s->opname);
      ok = false;
      continue;
    }
    const char *eq = strchr(names[found], '=');
    bool wants_value = eq != NULL;
    bool wants_string = eq && strcmp(eq, "=s") == 0;
    if (wants_value && !a->has_value) {
      err(c, a->loc, "attribute '%s' of '%s' needs a value ('%s = %s')", a->key,
          s->opname, a->key, wants_string ? "\"...\"" : "N");
      ok = false;
    } else if (!wants_value && a->has_value) {
      err(c, a->loc, "attribute '%s' of '%s' takes no value", a->key,
          s->opname);
      ok = false;
    } else if (wants_string) {
      if (a->value.kind != SCHED_I_STRING) {
        err(c, a->value.loc, "attribute '%s' of '%s' must be a string, got %s",
            a->key, s->opname, kind_name(c, &a->value));
        ok = false;
      }
    } else if (wants_value) {
      sched_item *v = &a->value;
      if (v->kind == SCHED_I_REF && !resolve(c, v))
        ok = false;
      else if (v->kind == SCHED_I_REF && !use_arg_as(c, v, 'p'))
        ok = false;
      else if (v->kind != SCHED_I_INT &&
               !(v->kind == SCHED_I_REF && slot_at(c, v->slot)->is_param)) {
        err(c, v->loc, "attribute '%s' of '%s' must be a number, got %s",
            a->key, s->opname, kind_name(c, v));
        arg_note(c, v);
        ok = false;
      }
    }
    if (d->attr_rule == SCHED_ATTR_SET) {
      for (int j = 0; j < i; j++)
        if (strcmp(s->attrs[j].key, a->key) == 0) {
          err(c, a->loc, "attribute '%s' of '%s' is given twice", a->key,
              s->opname);
          ok = false;
        }
    } else if (i > 0) { /* ANY and ONE allow at most one attribute */
      err(c, a->loc, "'%s' takes at most one attribute of {%s}", s->opname,
          d->attrs);
      ok = false;
    }
  }
  if (d->attr_rule == SCHED_ATTR_ONE && s->nattrs == 0) {
    err(c, s->loc, "'%s' needs one attribute of {%s} (usage: %s)", s->opname,
        d->attrs, d->usage);
    ok = false;
  }
  return ok;
}

static const sched_attr *find_attr(const sched_stmt *s, const char *key) {
  for (int i = 0; i < s->nattrs; i++)
    if (strcmp(s->attrs[i].key, key) == 0)
      return &s->attrs[i];
  return NULL;
}

/* The number of results the statement produces; reports a mismatch with
 * what it binds.  Returns -1 after an error. */
static int check_results(checker *c, sched_stmt *s, const sched_opdef *d) {
  int actual = d->nresults;
  bool optional = d->result_rule == SCHED_RES_OPTIONAL;
  int alt = -1; /* a second accepted declared count (%t:K for loop.tile) */
  if (d->result_rule == SCHED_RES_TILE) {
    int n = s->nops ? s->ops[s->nops - 1]->n : 0;
    actual = 2 * n;
    alt = n;
    optional = true;
  } else if (d->result_rule == SCHED_RES_LIST) {
    actual = s->nops ? s->ops[0]->n : 0;
    optional = true;
  } else if (d->result_rule == SCHED_RES_DECLARED) {
    /* known only when the op runs (loop.distribute): as many as bound;
     * the handler reports a different count */
    return s->multi ? s->declared : s->nres;
  }
  if (s->op == SCHED_OP_UNROLL && find_attr(s, "full")) {
    actual = 0;
    optional = false;
  }
  int bound = s->multi ? s->declared : s->nres;
  if (bound == 0 && (optional || actual == 0))
    return actual;
  if (bound == actual || (s->multi && bound == alt))
    return actual;
  scc_loc at = s->nres ? s->res_locs[0] : s->loc;
  if (actual == 0)
    err(c, at, "'%s'%s produces no results, but %d %s bound", s->opname,
        s->op == SCHED_OP_UNROLL ? " {full}" : "", bound,
        bound == 1 ? "is" : "are");
  else if (alt > 0)
    err(c, at,
        "'%s' with %d tile sizes produces %d results (bind them as '%%t:%d', "
        "'%%t:%d' or %d names), but %d %s bound",
        s->opname, alt, actual, alt, actual, actual, bound,
        bound == 1 ? "is" : "are");
  else
    err(c, at, "'%s' produces %d result%s, but %d %s bound", s->opname, actual,
        actual == 1 ? "" : "s", bound, bound == 1 ? "is" : "are");
  return -1;
}

/* Marks slot `k` consumed by s, and every live slot matched inside it
 * (transitively) as invalidated.  A slot that s already invalidated because
 * it was matched inside another operand of s (`%j = match.loop "j" in %i`,
 * then `loop.interchange %i, %j`) is consumed by s as well, not twice: the
 * op takes both payloads before rewriting either. */
static void consume_slot(checker *c, const sched_stmt *s,
                         const sched_item *it) {
  int k = it->slot;
  if (k < 0)
    return;
  if (c->killer.items[k] == s && c->nested.items[k]) {
    c->nested.items[k] = NULL;
    return;
  }
  if (c->killer.items[k] == s) {
    err(c, it->loc, "handle '%s' is consumed twice by '%s'",
        ref_spelling(c, it), s->opname);
    return;
  }
  if (c->killer.items[k])
    return;
  c->killer.items[k] = (void *)s;
  for (int i = 0; i < c->slots.len; i++) {
    if (c->killer.items[i])
      continue;
    for (int p = slot_at(c, i)->parent; p >= 0; p = slot_at(c, p)->parent)
      if (p == k) {
        c->killer.items[i] = (void *)s;
        c->nested.items[i] = (void *)1;
        break;
      }
  }
}

/* ---- alternatives and param.tunable --------------------------------------
 * Regions of `alternatives` are checked in order, each from the handle
 * state before the op (a region that fails is rolled back, so the next one
 * sees the handles as they were); names defined in a region are local to
 * it.  After the op, a handle consumed in any region is consumed (the
 * region that ran is known only at run time).  Each region ends with
 * `yield` giving as many values as the op binds, of the same kinds in
 * every region (a region that yields nothing only when nothing is bound). */

static void check_stmt(checker *c, sched_stmt *s);

/* The yield ending a region, or NULL. */
static sched_stmt *region_yield(const scc_vec *region) {
  if (region->len == 0)
    return NULL;
  sched_stmt *last = region->items[region->len - 1];
  return last && strcmp(last->opname, "yield") == 0 ? last : NULL;
}

static void check_yield(checker *c, sched_stmt *y, int region, int bound,
                        const sched_stmt *first_yield) {
  y->op = SCHED_OP_YIELD;
  y->ops = scc_arena_alloc(c->ctx->arena, sizeof *y->ops * (y->nitems + 1));
  y->nops = 0;
  bool ok = true;
  for (int i = 0; i < y->nitems; i++) {
    sched_item *it = &y->items[i];
    if (it->kind != SCHED_I_REF) {
      err(c, it->loc, "'yield' takes handles or parameters ('%%x'), got %s",
          kind_name(c, it));
      ok = false;
      continue;
    }
    ok &= resolve(c, it);
    y->ops[y->nops++] = it;
  }
  if (y->nres)
    err(c, y->res_locs[0], "'yield' produces no results");
  if (y->nattrs)
    err(c, y->attrs[0].loc, "'yield' takes no attributes");
  if (y->nitems != bound) {
    err(c, y->loc,
        "region %d of 'alternatives' yields %d value%s, but the op binds %d",
        region + 1, y->nitems, y->nitems == 1 ? "" : "s", bound);
    return;
  }
  if (!ok || !first_yield || first_yield == y)
    return;
  for (int i = 0; i < bound; i++) {
    const sched_item *a = first_yield->ops[i], *b = y->ops[i];
    if (a->slot < 0 || b->slot < 0)
      continue;
    if (slot_at(c, a->slot)->is_param != slot_at(c, b->slot)->is_param)
      err(c, b->loc,
          "value %d yielded by region %d of 'alternatives' is %s, but region "
          "1 yields %s",
          i + 1, region + 1, kind_name(c, b), kind_name(c, a));
  }
}

static int check_alternatives(checker *c, sched_stmt *s) {
  int bound = s->multi ? s->declared : s->nres;
  if (s->nitems || s->nattrs)
    err(c, s->nitems ? s->items[0].loc : s->attrs[0].loc,
        "'alternatives' takes regions only (usage: %s)",
        sched_ops[s->op].usage);
  int nold = c->slots.len;
  void **saved_k = scc_arena_alloc(c->ctx->arena, sizeof *saved_k * (nold + 1));
  void **saved_n = scc_arena_alloc(c->ctx->arena, sizeof *saved_n * (nold + 1));
  void **union_k = scc_arena_alloc(c->ctx->arena, sizeof *union_k * (nold + 1));
  void **union_n = scc_arena_alloc(c->ctx->arena, sizeof *union_n * (nold + 1));
  for (int k = 0; k < nold; k++) {
    saved_k[k] = c->killer.items[k];
    saved_n[k] = c->nested.items[k];
  }
  const sched_stmt *first_yield = NULL;
  for (int i = 0; i < s->nregions; i++) {
    for (int k = 0; k < nold; k++) {
      c->killer.items[k] = saved_k[k];
      c->nested.items[k] = saved_n[k];
    }
    int names_mark = c->names.len;
    scc_vec *region = &s->regions[i];
    sched_stmt *y = region_yield(region);
    for (int j = 0; j < region->len; j++) {
      sched_stmt *x = region->items[j];
      if (x == y)
        continue;
      if (strcmp(x->opname, "yield") == 0) {
        err(c, x->loc, "'yield' must be the last statement of its region");
        continue;
      }
      check_stmt(c, x);
    }
    if (y) {
      check_yield(c, y, i, bound, first_yield);
      if (!first_yield && y->nops == bound)
        first_yield = y;
    } else if (bound > 0) {
      err(c, s->region_locs[i],
          "region %d of 'alternatives' yields nothing, but the op binds %d "
          "value%s (end it with 'yield %%x%s')",
          i + 1, bound, bound == 1 ? "" : "s", bound == 1 ? "" : ", ...");
    }
    for (int k = 0; k < nold; k++)
      if (c->killer.items[k] && !union_k[k] &&
          c->killer.items[k] != saved_k[k]) {
        union_k[k] = c->killer.items[k];
        union_n[k] = c->nested.items[k];
      }
    c->names.len = names_mark;
  }
  for (int k = 0; k < nold; k++) {
    c->killer.items[k] = union_k[k] ? union_k[k] : saved_k[k];
    c->nested.items[k] = union_k[k] ? union_n[k] : saved_n[k];
  }
  return bound;
}

/* The results of alternatives take the kinds region 1 yields. */
static void alternatives_result_kinds(checker *c, sched_stmt *s, int count) {
  if (s->nregions == 0 || count <= 0)
    return;
  sched_stmt *y = region_yield(&s->regions[0]);
  if (!y || y->nops < count)
    return;
  for (int i = 0; i < count; i++)
    if (y->ops[i]->slot >= 0 && s->first_slot + i < c->slots.len)
      slot_at(c, s->first_slot + i)->is_param =
          slot_at(c, y->ops[i]->slot)->is_param;
}

/* %p = param.tunable "name" range [lo, hi] {step = S, divides = D,
 * default = V} | %p = param.tunable "name" choice [v1, ...] {default = V}
 * (V an integer, or a string: an expression of the machine model's fields):
 * the form (the domain itself is checked by sched_params_collect).  Returns
 * the number of result slots, -1 after an error. */
static int check_tunable(checker *c, sched_stmt *s) {
  const char *usage = sched_ops[s->op].usage;
  s->ops = scc_arena_alloc(c->ctx->arena, sizeof *s->ops * 3);
  bool ok = true;
  if (s->nitems != 3 || s->items[0].kind != SCHED_I_STRING ||
      s->items[1].kind != SCHED_I_KEYWORD ||
      (strcmp(s->items[1].text, "range") != 0 &&
       strcmp(s->items[1].text, "choice") != 0) ||
      s->items[2].kind != SCHED_I_LIST) {
    err(c, s->nitems ? s->items[0].loc : s->loc,
        "malformed 'param.tunable' (usage: %s)", usage);
    return -1;
  }
  const char *name = s->items[0].text;
  bool ident =
      name[0] && (name[0] == '_' || (name[0] >= 'a' && name[0] <= 'z') ||
                  (name[0] >= 'A' && name[0] <= 'Z'));
  for (const char *q = name; *q && ident; q++)
    ident = *q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
            (*q >= '0' && *q <= '9');
  if (!ident) {
    err(c, s->items[0].loc,
        "parameter name \"%s\" must be an identifier (letters, digits, '_')",
        name);
    ok = false;
  }
  bool range = strcmp(s->items[1].text, "range") == 0;
  sched_item *list = &s->items[2];
  if (range && list->n != 2) {
    err(c, list->loc, "'range' takes two numbers [low, high], got %d", list->n);
    ok = false;
  }
  if (!range && list->n == 0) {
    err(c, list->loc, "'choice' needs at least one value");
    ok = false;
  }
  for (int i = 0; i < list->n; i++)
    if (list->elems[i].kind != SCHED_I_INT) {
      if (list->elems[i].kind == SCHED_I_REF)
        resolve(c, &list->elems[i]);
      err(c, list->elems[i].loc,
          "the domain of a tunable parameter holds integer literals, got %s",
          kind_name(c, &list->elems[i]));
      ok = false;
    }
  for (int i = 0; i < s->nattrs; i++) {
    sched_attr *a = &s->attrs[i];
    bool known = strcmp(a->key, "default") == 0 ||
                 (range && (strcmp(a->key, "step") == 0 ||
                            strcmp(a->key, "divides") == 0));
    if (!known) {
      err(c, a->loc,
          "unknown attribute '%s' of 'param.tunable' %s (expected %s)", a->key,
          range ? "range" : "choice",
          range ? "step, divides, default" : "default");
      ok = false;
    } else if (!a->has_value || (a->value.kind != SCHED_I_INT &&
                                 !(a->value.kind == SCHED_I_STRING &&
                                   strcmp(a->key, "default") == 0))) {
      err(c, a->loc,
          "attribute '%s' of 'param.tunable' needs an integer ('%s = N')%s",
          a->key, a->key,
          strcmp(a->key, "default") == 0
              ? " or an expression of the machine model's fields "
                "('default = \"(vector_registers - 3) / 2\"')"
              : "");
      ok = false;
    }
    for (int j = 0; j < i; j++)
      if (strcmp(s->attrs[j].key, a->key) == 0) {
        err(c, a->loc, "attribute '%s' of 'param.tunable' is given twice",
            a->key);
        ok = false;
      }
  }
  for (int i = 0; i < 3; i++)
    s->ops[s->nops++] = &s->items[i];
  int bound = s->multi ? s->declared : s->nres;
  if (bound > 1) {
    err(c, s->res_locs[0],
        "'param.tunable' produces 1 result, but %d are bound", bound);
    return -1;
  }
  return ok ? bound : -1;
}

/* include @seq(%a, 4, ...): arguments are handles, parameters or integer
 * literals (parameters in the callee), of the kind the callee uses each
 * argument as (use_arg_as; the callee is checked first, sched_check). */
static void check_include(checker *c, sched_stmt *s) {
  s->ops = scc_arena_alloc(c->ctx->arena, sizeof *s->ops * (s->nitems + 1));
  sched_seq *callee = find_seq_n(c->prog, s->callee, s->nitems);
  s->callee_seq = -1;
  if (!callee) {
    err(c, s->callee_loc, "include of unknown named_sequence '@%s'", s->callee);
  } else {
    for (int i = 0; i < c->prog->seqs.len; i++)
      if (c->prog->seqs.items[i] == callee)
        s->callee_seq = i;
    if (callee->nargs != s->nitems)
      err(c, s->callee_loc, "'@%s' takes %d argument%s, got %d", s->callee,
          callee->nargs, callee->nargs == 1 ? "" : "s", s->nitems);
  }
  for (int i = 0; i < s->nitems; i++) {
    sched_item *it = &s->items[i];
    s->ops[s->nops++] = it;
    if (it->kind == SCHED_I_REF && !resolve(c, it))
      continue;
    if (it->kind != SCHED_I_REF && it->kind != SCHED_I_INT) {
      err(c, it->loc,
          "argument %d of '@%s' must be a handle, a parameter or an integer, "
          "got %s",
          i + 1, s->callee, kind_name(c, it));
      continue;
    }
    char want = callee && i < callee->nargs && callee->arg_kinds
                    ? callee->arg_kinds[i]
                    : 0;
    if (!want)
      continue;
    /* an argument of the caller not used yet takes the callee's kind */
    if (it->kind == SCHED_I_REF && c->seq && it->slot < c->seq->nargs &&
        c->seq->arg_kinds && c->seq->arg_kinds[it->slot] == 0) {
      use_arg_as(c, it, want);
      continue;
    }
    bool is_p = it->kind == SCHED_I_INT || slot_at(c, it->slot)->is_param;
    if (is_p == (want == 'p'))
      continue;
    err(c, it->loc,
        "argument %d of '@%s' ('%%%s') must be %s: '@%s' uses it as %s; got "
        "%s",
        i + 1, s->callee, callee->arg_names[i],
        want == 'p' ? "a parameter or an integer" : "a handle", s->callee,
        want == 'p' ? "a number" : "a handle",
        it->kind == SCHED_I_INT
            ? scc_arena_printf(c->ctx->arena, "the integer %lld",
                               (long long)it->ival)
            : scc_arena_printf(c->ctx->arena, "%s '%s'", kind_name(c, it),
                               ref_spelling(c, it)));
    scc_note(c->ctx, callee->arg_use[i], "'%%%s' is used as %s here",
             callee->arg_names[i], want == 'p' ? "a number" : "a handle");
  }
  if (s->nres)
    err(c, s->res_locs[0], "'include' produces no results, but %d %s bound",
        s->multi ? s->declared : s->nres, s->nres == 1 ? "is" : "are");
}

/* A %name in an expression (param.expr, param.assert "..."): a parameter of
 * the sequence. */
static int expr_resolve(void *data, const char *name, scc_loc at) {
  checker *c = data;
  sched_item it = {.kind = SCHED_I_REF, .loc = at, .text = name, .slot = -1};
  if (!resolve(c, &it))
    return -1;
  if (!use_arg_as(c, &it, 'p'))
    return -1;
  if (!slot_at(c, it.slot)->is_param) {
    err(c, at, "'%%%s' in an expression must be a parameter, got a handle",
        name);
    arg_note(c, &it);
    return -1;
  }
  return it.slot;
}

/* A %name in loop.specialize's condition: a parameter, as in expressions,
 * or a handle (of one loop: its trip count, read where the condition is
 * evaluated).  An argument of the sequence not used yet is taken as a
 * parameter. */
static int cond_resolve(void *data, const char *name, scc_loc at) {
  checker *c = data;
  sched_item it = {.kind = SCHED_I_REF, .loc = at, .text = name, .slot = -1};
  if (!resolve(c, &it))
    return -1;
  sched_seq *q = c->seq;
  bool unknown_arg = q && q->arg_kinds && it.slot >= 0 && it.slot < q->nargs &&
                     q->arg_kinds[it.slot] == 0;
  if (!unknown_arg && !slot_at(c, it.slot)->is_param)
    return it.slot; /* a handle */
  return expr_resolve(data, name, at);
}

/* %p = param.expr "expr" | param.assert "expr": parses the expression and
 * resolves its %names.  Returns the number of result slots, -1 after an
 * error. */
static int check_expr(checker *c, sched_stmt *s, const sched_opdef *d) {
  if (s->nitems != 1 || s->items[0].kind != SCHED_I_STRING) {
    err(c, s->nitems ? s->items[0].loc : s->loc,
        "'%s' takes one expression string (usage: %s)", s->opname, d->usage);
    return -1;
  }
  check_attrs(c, s, d);
  s->ops = scc_arena_alloc(c->ctx->arena, sizeof *s->ops);
  s->ops[s->nops++] = &s->items[0];
  s->expr = sched_expr_parse(c->ctx, s->items[0].text, s->items[0].loc,
                             expr_resolve, c);
  if (!s->expr)
    c->ok = false;
  return check_results(c, s, d);
}

static void check_stmt(checker *c, sched_stmt *s) {
  const sched_opdef *d = sched_op_find(s->opname);
  int nslots = -1, parent = -1;
  bool is_param = false;
  if (!d) {
    const char *names[SCHED_NOPS];
    for (int i = 0; i < SCHED_NOPS; i++)
      names[i] = sched_ops[i].name;
    const char *hint = sched_closest_name(s->opname, names, SCHED_NOPS);
    if (hint)
      err(c, s->loc, "unknown op '%s'; did you mean '%s'?", s->opname, hint);
    else
      err(c, s->loc, "unknown op '%s'", s->opname);
  } else {
    s->op = (sched_op_id)(d - sched_ops);
    if (s->op == SCHED_OP_ALTERNATIVES) {
      nslots = check_alternatives(c, s);
    } else if (s->op == SCHED_OP_YIELD) {
      err(c, s->loc,
          "'yield' must be the last statement of an 'alternatives' region");
      nslots = 0;
    } else if (s->op == SCHED_OP_PARAM_TUNABLE) {
      nslots = check_tunable(c, s);
      is_param = true;
    } else if (s->op == SCHED_OP_INCLUDE) {
      check_include(c, s);
      nslots = 0;
    } else if (s->op == SCHED_OP_PARAM_EXPR ||
               (s->op == SCHED_OP_PARAM_ASSERT && s->nitems == 1 &&
                s->items[0].kind == SCHED_I_STRING)) {
      nslots = check_expr(c, s, d);
      is_param = true;
    } else {
      bool sig_ok = check_signature(c, s, d);
      bool attrs_ok = check_attrs(c, s, d);
      if (sig_ok && (s->op == SCHED_OP_MATCH_OP) &&
          strcmp(s->ops[0]->text, "for") != 0) {
        err(c, s->ops[0]->loc,
            "match.op: unknown operation kind \"%s\" (supported: \"for\")",
            s->ops[0]->text);
        sig_ok = false;
      }
      if (sig_ok && (s->op == SCHED_OP_MATCH_OP) && attrs_ok) {
        const sched_attr *a = find_attr(s, "nth");
        if (a && a->value.kind == SCHED_I_INT && a->value.ival < 1) {
          err(c, a->value.loc, "match.op: {nth = N} counts from 1, got %lld",
              (long long)a->value.ival);
          sig_ok = false;
        }
      }
      if (sig_ok && s->op == SCHED_OP_SPECIALIZE) {
        s->expr = sched_cond_parse(c->ctx, s->ops[1]->text, s->ops[1]->loc,
                                   cond_resolve, c);
        if (!s->expr) {
          c->ok = false;
          sig_ok = false;
        }
      }
      if (sig_ok && s->op == SCHED_OP_PARAM_TARGET) {
        int64_t v;
        if (!mach_get(&(mach_model){0}, s->ops[0]->text, &v)) {
          err(c, s->ops[0]->loc,
              "param.target: unknown field \"%s\" of the machine model "
              "(known: %s)",
              s->ops[0]->text, mach_key_names());
          sig_ok = false;
        }
      }
      if (sig_ok)
        nslots = check_results(c, s, d);
      if (sig_ok &&
          (s->op == SCHED_OP_MATCH_LOOP || s->op == SCHED_OP_MATCH_OP))
        parent = s->ops[1]->slot;
      if (sig_ok && s->op == SCHED_OP_MATCH_MATMUL)
        parent = s->ops[0]->slot;
      is_param = s->op == SCHED_OP_PARAM_CONSTANT ||
                 s->op == SCHED_OP_PARAM_LANES ||
                 s->op == SCHED_OP_PARAM_TARGET;
      if (sig_ok)
        for (int i = 0; i < s->nops; i++) {
          if (!(d->consumes & (1u << i)))
            continue;
          sched_item *it = s->ops[i];
          if (it->kind == SCHED_I_LIST)
            for (int j = 0; j < it->n; j++)
              consume_slot(c, s, &it->elems[j]);
          else
            consume_slot(c, s, it);
        }
    }
  }
  /* Bind the results even after an error, so later uses do not cascade. */
  int count = s->multi ? (nslots > 0 ? nslots : s->declared) : s->nres;
  s->nslots_out = (s->multi || s->nres) && nslots > 0 ? nslots : 0;
  if (s->multi) {
    s->first_slot = define(c, s->res_names[0], count, true, s->res_locs[0],
                           is_param, parent);
  } else {
    s->first_slot = c->slots.len;
    for (int i = 0; i < s->nres; i++)
      define(c, s->res_names[i], 1, false, s->res_locs[i], is_param, parent);
  }
  if (s->op == SCHED_OP_ALTERNATIVES)
    alternatives_result_kinds(c, s, count);
}

static void check_seq(checker *c, sched_seq *q) {
  c->seq = q;
  c->slots = (scc_vec){0};
  c->names = (scc_vec){0};
  c->htab = NULL;
  c->hcap = c->hused = 0;
  c->killer = (scc_vec){0};
  c->nested = (scc_vec){0};
  for (int i = 0; i < q->nargs; i++)
    define(c, q->arg_names[i], 1, false, q->arg_locs[i], false, -1);
  for (int i = 0; i < q->stmts.len; i++)
    check_stmt(c, q->stmts.items[i]);
  q->nslots = c->slots.len;
  q->slots = scc_arena_alloc(c->ctx->arena, sizeof *q->slots * q->nslots);
  for (int i = 0; i < q->nslots; i++)
    q->slots[i] = *slot_at(c, i);
}

static void find_cycles_in(checker *c, const scc_vec *stmts, int *state);

/* Depth-first search for include cycles; state: 0 new, 1 on stack, 2 done. */
static void find_cycles(checker *c, int i, int *state) {
  state[i] = 1;
  sched_seq *q = c->prog->seqs.items[i];
  find_cycles_in(c, &q->stmts, state);
  state[i] = 2;
}

static void find_cycles_in(checker *c, const scc_vec *stmts, int *state) {
  for (int j = 0; j < stmts->len; j++) {
    sched_stmt *s = stmts->items[j];
    for (int r = 0; r < s->nregions; r++)
      find_cycles_in(c, &s->regions[r], state);
    if (s->op != SCHED_OP_INCLUDE || s->callee_seq < 0)
      continue;
    if (state[s->callee_seq] == 1)
      err(c, s->callee_loc, "recursive include of '@%s'", s->callee);
    else if (state[s->callee_seq] == 0)
      find_cycles(c, s->callee_seq, state);
  }
}

static void post_order(const sched_program *p, int i, int *mark, int *order,
                       int *n);

static void post_order_in(const sched_program *p, const scc_vec *stmts,
                          int *mark, int *order, int *n) {
  for (int j = 0; j < stmts->len; j++) {
    const sched_stmt *s = stmts->items[j];
    for (int r = 0; r < s->nregions; r++)
      post_order_in(p, &s->regions[r], mark, order, n);
    if (!s->callee || strcmp(s->opname, "include") != 0)
      continue;
    sched_seq *callee = find_seq_n(p, s->callee, s->nitems);
    for (int k = 0; k < p->seqs.len; k++)
      if (p->seqs.items[k] == callee)
        post_order(p, k, mark, order, n);
  }
}

/* Sequence i after the sequences it includes (depth first; mark 1 visiting,
 * 2 done). */
static void post_order(const sched_program *p, int i, int *mark, int *order,
                       int *n) {
  if (mark[i])
    return;
  mark[i] = 1;
  post_order_in(p, &((sched_seq *)p->seqs.items[i])->stmts, mark, order, n);
  mark[i] = 2;
  order[(*n)++] = i;
}

bool sched_check(scc_ctx *ctx, sched_program *p) {
  checker c = {.ctx = ctx, .prog = p, .ok = true};
  if (p->seqs.len == 0) {
    err(&c, (scc_loc){p->file, 0, 0}, "schedule defines no named_sequence");
    return false;
  }
  for (int i = 0; i < p->seqs.len; i++) {
    sched_seq *q = p->seqs.items[i];
    for (int j = 0; j < i; j++) {
      sched_seq *o = p->seqs.items[j];
      if (strcmp(o->name, q->name) == 0 && o->nargs == q->nargs) {
        err(&c, q->loc, "redefinition of named_sequence '@%s'", q->name);
        scc_note(ctx, o->loc, "previous definition is here");
        break;
      }
    }
    if ((strcmp(q->name, "main") == 0 ||
         strcmp(q->name, "__transform_main") == 0) &&
        q->nargs != 1)
      err(&c, q->loc,
          "entry sequence '@%s' must take exactly one argument (the kernel "
          "root), got %d",
          q->name, q->nargs);
  }
  /* Callees before their callers, so that an include sees the kinds of
   * the callee's arguments (a cycle is reported below). */
  int *order = scc_arena_alloc(ctx->arena, sizeof *order * p->seqs.len);
  int norder = 0;
  int *mark = scc_arena_alloc(ctx->arena, sizeof *mark * p->seqs.len);
  for (int i = 0; i < p->seqs.len; i++) {
    sched_seq *q = p->seqs.items[i];
    q->arg_kinds = scc_arena_alloc(ctx->arena, (size_t)q->nargs + 1);
    q->arg_use =
        scc_arena_alloc(ctx->arena, sizeof *q->arg_use * (q->nargs + 1));
  }
  for (int i = 0; i < p->seqs.len; i++)
    post_order(p, i, mark, order, &norder);
  for (int i = 0; i < norder; i++)
    check_seq(&c, p->seqs.items[order[i]]);
  if (c.ok) {
    int *state = scc_arena_alloc(ctx->arena, sizeof *state * p->seqs.len);
    for (int i = 0; i < p->seqs.len; i++)
      if (!state[i])
        find_cycles(&c, i, state);
  }
  if (c.ok && !sched_params_collect(ctx, p))
    c.ok = false;
  return c.ok;
}
