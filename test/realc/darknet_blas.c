/* The level-1 helpers of a C neural-network framework, BLAS style with
 * element strides: fill, copy, axpy, scale, element-wise multiply and a
 * strided softmax with a temperature over groups. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void fill_cpu(int N, float ALPHA, float *X, int INCX) {
  int i;
  for (i = 0; i < N; ++i) X[i * INCX] = ALPHA;
}

#pragma schedcc kernel
void copy_cpu(int N, float *X, int INCX, float *Y, int INCY) {
  int i;
  for (i = 0; i < N; ++i) Y[i * INCY] = X[i * INCX];
}

#pragma schedcc kernel
void axpy_cpu(int N, float ALPHA, float *X, int INCX, float *Y, int INCY) {
  int i;
  for (i = 0; i < N; ++i) Y[i * INCY] += ALPHA * X[i * INCX];
}

#pragma schedcc kernel
void scal_cpu(int N, float ALPHA, float *X, int INCX) {
  int i;
  for (i = 0; i < N; ++i) X[i * INCX] *= ALPHA;
}

#pragma schedcc kernel
void mul_cpu(int N, float *X, int INCX, float *Y, int INCY) {
  int i;
  for (i = 0; i < N; ++i) Y[i * INCY] *= X[i * INCX];
}

#pragma schedcc kernel
void softmax_strided(float *input, int n, float temp, int stride, float *output) {
  int i;
  float sum = 0;
  float largest = -1e30f;
  for (i = 0; i < n; ++i) {
    if (input[i * stride] > largest) largest = input[i * stride];
  }
  for (i = 0; i < n; ++i) {
    float e = expf(input[i * stride] / temp - largest / temp);
    sum += e;
    output[i * stride] = e;
  }
  for (i = 0; i < n; ++i) {
    output[i * stride] /= sum;
  }
}

int main(void) {
  enum { SZ = 200 };
  float X[SZ], Y[SZ];
  int cases[][3] = {{40, 1, 1}, {17, 2, 3}, {9, 3, 1}, {1, 5, 5}, {0, 1, 1}};
  for (int c = 0; c < 5; c++) {
    int N = cases[c][0], incx = cases[c][1], incy = cases[c][2];
    realc_fill(X, SZ); realc_fill(Y, SZ);
    axpy_cpu(N, 0.5f, X, incx, Y, incy);
    realc_print("axpy", Y, SZ);
    mul_cpu(N, X, incx, Y, incy);
    realc_print("mul", Y, SZ);
    scal_cpu(N, 0.25f, Y, incy);
    copy_cpu(N, Y, incy, X, incx);
    realc_print("copy", X, SZ);
    /* overlapping: x and y interleaved in one buffer */
    axpy_cpu(N, 2.0f, X, 2, X + 1, 2);
    realc_print("axpy interleaved", X, SZ);
    copy_cpu(N, X, incx, X + 1, incx); /* shifted by one element */
    realc_print("copy shifted", X, SZ);
    fill_cpu(N, 0.75f, Y, incy);
    realc_print("fill", Y, SZ);
    softmax_strided(X, N, 2.0f, incx, Y);
    realc_print("softmax", Y, SZ);
  }
  return 0;
}
