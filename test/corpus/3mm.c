/* 3mm.c — PolyBench/C 4.2.1-style 3mm: G := (A*B)*(C*D), three matrix
 * products.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NI 50
#define NJ 55
#define NK 60
#define NL 65
#define NM 70
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

/* Variable-length array parameters. */
static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE E[ni][nj], DATA_TYPE A[ni][nk],
                       DATA_TYPE B[nk][nj], DATA_TYPE F[nj][nl],
                       DATA_TYPE C[nj][nm], DATA_TYPE D[nm][nl],
                       DATA_TYPE G[ni][nl]) {
  int i, j, k;

#pragma scop
  /* E := A*B */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  /* F := C*D */
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  /* G := E*F */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}

int main(void) {
  uint64_t seed = 3u;
  DATA_TYPE(*E)[NJ] = malloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE(*A)[NK] = malloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE(*B)[NJ] = malloc(sizeof(DATA_TYPE[NK][NJ]));
  DATA_TYPE(*F)[NL] = malloc(sizeof(DATA_TYPE[NJ][NL]));
  DATA_TYPE(*C)[NM] = malloc(sizeof(DATA_TYPE[NJ][NM]));
  DATA_TYPE(*D)[NL] = malloc(sizeof(DATA_TYPE[NM][NL]));
  DATA_TYPE(*G)[NL] = malloc(sizeof(DATA_TYPE[NI][NL]));
  if (!E || !A || !B || !F || !C || !D || !G)
    return 1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / (5 * NI);
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = lcg_next(&seed);
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NM; j++)
      C[i][j] = lcg_next(&seed) * 2.0 - 1.0;
  for (int i = 0; i < NM; i++)
    for (int j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % NK) / (5 * NK);
  kernel_3mm(NI, NJ, NK, NL, NM, E, A, B, F, C, D, G);
  print_array("E", &E[0][0], (size_t)NI * NJ);
  print_array("F", &F[0][0], (size_t)NJ * NL);
  print_array("G", &G[0][0], (size_t)NI * NL);
  free(E), free(A), free(B), free(F), free(C), free(D), free(G);
  return 0;
}
