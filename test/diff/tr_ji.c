/* loop.transpose_block on a band with the store contiguous in the inner
 * loop ('i') and the load in the outer one ('j'), lower bounds other than
 * 0, offsets in the subscripts, row lengths other than the trip counts and
 * trip counts that are no multiple of 8 or 16 (remainder rows and
 * columns).  Prints every element of B (untouched ones too). */
#include <stdio.h>

#pragma schedcc kernel
void tr_ji(int m, int n, float A[m][n + 3], float B[n + 2][m + 5]) {
  for (int j = 1; j < n; j++)
    for (int i = 2; i < m; i++)
      B[j + 1][i + 3] = A[i][j + 2];
}

enum { M = 75, N = 61 };
static float A[M][N + 3], B[N + 2][M + 5];

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N + 3; j++)
      A[i][j] = (float)(i * 1000 + j) + 0.25f;
  for (int j = 0; j < N + 2; j++)
    for (int i = 0; i < M + 5; i++)
      B[j][i] = -1.0f;
  tr_ji(M, N, A, B);
  for (int j = 0; j < N + 2; j++)
    for (int i = 0; i < M + 5; i++)
      printf("%a\n", (double)B[j][i]);
  return 0;
}
