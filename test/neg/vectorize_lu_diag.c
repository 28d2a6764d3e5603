/* lu's update with k running up to i inclusive: at k == i the broadcast
 * A[i][k] is A[i][i], which the j loop writes at j == i and reads at every
 * later j: a flow dependence carried by j.  loop.vectorize %j must refuse
 * (isl finds the elements can meet; the k < i version vectorizes:
 * test/diff/lu.vec_avx2). */
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
