/* gemm_mnk.c — a matrix product with its three sizes as parameters and
 * pointers with leading dimensions, as BLAS-like C code writes it, for
 * bench/matmul_shapes.sh (the schedule: include @matmul(%root)). */
#pragma schedcc kernel
void gemm_mnk(int M, int N, int K, const float *A, int lda, const float *B,
              int ldb, float *C, int ldc) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
