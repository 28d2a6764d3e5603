/* bmm.c — batched matrix multiplication, the MLIR Transform dialect
 * paper's case study 4: one ResNet-50 layer expressed as a batch matmul,
 *
 *   C[b][i][j] += A[b][i][k] * B[b][k][j]
 *
 * with 6 batches of (196 x 2305) * (2305 x 256) in single precision.
 * The kernel is plain C marked by `#pragma schedcc kernel`; samples/bmm.sched
 * holds its schedule (the paper's Figure 9 without the library call):
 *
 *   schedcc samples/bmm.c -s samples/bmm.sched -o bmm.opt.c
 *
 * Compile with -DSCHEDCC_NO_MAIN to get the kernel alone.  The main below
 * fills A, B and C from a fixed-seed generator, times the kernel (stderr;
 * `--reps N`: the fastest of N calls, each from the same C) and prints a
 * checksum of C that changes with any bit of C (stdout), so the outputs
 * of the original and the optimized program can be compared with cmp
 * (`--values`: every element of C instead).
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

#pragma schedcc kernel
void bmm(float A[6][196][2305], float B[6][2305][256], float C[6][196][256]) {
  for (int b = 0; b < 6; b++)
    for (int i = 0; i < 196; i++)
      for (int j = 0; j < 256; j++)
        for (int k = 0; k < 2305; k++)
          C[b][i][j] += A[b][i][k] * B[b][k][j];
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
  int values = 0, reps = 1;
  for (int a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--values") == 0)
      values = 1;
    else if (strcmp(argv[a], "--reps") == 0 && a + 1 < argc &&
             atoi(argv[a + 1]) >= 1 && atoi(argv[a + 1]) <= 1000)
      reps = atoi(argv[++a]);
    else {
      fprintf(stderr, "usage: bmm [--values] [--reps N (1 to 1000)]\n");
      return 2;
    }
  }
  float(*A)[196][2305] = alloc64(sizeof(float[6][196][2305]));
  float(*B)[2305][256] = alloc64(sizeof(float[6][2305][256]));
  float(*C)[196][256] = alloc64(sizeof(float[6][196][256]));
  if (!A || !B || !C) {
    fprintf(stderr, "bmm: out of memory\n");
    return 1;
  }
  uint64_t seed = 42;
  for (size_t n = 0; n < 6 * 196 * 2305; n++)
    (&A[0][0][0])[n] = lcg_float(&seed);
  for (size_t n = 0; n < 6 * 2305 * 256; n++)
    (&B[0][0][0])[n] = lcg_float(&seed);
  for (size_t n = 0; n < 6 * 196 * 256; n++)
    (&C[0][0][0])[n] = lcg_float(&seed);

  /* --reps N: N calls, each from the same C (restored from a copy outside
   * the timed region), the fastest reported: other processes' time slices
   * only ever slow a call down.  C ends as one call leaves it. */
  float(*C0)[196][256] = reps > 1 ? alloc64(sizeof(float[6][196][256])) : NULL;
  if (reps > 1 && !C0) {
    fprintf(stderr, "bmm: out of memory\n");
    return 1;
  }
  if (C0)
    memcpy(C0, C, sizeof(float[6][196][256]));
  double best = 0;
  for (int r = 0; r < reps; r++) {
    if (r)
      memcpy(C, C0, sizeof(float[6][196][256]));
    double t0 = now_ms();
    bmm(A, B, C);
    double t1 = now_ms();
    if (r == 0 || t1 - t0 < best)
      best = t1 - t0;
  }
  free(C0);
  if (reps > 1)
    fprintf(stderr, "bmm: %.2f ms (the fastest of %d calls)\n", best, reps);
  else
    fprintf(stderr, "bmm: %.2f ms\n", best);

  if (values) {
    const float *c = (const float *)C;
    for (size_t n = 0; n < sizeof(float[6][196][256]) / sizeof(float); n++)
      printf("%.9g\n", (double)c[n]);
  } else {
    printf("fnv1a64(C) = %016" PRIx64 "\n",
           fnv1a64(C, sizeof(float[6][196][256])));
    printf("C[0][0][0] = %a\n", (double)C[0][0][0]);
    printf("C[5][195][255] = %a\n", (double)C[5][195][255]);
  }
  free(A);
  free(B);
  free(C);
  return 0;
}
#endif
