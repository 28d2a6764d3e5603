/* matmul.c — single-precision matrix multiplication C += A * B on square
 * 500 x 500 matrices (500 is not a multiple of the tile sizes, so the
 * schedule in samples/matmul.sched produces partial tiles).
 *
 *   schedcc samples/matmul.c -s samples/matmul.sched -o matmul.opt.c
 *
 * Compile with -DSCHEDCC_NO_MAIN to get the kernel alone.  The main fills
 * A, B and C from a fixed-seed generator, times the kernel (stderr) and
 * prints a checksum of C that changes with any bit of C (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 500

#pragma schedcc kernel
void matmul(float A[N][N], float B[N][N], float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

#ifndef SCHEDCC_NO_MAIN
/* Uniform floats in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants); the top 24 bits make the float exact. */
static float lcg_float(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (float)(*state >> 40) * 0x1p-23f - 1.0f;
}

/* 64-byte aligned storage; aligned_alloc wants a multiple of the
 * alignment as size. */
static void *alloc64(size_t bytes) {
  return aligned_alloc(64, (bytes + 63) / 64 * 64);
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

int main(int argc, char **argv) {
  /* --values: every element of C as a decimal number (for comparisons
   * within a tolerance), instead of the bit-exact checksum. */
  int values = argc > 1 && strcmp(argv[1], "--values") == 0;
  float(*A)[N] = alloc64(sizeof(float[N][N]));
  float(*B)[N] = alloc64(sizeof(float[N][N]));
  float(*C)[N] = alloc64(sizeof(float[N][N]));
  if (!A || !B || !C) {
    fprintf(stderr, "matmul: out of memory\n");
    return 1;
  }
  uint64_t seed = 7;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = lcg_float(&seed);
      B[i][j] = lcg_float(&seed);
      C[i][j] = lcg_float(&seed);
    }

  double t0 = now_ms();
  matmul(A, B, C);
  double t1 = now_ms();
  fprintf(stderr, "matmul: %.1f ms\n", t1 - t0);

  if (values) {
    const float *c = (const float *)C;
    for (size_t n = 0; n < sizeof(float[N][N]) / sizeof(float); n++)
      printf("%.9g\n", (double)c[n]);
  } else {
    printf("fnv1a64(C) = %016" PRIx64 "\n", fnv1a64(C, sizeof(float[N][N])));
    printf("C[0][0] = %a\n", (double)C[0][0]);
    printf("C[%d][%d] = %a\n", N - 1, N - 1, (double)C[N - 1][N - 1]);
  }
  free(A);
  free(B);
  free(C);
  return 0;
}
#endif
