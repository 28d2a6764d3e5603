/* cblas.c — the reference through cblas_sgemm (linked with OpenBLAS or
 * with BLIS, whose libblis exports the same CBLAS interface), one thread
 * (the runner sets OPENBLAS_NUM_THREADS=1, BLIS_NUM_THREADS=1).  With
 * -DBENCH_OPENBLAS it prints on stderr the core whose kernels OpenBLAS
 * chose at run time ("openblas core: Haswell"; OPENBLAS_CORETYPE forces
 * one), so the runner can say which kernels a row measured. */
#include <cblas.h>
#if defined(BENCH_OPENBLAS)
#include <stdio.h>
__attribute__((constructor)) static void print_openblas_core(void) {
  fprintf(stderr, "openblas core: %s\n", openblas_get_corename());
}
#endif
void bench_kernel(float *A, float *B, float *C);
#if defined(BENCH_BMM)
enum { NB = 6, M = 196, N = 256, K = 2305 };
#else
enum { NB = 1, M = BENCH_SGEMM, N = BENCH_SGEMM, K = BENCH_SGEMM };
#endif
void bench_kernel(float *A, float *B, float *C) {
  for (int b = 0; b < NB; b++)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f,
                A + (long)b * M * K, K, B + (long)b * K * N, N, 1.0f,
                C + (long)b * M * N, N);
}
