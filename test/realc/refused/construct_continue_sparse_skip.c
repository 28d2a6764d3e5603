// REFUSED (as of the current schedcc): construct_continue_sparse_skip.c:10:22: error: unsupported in a kernel: 'continue'
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#pragma schedcc kernel
void skip_zero(float *C, const float *A, const float *B, int M, int N, int K) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) {
      float a = A[i * K + k];
      if (a == 0.0f) continue;
      for (int j = 0; j < N; j++)
        C[i * N + j] += a * B[k * N + j];
    }
}
