/* mvt.c — PolyBench/C 4.2.1-style mvt: x1 := x1 + A*y_1 and
 * x2 := x2 + A^T*y_2, two independent nests.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 250
#define DATA_TYPE double

/* Deterministic pseudo-random numbers in [0, 1): a 64-bit linear
 * congruential generator (Knuth's MMIX constants), top 53 bits. */
static double lcg_next(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (double)(*state >> 11) * 0x1p-53;
}

/* Prints an array bit-exactly: the FNV-1a 64-bit hash of its bytes (any
 * 1-ulp difference changes it), then about 64 elements in %a (exact hex
 * floating point) to help locate a difference. */
static void print_array(const char *name, const DATA_TYPE *p, size_t count) {
  const unsigned char *bytes = (const unsigned char *)p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < count * sizeof *p; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  printf("%s: %zu elements, fnv1a64 %016" PRIx64 "\n", name, count, h);
  size_t step = count > 64 ? count / 64 : 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %a\n", name, i, (double)p[i]);
  printf("%s[%zu] = %a\n", name, count - 1, (double)p[count - 1]);
}

static void kernel_mvt(int n, DATA_TYPE x1[N], DATA_TYPE x2[N],
                       DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N]) {
  int i, j;

#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

static DATA_TYPE x1[N], x2[N], y_1[N], y_2[N], A[N][N];

int main(void) {
  uint64_t seed = 14u;
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE)(i % N) / N;
    x2[i] = (DATA_TYPE)((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE)((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE)((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = lcg_next(&seed);
  }
  kernel_mvt(N, x1, x2, y_1, y_2, A);
  print_array("x1", x1, N);
  print_array("x2", x2, N);
  return 0;
}
