#include <immintrin.h>
#include <stdint.h>
/* A transposed reduction: eight row sums of a jam by 8 (AVX2's lanes)
 * end in one tree of shuffles and adds and one vector update of s[i : 8]. */
__attribute__((target("avx2,fma"))) void rowsum8(int m, int n, float A[m][n], float s[m]) {
  if ((uintptr_t)A + (uintptr_t)(n + (m - 1L) * n) * sizeof(float) <= (uintptr_t)s || (uintptr_t)s + (uintptr_t)(m) * sizeof(float) <= (uintptr_t)A) {
    int i_hi = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 8) {
      __m256 s_acc = _mm256_set1_ps(-0.0f);
      __m256 s_acc1 = _mm256_set1_ps(-0.0f);
      __m256 s_acc2 = _mm256_set1_ps(-0.0f);
      __m256 s_acc3 = _mm256_set1_ps(-0.0f);
      __m256 s_acc4 = _mm256_set1_ps(-0.0f);
      __m256 s_acc5 = _mm256_set1_ps(-0.0f);
      __m256 s_acc6 = _mm256_set1_ps(-0.0f);
      __m256 s_acc7 = _mm256_set1_ps(-0.0f);
      int j_hi = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
      for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 8) {
        s_acc = _mm256_add_ps(s_acc, _mm256_loadu_ps(&A[i][j]));
        s_acc1 = _mm256_add_ps(s_acc1, _mm256_loadu_ps(&A[i + 1][j]));
        s_acc2 = _mm256_add_ps(s_acc2, _mm256_loadu_ps(&A[i + 2][j]));
        s_acc3 = _mm256_add_ps(s_acc3, _mm256_loadu_ps(&A[i + 3][j]));
        s_acc4 = _mm256_add_ps(s_acc4, _mm256_loadu_ps(&A[i + 4][j]));
        s_acc5 = _mm256_add_ps(s_acc5, _mm256_loadu_ps(&A[i + 5][j]));
        s_acc6 = _mm256_add_ps(s_acc6, _mm256_loadu_ps(&A[i + 6][j]));
        s_acc7 = _mm256_add_ps(s_acc7, _mm256_loadu_ps(&A[i + 7][j]));
      }
      __m256 s_sums = _mm256_add_ps(_mm256_permute2f128_ps(s_acc, s_acc4, 0x20), _mm256_permute2f128_ps(s_acc, s_acc4, 0x31));
      __m256 s_sums1 = _mm256_add_ps(_mm256_permute2f128_ps(s_acc1, s_acc5, 0x20), _mm256_permute2f128_ps(s_acc1, s_acc5, 0x31));
      __m256 s_sums2 = _mm256_add_ps(_mm256_permute2f128_ps(s_acc2, s_acc6, 0x20), _mm256_permute2f128_ps(s_acc2, s_acc6, 0x31));
      __m256 s_sums3 = _mm256_add_ps(_mm256_permute2f128_ps(s_acc3, s_acc7, 0x20), _mm256_permute2f128_ps(s_acc3, s_acc7, 0x31));
      __m256 s_sums4 = _mm256_add_ps(_mm256_shuffle_ps(s_sums, s_sums1, 0x44), _mm256_shuffle_ps(s_sums, s_sums1, 0xee));
      __m256 s_sums5 = _mm256_add_ps(_mm256_shuffle_ps(s_sums2, s_sums3, 0x44), _mm256_shuffle_ps(s_sums2, s_sums3, 0xee));
      __m256 s_sums6 = _mm256_add_ps(_mm256_shuffle_ps(s_sums4, s_sums5, 0x88), _mm256_shuffle_ps(s_sums4, s_sums5, 0xdd));
      if (0 < n) {
        _mm256_storeu_ps(&s[i], _mm256_add_ps(_mm256_loadu_ps(&s[i]), s_sums6));
      }
      for (int j = (0 > j_hi ? 0 : j_hi); j < n; j++) {
        s[i] += A[i][j];
        s[i + 1] += A[i + 1][j];
        s[i + 2] += A[i + 2][j];
        s[i + 3] += A[i + 3][j];
        s[i + 4] += A[i + 4][j];
        s[i + 5] += A[i + 5][j];
        s[i + 6] += A[i + 6][j];
        s[i + 7] += A[i + 7][j];
      }
    }
    for (int i = (0 > i_hi ? 0 : i_hi); i < m; i++) {
      for (int j = 0; j < n; j++) {
        s[i] += A[i][j];
      }
    }
  } else {
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        s[i] += A[i][j];
      }
    }
  }
}
