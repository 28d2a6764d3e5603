/* sched_ops.c — the op table (ops.def) and the lookups by name that the
 * checker, the kernel matcher and the interpreter share: ops, sequences,
 * and the closest name for "did you mean" hints.  It calls nothing else
 * of the room: the other files depend on it, not it on them.
 */
#include "sched_int.h"

#include <string.h>

const sched_opdef sched_ops[SCHED_NOPS] = {
#define SCHED_OP(id, name, handler, flags, sig, attrs, rule, consumes, nres,   \
                 rrule, usage)                                                 \
  [SCHED_OP_##id] = {name, handler,  flags, sig,   attrs,                      \
                     rule, consumes, nres,  rrule, usage},
#include "ops.def"
#undef SCHED_OP
};

const sched_opdef *sched_op_find(const char *name) {
  for (int i = 0; i < SCHED_NOPS; i++)
    if (strcmp(sched_ops[i].name, name) == 0)
      return &sched_ops[i];
  return NULL;
}

sched_seq *sched_find_seq(const sched_program *p, const char *name) {
  for (int i = 0; i < p->seqs.len; i++) {
    sched_seq *q = p->seqs.items[i];
    if (strcmp(q->name, name) == 0)
      return q;
  }
  return NULL;
}

/* Levenshtein distance (Wagner–Fischer), for "did you mean" hints. */
static int edit_distance(const char *a, const char *b) {
  int la = (int)strlen(a), lb = (int)strlen(b);
  if (la > 63 || lb > 63)
    return 99;
  int d[64][64];
  for (int i = 0; i <= la; i++)
    d[i][0] = i;
  for (int j = 0; j <= lb; j++)
    d[0][j] = j;
  for (int i = 1; i <= la; i++)
    for (int j = 1; j <= lb; j++) {
      int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
      d[i][j] = c < del ? (c < ins ? c : ins) : (del < ins ? del : ins);
    }
  return d[la][lb];
}

/* The closest of `n` names to `s` within a distance of about a third of its
 * length, or NULL. */
const char *sched_closest_name(const char *s, const char *const *names, int n) {
  const char *best = NULL;
  int bestd = (int)strlen(s) / 3 + 2;
  for (int i = 0; i < n; i++) {
    int d = edit_distance(s, names[i]);
    if (d < bestd) {
      bestd = d;
      best = names[i];
    }
  }
  return best;
}
