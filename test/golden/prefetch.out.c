#include <immintrin.h>
#include <stdint.h>
/* loop.prefetch golden: a product register-tiled 4 rows x 2 vectors, the
 * 4 x 32 tile of C that the row tile two tiles ahead loads and stores
 * prefetched (for writing) at the start of each row tile, through the
 * one-iteration loop of the tile's columns, each row clamped into C. */
__attribute__((target("avx512f,avx2,fma"))) void mm(int n, float A[n][64], float B[64][32], float C[n][32]) {
  if (((uintptr_t)A + (uintptr_t)(64L * n) * sizeof(float) <= (uintptr_t)C || (uintptr_t)C + (uintptr_t)(32L * n) * sizeof(float) <= (uintptr_t)A) && ((uintptr_t)B + 2048 * sizeof(float) <= (uintptr_t)C || (uintptr_t)C + (uintptr_t)(32L * n) * sizeof(float) <= (uintptr_t)B)) {
    int i_hi = 4 * (n < 0 ? (n - 3) / 4 : n / 4);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 4) {
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 8 < (long long)n - 1 ? (long long)i + 8 : (long long)n - 1) ? 0 : ((long long)i + 8 < (long long)n - 1 ? (long long)i + 8 : (long long)n - 1))][0], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 8 < (long long)n - 1 ? (long long)i + 8 : (long long)n - 1) ? 0 : ((long long)i + 8 < (long long)n - 1 ? (long long)i + 8 : (long long)n - 1))][16], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 9 < (long long)n - 1 ? (long long)i + 9 : (long long)n - 1) ? 0 : ((long long)i + 9 < (long long)n - 1 ? (long long)i + 9 : (long long)n - 1))][0], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 9 < (long long)n - 1 ? (long long)i + 9 : (long long)n - 1) ? 0 : ((long long)i + 9 < (long long)n - 1 ? (long long)i + 9 : (long long)n - 1))][16], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 10 < (long long)n - 1 ? (long long)i + 10 : (long long)n - 1) ? 0 : ((long long)i + 10 < (long long)n - 1 ? (long long)i + 10 : (long long)n - 1))][0], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 10 < (long long)n - 1 ? (long long)i + 10 : (long long)n - 1) ? 0 : ((long long)i + 10 < (long long)n - 1 ? (long long)i + 10 : (long long)n - 1))][16], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 11 < (long long)n - 1 ? (long long)i + 11 : (long long)n - 1) ? 0 : ((long long)i + 11 < (long long)n - 1 ? (long long)i + 11 : (long long)n - 1))][0], 1, 3);
      __builtin_prefetch(&C[(int)(0 > ((long long)i + 11 < (long long)n - 1 ? (long long)i + 11 : (long long)n - 1) ? 0 : ((long long)i + 11 < (long long)n - 1 ? (long long)i + 11 : (long long)n - 1))][16], 1, 3);
      for (int j_t = 0; j_t < 32; j_t += 32) {
        __m512 C_r = _mm512_loadu_ps(&C[i][j_t]);
        __m512 C_r1 = _mm512_loadu_ps(&C[i][j_t + 16]);
        __m512 C_r2 = _mm512_loadu_ps(&C[i + 1][j_t]);
        __m512 C_r3 = _mm512_loadu_ps(&C[i + 1][j_t + 16]);
        __m512 C_r4 = _mm512_loadu_ps(&C[i + 2][j_t]);
        __m512 C_r5 = _mm512_loadu_ps(&C[i + 2][j_t + 16]);
        __m512 C_r6 = _mm512_loadu_ps(&C[i + 3][j_t]);
        __m512 C_r7 = _mm512_loadu_ps(&C[i + 3][j_t + 16]);
        for (int k = 0; k < 64; k++) {
          C_r = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t]), C_r);
          C_r1 = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r1);
          C_r2 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 1][k]), _mm512_loadu_ps(&B[k][j_t]), C_r2);
          C_r3 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 1][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r3);
          C_r4 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 2][k]), _mm512_loadu_ps(&B[k][j_t]), C_r4);
          C_r5 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 2][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r5);
          C_r6 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 3][k]), _mm512_loadu_ps(&B[k][j_t]), C_r6);
          C_r7 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 3][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r7);
        }
        _mm512_storeu_ps(&C[i][j_t], C_r);
        _mm512_storeu_ps(&C[i][j_t + 16], C_r1);
        _mm512_storeu_ps(&C[i + 1][j_t], C_r2);
        _mm512_storeu_ps(&C[i + 1][j_t + 16], C_r3);
        _mm512_storeu_ps(&C[i + 2][j_t], C_r4);
        _mm512_storeu_ps(&C[i + 2][j_t + 16], C_r5);
        _mm512_storeu_ps(&C[i + 3][j_t], C_r6);
        _mm512_storeu_ps(&C[i + 3][j_t + 16], C_r7);
      }
    }
    int i_hi1 = n - (0 > i_hi ? 0 : i_hi);
    int i_hi2 = (0 > i_hi ? 0 : i_hi);
    int i_hi3 = (0 > i_hi ? 0 : i_hi) + 2 * (i_hi1 < 0 ? (i_hi1 - 1) / 2 : i_hi1 / 2);
    for (int i = (0 > i_hi ? 0 : i_hi); i < (i_hi2 > i_hi3 ? i_hi2 : i_hi3); i += 2) {
      for (int j_t = 0; j_t < 32; j_t += 32) {
        __m512 C_r8 = _mm512_loadu_ps(&C[i][j_t]);
        __m512 C_r9 = _mm512_loadu_ps(&C[i][j_t + 16]);
        __m512 C_r10 = _mm512_loadu_ps(&C[i + 1][j_t]);
        __m512 C_r11 = _mm512_loadu_ps(&C[i + 1][j_t + 16]);
        for (int k = 0; k < 64; k++) {
          C_r8 = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t]), C_r8);
          C_r9 = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r9);
          C_r10 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 1][k]), _mm512_loadu_ps(&B[k][j_t]), C_r10);
          C_r11 = _mm512_fmadd_ps(_mm512_set1_ps(A[i + 1][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r11);
        }
        _mm512_storeu_ps(&C[i][j_t], C_r8);
        _mm512_storeu_ps(&C[i][j_t + 16], C_r9);
        _mm512_storeu_ps(&C[i + 1][j_t], C_r10);
        _mm512_storeu_ps(&C[i + 1][j_t + 16], C_r11);
      }
    }
    for (int i = (i_hi2 > i_hi3 ? i_hi2 : i_hi3); i < n; i++) {
      for (int j_t = 0; j_t < 32; j_t += 32) {
        __m512 C_r12 = _mm512_loadu_ps(&C[i][j_t]);
        __m512 C_r13 = _mm512_loadu_ps(&C[i][j_t + 16]);
        for (int k = 0; k < 64; k++) {
          C_r12 = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t]), C_r12);
          C_r13 = _mm512_fmadd_ps(_mm512_set1_ps(A[i][k]), _mm512_loadu_ps(&B[k][j_t + 16]), C_r13);
        }
        _mm512_storeu_ps(&C[i][j_t], C_r12);
        _mm512_storeu_ps(&C[i][j_t + 16], C_r13);
      }
    }
  } else {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 32; j++) {
        for (int k = 0; k < 64; k++) {
          C[i][j] += A[i][k] * B[k][j];
        }
      }
    }
  }
}
