// REFUSED (as of the current schedcc): spmv_csr.c:7:18: error: unsupported in a kernel: non-affine loop bound
#include <math.h>
#pragma schedcc kernel
void spmv_csr(float *y, const float *val, const int *col, const int *rowptr, const float *x, int nrows) {
  for (int i = 0; i < nrows; i++) {
    float sum = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) {
      sum += val[k] * x[col[k]];
    }
    y[i] = sum;
  }
}
