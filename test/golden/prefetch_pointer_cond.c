/* A pointer parameter (no extent) whose only access in loop k is in the
 * vector loops' bodies, once in the masked remainder, a loop of at most
 * one iteration that may not run: its prefetch cannot take the access as
 * a later iteration runs it, so the subscript is clamped into the
 * elements the kernel touches, [lo, hi) as the run-time overlap checks
 * compute them (isl, from the source's accesses): max(lo, min(s, hi - 1))
 * (test/golden/prefetch_pointer: the access that runs in every
 * iteration, no clamp). */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
