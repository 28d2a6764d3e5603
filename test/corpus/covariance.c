/* covariance.c — PolyBench/C 4.2.1-style covariance: the covariance
 * matrix of M variables over N observations (triangular j >= i loop).
 * Written for the schedcc test corpus. */

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

static void kernel_covariance(int m, int n, DATA_TYPE float_n,
                              DATA_TYPE data[n][m], DATA_TYPE cov[m][m],
                              DATA_TYPE mean[m]) {
  int i, j, k;

#pragma scop
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];

  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}

int main(void) {
  uint64_t seed = 555u;
  DATA_TYPE(*data)[M] = malloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE(*cov)[M] = malloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = malloc(M * sizeof(DATA_TYPE));
  if (!data || !cov || !mean)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = ((DATA_TYPE)i * j) / M + lcg_next(&seed);
  kernel_covariance(M, N, (DATA_TYPE)N, data, cov, mean);
  print_array("cov", &cov[0][0], (size_t)M * M);
  print_array("mean", mean, M);
  free(data), free(cov), free(mean);
  return 0;
}
