#include <math.h>
#define N 64
#define M 32
#define DATA_TYPE double
#define SCALAR_VAL(x) x

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha,
                        DATA_TYPE beta, DATA_TYPE C[N][M],
                        DATA_TYPE A[N][M], DATA_TYPE B[M][M]) {
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

DATA_TYPE G[N];

void two_scops(int n, DATA_TYPE x[N]) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = SCALAR_VAL(0.0);
#pragma endscop
  x[0] = 1.0;
#pragma scop
  for (i = n - 1; i >= 0; i--)
    G[i] = x[i] * 0.5f + 1e-3;
#pragma endscop
}
