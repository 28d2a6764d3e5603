/* matmul.c — matrix multiplication in i-k-j order (the j loop is the
 * vectorizable inner loop: C[i][j] += A[i][k] * B[k][j], A broadcast) in
 * float and double, and saxpy-like updates (y = a*x + y, y -= a*x,
 * z = a*x - y), for the tolerance tests of loop.vectorize {contract}.
 * Inputs are positive (no cancellation, so relative tolerances hold).
 * Sizes are not multiples of the vector widths.  Prints every element of
 * a few rows in %a. */
#include <stdio.h>

#define M 37
#define K 29
#define N 45

static float A[M][K], B[K][N], C[M][N];
static double Ad[M][K], Bd[K][N], Cd[M][N];
static float x[N], y[N], z[N];

static void smm(void) {
#pragma schedcc kernel
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

static void dmm(void) {
#pragma schedcc kernel
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        Cd[i][j] = Cd[i][j] + Ad[i][k] * Bd[k][j];
}

static void saxpy(float a) {
#pragma schedcc kernel
  for (int j = 0; j < N; j++) {
    y[j] = a * x[j] + y[j];
    y[j] -= 0.25f * x[j];
    z[j] = a * x[j] - y[j];
  }
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) {
      A[i][k] = (float)((i * 7 + k * 3) % 19 + 1) / 8.0f;
      Ad[i][k] = (double)((i * 5 + k * 11) % 23 + 1) / 9.0;
    }
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) {
      B[k][j] = (float)((k * 13 + j * 5) % 17 + 1) / 7.0f;
      Bd[k][j] = (double)((k * 3 + j * 7) % 29 + 1) / 5.0;
    }
  for (int j = 0; j < N; j++) {
    x[j] = 1.0f + (float)(j % 11) / 13.0f;
    y[j] = (float)(j % 7) / 100.0f;
  }
  smm();
  dmm();
  saxpy(1.5f);
  for (int i = 0; i < M; i += 9)
    for (int j = 0; j < N; j++)
      printf("C %d %d %a %a\n", i, j, (double)C[i][j], Cd[i][j]);
  for (int j = 0; j < N; j++)
    printf("y %d %a %a\n", j, (double)y[j], (double)z[j]);
  return 0;
}
