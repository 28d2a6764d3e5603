#include <immintrin.h>
#include <stdint.h>
/* loop.transpose_block {masked}: 8 x 8 blocks in AVX2 registers, then the
 * edges: masked edge blocks (vmaskmovps loads and stores) chosen at run
 * time where more than 4 rows or columns are left over, the scalar
 * remainder nests where fewer. */
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
        _mm256_storeu_ps(&B[j][i], tb_t16);
        _mm256_storeu_ps(&B[j + 1][i], tb_t18);
        _mm256_storeu_ps(&B[j + 2][i], tb_t20);
        _mm256_storeu_ps(&B[j + 3][i], tb_t22);
        _mm256_storeu_ps(&B[j + 4][i], tb_t17);
        _mm256_storeu_ps(&B[j + 5][i], tb_t19);
        _mm256_storeu_ps(&B[j + 6][i], tb_t21);
        _mm256_storeu_ps(&B[j + 7][i], tb_t23);
      }
    }
    if ((long long)n - (long long)(0 > 8 * (n < 0 ? (n - 7) / 8 : n / 8) ? 0 : 8 * (n < 0 ? (n - 7) / 8 : n / 8)) > 4) {
      int j_e_lo = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
      for (long long j_e = (0 > j_e_lo ? 0 : j_e_lo); j_e < n; j_e += 8) {
        int i_hi1 = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
        for (int i = 0; i < (0 > i_hi1 ? 0 : i_hi1); i += 8) {
          int tb_mr = n - j_e;
          __m256 tb_erow = _mm256_maskload_ps(&A[i][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow1 = _mm256_maskload_ps(&A[i + 1][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow2 = _mm256_maskload_ps(&A[i + 2][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow3 = _mm256_maskload_ps(&A[i + 3][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow4 = _mm256_maskload_ps(&A[i + 4][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow5 = _mm256_maskload_ps(&A[i + 5][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow6 = _mm256_maskload_ps(&A[i + 6][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow7 = _mm256_maskload_ps(&A[i + 7][j_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_e = _mm256_unpacklo_ps(tb_erow, tb_erow1);
          __m256 tb_e1 = _mm256_unpackhi_ps(tb_erow, tb_erow1);
          __m256 tb_e2 = _mm256_unpacklo_ps(tb_erow2, tb_erow3);
          __m256 tb_e3 = _mm256_unpackhi_ps(tb_erow2, tb_erow3);
          __m256 tb_e4 = _mm256_unpacklo_ps(tb_erow4, tb_erow5);
          __m256 tb_e5 = _mm256_unpackhi_ps(tb_erow4, tb_erow5);
          __m256 tb_e6 = _mm256_unpacklo_ps(tb_erow6, tb_erow7);
          __m256 tb_e7 = _mm256_unpackhi_ps(tb_erow6, tb_erow7);
          __m256 tb_e8 = _mm256_shuffle_ps(tb_e, tb_e2, 0x44);
          __m256 tb_e9 = _mm256_shuffle_ps(tb_e, tb_e2, 0xee);
          __m256 tb_e10 = _mm256_shuffle_ps(tb_e1, tb_e3, 0x44);
          __m256 tb_e11 = _mm256_shuffle_ps(tb_e1, tb_e3, 0xee);
          __m256 tb_e12 = _mm256_shuffle_ps(tb_e4, tb_e6, 0x44);
          __m256 tb_e13 = _mm256_shuffle_ps(tb_e4, tb_e6, 0xee);
          __m256 tb_e14 = _mm256_shuffle_ps(tb_e5, tb_e7, 0x44);
          __m256 tb_e15 = _mm256_shuffle_ps(tb_e5, tb_e7, 0xee);
          __m256 tb_e16 = _mm256_permute2f128_ps(tb_e8, tb_e12, 0x20);
          __m256 tb_e17 = _mm256_permute2f128_ps(tb_e8, tb_e12, 0x31);
          __m256 tb_e18 = _mm256_permute2f128_ps(tb_e9, tb_e13, 0x20);
          __m256 tb_e19 = _mm256_permute2f128_ps(tb_e9, tb_e13, 0x31);
          __m256 tb_e20 = _mm256_permute2f128_ps(tb_e10, tb_e14, 0x20);
          __m256 tb_e21 = _mm256_permute2f128_ps(tb_e10, tb_e14, 0x31);
          __m256 tb_e22 = _mm256_permute2f128_ps(tb_e11, tb_e15, 0x20);
          __m256 tb_e23 = _mm256_permute2f128_ps(tb_e11, tb_e15, 0x31);
          _mm256_storeu_ps(&B[j_e][i], tb_e16);
          _mm256_maskstore_ps(&B[j_e + (1 < tb_mr - 1 ? 1 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 1 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e18);
          _mm256_maskstore_ps(&B[j_e + (2 < tb_mr - 1 ? 2 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 2 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e20);
          _mm256_maskstore_ps(&B[j_e + (3 < tb_mr - 1 ? 3 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 3 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e22);
          _mm256_maskstore_ps(&B[j_e + (4 < tb_mr - 1 ? 4 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 4 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e17);
          _mm256_maskstore_ps(&B[j_e + (5 < tb_mr - 1 ? 5 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 5 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e19);
          _mm256_maskstore_ps(&B[j_e + (6 < tb_mr - 1 ? 6 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 6 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e21);
          _mm256_maskstore_ps(&B[j_e + (7 < tb_mr - 1 ? 7 : tb_mr - 1)][i], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr > 7 ? 8 : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e23);
        }
      }
    } else {
      int i_hi2 = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
      for (int i = 0; i < (0 > i_hi2 ? 0 : i_hi2); i++) {
        int j_lo = 8 * (n < 0 ? (n - 7) / 8 : n / 8);
        for (int j = (0 > j_lo ? 0 : j_lo); j < n; j++) {
          B[j][i] = A[i][j];
        }
      }
    }
    if ((long long)m - (long long)(0 > 8 * (m < 0 ? (m - 7) / 8 : m / 8) ? 0 : 8 * (m < 0 ? (m - 7) / 8 : m / 8)) > 4) {
      int i_e_lo = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
      for (long long i_e = (0 > i_e_lo ? 0 : i_e_lo); i_e < m; i_e += 8) {
        for (long long j_e1 = 0; j_e1 < n; j_e1 += 8) {
          int tb_mw = m - i_e;
          int tb_mr1 = (8 < n - j_e1 ? 8 : n - j_e1);
          __m256 tb_erow8 = _mm256_maskload_ps(&A[i_e][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow9 = _mm256_maskload_ps(&A[i_e + (1 < tb_mw - 1 ? 1 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow10 = _mm256_maskload_ps(&A[i_e + (2 < tb_mw - 1 ? 2 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow11 = _mm256_maskload_ps(&A[i_e + (3 < tb_mw - 1 ? 3 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow12 = _mm256_maskload_ps(&A[i_e + (4 < tb_mw - 1 ? 4 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow13 = _mm256_maskload_ps(&A[i_e + (5 < tb_mw - 1 ? 5 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow14 = _mm256_maskload_ps(&A[i_e + (6 < tb_mw - 1 ? 6 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_erow15 = _mm256_maskload_ps(&A[i_e + (7 < tb_mw - 1 ? 7 : tb_mw - 1)][j_e1], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
          __m256 tb_e24 = _mm256_unpacklo_ps(tb_erow8, tb_erow9);
          __m256 tb_e25 = _mm256_unpackhi_ps(tb_erow8, tb_erow9);
          __m256 tb_e26 = _mm256_unpacklo_ps(tb_erow10, tb_erow11);
          __m256 tb_e27 = _mm256_unpackhi_ps(tb_erow10, tb_erow11);
          __m256 tb_e28 = _mm256_unpacklo_ps(tb_erow12, tb_erow13);
          __m256 tb_e29 = _mm256_unpackhi_ps(tb_erow12, tb_erow13);
          __m256 tb_e30 = _mm256_unpacklo_ps(tb_erow14, tb_erow15);
          __m256 tb_e31 = _mm256_unpackhi_ps(tb_erow14, tb_erow15);
          __m256 tb_e32 = _mm256_shuffle_ps(tb_e24, tb_e26, 0x44);
          __m256 tb_e33 = _mm256_shuffle_ps(tb_e24, tb_e26, 0xee);
          __m256 tb_e34 = _mm256_shuffle_ps(tb_e25, tb_e27, 0x44);
          __m256 tb_e35 = _mm256_shuffle_ps(tb_e25, tb_e27, 0xee);
          __m256 tb_e36 = _mm256_shuffle_ps(tb_e28, tb_e30, 0x44);
          __m256 tb_e37 = _mm256_shuffle_ps(tb_e28, tb_e30, 0xee);
          __m256 tb_e38 = _mm256_shuffle_ps(tb_e29, tb_e31, 0x44);
          __m256 tb_e39 = _mm256_shuffle_ps(tb_e29, tb_e31, 0xee);
          __m256 tb_e40 = _mm256_permute2f128_ps(tb_e32, tb_e36, 0x20);
          __m256 tb_e41 = _mm256_permute2f128_ps(tb_e32, tb_e36, 0x31);
          __m256 tb_e42 = _mm256_permute2f128_ps(tb_e33, tb_e37, 0x20);
          __m256 tb_e43 = _mm256_permute2f128_ps(tb_e33, tb_e37, 0x31);
          __m256 tb_e44 = _mm256_permute2f128_ps(tb_e34, tb_e38, 0x20);
          __m256 tb_e45 = _mm256_permute2f128_ps(tb_e34, tb_e38, 0x31);
          __m256 tb_e46 = _mm256_permute2f128_ps(tb_e35, tb_e39, 0x20);
          __m256 tb_e47 = _mm256_permute2f128_ps(tb_e35, tb_e39, 0x31);
          _mm256_maskstore_ps(&B[j_e1][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mw), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e40);
          _mm256_maskstore_ps(&B[j_e1 + (1 < tb_mr1 - 1 ? 1 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 1 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e42);
          _mm256_maskstore_ps(&B[j_e1 + (2 < tb_mr1 - 1 ? 2 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 2 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e44);
          _mm256_maskstore_ps(&B[j_e1 + (3 < tb_mr1 - 1 ? 3 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 3 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e46);
          _mm256_maskstore_ps(&B[j_e1 + (4 < tb_mr1 - 1 ? 4 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 4 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e41);
          _mm256_maskstore_ps(&B[j_e1 + (5 < tb_mr1 - 1 ? 5 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 5 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e43);
          _mm256_maskstore_ps(&B[j_e1 + (6 < tb_mr1 - 1 ? 6 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 6 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e45);
          _mm256_maskstore_ps(&B[j_e1 + (7 < tb_mr1 - 1 ? 7 : tb_mr1 - 1)][i_e], _mm256_cmpgt_epi32(_mm256_set1_epi32(tb_mr1 > 7 ? tb_mw : 0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), tb_e47);
        }
      }
    } else {
      int i_lo = 8 * (m < 0 ? (m - 7) / 8 : m / 8);
      for (int i = (0 > i_lo ? 0 : i_lo); i < m; i++) {
        for (int j = 0; j < n; j++) {
          B[j][i] = A[i][j];
        }
      }
    }
  } else {
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        B[j][i] = A[i][j];
      }
    }
  }
}
