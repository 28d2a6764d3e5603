#include <immintrin.h>
#include <stdint.h>
/* loop.specialize golden: the rows of y versioned on their length, the
 * multiple-of-8 version vectorized with AVX2 without a remainder (the
 * condition is a fact inside its branch), the other unrolled by 3. */
__attribute__((target("avx2,fma"))) void axpy_rows(int n, int m, float a, const float *x, float *y) {
  if ((uintptr_t)x + (uintptr_t)(m + (0 > (n - 1L) * m ? 0 : (n - 1L) * m)) * sizeof(float) <= (uintptr_t)y + (uintptr_t)((0 < (n - 1L) * m ? 0 : (n - 1L) * m)) * sizeof(float) || (uintptr_t)y + (uintptr_t)(m + (0 > (n - 1L) * m ? 0 : (n - 1L) * m)) * sizeof(float) <= (uintptr_t)x + (uintptr_t)((0 < (n - 1L) * m ? 0 : (n - 1L) * m)) * sizeof(float)) {
    for (int i = 0; i < n; i++) {
      if (m % 8 == 0 && m >= 8) {
        for (int j = 0; j < m; j += 8) {
          _mm256_storeu_ps(&y[i * m + j], _mm256_add_ps(_mm256_loadu_ps(&y[i * m + j]), _mm256_mul_ps(_mm256_set1_ps(a), _mm256_loadu_ps(&x[i * m + j]))));
        }
      } else {
        int j_hi = 3 * (m < 0 ? (m - 2) / 3 : m / 3);
        for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 3) {
          y[i * m + j] += a * x[i * m + j];
          y[j + i * m + 1] += a * x[j + i * m + 1];
          y[j + i * m + 2] += a * x[j + i * m + 2];
        }
        for (int j = (0 > j_hi ? 0 : j_hi); j < m; j++) {
          y[i * m + j] += a * x[i * m + j];
        }
      }
    }
  } else {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        y[i * m + j] += a * x[i * m + j];
      }
    }
  }
}
