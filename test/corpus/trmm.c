/* trmm.c — PolyBench/C 4.2.1-style trmm: triangular matrix product
 * B := alpha*A^T*B with A unit lower triangular, in single precision
 * (k runs from i + 1).  Written for the schedcc test corpus. */

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

static void kernel_trmm(int m, int n, DATA_TYPE alpha, DATA_TYPE A[m][m],
                        DATA_TYPE B[m][n]) {
  int i, j, k;

#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#pragma endscop
}

int main(void) {
  uint64_t seed = 21u;
  DATA_TYPE(*A)[M] = malloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE(*B)[N] = malloc(sizeof(DATA_TYPE[M][N]));
  if (!A || !B)
    return 1;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % M) / M;
    A[i][i] = 1.0f;
    for (int j = i + 1; j < M; j++)
      A[i][j] = 0.0f;
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE)lcg_next(&seed);
  }
  kernel_trmm(M, N, 1.5f, A, B);
  print_array("B", &B[0][0], (size_t)M * N);
  free(A), free(B);
  return 0;
}
