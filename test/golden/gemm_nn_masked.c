/* darknet's gemm_nn (a `register` scalar declared in the k loop) through
 * the masked micro-kernel (gemm_nn_masked.sched): each block declares the
 * broadcast of A_PART once ('A_PART_v' and a renamed copy where the vector
 * loop and its masked remainder share one body). */
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
