/* bench_util.h — what the benchmark harnesses share (bench/harness.c,
 * bench/matmul_shapes.c): a monotonic clock in milliseconds, a comparison
 * of doubles for qsort (medians), and 64-byte aligned float arrays filled
 * from a fixed-seed linear congruential generator (values in [-0.5, 0.5),
 * the same for a seed on every run and machine, so checksums compare). */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* n floats, 64-byte aligned (exits on failure); the caller frees. */
static inline float *alloc_fill(size_t n, unsigned seed) {
  float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  if (!p) {
    perror("aligned_alloc");
    exit(1);
  }
  unsigned s = seed;
  for (size_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = (float)((s >> 8) & 0xffff) / 65536.0f - 0.5f;
  }
  return p;
}

#endif
