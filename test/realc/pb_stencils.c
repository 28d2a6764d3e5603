/* jacobi-2d and seidel-2d in the style of a polyhedral benchmark suite:
 * time-stepped 5-point and 9-point stencils on fixed-size arrays. */
#include "realc.h"

#define N 30
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define _PB_N n
#define _PB_TSTEPS tsteps

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
#pragma endscop
}

static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[N][N]) {
  int t, i, j;
#pragma scop
  for (t = 0; t <= _PB_TSTEPS - 1; t++)
    for (i = 1; i <= _PB_N - 2; i++)
      for (j = 1; j <= _PB_N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

static DATA_TYPE A[N][N], B[N][N];

int main(void) {
  int shapes[][2] = {{6, 30}, {3, 11}, {1, 3}, {0, 8}, {2, 2}};
  for (int s = 0; s < 5; s++) {
    int tsteps = shapes[s][0], n = shapes[s][1];
    realc_filld(&A[0][0], N * N);
    realc_filld(&B[0][0], N * N);
    kernel_jacobi_2d(tsteps, n, A, B);
    for (int i = 0; i < n; i++)
      realc_printd("jacobi", A[i], n);
    kernel_seidel_2d(tsteps, n, A);
    for (int i = 0; i < n; i++)
      realc_printd("seidel", A[i], n);
  }
  return 0;
}
