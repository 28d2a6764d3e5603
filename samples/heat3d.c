/* heat3d.c — 3-D heat equation in the PolyBench style (the heat-3d kernel
 * of PolyBench/C 4.2.1, written for schedcc from the published algorithm):
 * a time loop t around two 7-point stencil sweeps (A -> B, then B -> A),
 * double precision, marked as a scop.
 *
 *   schedcc samples/heat3d.c -s samples/heat3d.fast.sched -o heat3d.opt.c
 *
 * The main initializes A and B (not linearly: see there), times the kernel
 * (stderr) and prints a checksum of both arrays (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* PolyBench LARGE is -DN=120 -DTSTEPS=500 (bench/stencil.sh) */
#ifndef TSTEPS
#define TSTEPS 12
#endif
#ifndef N
#define N 27 /* partial tiles and vectors */
#endif
#define DATA_TYPE double

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[n][n][n],
                           DATA_TYPE B[n][n][n]) {
  int t, i, j, k;

#pragma scop
  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                       A[i][j][k];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                       B[i][j][k];
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
  size_t bytes = (sizeof(DATA_TYPE[N][N][N]) + 63) / 64 * 64;
  DATA_TYPE(*A)[N][N] = aligned_alloc(64, bytes);
  DATA_TYPE(*B)[N][N] = aligned_alloc(64, bytes);
  if (!A || !B) {
    fprintf(stderr, "heat3d: out of memory\n");
    return 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
      { /* PolyBench's (i + j + (n - k)) * 10 / n is linear, a fixed point
           of the stencil that no wrong schedule could change: this one is
           not */
        A[i][j][k] = (DATA_TYPE)((i * j + k * (i + 3)) % N) * 10 / N;
        B[i][j][k] = (DATA_TYPE)((i + j * k) % N) * 10 / N;
      }

  double t0 = now_ms();
  kernel_heat_3d(TSTEPS, N, A, B);
  double t1 = now_ms();
  fprintf(stderr, "heat3d: %.1f ms\n", t1 - t0);

  printf("fnv1a64(A) = %016" PRIx64 "\n",
         fnv1a64(A, sizeof(DATA_TYPE[N][N][N])));
  printf("fnv1a64(B) = %016" PRIx64 "\n",
         fnv1a64(B, sizeof(DATA_TYPE[N][N][N])));
  printf("A[1][1][1] = %a\n", A[1][1][1]);
  printf("A[%d][%d][%d] = %a\n", N / 2, N / 3, N / 4, A[N / 2][N / 3][N / 4]);
  printf("B[%d][%d][%d] = %a\n", N - 2, N - 2, N - 2, B[N - 2][N - 2][N - 2]);
  free(A);
  free(B);
  return 0;
}
