/* gemm.c — PolyBench/C 4.2.1-style gemm: C := alpha*A*B + beta*C, an
 * imperfect nest (the beta scaling sits between the i and k loops).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NI 100
#define NJ 110
#define NK 120
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

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[ni][nj], DATA_TYPE A[ni][nk],
                        DATA_TYPE B[nk][nj]) {
  int i, j, k;

#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++) {
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma endscop
}

int main(void) {
  uint64_t seed = 2021u;
  DATA_TYPE(*C)[NJ] = malloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE(*A)[NK] = malloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE(*B)[NJ] = malloc(sizeof(DATA_TYPE[NK][NJ]));
  if (!C || !A || !B)
    return 1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = lcg_next(&seed);
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = lcg_next(&seed) - 0.5;
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  print_array("C", &C[0][0], (size_t)NI * NJ);
  free(C), free(A), free(B);
  return 0;
}
