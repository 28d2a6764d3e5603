/* Transforms applied after loop.parallel that keep the mark valid: the
 * parallel loop fused with a loop whose nest uses j, declared before the
 * kernel (j must become private in the fused parallel loop), then the
 * j loop tiled inside it. */
#include <stdio.h>

#define N 300

static double A[N], B[N][N], x[N];

static void kern(int n, double A[N], double B[N][N], double x[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = x[i] * 2.0 + 1.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = B[i][j] * 0.5 + A[i] * x[j];
#pragma endscop
}

int main(void) {
  for (int k = 0; k < N; k++) {
    x[k] = (double)((k * 7) % 101) / 17.0;
    for (int l = 0; l < N; l++)
      B[k][l] = (double)((k + 3 * l) % 13) * 0.25;
  }
  kern(N, A, B, x);
  for (int k = 0; k < N; k++) {
    double s = 0.0;
    for (int l = 0; l < N; l++)
      s += B[k][l] * (l + 1);
    printf("%.17g %.17g\n", A[k], s);
  }
  return 0;
}
