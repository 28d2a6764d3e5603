#include <immintrin.h>
#include <stdint.h>
/* loop.vectorize {align}: the vector loop starts where the store's address
 * is a multiple of the vector's size (j_al, from align_gap), after a
 * masked head iteration; rows of n doubles start anywhere. */
__attribute__((target("avx512f,avx2,fma"))) void smooth(int m, int n, double A[m][n], double B[m][n]) {
  if ((uintptr_t)A + (uintptr_t)(n + (m - 1L) * n) * sizeof(double) <= (uintptr_t)B + 1 * sizeof(double) || (uintptr_t)B + (uintptr_t)(n + (m - 1L) * n - 1L) * sizeof(double) <= (uintptr_t)A) {
    for (int i = 0; i < m; i++) {
      int j_al = 1 < n - 1 ? (n - 1 < ((int)(-(uintptr_t)&B[i][1] % 64 / sizeof(double))) + 1 ? n - 1 : ((int)(-(uintptr_t)&B[i][1] % 64 / sizeof(double))) + 1) : 1;
      for (int j = 1; j < j_al; j += 8) {
        _mm512_mask_storeu_pd(&B[i][j], (__mmask8)((1u << (j_al - j)) - 1u), _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_maskz_loadu_pd((__mmask8)((1u << (j_al - j)) - 1u), &A[i][j - 1])), _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_maskz_loadu_pd((__mmask8)((1u << (j_al - j)) - 1u), &A[i][j]))), _mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_maskz_loadu_pd((__mmask8)((1u << (j_al - j)) - 1u), &A[i][j + 1]))));
      }
      for (int j = j_al; j < (int)(j_al > j_al + 8LL * ((long long)n - j_al - 1LL < 0 ? ((long long)n - j_al - 1LL - 7) / 8 : ((long long)n - j_al - 1LL) / 8) ? j_al : j_al + 8LL * ((long long)n - j_al - 1LL < 0 ? ((long long)n - j_al - 1LL - 7) / 8 : ((long long)n - j_al - 1LL) / 8)); j += 8) {
        _mm512_storeu_pd(&B[i][j], _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_loadu_pd(&A[i][j - 1])), _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_loadu_pd(&A[i][j]))), _mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_loadu_pd(&A[i][j + 1]))));
      }
      for (long long j_r = (int)(j_al > j_al + 8LL * ((long long)n - j_al - 1LL < 0 ? ((long long)n - j_al - 1LL - 7) / 8 : ((long long)n - j_al - 1LL) / 8) ? j_al : j_al + 8LL * ((long long)n - j_al - 1LL < 0 ? ((long long)n - j_al - 1LL - 7) / 8 : ((long long)n - j_al - 1LL) / 8)); j_r < (long long)n - 1; j_r += 8) {
        _mm512_mask_storeu_pd(&B[i][j_r], (__mmask8)((1u << (n - 1 - j_r)) - 1u), _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_maskz_loadu_pd((__mmask8)((1u << (n - 1 - j_r)) - 1u), &A[i][j_r - 1])), _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_maskz_loadu_pd((__mmask8)((1u << (n - 1 - j_r)) - 1u), &A[i][j_r]))), _mm512_mul_pd(_mm512_set1_pd(0.25), _mm512_maskz_loadu_pd((__mmask8)((1u << (n - 1 - j_r)) - 1u), &A[i][j_r + 1]))));
      }
    }
  } else {
    for (int i = 0; i < m; i++) {
      for (int j = 1; j < n - 1; j++) {
        B[i][j] = 0.25 * A[i][j - 1] + 0.5 * A[i][j] + 0.25 * A[i][j + 1];
      }
    }
  }
}
