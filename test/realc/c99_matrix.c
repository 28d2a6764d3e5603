/* Matrix loops in the C99 style of numerical code: pointer-to-VLA
 * parameters (float (*A)[m]) for an axpy of matrices and a row-scaled
 * matrix-vector product. */
#include <stddef.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void mat_axpy(int n, int m, float alpha, float (*A)[m], const float (*B)[m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      A[i][j] += alpha * B[i][j];
    }
  }
}

#pragma schedcc kernel
void gemv_rowscale(int n, int m, float *y, const float (*A)[m],
                   const float *x, const float *rs) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++) {
      s += A[i][j] * x[j];
    }
    y[i] = rs[i] * s;
  }
}

int main(void) {
  int shapes[][2] = {{9, 20}, {4, 33}, {1, 1}, {0, 5}, {3, 0}};
  for (int s = 0; s < 5; s++) {
    int n = shapes[s][0], m = shapes[s][1];
    int sz = n * m + 1;
    float *A = malloc(sizeof(float) * (size_t)sz);
    float *B = malloc(sizeof(float) * (size_t)sz);
    float *x = malloc(sizeof(float) * (size_t)(m + 1));
    float *y = malloc(sizeof(float) * (size_t)(n + 1));
    float *rs = malloc(sizeof(float) * (size_t)(n + 1));
    realc_fill(A, sz); realc_fill(B, sz); realc_fill(x, m + 1); realc_fill(rs, n + 1);
    mat_axpy(n, m, 0.5f, (float (*)[m])A, (const float (*)[m])B);
    realc_print("axpy", A, sz - 1);
    gemv_rowscale(n, m, y, (const float (*)[m])A, x, rs);
    realc_print("gemv", y, n);
    /* overlapping: the update read from the matrix itself, one row on */
    if (n > 1) {
      mat_axpy(n - 1, m, 0.25f, (float (*)[m])A, (const float (*)[m])(A + m));
      realc_print("axpy overlap", A, sz - 1);
    }
    free(A); free(B); free(x); free(y); free(rs);
  }
  return 0;
}
