/* gemver in the style of a polyhedral benchmark suite: a rank-2 update of
 * A, then x = beta A^T y + z and w = alpha A x. */
#include "realc.h"

#define N 40
#define DATA_TYPE double
#define _PB_N n

static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta,
                          DATA_TYPE A[N][N], DATA_TYPE u1[N], DATA_TYPE v1[N],
                          DATA_TYPE u2[N], DATA_TYPE v2[N], DATA_TYPE w[N],
                          DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE z[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < _PB_N; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

static DATA_TYPE A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];

int main(void) {
  int sizes[] = {40, 19, 1, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    realc_filld(&A[0][0], N * N);
    realc_filld(u1, N); realc_filld(v1, N); realc_filld(u2, N); realc_filld(v2, N);
    realc_filld(w, N); realc_filld(x, N); realc_filld(y, N); realc_filld(z, N);
    kernel_gemver(n, 1.5, 0.5, A, u1, v1, u2, v2, w, x, y, z);
    for (int i = 0; i < n; i++)
      realc_printd("A", A[i], n);
    realc_printd("x", x, n);
    realc_printd("w", w, n);
  }
  return 0;
}
