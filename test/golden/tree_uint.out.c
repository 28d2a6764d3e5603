#include <immintrin.h>
/* No transposed reduction through an unsigned int subscript: s[u + 1]
 * wraps to s[0] when u is UINT_MAX, so the 16 elements a jam by 16
 * reduces into need not be consecutive; each keeps its horizontal
 * reduction. */
__attribute__((target("avx512f,avx2,fma"))) void rs(unsigned u, int m, float A[restrict 16][40], float s[restrict]) {
  for (unsigned int i = 0; i < 16; i += 16) {
    __m512 s_acc = _mm512_set1_ps(-0.0f);
    __m512 s_acc1 = _mm512_set1_ps(-0.0f);
    __m512 s_acc2 = _mm512_set1_ps(-0.0f);
    __m512 s_acc3 = _mm512_set1_ps(-0.0f);
    __m512 s_acc4 = _mm512_set1_ps(-0.0f);
    __m512 s_acc5 = _mm512_set1_ps(-0.0f);
    __m512 s_acc6 = _mm512_set1_ps(-0.0f);
    __m512 s_acc7 = _mm512_set1_ps(-0.0f);
    __m512 s_acc8 = _mm512_set1_ps(-0.0f);
    __m512 s_acc9 = _mm512_set1_ps(-0.0f);
    __m512 s_acc10 = _mm512_set1_ps(-0.0f);
    __m512 s_acc11 = _mm512_set1_ps(-0.0f);
    __m512 s_acc12 = _mm512_set1_ps(-0.0f);
    __m512 s_acc13 = _mm512_set1_ps(-0.0f);
    __m512 s_acc14 = _mm512_set1_ps(-0.0f);
    __m512 s_acc15 = _mm512_set1_ps(-0.0f);
    int j_hi = 16 * (m < 0 ? (m - 15) / 16 : m / 16);
    for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 16) {
      s_acc = _mm512_add_ps(s_acc, _mm512_loadu_ps(&A[i][j]));
      s_acc1 = _mm512_add_ps(s_acc1, _mm512_loadu_ps(&A[i + 1][j]));
      s_acc2 = _mm512_add_ps(s_acc2, _mm512_loadu_ps(&A[i + 2][j]));
      s_acc3 = _mm512_add_ps(s_acc3, _mm512_loadu_ps(&A[i + 3][j]));
      s_acc4 = _mm512_add_ps(s_acc4, _mm512_loadu_ps(&A[i + 4][j]));
      s_acc5 = _mm512_add_ps(s_acc5, _mm512_loadu_ps(&A[i + 5][j]));
      s_acc6 = _mm512_add_ps(s_acc6, _mm512_loadu_ps(&A[i + 6][j]));
      s_acc7 = _mm512_add_ps(s_acc7, _mm512_loadu_ps(&A[i + 7][j]));
      s_acc8 = _mm512_add_ps(s_acc8, _mm512_loadu_ps(&A[i + 8][j]));
      s_acc9 = _mm512_add_ps(s_acc9, _mm512_loadu_ps(&A[i + 9][j]));
      s_acc10 = _mm512_add_ps(s_acc10, _mm512_loadu_ps(&A[i + 10][j]));
      s_acc11 = _mm512_add_ps(s_acc11, _mm512_loadu_ps(&A[i + 11][j]));
      s_acc12 = _mm512_add_ps(s_acc12, _mm512_loadu_ps(&A[i + 12][j]));
      s_acc13 = _mm512_add_ps(s_acc13, _mm512_loadu_ps(&A[i + 13][j]));
      s_acc14 = _mm512_add_ps(s_acc14, _mm512_loadu_ps(&A[i + 14][j]));
      s_acc15 = _mm512_add_ps(s_acc15, _mm512_loadu_ps(&A[i + 15][j]));
    }
    for (long long j_r = (0 > j_hi ? 0 : j_hi); j_r < m; j_r += 16) {
      s_acc = _mm512_add_ps(s_acc, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i][j_r]));
      s_acc1 = _mm512_add_ps(s_acc1, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 1][j_r]));
      s_acc2 = _mm512_add_ps(s_acc2, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 2][j_r]));
      s_acc3 = _mm512_add_ps(s_acc3, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 3][j_r]));
      s_acc4 = _mm512_add_ps(s_acc4, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 4][j_r]));
      s_acc5 = _mm512_add_ps(s_acc5, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 5][j_r]));
      s_acc6 = _mm512_add_ps(s_acc6, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 6][j_r]));
      s_acc7 = _mm512_add_ps(s_acc7, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 7][j_r]));
      s_acc8 = _mm512_add_ps(s_acc8, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 8][j_r]));
      s_acc9 = _mm512_add_ps(s_acc9, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 9][j_r]));
      s_acc10 = _mm512_add_ps(s_acc10, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 10][j_r]));
      s_acc11 = _mm512_add_ps(s_acc11, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 11][j_r]));
      s_acc12 = _mm512_add_ps(s_acc12, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 12][j_r]));
      s_acc13 = _mm512_add_ps(s_acc13, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 13][j_r]));
      s_acc14 = _mm512_add_ps(s_acc14, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 14][j_r]));
      s_acc15 = _mm512_add_ps(s_acc15, _mm512_maskz_loadu_ps((__mmask16)((1u << (m - j_r)) - 1u), &A[i + 15][j_r]));
    }
    if (0 < m) {
      s[u + i + 15] += _mm512_reduce_add_ps(s_acc15);
    }
    if (0 < m) {
      s[u + i + 14] += _mm512_reduce_add_ps(s_acc14);
    }
    if (0 < m) {
      s[u + i + 13] += _mm512_reduce_add_ps(s_acc13);
    }
    if (0 < m) {
      s[u + i + 12] += _mm512_reduce_add_ps(s_acc12);
    }
    if (0 < m) {
      s[u + i + 11] += _mm512_reduce_add_ps(s_acc11);
    }
    if (0 < m) {
      s[u + i + 10] += _mm512_reduce_add_ps(s_acc10);
    }
    if (0 < m) {
      s[u + i + 9] += _mm512_reduce_add_ps(s_acc9);
    }
    if (0 < m) {
      s[u + i + 8] += _mm512_reduce_add_ps(s_acc8);
    }
    if (0 < m) {
      s[u + i + 7] += _mm512_reduce_add_ps(s_acc7);
    }
    if (0 < m) {
      s[u + i + 6] += _mm512_reduce_add_ps(s_acc6);
    }
    if (0 < m) {
      s[u + i + 5] += _mm512_reduce_add_ps(s_acc5);
    }
    if (0 < m) {
      s[u + i + 4] += _mm512_reduce_add_ps(s_acc4);
    }
    if (0 < m) {
      s[u + i + 3] += _mm512_reduce_add_ps(s_acc3);
    }
    if (0 < m) {
      s[u + i + 2] += _mm512_reduce_add_ps(s_acc2);
    }
    if (0 < m) {
      s[u + i + 1] += _mm512_reduce_add_ps(s_acc1);
    }
    if (0 < m) {
      s[u + i] += _mm512_reduce_add_ps(s_acc);
    }
  }
}
