/* loop.prefetch golden on pointer parameters (`T *x`, linearized
 * subscripts `A[i*lda + k]`): no extent is declared, so the iteration is
 * clamped instead of the address: B's access in the vector loop (step 16)
 * is taken at iteration j + 16 * min(4, floordiv(ub - 1 - j, 16)), the
 * 4th vector iteration ahead or the last one, an access the kernel makes
 * (test/golden/prefetch_pointer_cond: A, whose access in loop k is in
 * the masked remainder, a loop that may not run, is clamped into the
 * elements the kernel touches instead). */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
