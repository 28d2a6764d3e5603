/* matmul.c — a kernel scheduled by matmul.sched, found beside this file. */
#include "util.h"

#pragma schedcc kernel
void matmul(double C[N][N], double A[N][N], double B[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}
