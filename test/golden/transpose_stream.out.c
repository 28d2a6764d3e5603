#include <immintrin.h>
#include <stdint.h>
/* loop.transpose_block {nontemporal}: each row store of a block is a
 * streaming store when its address is aligned to the vector (tested at
 * run time) and an ordinary one otherwise; the transformed version of the
 * (versioned) kernel ends with a store fence. */
__attribute__((target("avx2,fma"))) void transpose(int m, int n, float A[m][n], float B[n][m]) {
  if ((uintptr_t)A + (uintptr_t)(n + (m - 1L) * n) * sizeof(float) <= (uintptr_t)B || (uintptr_t)B + (uintptr_t)(m + (n - 1L) * m) * sizeof(float) <= (uintptr_t)A) {
    int i_hi = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 8) {
      int j_hi = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
      for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 8) {
        __m256 tb_row = _mm256_loadu_ps(&A[i][j]);
        __m256 tb_row1 = _mm256_loadu_ps(&A[i + 1][j]);
        __m256 tb_row2 = _mm256_loadu_ps(&A[i + 2][j]);
        __m256 tb_row3 = _mm256_loadu_ps(&A[i + 3][j]);
        __m256 tb_row4 = _mm256_loadu_ps(&A[i + 4][j]);
        __m256 tb_row5 = _mm256_loadu_ps(&A[i + 5][j]);
        __m256 tb_row6 = _mm256_loadu_ps(&A[i + 6][j]);
        __m256 tb_row7 = _mm256_loadu_ps(&A[i + 7][j]);
        __m256 tb_t = _mm256_unpacklo_ps(tb_row, tb_row1);
        __m256 tb_t1 = _mm256_unpackhi_ps(tb_row, tb_row1);
        __m256 tb_t2 = _mm256_unpacklo_ps(tb_row2, tb_row3);
        __m256 tb_t3 = _mm256_unpackhi_ps(tb_row2, tb_row3);
        __m256 tb_t4 = _mm256_unpacklo_ps(tb_row4, tb_row5);
        __m256 tb_t5 = _mm256_unpackhi_ps(tb_row4, tb_row5);
        __m256 tb_t6 = _mm256_unpacklo_ps(tb_row6, tb_row7);
        __m256 tb_t7 = _mm256_unpackhi_ps(tb_row6, tb_row7);
        __m256 tb_t8 = _mm256_shuffle_ps(tb_t, tb_t2, 0x44);
        __m256 tb_t9 = _mm256_shuffle_ps(tb_t, tb_t2, 0xee);
        __m256 tb_t10 = _mm256_shuffle_ps(tb_t1, tb_t3, 0x44);
        __m256 tb_t11 = _mm256_shuffle_ps(tb_t1, tb_t3, 0xee);
        __m256 tb_t12 = _mm256_shuffle_ps(tb_t4, tb_t6, 0x44);
        __m256 tb_t13 = _mm256_shuffle_ps(tb_t4, tb_t6, 0xee);
        __m256 tb_t14 = _mm256_shuffle_ps(tb_t5, tb_t7, 0x44);
        __m256 tb_t15 = _mm256_shuffle_ps(tb_t5, tb_t7, 0xee);
        __m256 tb_t16 = _mm256_permute2f128_ps(tb_t8, tb_t12, 0x20);
        __m256 tb_t17 = _mm256_permute2f128_ps(tb_t8, tb_t12, 0x31);
        __m256 tb_t18 = _mm256_permute2f128_ps(tb_t9, tb_t13, 0x20);
        __m256 tb_t19 = _mm256_permute2f128_ps(tb_t9, tb_t13, 0x31);
        __m256 tb_t20 = _mm256_permute2f128_ps(tb_t10, tb_t14, 0x20);
        __m256 tb_t21 = _mm256_permute2f128_ps(tb_t10, tb_t14, 0x31);
        __m256 tb_t22 = _mm256_permute2f128_ps(tb_t11, tb_t15, 0x20);
        __m256 tb_t23 = _mm256_permute2f128_ps(tb_t11, tb_t15, 0x31);
        if ((uintptr_t)&B[j][i] & 31) _mm256_storeu_ps(&B[j][i], tb_t16); else _mm256_stream_ps(&B[j][i], tb_t16);
        if ((uintptr_t)&B[j + 1][i] & 31) _mm256_storeu_ps(&B[j + 1][i], tb_t18); else _mm256_stream_ps(&B[j + 1][i], tb_t18);
        if ((uintptr_t)&B[j + 2][i] & 31) _mm256_storeu_ps(&B[j + 2][i], tb_t20); else _mm256_stream_ps(&B[j + 2][i], tb_t20);
        if ((uintptr_t)&B[j + 3][i] & 31) _mm256_storeu_ps(&B[j + 3][i], tb_t22); else _mm256_stream_ps(&B[j + 3][i], tb_t22);
        if ((uintptr_t)&B[j + 4][i] & 31) _mm256_storeu_ps(&B[j + 4][i], tb_t17); else _mm256_stream_ps(&B[j + 4][i], tb_t17);
        if ((uintptr_t)&B[j + 5][i] & 31) _mm256_storeu_ps(&B[j + 5][i], tb_t19); else _mm256_stream_ps(&B[j + 5][i], tb_t19);
        if ((uintptr_t)&B[j + 6][i] & 31) _mm256_storeu_ps(&B[j + 6][i], tb_t21); else _mm256_stream_ps(&B[j + 6][i], tb_t21);
        if ((uintptr_t)&B[j + 7][i] & 31) _mm256_storeu_ps(&B[j + 7][i], tb_t23); else _mm256_stream_ps(&B[j + 7][i], tb_t23);
      }
    }
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i++) {
      int j_lo = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
      for (int j = (0 > j_lo ? 0 : j_lo); j < n; j++) {
        B[j][i] = A[i][j];
      }
    }
    for (int i = (0 > i_hi ? 0 : i_hi); i < m; i++) {
      for (int j = 0; j < n; j++) {
        B[j][i] = A[i][j];
      }
    }
    _mm_sfence();
  } else {
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        B[j][i] = A[i][j];
      }
    }
  }
}
