/* jacobi2d.c — 2-D Jacobi stencil in the PolyBench style: a time loop t
 * around two statement nests (A -> B, then B -> A), marked as a scop.
 *
 *   schedcc samples/jacobi2d.c -s samples/jacobi2d.sched -o jacobi2d.opt.c
 *
 * The main initializes A and B with PolyBench-like formulas, times the
 * kernel (stderr) and prints a checksum of both arrays (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* PolyBench LARGE is -DN=1300 -DTSTEPS=500 (bench/stencil.sh) */
#ifndef TSTEPS
#define TSTEPS 50
#endif
#ifndef N
#define N 203 /* interior of 201 x 201 points: partial 16 x 16 tiles */
#endif
#define DATA_TYPE double

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[n][n],
                             DATA_TYPE B[n][n]) {
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] +
                         B[i - 1][j]);
  }
#pragma endscop
}

/* FNV-1a, 64 bits, over n bytes. */
static uint64_t fnv1a64(const void *p, size_t n) {
  const unsigned char *bytes = p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < n; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  return h;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
  DATA_TYPE(*A)
  [N] = aligned_alloc(64, (sizeof(DATA_TYPE[N][N]) + 63) / 64 * 64);
  DATA_TYPE(*B)
  [N] = aligned_alloc(64, (sizeof(DATA_TYPE[N][N]) + 63) / 64 * 64);
  if (!A || !B) {
    fprintf(stderr, "jacobi2d: out of memory\n");
    return 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / N;
    }

  double t0 = now_ms();
  kernel_jacobi_2d(TSTEPS, N, A, B);
  double t1 = now_ms();
  fprintf(stderr, "jacobi2d: %.1f ms\n", t1 - t0);

  printf("fnv1a64(A) = %016" PRIx64 "\n", fnv1a64(A, sizeof(DATA_TYPE[N][N])));
  printf("fnv1a64(B) = %016" PRIx64 "\n", fnv1a64(B, sizeof(DATA_TYPE[N][N])));
  printf("A[1][1] = %a\n", A[1][1]);
  printf("A[%d][%d] = %a\n", N / 2, N / 3, A[N / 2][N / 3]);
  printf("B[%d][%d] = %a\n", N - 2, N - 2, B[N - 2][N - 2]);
  free(A);
  free(B);
  return 0;
}
