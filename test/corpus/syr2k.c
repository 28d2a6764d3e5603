/* syr2k.c — PolyBench/C 4.2.1-style syr2k: symmetric rank-2k update of the
 * lower triangle, C := alpha*A*B^T + alpha*B*A^T + beta*C (j <= i bounds).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 70
#define N 90
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

static void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                         DATA_TYPE C[n][n], DATA_TYPE A[n][m],
                         DATA_TYPE B[n][m]) {
  int i, j, k;

#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++) {
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
      }
  }
#pragma endscop
}

int main(void) {
  uint64_t seed = 18u;
  DATA_TYPE(*C)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE(*A)[M] = malloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE(*B)[M] = malloc(sizeof(DATA_TYPE[N][M]));
  if (!C || !A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = lcg_next(&seed);
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE)((i * j + 3) % N) / M;
  kernel_syr2k(N, M, 1.5, 1.2, C, A, B);
  print_array("C", &C[0][0], (size_t)N * N);
  free(C), free(A), free(B);
  return 0;
}
