/* lu's update with k up to i inclusive: A[i][k] is A[i][i] at k == i,
 * which the j loop (j >= i) writes at j == i.  loop.hoist must not move
 * the load out of j (test/diff/lu.hoist: with k < i it does). */
#include <stdio.h>
#define N 40
static double A[N][N];
static void kern(int n, double A[N][N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int k = 0; k <= i; k++)
      for (int j = i; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
#pragma endscop
}
int main(void) {
  kern(N, A);
  printf("%g\n", A[1][2]);
  return 0;
}
