#include <immintrin.h>
#include <stdint.h>
/* loop.specialize: the scaled sum y[i][j] += a * x[i][j] over rows of m,
 * versioned on m being a multiple of 8 (then vectorized with AVX2 in the
 * specialized version, unrolled by 3 in the other); called with m = 16
 * (the specialized version), m = 13 and m = 0 (the copy), and n = 0.
 * Nothing reassociates: bit-exact. */
#include <stdio.h>

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

static float x[8 * 16], y[8 * 16];

static void run(int n, int m, float a) {
  for (int i = 0; i < 8 * 16; i++) {
    x[i] = (float)(i % 13) * 0.25f - 1.0f;
    y[i] = (float)(i % 7) * 0.5f;
  }
  axpy_rows(n, m, a, x, y);
  for (int i = 0; i < n * m; i++)
    printf("%g%c", y[i], i % 8 == 7 ? '\n' : ' ');
  printf("\n");
}

int main(void) {
  run(8, 16, 1.5f);
  run(7, 13, -0.75f);
  run(3, 0, 2.0f);
  run(0, 16, 2.0f);
  return 0;
}
