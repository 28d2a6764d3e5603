/* rowsum.c — RowRed2D of the MLIR seed paper's bandwidth benchmarks
 * (Vasilache et al., "Composable and Modular Code Generation in MLIR",
 * 2022): the sum of each row of an m x n single-precision matrix,
 *
 *   s[i] += A[i][j]
 *
 * The kernel's name and signature are a contract (bench/bandwidth.sh and
 * other programs call it).  samples/rowsum.fast.sched vectorizes j with
 * AVX-512 accumulators and versions the rows on the size of A and the row
 * length: in L1, and for rows shorter than 256 floats, 16 rows at a time
 * (one accumulator each, the 16 sums ending in one transposed reduction);
 * longer rows one at a time with four interleaved accumulators (eight for
 * the rows left over in L1, on AMD cores four of them added through fused
 * multiply-adds by 1), long misaligned rows peeled for alignment (see the
 * schedule): the sums are reassociated, so the outputs match the
 * original's within the schedule's stated tolerance, not bit for bit.
 *
 * Compile with -DSCHEDCC_NO_MAIN to get the kernel alone.  The main below
 * fills A from a fixed-seed generator, s with zeros, times the kernel
 * (stderr) and prints a checksum of s (stdout).  Arguments: [--values]
 * [m n] (default 500 x 530); --values prints every element of s instead.
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
void rowsum(int m, int n, float A[m][n], float s[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
}

#ifndef SCHEDCC_NO_MAIN
/* Uniform floats in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants); the top 24 bits make the float exact. */
static float lcg_float(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (float)(*state >> 40) * 0x1p-23f - 1.0f;
}

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
  int a = 1, values = 0;
  if (a < argc && strcmp(argv[a], "--values") == 0)
    values = 1, a++;
  int m = a + 1 < argc ? atoi(argv[a]) : 500;
  int n = a + 1 < argc ? atoi(argv[a + 1]) : 530;
  if (m < 1 || n < 1) {
    fprintf(stderr, "usage: rowsum [--values] [m n]\n");
    return 2;
  }
  size_t count = (size_t)m * (size_t)n;
  float *A = alloc64(count * sizeof(float));
  float *s = alloc64((size_t)m * sizeof(float));
  if (!A || !s) {
    fprintf(stderr, "rowsum: out of memory\n");
    return 1;
  }
  uint64_t seed = 42;
  for (size_t k = 0; k < count; k++)
    A[k] = lcg_float(&seed);
  memset(s, 0, (size_t)m * sizeof(float));

  double t0 = now_ms();
  rowsum(m, n, (float(*)[n])A, s);
  double t1 = now_ms();
  fprintf(stderr, "rowsum: %.3f ms\n", t1 - t0);

  if (values) {
    for (int i = 0; i < m; i++)
      printf("%.9g\n", (double)s[i]);
  } else {
    printf("fnv1a64(s) = %016" PRIx64 "\n",
           fnv1a64(s, (size_t)m * sizeof(float)));
    printf("s[0] = %a\n", (double)s[0]);
    printf("s[m-1] = %a\n", (double)s[m - 1]);
  }
  free(A);
  free(s);
  return 0;
}
#endif
