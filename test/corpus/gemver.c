/* gemver.c — PolyBench/C 4.2.1-style gemver: a rank-2 update of A
 * followed by two matrix-vector products (one through A transposed).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 200
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

static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta,
                          DATA_TYPE A[N][N], DATA_TYPE u1[N], DATA_TYPE v1[N],
                          DATA_TYPE u2[N], DATA_TYPE v2[N], DATA_TYPE w[N],
                          DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE z[N]) {
  int i, j;

#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];

  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

static DATA_TYPE A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];

int main(void) {
  uint64_t seed = 6u;
  DATA_TYPE fn = N;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++)
      A[i][j] = lcg_next(&seed);
  }
  kernel_gemver(N, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
  print_array("A", &A[0][0], (size_t)N * N);
  print_array("x", x, N);
  print_array("w", w, N);
  return 0;
}
