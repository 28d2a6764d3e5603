/* gemm.c — PolyBench's gemm, C := alpha*A*B + beta*C, in double precision.
 * The nest is imperfect, as in PolyBench:
 *
 *   for i { for j: C[i][j] *= beta;  for k { for j: C[i][j] += ... } }
 *
 *   schedcc samples/gemm.c -s samples/gemm.sched -o gemm.opt.c
 *
 * The main fills A, B and C from a fixed-seed generator, times the kernel
 * (stderr) and prints a checksum of C (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NI 200
#define NJ 222 /* not a multiple of 4 or 64: remainders everywhere */
#define NK 240
#define DATA_TYPE double

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK],
                        DATA_TYPE B[NK][NJ]) {
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

/* Uniform doubles in [0, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants), top 53 bits. */
static double lcg_double(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (double)(*state >> 11) * 0x1p-53;
}

/* FNV-1a, 64 bits, over n bytes. */
static uint64_t fnv1a64(const void *p, size_t n) {
  const unsigned char *bytes = p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < n; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  return h;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
  DATA_TYPE(*C)[NJ] = malloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE(*A)[NK] = malloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE(*B)[NJ] = malloc(sizeof(DATA_TYPE[NK][NJ]));
  if (!A || !B || !C) {
    fprintf(stderr, "gemm: out of memory\n");
    return 1;
  }
  uint64_t seed = 1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = lcg_double(&seed);
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = lcg_double(&seed) - 0.5;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = lcg_double(&seed) - 0.5;

  double t0 = now_ms();
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  double t1 = now_ms();
  fprintf(stderr, "gemm: %.1f ms\n", t1 - t0);

  printf("fnv1a64(C) = %016" PRIx64 "\n",
         fnv1a64(C, sizeof(DATA_TYPE[NI][NJ])));
  printf("C[0][0] = %a\n", C[0][0]);
  printf("C[%d][%d] = %a\n", NI / 2, NJ / 3, C[NI / 2][NJ / 3]);
  printf("C[%d][%d] = %a\n", NI - 1, NJ - 1, C[NI - 1][NJ - 1]);
  free(A);
  free(B);
  free(C);
  return 0;
}
