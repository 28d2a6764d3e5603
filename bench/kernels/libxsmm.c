/* libxsmm.c — the reference through libxsmm_sgemm (column-major BLAS
 * semantics: row-major C = A·B is column-major C' = B'·A'). */
#include <libxsmm.h>
void bench_kernel(float *A, float *B, float *C);
#if defined(BENCH_BMM)
enum { NB = 6, M = 196, N = 256, K = 2305 };
#else
enum { NB = 1, M = BENCH_SGEMM, N = BENCH_SGEMM, K = BENCH_SGEMM };
#endif
void bench_kernel(float *A, float *B, float *C) {
  const libxsmm_blasint m = N, n = M, k = K, lda = N, ldb = K, ldc = N;
  const float alpha = 1.0f, beta = 1.0f;
  for (int b = 0; b < NB; b++)
    libxsmm_sgemm("N", "N", &m, &n, &k, &alpha, B + (long)b * K * N, &lda,
                  A + (long)b * M * K, &ldb, &beta, C + (long)b * M * N, &ldc);
}
