#include <immintrin.h>
#include <stdint.h>
/* loop.prefetch golden on pointer parameters (`T *x`, linearized
 * subscripts `A[i*lda + k]`): no extent is declared, so the iteration is
 * clamped instead of the address: B's access in the vector loop (step 16)
 * is taken at iteration j + 16 * min(4, floordiv(ub - 1 - j, 16)), the
 * 4th vector iteration ahead or the last one, an access the kernel makes
 * (test/golden/prefetch_pointer_cond: A, whose access in loop k is in
 * the masked remainder, a loop that may not run, is clamped into the
 * elements the kernel touches instead). */
__attribute__((target("avx512f,avx2,fma"))) void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  if ((m <= 0 || n <= 0 || p <= 0 || ldc >= n) && ((uintptr_t)A + (uintptr_t)(p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)A + (uintptr_t)((0 < (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float)) && ((uintptr_t)B + (uintptr_t)(n + (0 > (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)B + (uintptr_t)((0 < (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float))) {
    for (int i = 0; i < m; i++) {
      for (int k = 0; k < p; k++) {
        int j_hi = 16 * (n < 0 ? (n - 15) / 16 : n / 16);
        for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 16) {
          __builtin_prefetch(&B[(int)((long long)j + (long long)k * (long long)ldb + 16 * (4 < ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1 < 0 ? ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1 - 15) / 16 : ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1) / 16) ? 4 : ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1 < 0 ? ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1 - 15) / 16 : ((0 > 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16) ? 0 : 16 * ((long long)n < 0 ? ((long long)n - 15) / 16 : (long long)n / 16)) - (long long)j - 1) / 16)))], 0, 3);
          _mm512_storeu_ps(&C[i * ldc + j], _mm512_add_ps(_mm512_loadu_ps(&C[i * ldc + j]), _mm512_mul_ps(_mm512_set1_ps(A[i * lda + k]), _mm512_loadu_ps(&B[k * ldb + j]))));
        }
        for (long long j_r = (0 > j_hi ? 0 : j_hi); j_r < n; j_r += 16) {
          _mm512_mask_storeu_ps(&C[j_r + i * ldc], (__mmask16)((1u << (n - j_r)) - 1u), _mm512_add_ps(_mm512_maskz_loadu_ps((__mmask16)((1u << (n - j_r)) - 1u), &C[j_r + i * ldc]), _mm512_mul_ps(_mm512_set1_ps(A[i * lda + k]), _mm512_maskz_loadu_ps((__mmask16)((1u << (n - j_r)) - 1u), &B[j_r + k * ldb]))));
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
