/* ludcmp.c — PolyBench/C 4.2.1-style ludcmp: LU decomposition followed by
 * forward substitution and a backward substitution counting down, with
 * the running value kept in a scalar local w.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 120
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

static void kernel_ludcmp(int n, DATA_TYPE A[n][n], DATA_TYPE b[n],
                          DATA_TYPE x[n], DATA_TYPE y[n]) {
  int i, j, k;

  DATA_TYPE w;

#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w;
    }
  }

  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }

  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

int main(void) {
  uint64_t seed = 13u;
  DATA_TYPE(*A)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *b = malloc(N * sizeof(DATA_TYPE));
  DATA_TYPE *x = malloc(N * sizeof(DATA_TYPE));
  DATA_TYPE *y = malloc(N * sizeof(DATA_TYPE));
  if (!A || !b || !x || !y)
    return 1;
  DATA_TYPE fn = (DATA_TYPE)N;
  for (int i = 0; i < N; i++) {
    x[i] = 0;
    y[i] = 0;
    b[i] = (i + 1) / fn / 2.0 + 4;
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? fn : lcg_next(&seed) - 0.5;
  }
  kernel_ludcmp(N, A, b, x, y);
  print_array("x", x, N);
  print_array("y", y, N);
  print_array("A", &A[0][0], (size_t)N * N);
  free(A), free(b), free(x), free(y);
  return 0;
}
