#include <immintrin.h>
#include <stdint.h>
/* loop.vectorize {fma_adds}: the volatile 1.0 and its vector declared
 * before the outer loop; the last F copies' sums as fma(x, ones, acc)
 * (fnmadd for s -= x); the folds and the horizontal sum unchanged. */
__attribute__((target("avx512f,avx2,fma"))) void rowsum(int m, int n, float A[m][n], float s[m]) {
  if ((uintptr_t)A + (uintptr_t)(n + (m - 1L) * n) * sizeof(float) <= (uintptr_t)s || (uintptr_t)s + (uintptr_t)(m) * sizeof(float) <= (uintptr_t)A) {
    volatile float one = 1.0f;
    __m512 ones = _mm512_set1_ps(one);
    for (int i = 0; i < m; i++) {
      __m512 s_acc = _mm512_set1_ps(-0.0f);
      __m512 s_acc1 = _mm512_set1_ps(-0.0f);
      __m512 s_acc2 = _mm512_set1_ps(-0.0f);
      __m512 s_acc3 = _mm512_set1_ps(-0.0f);
      int j_hi = 64 * (n < 0 ? (n - 63) / 64 : n / 64);
      for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 64) {
        s_acc = _mm512_add_ps(s_acc, _mm512_loadu_ps(&A[i][j]));
        s_acc1 = _mm512_add_ps(s_acc1, _mm512_loadu_ps(&A[i][j + 16]));
        s_acc2 = _mm512_fmadd_ps(_mm512_loadu_ps(&A[i][j + 32]), ones, s_acc2);
        s_acc3 = _mm512_fmadd_ps(_mm512_loadu_ps(&A[i][j + 48]), ones, s_acc3);
      }
      int j_hi1 = n - (0 > j_hi ? 0 : j_hi);
      int j_hi2 = (0 > j_hi ? 0 : j_hi);
      int j_hi3 = (0 > j_hi ? 0 : j_hi) + 16 * (j_hi1 < 0 ? (j_hi1 - 15) / 16 : j_hi1 / 16);
      for (int j = (0 > j_hi ? 0 : j_hi); j < (j_hi2 > j_hi3 ? j_hi2 : j_hi3); j += 16) {
        s_acc = _mm512_add_ps(s_acc, _mm512_loadu_ps(&A[i][j]));
      }
      for (long long j_r = (j_hi2 > j_hi3 ? j_hi2 : j_hi3); j_r < n; j_r += 16) {
        s_acc = _mm512_add_ps(s_acc, _mm512_maskz_loadu_ps((__mmask16)((1u << (n - j_r)) - 1u), &A[i][j_r]));
      }
      s_acc = _mm512_add_ps(s_acc, s_acc1);
      s_acc2 = _mm512_add_ps(s_acc2, s_acc3);
      s_acc = _mm512_add_ps(s_acc, s_acc2);
      if (0 < n) {
        s[i] += _mm512_reduce_add_ps(s_acc);
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

__attribute__((target("avx2,fma"))) void dsub(int n, const double *x, double *t) {
  if ((uintptr_t)x + (uintptr_t)(n) * sizeof(double) <= (uintptr_t)t || (uintptr_t)t + 1 * sizeof(double) <= (uintptr_t)x) {
    volatile double one1 = 1.0;
    __m256d ones1 = _mm256_set1_pd(one1);
    __m256d t_acc = _mm256_set1_pd(-0.0);
    __m256d t_acc1 = _mm256_set1_pd(-0.0);
    int i_hi = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 8) {
      t_acc = _mm256_sub_pd(t_acc, _mm256_loadu_pd(&x[i]));
      t_acc1 = _mm256_fnmadd_pd(_mm256_loadu_pd(&x[i + 4]), ones1, t_acc1);
    }
    int i_hi1 = n - (0 > i_hi ? 0 : i_hi);
    int i_hi2 = (0 > i_hi ? 0 : i_hi);
    int i_hi3 = (0 > i_hi ? 0 : i_hi) + 4 * (i_hi1 < 0 ? (i_hi1 - 3) / 4 : i_hi1 / 4);
    for (int i = (0 > i_hi ? 0 : i_hi); i < (i_hi2 > i_hi3 ? i_hi2 : i_hi3); i += 4) {
      t_acc = _mm256_sub_pd(t_acc, _mm256_loadu_pd(&x[i]));
    }
    t_acc = _mm256_add_pd(t_acc, t_acc1);
    if (0 < n) {
      __m128d red = _mm_add_pd(_mm256_castpd256_pd128(t_acc), _mm256_extractf128_pd(t_acc, 1));
      red = _mm_add_sd(red, _mm_unpackhi_pd(red, red));
      t[0] += _mm_cvtsd_f64(red);
    }
    for (int i = (i_hi2 > i_hi3 ? i_hi2 : i_hi3); i < n; i++) {
      t[0] -= x[i];
    }
  } else {
    for (int i = 0; i < n; i++) {
      t[0] -= x[i];
    }
  }
}
