/* bandwidth.c — times one variant of a bandwidth-bound kernel for
 * bench/bandwidth.sh.  Built with exactly one of
 *   -DBW_TRANSPOSE  linked with `void transpose(int m, int n, float
 *                   A[m][n], float B[n][m])` (samples/transpose.c, plain or
 *                   transformed); bytes per call 8*m*n (A read, B written)
 *   -DBW_ROWSUM     linked with `void rowsum(int m, int n, float A[m][n],
 *                   float s[m])`; bytes per call 4*m*n + 8*m
 *   -DBW_COLSUM     linked with `void colsum(int m, int n, float A[m][n],
 *                   float s[n])`; bytes per call 4*m*n + 8*n
 *   -DBW_COPY       linked with bench/copy.c's bw_copy: copies as many
 *                   bytes as the problem moves (transpose: m*n floats;
 *                   rowsum: m*n/2 + m floats; colsum: m*n/2 + n floats),
 *                   the anchor
 * Usage: bandwidth M N [REPS [PROBLEM]]  (REPS >= 5, default 7; PROBLEM,
 * for the copy anchor only: transpose, rowsum (default) or colsum).  Fills the
 * inputs from a fixed seed, runs the kernel once and takes a checksum of its
 * output (sum as double), warms up, then measures REPS times a batch of
 * calls (enough calls for ~4e8 bytes, at least one) and prints
 *   <median ns per call> <GB/s of the median> <min ns per call> <checksum>
 *   <GB/s of the min>
 * GB/s = bytes per call / time per call (10^9 bytes). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(BW_TRANSPOSE)
void transpose(int m, int n, float A[m][n], float B[n][m]);
#elif defined(BW_ROWSUM)
void rowsum(int m, int n, float A[m][n], float s[m]);
#elif defined(BW_COLSUM)
void colsum(int m, int n, float A[m][n], float s[n]);
#elif defined(BW_COPY)
void bw_copy(size_t count, const float *src, float *dst);
#else
#error "define BW_TRANSPOSE, BW_ROWSUM, BW_COLSUM or BW_COPY"
#endif

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static float *alloc_floats(size_t n) {
  float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  if (!p) {
    perror("aligned_alloc");
    exit(1);
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bandwidth M N [REPS]\n");
    return 2;
  }
  int m = atoi(argv[1]), n = atoi(argv[2]);
  int reps = argc > 3 ? atoi(argv[3]) : 7;
  if (m < 1 || n < 1 || reps < 1 || reps > 1000) {
    fprintf(stderr, "bandwidth: bad sizes\n");
    return 2;
  }
  size_t mn = (size_t)m * (size_t)n;
#if defined(BW_TRANSPOSE)
  size_t nin = mn, nout = mn;
  double bytes = 8.0 * (double)mn;
#elif defined(BW_ROWSUM)
  size_t nin = mn, nout = (size_t)m;
  double bytes = 4.0 * (double)mn + 8.0 * m;
#elif defined(BW_COLSUM)
  size_t nin = mn, nout = (size_t)n;
  double bytes = 4.0 * (double)mn + 8.0 * n;
#else
  size_t nin = mn / 2 + (size_t)m, nout = nin; /* the rowsum's bytes */
  if (argc > 4 && strcmp(argv[4], "transpose") == 0)
    nin = nout = mn;
  else if (argc > 4 && strcmp(argv[4], "colsum") == 0)
    nin = nout = mn / 2 + (size_t)n;
  double bytes = 8.0 * (double)nin;
#endif
  float *in = alloc_floats(nin), *out = alloc_floats(nout);
  uint64_t st = 42;
  for (size_t k = 0; k < nin; k++) {
    st = st * 6364136223846793005u + 1442695040888963407u;
    in[k] = (float)(st >> 40) * 0x1p-23f - 1.0f;
  }
  memset(out, 0, nout * sizeof(float));
#if defined(BW_TRANSPOSE)
#define CALL() transpose(m, n, (float(*)[n])in, (float(*)[m])out)
#elif defined(BW_ROWSUM)
#define CALL() rowsum(m, n, (float(*)[n])in, out)
#elif defined(BW_COLSUM)
#define CALL() colsum(m, n, (float(*)[n])in, out)
#else
#define CALL() bw_copy(nin, in, out)
#endif
  CALL();
  double sum = 0;
  for (size_t k = 0; k < nout; k++)
    sum += out[k];
  long batch = (long)(4e8 / bytes);
  if (batch < 1)
    batch = 1;
  for (long b = 0; b < batch; b++) /* warm-up */
    CALL();
  double t[1000];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ns();
    for (long b = 0; b < batch; b++)
      CALL();
    t[r] = (now_ns() - t0) / (double)batch;
  }
  qsort(t, (size_t)reps, sizeof *t, cmp);
  double med = t[reps / 2];
  printf("%.1f %.1f %.1f %.9g %.1f\n", med, bytes / med, t[0], sum,
         bytes / t[0]);
  free(in);
  free(out);
  return 0;
}
