/* correlation.c — PolyBench/C 4.2.1-style correlation: the correlation
 * matrix of M variables over N observations (means, standard deviations
 * with sqrt and a ?: guard, normalization, triangular products).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define M 80
#define N 100
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
  printf("%s: %zu elements, fnv1a64 %016" PRIx64 "\n", name, count, h);
  size_t step = count > 64 ? count / 64 : 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %a\n", name, i, (double)p[i]);
  printf("%s[%zu] = %a\n", name, count - 1, (double)p[count - 1]);
}

static void kernel_correlation(int m, int n, DATA_TYPE float_n,
                               DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                               DATA_TYPE mean[M], DATA_TYPE stddev[M]) {
  int i, j, k;
  DATA_TYPE eps = 0.1;

#pragma scop
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    /* avoid dividing by a (near) zero deviation */
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }

  /* center and reduce the column vectors */
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }

  /* the correlation matrix, upper triangle mirrored */
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
#pragma endscop
}

static DATA_TYPE data[N][M], corr[M][M], mean[M], stddev[M];

int main(void) {
  uint64_t seed = 1234u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE)(i * j) / M + i + lcg_next(&seed);
  /* one constant column exercises the stddev <= eps branch */
  for (int i = 0; i < N; i++)
    data[i][3] = 2.5;
  kernel_correlation(M, N, (DATA_TYPE)N, data, corr, mean, stddev);
  print_array("corr", &corr[0][0], (size_t)M * M);
  print_array("mean", mean, M);
  print_array("stddev", stddev, M);
  return 0;
}
