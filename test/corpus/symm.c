/* symm.c — PolyBench/C 4.2.1-style symm: C := alpha*A*B + beta*C with A
 * symmetric and only its lower triangle read; a scalar temp2 accumulates
 * across the triangular k loop.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 80
#define N 100
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

static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[M][N], DATA_TYPE A[M][M],
                        DATA_TYPE B[M][N]) {
  int i, j, k;
  DATA_TYPE temp2;

#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
#pragma endscop
}

static DATA_TYPE C[M][N], A[M][M], B[M][N];

int main(void) {
  uint64_t seed = 16u;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / M;
      B[i][j] = lcg_next(&seed);
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 100) / M;
    for (int j = i + 1; j < M; j++)
      A[i][j] = -999; /* never read */
  }
  kernel_symm(M, N, 1.5, 1.2, C, A, B);
  print_array("C", &C[0][0], (size_t)M * N);
  return 0;
}
