/* LU decomposition without pivoting in the style of a polyhedral
 * benchmark suite: fixed-size arrays, a problem size n <= N, the kernel
 * between scop pragmas, double precision. */
#include <math.h>
#include "realc.h"

#define N 40
#define DATA_TYPE double
#define _PB_N n
#define POLYBENCH_2D(var, d1, d2, ds1, ds2) var[d1][d2]

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n)) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (i == j) ? (DATA_TYPE)(n + 2) : (DATA_TYPE)realc_next() / 2;
}

static void kernel_lu(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n)) {
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
      A[i][j] /= A[j][j];
    }
    for (j = i; j < _PB_N; j++) {
      for (k = 0; k < i; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
    }
  }
#pragma endscop
}

static DATA_TYPE A[N][N];

int main(void) {
  int sizes[] = {40, 17, 1, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    init_array(n, A);
    kernel_lu(n, A);
    for (int i = 0; i < n; i++)
      realc_printd("A", A[i], n);
  }
  return 0;
}
