/* doitgen.c — PolyBench/C 4.2.1-style doitgen: multi-resolution analysis
 * kernel, A[r][q][:] := A[r][q][:] * C4 on a 3-D array through a sum
 * buffer.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NR 25
#define NQ 20
#define NP 30
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

static void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[nr][nq][np],
                           DATA_TYPE C4[np][np], DATA_TYPE sum[np]) {
  int r, q, p, s;

#pragma scop
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

int main(void) {
  uint64_t seed = 8u;
  DATA_TYPE(*A)[NQ][NP] = malloc(sizeof(DATA_TYPE[NR][NQ][NP]));
  DATA_TYPE(*C4)[NP] = malloc(sizeof(DATA_TYPE[NP][NP]));
  DATA_TYPE *sum = malloc(NP * sizeof(DATA_TYPE));
  if (!A || !C4 || !sum)
    return 1;
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = (DATA_TYPE)((r * q + p) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = lcg_next(&seed) / NP;
  kernel_doitgen(NR, NQ, NP, A, C4, sum);
  print_array("A", &A[0][0][0], (size_t)NR * NQ * NP);
  print_array("sum", sum, NP);
  free(A), free(C4), free(sum);
  return 0;
}
