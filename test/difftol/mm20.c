/* mm20.c — a 20 x 20 x 20 matmul, float: fewer columns than one 32-wide
 * tile, so the whole-matmul schedule's 14 x 32 part never runs (left out
 * of the output, its pack buffer not declared) and the 14 x 16 masked
 * part does all the work.  Prints every element of C. */
#include <stdio.h>

#define N 20

static float A[N][N], B[N][N], C[N][N];

#pragma schedcc kernel
static void mm(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(void) {
  unsigned s = 777;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = s * 1103515245u + 12345u;
      A[i][j] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
      s = s * 1103515245u + 12345u;
      B[i][j] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
      C[i][j] = (float)(i - j) / 8.0f;
    }
  mm();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.9g\n", C[i][j]);
  return 0;
}
