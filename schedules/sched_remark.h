/* sched_remark.h — optimization remarks of the schedule interpreter (-v /
 * --remarks): one note per applied op, at the op's location in the
 * schedule, saying what it did in the user's terms ("loop.tile: 'i', 'j'
 * tiled 32 x 32 (196 = 6 x 32 + 4: partial tiles bounded with min)").
 *
 * A handler captures what it needs of a payload loop before the transform
 * rewrites it (sched_before_loop: names, trip counts, the loops nested in
 * it, the kernel's variable and array counts), then, after the transform
 * succeeded, calls the sched_remark_<op> function that computes the facts
 * from the before state and the transform's results (trip counts,
 * remainders, widths, the ISA, the variables and buffers it created).
 * Everything here is a no-op unless ctx->remarks is set, so capturing costs
 * nothing in ordinary runs.  Included by sched_int.h; implemented in
 * sched_remark.c.  Like LLVM's -Rpass=... optimization remarks.
 */
#ifndef SCHED_REMARK_H
#define SCHED_REMARK_H

#include "sched_int.h"

enum { SCHED_BAND_MAX = 8 };

/* A payload loop as it was before an op rewrote it. */
typedef struct sched_before {
  bool valid; /* false when remarks are off */
  const ir_node *loop;
  /* The perfect band starting at the loop (the loop, its only child loop,
   * ...): names and constant trip counts. */
  int nband;
  const char *band[SCHED_BAND_MAX];
  bool band_has_trip[SCHED_BAND_MAX];
  int64_t band_trip[SCHED_BAND_MAX];
  const char *trip_text; /* the trip count as C ("196", "n - 1"), or NULL */
  /* The loops directly in the loop's body. */
  int ninner;
  const char *inner[SCHED_BAND_MAX];
  int block_loops; /* loops in the block holding the loop */
  int nvars;       /* k->vars.len */
  int narrays;     /* k->arrays.len */
} sched_before;

/* Captures loop (a payload loop of kernel r->k) into *b; a no-op (b->valid
 * false) when remarks are off. */
void sched_before_loop(sched_run *r, const ir_node *loop, sched_before *b);

/* The note "<op>: <message>" at s's location (printf-style message),
 * printed only under -v / --remarks.  Each op run prints one such note
 * per payload it applies to, in execution order. */
void sched_remark_applied(sched_run *r, const sched_stmt *s, const char *fmt,
                          ...) SCC_PRINTF(3, 4);

/* Remarks of the ops, called by their handlers after each successful
 * application to one payload (arguments: the before state and the
 * transform's results). */
void sched_remark_match(sched_run *r, const sched_stmt *s, const scc_vec *out);
void sched_remark_split(sched_run *r, const sched_stmt *s,
                        const sched_before *b, int64_t div_by,
                        const ir_node *main, const ir_node *rest);
void sched_remark_tile(sched_run *r, const sched_stmt *s, const sched_before *b,
                       const int64_t *sizes, int n, ir_node *const *out);
void sched_remark_interchange(sched_run *r, const sched_stmt *s,
                              const ir_node *a, const ir_node *b);
void sched_remark_reorder(sched_run *r, const sched_stmt *s,
                          ir_node *const *out, int n);
void sched_remark_unroll(sched_run *r, const sched_stmt *s,
                         const sched_before *b, int64_t factor,
                         const ir_node *main, const ir_node *rest);
void sched_remark_vectorize(sched_run *r, const sched_stmt *s,
                            const sched_before *b, bool contract, bool reassoc,
                            int fma_adds, const ir_node *v);
void sched_remark_unroll_and_jam(sched_run *r, const sched_stmt *s,
                                 const sched_before *b, int64_t factor,
                                 const ir_node *main, const ir_node *rest);
/* loop.scalar_replace, loop.hoist, loop.pack (arg: the packed array). */
void sched_remark_one_loop(sched_run *r, const sched_stmt *s,
                           const sched_before *b, const char *arg);
void sched_remark_fuse(sched_run *r, const sched_stmt *s, const sched_before *a,
                       const sched_before *b, const ir_node *fused);
void sched_remark_distribute(sched_run *r, const sched_stmt *s,
                             const sched_before *b, ir_node *const *parts,
                             int n);
void sched_remark_peel(sched_run *r, const sched_stmt *s, const sched_before *b,
                       int64_t n, bool front, const ir_node *peeled,
                       const ir_node *rest);
void sched_remark_skew(sched_run *r, const sched_stmt *s,
                       const sched_before *outer, const sched_before *inner,
                       int64_t factor);
/* loop.sink: first (x was before l) or last iteration; the run-time check
 * it added, or NULL. */
void sched_remark_sink(sched_run *r, const sched_stmt *s, const sched_before *x,
                       const sched_before *l, bool first,
                       const ir_assumption *check);
void sched_remark_parallel(sched_run *r, const sched_stmt *s, const ir_node *p);

/* After a transform op that succeeded: "nothing done" when its (first)
 * handle operand held no payload (an empty remainder, say), since no
 * per-payload remark was printed. */
void sched_remark_empty(sched_run *r, const sched_stmt *s);

/* After op s succeeded: when it printed no remark since the remark count
 * was `before` (an op whose handler has no remark of its own yet), the
 * generic "<op>: applied to '%h' (N payloads)", so -v lists every op. */
void sched_remark_fallback(sched_run *r, const sched_stmt *s, int before);

/* Around the run of a sequence on a kernel: the remark "running '@main' on
 * kernel 'k'" and, at the end, "changed nothing" when the kernel's IR is
 * the same as before.  *state is owned by these two calls. */
void sched_remark_kernel_begin(sched_run *r, const sched_seq *q, char **state);
void sched_remark_kernel_end(sched_run *r, const sched_seq *q,
                             const char *state);

#endif
