/* loop.pack {prefetch = 8} golden on a pointer parameter with linearized
 * subscripts (`const float *B` read as B[k*ldb + j], rows of ldb): each
 * row B_p0 of the copy first prefetches, one per 64-byte line (16 floats),
 * the columns of row min(B_p0 + 8, last row) of the tile, in a loop over
 * the copy's own column range, so every prefetched address is one the copy
 * reads. */
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *restrict C) {
  if (m <= 0 || n <= 0 || p <= 0 || ldc >= n) {
    _Alignas(64) float B_p[32][64];
    for (long long k_t = 0; k_t < p; k_t += 32) {
      for (long long j_t = 0; j_t < n; j_t += 64) {
        long long B_p0_hi = (k_t + 32LL < p ? k_t + 32LL : p) - k_t;
        for (int B_p0 = 0; B_p0 < (32 < B_p0_hi ? 32 : B_p0_hi); B_p0++) {
          long long B_pf_hi = (j_t + 64LL < n ? j_t + 64LL : n) - j_t;
          for (int B_pf = 0; B_pf < (64 < B_pf_hi ? 64 : B_pf_hi); B_pf += 16) {
            __builtin_prefetch(&B[j_t + B_pf + (k_t + (B_p0 + 8 < (32 < (k_t + 32LL < p ? k_t + 32LL : p) - k_t ? 32 : (k_t + 32LL < p ? k_t + 32LL : p) - k_t) - 1LL ? B_p0 + 8 : (32 < (k_t + 32LL < p ? k_t + 32LL : p) - k_t ? 32 : (k_t + 32LL < p ? k_t + 32LL : p) - k_t) - 1LL)) * ldb], 0, 3);
          }
          for (int B_p1 = 0; B_p1 < (64 < B_pf_hi ? 64 : B_pf_hi); B_p1++) {
            B_p[B_p0][B_p1] = B[j_t + B_p1 + (k_t + B_p0) * ldb];
          }
        }
        for (long long i_t = 0; i_t < m; i_t += 8) {
          for (int i = i_t; i < (i_t + 8LL < m ? i_t + 8LL : m); i++) {
            for (int k = k_t; k < (k_t + 32LL < p ? k_t + 32LL : p); k++) {
              for (int j = j_t; j < (j_t + 64LL < n ? j_t + 64LL : n); j++) {
                C[i * ldc + j] += A[i * lda + k] * B_p[k - k_t][j - j_t];
              }
            }
          }
        }
      }
    }
  } else {
    for (int i = 0; i < m; i++) {
      for (int k = 0; k < p; k++) {
        for (int j = 0; j < n; j++) {
          C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
        }
      }
    }
  }
}
