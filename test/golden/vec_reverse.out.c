#include <immintrin.h>
#include <stdint.h>
/* Golden (issue 24): loop.vectorize of stride -1 accesses for AVX2 —
 * durbin's update reads y[k - i - 1] (a load at y[k - i - 4], then
 * _mm256_permute4x64_pd reversing the lanes), and a float store into
 * b[n - 1 - i] (the value reversed with _mm256_permutevar8x32_ps, stored
 * at b[n - i - 8]); scalar remainders. */
__attribute__((target("avx2,fma"))) void dupd(int k, double alpha, const double y[k], double z[k]) {
  if ((uintptr_t)z + (uintptr_t)(k) * sizeof(double) <= (uintptr_t)y || (uintptr_t)y + (uintptr_t)(k) * sizeof(double) <= (uintptr_t)z) {
    int i_hi = 4 * (k < 0 ? (k - 3) / 4 : k / 4);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 4) {
      _mm256_storeu_pd(&z[i], _mm256_add_pd(_mm256_loadu_pd(&y[i]), _mm256_mul_pd(_mm256_set1_pd(alpha), _mm256_permute4x64_pd(_mm256_loadu_pd(&y[k - i - 4]), 0x1b))));
    }
    for (int i = (0 > i_hi ? 0 : i_hi); i < k; i++) {
      z[i] = y[i] + alpha * y[k - i - 1];
    }
  } else {
    for (int i = 0; i < k; i++) {
      z[i] = y[i] + alpha * y[k - i - 1];
    }
  }
}

__attribute__((target("avx2,fma"))) void rstore(int n, const float a[n], float b[n]) {
  if ((uintptr_t)b + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)a || (uintptr_t)a + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)b) {
    int i_hi = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 8) {
      _mm256_storeu_ps(&b[n - i - 8], _mm256_permutevar8x32_ps(_mm256_mul_ps(_mm256_loadu_ps(&a[i]), _mm256_set1_ps(2.0f)), _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)));
    }
    for (int i = (0 > i_hi ? 0 : i_hi); i < n; i++) {
      b[n - 1 - i] = a[i] * 2.0f;
    }
  } else {
    for (int i = 0; i < n; i++) {
      b[n - 1 - i] = a[i] * 2.0f;
    }
  }
}
