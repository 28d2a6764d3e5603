/* atax, bicg and mvt in the style of a polyhedral benchmark suite:
 * matrix-vector products with A and its transpose. */
#include "realc.h"

#define M 38
#define N 42
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define _PB_M m
#define _PB_N n

static void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N],
                        DATA_TYPE y[N], DATA_TYPE tmp[M]) {
  int i, j;
#pragma scop
  for (i = 0; i < _PB_N; i++)
    y[i] = 0;
  for (i = 0; i < _PB_M; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < _PB_N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

static void kernel_bicg(int m, int n, DATA_TYPE A[N][M], DATA_TYPE s[M],
                        DATA_TYPE q[N], DATA_TYPE p[M], DATA_TYPE r[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < _PB_M; i++)
    s[i] = 0;
  for (i = 0; i < _PB_N; i++) {
    q[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

static void kernel_mvt(int n, DATA_TYPE x1[N], DATA_TYPE x2[N],
                       DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N]) {
  int i, j;
#pragma scop
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

static DATA_TYPE A[M][N], B[N][M], C[N][N], x[N], y[N], tmp[M], s[M], q[N],
    p[M], r[N], x1[N], x2[N], y1_[N], y2_[N];

int main(void) {
  int shapes[][2] = {{38, 42}, {17, 9}, {1, 1}, {0, 5}, {5, 0}};
  for (int k = 0; k < 5; k++) {
    int m = shapes[k][0], n = shapes[k][1];
    realc_filld(&A[0][0], M * N); realc_filld(&B[0][0], N * M);
    realc_filld(&C[0][0], N * N); realc_filld(x, N); realc_filld(p, M);
    realc_filld(r, N); realc_filld(x1, N); realc_filld(x2, N);
    realc_filld(y1_, N); realc_filld(y2_, N);
    kernel_atax(m, n, A, x, y, tmp);
    realc_printd("atax y", y, n);
    realc_printd("atax tmp", tmp, m);
    kernel_bicg(m, n, B, s, q, p, r);
    realc_printd("bicg s", s, m);
    realc_printd("bicg q", q, n);
    kernel_mvt(n, x1, x2, y1_, y2_, C);
    realc_printd("mvt x1", x1, n);
    realc_printd("mvt x2", x2, n);
  }
  return 0;
}
