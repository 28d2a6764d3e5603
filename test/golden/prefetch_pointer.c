/* loop.prefetch golden on pointer parameters (`T *x`, linearized
 * subscripts `A[i*lda + k]`): no extent is declared, so each prefetched
 * address is clamped into the elements the kernel touches, the range the
 * run-time overlap checks use ([min(0, (m - 1) * lda), p + max(0, (m - 1)
 * * lda)) for A).  B's access in the vector loop runs in every iteration:
 * max(lo, min(s, hi - 1)).  A's is reached through the masked remainder
 * (a loop of at most one iteration, which may not run): guarded by
 * hi > lo. */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
