/* syrk (C = alpha A A^T + beta C, lower triangle) in the style of a
 * polyhedral benchmark suite. */
#include "realc.h"

#define M 30
#define N 34
#define DATA_TYPE double
#define _PB_M m
#define _PB_N n

static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[N][N], DATA_TYPE A[N][M]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_M; k++) {
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
#pragma endscop
}

static DATA_TYPE A[N][M], C[N][N];

int main(void) {
  int shapes[][2] = {{34, 30}, {13, 7}, {1, 3}, {5, 0}, {0, 4}};
  for (int s = 0; s < 5; s++) {
    int n = shapes[s][0], m = shapes[s][1];
    realc_filld(&A[0][0], N * M);
    realc_filld(&C[0][0], N * N);
    kernel_syrk(n, m, 1.5, 0.5, C, A);
    for (int i = 0; i < n; i++)
      realc_printd("C", C[i], i + 1);
  }
  return 0;
}
