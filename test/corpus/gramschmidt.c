/* gramschmidt.c — PolyBench/C 4.2.1-style gramschmidt: QR decomposition
 * by modified Gram-Schmidt (sqrt of a scalar accumulated in a local,
 * loops starting at k + 1).  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 70
#define N 60
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

static void kernel_gramschmidt(int m, int n, DATA_TYPE A[M][N],
                               DATA_TYPE R[N][N], DATA_TYPE Q[M][N]) {
  int i, j, k;

  DATA_TYPE nrm;

#pragma scop
  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}

static DATA_TYPE A[M][N], R[N][N], Q[M][N];

int main(void) {
  uint64_t seed = 17u;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (((DATA_TYPE)((i * j) % M) / M) * 100) + 10 + lcg_next(&seed);
  kernel_gramschmidt(M, N, A, R, Q);
  print_array("A", &A[0][0], (size_t)M * N);
  print_array("R", &R[0][0], (size_t)N * N);
  print_array("Q", &Q[0][0], (size_t)M * N);
  return 0;
}
