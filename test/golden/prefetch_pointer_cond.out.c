#include <immintrin.h>
#include <stdint.h>
/* A pointer parameter (no extent) whose only access in loop k is in the
 * vector loops' bodies, once in the masked remainder, a loop of at most
 * one iteration that may not run: its prefetch cannot take the access as
 * a later iteration runs it, so the subscript is clamped into the
 * elements the kernel touches, [lo, hi) as the run-time overlap checks
 * compute them (isl, from the source's accesses): max(lo, min(s, hi - 1))
 * (test/golden/prefetch_pointer: the access that runs in every
 * iteration, no clamp). */
__attribute__((target("avx512f,avx2,fma"))) void gemm(int m, int n, int p, int lda, int ldb, int ldc, const float *A,
          const float *B, float *C) {
  if ((m <= 0 || n <= 0 || p <= 0 || ldc >= n) && ((uintptr_t)A + (uintptr_t)(p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)A + (uintptr_t)((0 < (m - 1L) * lda ? 0 : (m - 1L) * lda)) * sizeof(float)) && ((uintptr_t)B + (uintptr_t)(n + (0 > (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float) <= (uintptr_t)C + (uintptr_t)((0 < (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) || (uintptr_t)C + (uintptr_t)(n + (0 > (m - 1L) * ldc ? 0 : (m - 1L) * ldc)) * sizeof(float) <= (uintptr_t)B + (uintptr_t)((0 < (p - 1L) * ldb ? 0 : (p - 1L) * ldb)) * sizeof(float))) {
    for (int i = 0; i < m; i++) {
      for (int k = 0; k < p; k++) {
        __builtin_prefetch(&A[((0 < (m - 1L) * lda ? 0 : (m - 1L) * lda) > ((long)(i * lda) + (k + 8 < p - 1 ? k + 8 : p - 1) < p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda) - 1L ? (long)(i * lda) + (k + 8 < p - 1 ? k + 8 : p - 1) : p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda) - 1L) ? (0 < (m - 1L) * lda ? 0 : (m - 1L) * lda) : ((long)(i * lda) + (k + 8 < p - 1 ? k + 8 : p - 1) < p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda) - 1L ? (long)(i * lda) + (k + 8 < p - 1 ? k + 8 : p - 1) : p + (0 > (m - 1L) * lda ? 0 : (m - 1L) * lda) - 1L))], 0, 3);
        int j_hi = 16 * (n < 0 ? (n - 15) / 16 : n / 16);
        for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 16) {
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
