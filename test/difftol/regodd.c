/* regodd.c — matrix multiplication in i-j-k order, float and double, for the
 * (M = 37, K = 29, N = 45: no size is a multiple of a tile): masked
 * vector columns, jammed-out rows, partial k blocks.  Prints numbers. */
#include <stdio.h>

#define M 37
#define K 29
#define N 45

static float A[M][K], B[K][N], C[M][N];
static double Ad[M][K], Bd[K][N], Cd[M][N];

static void smm(void) {
#pragma schedcc kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
}

static void dmm(void) {
#pragma schedcc kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        Cd[i][j] += Ad[i][k] * Bd[k][j];
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) {
      s = s * 1103515245u + 12345u;
      A[i][k] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
      Ad[i][k] = A[i][k];
    }
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) {
      s = s * 1103515245u + 12345u;
      B[k][j] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
      Bd[k][j] = B[k][j];
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = Cd[i][j] = (float)(i - j) / 8.0f;
  smm();
  dmm();
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf("%.9g %.17g\n", C[i][j], Cd[i][j]);
  return 0;
}
