/* Scalars declared in loop bodies, as people write them: darknet's gemm_nn
 * (`register float A_PART` in k's body, before the j loop) and llama2.c's
 * matmul (`float val = 0.0f;` in i's body, a reduction over j, stored
 * after it), here with VLA parameters (delinearization of `w[i*n + j]` is
 * another matter).  loop.tile sinks A_PART into the band; unroll-and-jam
 * of i gives each copy its own val. */
#include <stdio.h>

#pragma schedcc kernel
void gemm_nn(int M, int N, int K, float ALPHA, float A[M][K], float B[K][N],
             float C[M][N]) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i][k];
      for (j = 0; j < N; ++j) {
        C[i][j] += A_PART * B[k][j];
      }
    }
  }
}

#pragma schedcc kernel
void matmul(int n, int d, float xout[d], float x[n], float w[d][n]) {
  int i;
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++) {
      val += w[i][j] * x[j];
    }
    xout[i] = val;
  }
}

enum { MM = 13, NN = 37, KK = 11 };

int main(void) {
  static float A[MM][KK], B[KK][NN], C[MM][NN], w[MM][NN], x[NN], xo[MM];
  for (int i = 0; i < MM; i++)
    for (int k = 0; k < KK; k++)
      A[i][k] = (float)(i * KK + k) / 17.0f;
  for (int k = 0; k < KK; k++)
    for (int j = 0; j < NN; j++)
      B[k][j] = (float)(k - j) / 9.0f;
  for (int i = 0; i < MM; i++)
    for (int j = 0; j < NN; j++) {
      C[i][j] = (float)(i + j) / 5.0f;
      w[i][j] = (float)((i * 7 + j * 3) % 19) / 11.0f;
    }
  for (int j = 0; j < NN; j++)
    x[j] = 1.0f / (float)(j + 1);
  gemm_nn(MM, NN, KK, 0.75f, A, B, C);
  matmul(NN, MM, xo, x, w);
  for (int i = 0; i < MM; i++) {
    for (int j = 0; j < NN; j++)
      printf("%a ", (double)C[i][j]);
    printf("%a\n", (double)xo[i]);
  }
  return 0;
}
