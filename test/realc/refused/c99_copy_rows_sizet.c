// REFUSED (as of the current schedcc): c99_copy_rows_sizet.tile.sched:10:3: error: loop.tile of 'r', 'c' would reverse the output dependence S0[r, c] -> S0[r + 1, c'] (distance (1, *)); `dst[(unsigned long)r * dst_stride + c]` is not affine (product of 'r' and the parameter 'dst_stride'); declare the array as `float dst[][dst_stride]`; S0 is at c99_copy_rows_sizet.c:36:7
/* Matrix loops in the C99 style of numerical code: pointer-to-VLA
 * parameters (float (*A)[m]) for an axpy of matrices and a row-scaled
 * matrix-vector product, and 64-bit index arithmetic with size_t casts
 * (as code written for large tensors does) for a strided row copy. */
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

#pragma schedcc kernel
void copy_rows_strided(float *dst, const float *src, int rows, int cols,
                       int dst_stride, int src_stride) {
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      dst[(size_t)r * dst_stride + c] = src[(size_t)r * src_stride + c];
    }
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
    int dst_stride = m + 3;
    float *D = calloc((size_t)(n * dst_stride + 1), sizeof(float));
    copy_rows_strided(D, A, n, m, dst_stride, m);
    realc_print("copy", D, n * dst_stride);
    /* overlapping: rows shifted inside one buffer */
    copy_rows_strided(A + 1, A, n, m > 0 ? m - 1 : 0, m, m);
    realc_print("copy overlap", A, sz - 1);
    free(A); free(B); free(x); free(y); free(rs); free(D);
  }
  return 0;
}
