/* main.c — the sample project's driver (no kernels). */
#include <stdio.h>

#include "util.h"

static double A[N][N], B[N][N], C[N][N], S[N][N];

int main(void) {
  fill(N * N, &A[0][0], 0.5);
  fill(N * N, &B[0][0], -0.25);
  matmul(C, A, B);
  smooth(N, S, C);
  scale(N, &S[1][0], 0.5);
  printf("matmul %.17g\n", checksum(N * N, &C[0][0]));
  printf("smooth %.17g\n", checksum(N * N, &S[0][0]));
  return 0;
}
