/* cholesky.c — test/corpus/cholesky.c printing every element as a number
 * (no bit hash): the vectorized dot products reassociate, so the
 * results are compared with a tolerance (test/difftol.sh). */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 120
#define DATA_TYPE double
#define SQRT_FUN(x) sqrt(x)

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
  (void)h; /* numbers only: compared with a tolerance */
  size_t step = 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %a\n", name, i, (double)p[i]);
  printf("%s[%zu] = %a\n", name, count - 1, (double)p[count - 1]);
}

static void kernel_cholesky(int n, DATA_TYPE A[N][N]) {
  int i, j, k;

#pragma scop
  for (i = 0; i < n; i++) {
    /* j < i */
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[j][k];
      }
      A[i][j] /= A[j][j];
    }
    /* i == j */
    for (k = 0; k < i; k++) {
      A[i][i] -= A[i][k] * A[i][k];
    }
    A[i][i] = SQRT_FUN(A[i][i]);
  }
#pragma endscop
}

static DATA_TYPE A[N][N];

int main(void) {
  uint64_t seed = 99u;
  /* symmetric and strictly diagonally dominant, hence positive definite */
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = A[j][i] = lcg_next(&seed);
    A[i][i] = N + 1.0;
  }
  kernel_cholesky(N, A);
  print_array("A", &A[0][0], (size_t)N * N);
  return 0;
}
