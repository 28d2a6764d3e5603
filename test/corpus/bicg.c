/* bicg.c — PolyBench/C 4.2.1-style bicg: the BiCG sub-kernel,
 * s := A^T * r and q := A * p in one nest.
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

static void kernel_bicg(int m, int n, DATA_TYPE A[N][M], DATA_TYPE s[M],
                        DATA_TYPE q[N], DATA_TYPE p[M], DATA_TYPE r[N]) {
  int i, j;

#pragma scop
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

static DATA_TYPE A[N][M], s[M], q[N], p[M], r[N];

int main(void) {
  uint64_t seed = 4242u;
  for (int i = 0; i < M; i++)
    p[i] = (DATA_TYPE)(i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE)(i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = lcg_next(&seed) - 0.25;
  }
  kernel_bicg(M, N, A, s, q, p, r);
  print_array("s", s, M);
  print_array("q", q, N);
  return 0;
}
