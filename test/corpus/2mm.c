/* 2mm.c — PolyBench/C 4.2.1-style 2mm: D := alpha*A*B*C + beta*D, as two
 * matrix products through tmp.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NI 60
#define NJ 70
#define NK 80
#define NL 90
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

/* Fixed-size array parameters. */
static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha,
                       DATA_TYPE beta, DATA_TYPE tmp[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL]) {
  int i, j, k;

#pragma scop
  /* D := alpha*A*B*C + beta*D */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}

static DATA_TYPE tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];

int main(void) {
  uint64_t seed = 20240101u;
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (DATA_TYPE)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = lcg_next(&seed);
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++)
      C[j][l] = lcg_next(&seed) - 0.5;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      D[i][l] = (DATA_TYPE)(i * (l + 2) % NK) / NK;
  kernel_2mm(NI, NJ, NK, NL, alpha, beta, tmp, A, B, C, D);
  print_array("tmp", &tmp[0][0], (size_t)NI * NJ);
  print_array("D", &D[0][0], (size_t)NI * NL);
  return 0;
}
