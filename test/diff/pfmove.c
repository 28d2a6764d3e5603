/* loop.prefetch, then ops that move what its addresses read (an audit
 * find): the prefetch of A two iterations of j ahead, then i and j
 * interchanged (its i is no longer in scope at j), or a local expanded
 * into an array.  The prefetches are dropped with a warning naming the op;
 * before, the generated C read an undeclared 'i' or 'off', and the .o
 * path an uninitialized one. */
#include <stdio.h>
#define N 23
#define M 31
static float A[N][M + 56], B[N][M];
static void kern(int n, int m, float A[restrict n][m + 56],
                 float B[restrict n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] * 2.0f + B[i][j];
  for (int i = 0; i < n; i++) {
    int off; /* assigned apart from its declaration: a scalar of the */
    off = (i % 7) * 8; /* kernel, not forward-substituted (docs/real-c.md) */
    for (int j = 0; j < m; j++)
      B[i][j] += A[i][off + j];
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M + 56; j++)
      A[i][j] = (float)((i * 7 + j) % 11);
  kern(N, M, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("B[%d][%d] = %a\n", i, j, B[i][j]);
  return 0;
}
