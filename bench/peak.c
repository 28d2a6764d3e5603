/* peak.c — one core's single-precision FMA peak: 12 independent chains of
 * vector FMAs (enough to cover the FMA latency on two FMA ports), timed over
 * many iterations.  Prints "peak_avx512 <GFLOP/s>" and "peak_avx2 <GFLOP/s>"
 * for the ISAs the host runs. */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define ITERS 200000000L

__attribute__((target("avx512f"))) static double peak_avx512(void) {
  __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  __m512 c[12];
  for (int i = 0; i < 12; i++)
    c[i] = _mm512_set1_ps((float)i);
  double t0 = now();
  for (long n = 0; n < ITERS / 12; n++)
    for (int i = 0; i < 12; i++)
      c[i] = _mm512_fmadd_ps(c[i], a, b);
  double t = now() - t0;
  float sink = 0;
  for (int i = 0; i < 12; i++)
    sink += _mm512_reduce_add_ps(c[i]);
  if (sink == 12345.0f)
    puts("");
  return (double)(ITERS / 12) * 12 * 16 * 2 / t * 1e-9;
}

__attribute__((target("avx2,fma"))) static double peak_avx2(void) {
  __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
  __m256 c[12];
  for (int i = 0; i < 12; i++)
    c[i] = _mm256_set1_ps((float)i);
  double t0 = now();
  for (long n = 0; n < ITERS / 12; n++)
    for (int i = 0; i < 12; i++)
      c[i] = _mm256_fmadd_ps(c[i], a, b);
  double t = now() - t0;
  float s[8], sink = 0;
  for (int i = 0; i < 12; i++) {
    _mm256_storeu_ps(s, c[i]);
    sink += s[0];
  }
  if (sink == 12345.0f)
    puts("");
  return (double)(ITERS / 12) * 12 * 8 * 2 / t * 1e-9;
}

int main(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    printf("peak_avx512 %.1f\n", peak_avx512());
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    printf("peak_avx2 %.1f\n", peak_avx2());
  return 0;
}
