/* loop.pack golden on a pointer parameter with linearized subscripts
 * (`const float *B` read as B[k*ldb + j]): packed through its
 * delinearized view, rows of ldb.  The buffer is B_p[32][64] as for a
 * declared B[p][n]; the copy reads B at (k_t + t0) * ldb + j_t + t1 and
 * each copy loop is clamped by the loops' own bounds (min(k_t + 32, p),
 * min(j_t + 64, n)), since B declares no extent. */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
