/* The three CPU gemm loops of a C neural-network framework: C += ALPHA *
 * op(A) * op(B) on row-major matrices with leading dimensions, the A
 * element of the i-k-j order kept in a register variable. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

#pragma schedcc kernel
void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      register float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      }
      C[i * ldc + j] += sum;
    }
  }
}

#pragma schedcc kernel
void gemm_tn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[k * lda + i];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

static void run(int M, int N, int K, float alpha) {
  /* leading dimensions wider than the rows, as for sub-matrices */
  int lda = (M > K ? M : K) + 3, ldb = (N > K ? N : K) + 2, ldc = N + 1;
  int na = lda * (M > K ? M : K) + 1, nb = ldb * (N > K ? N : K) + 1;
  float *A = malloc(sizeof(float) * (size_t)na);
  float *B = malloc(sizeof(float) * (size_t)nb);
  float *C = malloc(sizeof(float) * (size_t)(ldc * M + 1));
  realc_fill(A, na); realc_fill(B, nb); realc_fill(C, ldc * M + 1);
  gemm_nn(M, N, K, alpha, A, lda, B, ldb, C, ldc);
  realc_print("nn", C, ldc * M);
  gemm_nt(M, N, K, alpha, A, lda, B, ldb, C, ldc);
  realc_print("nt", C, ldc * M);
  gemm_tn(M, N, K, alpha, A, lda, B, ldb, C, ldc);
  realc_print("tn", C, ldc * M);
  free(A); free(B); free(C);
}

int main(void) {
  run(7, 37, 9, 1.0f);
  run(16, 32, 16, 0.5f);
  run(1, 5, 3, 2.0f);
  run(4, 0, 6, 1.0f);
  run(0, 4, 6, 1.0f);
  /* several register tiles and k blocks, partial at every edge */
  run(45, 70, 300, 1.0f);
  run(29, 33, 257, 0.25f);
  /* overlapping: C written over the rows of B it reads (a square block) */
  float buf[12 * 12];
  realc_fill(buf, 144);
  gemm_nn(6, 6, 6, 1.0f, buf, 12, buf + 6, 12, buf + 6, 12);
  realc_print("alias nn", buf, 144);
  gemm_nt(5, 5, 4, 1.0f, buf, 12, buf + 1, 12, buf + 2, 12);
  realc_print("alias nt", buf, 144);
  return 0;
}
