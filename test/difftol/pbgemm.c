/* pbgemm.c — PolyBench's gemm, C := alpha*A*B + beta*C in double, with its
 * imperfect nest (the beta scaling of a row before the k loop) and sizes
 * that leave remainders everywhere (200 x 222 x 240, as samples/gemm.c),
 * printing every element of C: for the parametric micro-kernel applied to
 * a double nest the user splits and distributes himself. */
#include <stdio.h>

#define NI 200
#define NJ 222
#define NK 240

static double A[NI][NK], B[NK][NJ], C[NI][NJ];

#pragma schedcc kernel
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)(i * (k + 1) % NK) / NK;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)(k * (j + 2) % NJ) / NJ;
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      printf("%d %d %.17g\n", i, j, C[i][j]);
  return 0;
}
