#include <stdint.h>
/* Golden: tiling with partial tiles (symbolic n), a tile size of 0 and an
 * unroll of the innermost point loop by 4 with its remainder. */
void mm(int n, float A[n][n], float B[n][n], float C[n][n]) {
  if (((uintptr_t)C + (uintptr_t)(n + (n - 1L) * n) * sizeof(float) <= (uintptr_t)A || (uintptr_t)A + (uintptr_t)(n + (n - 1L) * n) * sizeof(float) <= (uintptr_t)C) && ((uintptr_t)C + (uintptr_t)(n + (n - 1L) * n) * sizeof(float) <= (uintptr_t)B || (uintptr_t)B + (uintptr_t)(n + (n - 1L) * n) * sizeof(float) <= (uintptr_t)C)) {
    for (long long i_t = 0; i_t < n; i_t += 32) {
      for (long long k_t = 0; k_t < n; k_t += 8) {
        for (int i = i_t; i < (i_t + 32LL < n ? i_t + 32LL : n); i++) {
          for (int j = 0; j < n; j++) {
            long long k_hi = (k_t + 8LL < n ? k_t + 8LL : n) - k_t;
            long long k_hi1 = k_t + 4LL * (k_hi < 0 ? (k_hi - 3) / 4 : k_hi / 4);
            for (int k = k_t; k < (k_t > k_hi1 ? k_t : k_hi1); k += 4) {
              C[i][j] += A[i][k] * B[k][j];
              C[i][j] += A[i][k + 1] * B[k + 1][j];
              C[i][j] += A[i][k + 2] * B[k + 2][j];
              C[i][j] += A[i][k + 3] * B[k + 3][j];
            }
            for (int k = (k_t > k_hi1 ? k_t : k_hi1); k < (k_t + 8LL < n ? k_t + 8LL : n); k++) {
              C[i][j] += A[i][k] * B[k][j];
            }
          }
        }
      }
    }
  } else {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int k = 0; k < n; k++) {
          C[i][j] += A[i][k] * B[k][j];
        }
      }
    }
  }
}
