/* Golden: every kind of kernel and the statement forms the frontend
 * raises, re-emitted without a schedule. */
#include <math.h>

#define N 64

#pragma schedcc kernel
void scale(int n, float A[n][N], float s) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] * s + 0.5f;
}

void tri(int n, double L[n][n], double x[n], const double b[n]) {
  int i, j;
  double t;
#pragma scop
  for (i = n - 1; i >= 0; i--) {
    t = b[i];
    for (j = i + 1; j < n; j++)
      t -= L[i][j] * x[j];
    x[i] = t / L[i][i];
  }
#pragma endscop
#pragma scop
  for (i = 0; i < n; i += 2)
    x[i] = x[i] > 0.0 ? sqrt(x[i]) : -x[i];
#pragma endscop
}

void mixed(int n, int m, double *p, int lda) {
  double a, c;
#pragma schedcc kernel
#pragma schedcc label(rows)
  for (int i = 0; i <= n; ++i) {
    a = c = 1.0;
    for (int k = 0; k < m; k++) {
      if (k > 0 && i < n)
        p[i * lda + k] += a * (double)k;
      else
        p[i * lda + k] = c - (a - 2.0);
    }
  }
}
