/* copy.c — the anchor of bench/bandwidth.sh: dst[k] = src[k] for k < count,
 * with explicit vector loads and stores (AVX-512 when the compiler targets
 * it, else AVX2, else plain C), so that the compiler neither calls memcpy
 * (whose non-temporal stores above a size threshold would measure something
 * else) nor scalarizes.  Bytes moved per call: 8 * count (read + write). */
#include <stddef.h>
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

void bw_copy(size_t count, const float *src, float *dst) {
  size_t k = 0;
#if defined(__AVX512F__)
  for (; k + 64 <= count; k += 64) {
    __m512 a = _mm512_loadu_ps(src + k), b = _mm512_loadu_ps(src + k + 16),
           c = _mm512_loadu_ps(src + k + 32), d = _mm512_loadu_ps(src + k + 48);
    _mm512_storeu_ps(dst + k, a);
    _mm512_storeu_ps(dst + k + 16, b);
    _mm512_storeu_ps(dst + k + 32, c);
    _mm512_storeu_ps(dst + k + 48, d);
  }
#elif defined(__AVX2__)
  for (; k + 32 <= count; k += 32) {
    __m256 a = _mm256_loadu_ps(src + k), b = _mm256_loadu_ps(src + k + 8),
           c = _mm256_loadu_ps(src + k + 16), d = _mm256_loadu_ps(src + k + 24);
    _mm256_storeu_ps(dst + k, a);
    _mm256_storeu_ps(dst + k + 8, b);
    _mm256_storeu_ps(dst + k + 16, c);
    _mm256_storeu_ps(dst + k + 24, d);
  }
#endif
  for (; k < count; k++)
    dst[k] = src[k];
}
