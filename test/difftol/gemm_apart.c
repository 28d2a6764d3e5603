/* darknet's gemm_nn as written: the scale ALPHA * A[i][k] held in a
 * register local between the k and j loops.  loop.to_library matches it
 * as C += ALPHA * A * B (the local is its value in the j loop) and calls
 * cblas_sgemm; the loops run when the run-time checks fail (ldc < N,
 * overlapping C and B). */
#include <stdio.h>

#pragma schedcc kernel
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

int main(void) {
  enum { M = 7, N = 9, K = 5 };
  float A[M * K + 8], B[K * N + 8], C[M * N + 16];
  for (int i = 0; i < M * K + 8; i++)
    A[i] = (float)(i % 5) * 0.25f;
  for (int i = 0; i < K * N + 8; i++)
    B[i] = (float)(i % 7) * 0.5f - 1.0f;
  for (int i = 0; i < M * N + 16; i++)
    C[i] = 0.0f;
  gemm_nn(M, N, K, 2.0f, A, K, B, N, C, N);
  gemm_nn(M, 4, K, 0.5f, A, K, B, N, C, N); /* a narrower product */
  gemm_nn(3, N, 2, 1.0f, A, K, C, N, C + 1, N); /* B overlaps C */
  for (int i = 0; i < M * N; i++)
    printf("%g\n", C[i]);
  return 0;
}
