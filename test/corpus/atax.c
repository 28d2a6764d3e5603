/* atax.c — PolyBench/C 4.2.1-style atax: y := A^T * (A * x).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 190
#define N 210
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

static void kernel_atax(int m, int n, DATA_TYPE A[m][n], DATA_TYPE x[n],
                        DATA_TYPE y[n], DATA_TYPE tmp[m]) {
  int i, j;

#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

int main(void) {
  uint64_t seed = 77u;
  DATA_TYPE(*A)[N] = malloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE *x = malloc(N * sizeof(DATA_TYPE));
  DATA_TYPE *y = malloc(N * sizeof(DATA_TYPE));
  DATA_TYPE *tmp = malloc(M * sizeof(DATA_TYPE));
  if (!A || !x || !y || !tmp)
    return 1;
  DATA_TYPE fn = (DATA_TYPE)N;
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = lcg_next(&seed) / (5 * M);
  kernel_atax(M, N, A, x, y, tmp);
  print_array("y", y, N);
  print_array("tmp", tmp, M);
  free(A), free(x), free(y), free(tmp);
  return 0;
}
