/* seidel2d.c — PolyBench-style 2-D Gauss-Seidel: a time loop around one
 * in-place 9-point nest (A[i][j] from its eight neighbours and itself, the
 * ones above and to the left already updated in this sweep), marked as a
 * scop.
 *
 *   schedcc samples/seidel2d.c -s samples/seidel2d.fast.sched -o s.opt.c
 *
 * The main initializes A with the PolyBench formula, times the kernel
 * (stderr) and prints a checksum of A (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* PolyBench LARGE is -DN=2000 -DTSTEPS=500 (bench/stencil.sh) */
#ifndef TSTEPS
#define TSTEPS 20
#endif
#ifndef N
#define N 203 /* 201 x 201 interior points: partial blocks of rows */
#endif
#define DATA_TYPE double

static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[n][n]) {
  int t, i, j;

#pragma scop
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
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
  if (!A) {
    fprintf(stderr, "seidel2d: out of memory\n");
    return 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;

  double t0 = now_ms();
  kernel_seidel_2d(TSTEPS, N, A);
  double t1 = now_ms();
  fprintf(stderr, "seidel2d: %.1f ms\n", t1 - t0);

  printf("fnv1a64(A) = %016" PRIx64 "\n", fnv1a64(A, sizeof(DATA_TYPE[N][N])));
  printf("A[1][1] = %a\n", A[1][1]);
  printf("A[%d][%d] = %a\n", N / 2, N / 3, A[N / 2][N / 3]);
  printf("A[%d][%d] = %a\n", N - 2, N - 2, A[N - 2][N - 2]);
  free(A);
  return 0;
}
