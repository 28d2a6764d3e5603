/* syrk.c — PolyBench/C 4.2.1-style syrk: symmetric rank-k update of the
 * lower triangle, C := alpha*A*A^T + beta*C, in single precision.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 80
#define N 100
#define DATA_TYPE float

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

static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[N][N], DATA_TYPE A[N][M]) {
  int i, j, k;

#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++) {
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
#pragma endscop
}

static DATA_TYPE C[N][N], A[N][M];

int main(void) {
  uint64_t seed = 19u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE)lcg_next(&seed);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % M) / M;
  kernel_syrk(N, M, 1.5f, 1.2f, C, A);
  print_array("C", &C[0][0], (size_t)N * N);
  return 0;
}
