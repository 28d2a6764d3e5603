/* Cholesky decomposition in the style of a polyhedral benchmark suite
 * (lower triangle in place, double, scop pragmas). */
#include <math.h>
#include "realc.h"

#define N 36
#define DATA_TYPE double
#define SQRT_FUN(x) sqrt(x)
#define _PB_N n

static void kernel_cholesky(int n, DATA_TYPE A[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[j][k];
      }
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++) {
      A[i][i] -= A[i][k] * A[i][k];
    }
    A[i][i] = SQRT_FUN(A[i][i]);
  }
#pragma endscop
}

static DATA_TYPE A[N][N];

int main(void) {
  int sizes[] = {36, 21, 2, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    /* symmetric and diagonally dominant */
    for (int i = 0; i < n; i++)
      for (int j = 0; j <= i; j++)
        A[i][j] = A[j][i] = (i == j) ? (DATA_TYPE)(2 * n + 4) : (DATA_TYPE)realc_next() / 4;
    kernel_cholesky(n, A);
    for (int i = 0; i < n; i++)
      realc_printd("L", A[i], i + 1);
  }
  return 0;
}
