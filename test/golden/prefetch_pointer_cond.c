/* A pointer parameter (no extent) whose only access in loop k is in the
 * vector loops' bodies, once in the masked remainder, a loop of at most
 * one iteration that may not run: its prefetch would take the address of
 * an access that might not happen (test/golden/prefetch_pointer: the
 * pointer prefetch that is accepted). */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
