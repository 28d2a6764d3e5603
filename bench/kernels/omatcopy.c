/* omatcopy.c — the transpose of samples/transpose.c (`B[j][i] = A[i][j]`,
 * A m x n, B n x m, row-major) as a library call, OpenBLAS's out-of-place
 * matrix copy with transposition (cblas_somatcopy, a BLAS extension of
 * OpenBLAS), for bench/bandwidth.sh: the library anchor of the transposes.
 * Link with -lopenblas; one thread (OPENBLAS_NUM_THREADS=1). */
#include <cblas.h>

void transpose(int m, int n, float A[m][n], float B[n][m]);

void transpose(int m, int n, float A[m][n], float B[n][m]) {
  cblas_somatcopy(CblasRowMajor, CblasTrans, m, n, 1.0f, &A[0][0], n,
                  &B[0][0], m);
}
