/* loop.pack {prefetch = 8} golden on a pointer parameter with linearized
 * subscripts (`const float *B` read as B[k*ldb + j], rows of ldb): each
 * row B_p0 of the copy first prefetches, one per 64-byte line (16 floats),
 * the columns of row min(B_p0 + 8, last row) of the tile, in a loop over
 * the copy's own column range, so every prefetched address is one the copy
 * reads. */
#pragma schedcc kernel
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *restrict C) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < n; j++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}
