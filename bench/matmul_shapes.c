/* matmul_shapes.c — times one matrix-product implementation at one shape:
 *   matmul_shapes M N K REPS
 * linked with gemm_mnk (a schedcc output of kernels/gemm_mnk.c) or, with
 * -DUSE_CBLAS, cblas_sgemm (OpenBLAS; OPENBLAS_CORETYPE may force its
 * kernels).  Prints "<median ms> <GFLOP/s> <checksum>" (C's sum after one
 * call, as double) on stdout, and with -DUSE_CBLAS the OpenBLAS core on
 * stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_util.h"
#ifdef USE_CBLAS
#include <cblas.h>
#endif

void gemm_mnk(int M, int N, int K, const float *A, int lda, const float *B,
              int ldb, float *C, int ldc);

static void call(int M, int N, int K, const float *A, const float *B,
                 float *C) {
#ifdef USE_CBLAS
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A, K, B,
              N, 1.0f, C, N);
#else
  gemm_mnk(M, N, K, A, K, B, N, C, N);
#endif
}

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]);
  int reps = atoi(argv[4]);
  float *A = alloc_fill((size_t)M * K, 1), *B = alloc_fill((size_t)K * N, 2),
        *C = alloc_fill((size_t)M * N, 3);
#ifdef USE_CBLAS
  fprintf(stderr, "openblas core: %s\n", openblas_get_corename());
#endif
  call(M, N, K, A, B, C);
  double check = 0;
  for (size_t i = 0; i < (size_t)M * N; i++)
    check += C[i];
  double *t = malloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    call(M, N, K, A, B, C);
    t[r] = now_ms() - t0;
  }
  qsort(t, (size_t)reps, sizeof(double), cmp_double);
  double med = t[reps / 2];
  printf("%.4f %.1f %.6e\n", med, 2e-6 * M * N * (double)K / med, check);
  return 0;
}
