#include <stdint.h>
/* loop.pack golden on a pointer parameter with linearized subscripts
 * (`const float *B` read as B[k*ldb + j]): packed through its
 * delinearized view, rows of ldb.  The buffer is B_p[32][64] as for a
 * declared B[p][n]; the copy reads B at (k_t + t0) * ldb + j_t + t1 and
 * each copy loop is clamped by the loops' own bounds (min(k_t + 32, p),
 * min(j_t + 64, n)), since B declares no extent. */
void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  if ((m <= 0 || n <= 0 || p <= 0 || ldc >= n) && ((uintptr_t)A + (uintptr_t)(p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)A + (uintptr_t)((0 < (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float)) && ((uintptr_t)B + (uintptr_t)(n + (0 > (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)B + (uintptr_t)((0 < (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float))) {
    _Alignas(64) float B_p[32][64];
    for (long long k_t = 0; k_t < p; k_t += 32) {
      for (long long j_t = 0; j_t < n; j_t += 64) {
        long long B_p0_hi = (k_t + 32LL < p ? k_t + 32LL : p) - k_t;
        for (int B_p0 = 0; B_p0 < (32 < B_p0_hi ? 32 : B_p0_hi); B_p0++) {
          long long B_p1_hi = (j_t + 64LL < n ? j_t + 64LL : n) - j_t;
          for (int B_p1 = 0; B_p1 < (64 < B_p1_hi ? 64 : B_p1_hi); B_p1++) {
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
