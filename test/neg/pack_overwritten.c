/* The j loop reads A[i][j - 1], which it wrote in the previous iteration:
 * a copy made before the loop would hold the old values.  loop.pack
 * refuses (isl: the loads and stores of A meet; test/diff/trmm.pack: they
 * do not, and B is packed). */
#include <stdio.h>
#define N 16
static double A[N][N + 1];
static void kern(int n, double A[N][N + 1]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < 8; j++)
      A[i][j] = A[i][j - 1] * 2.0 + A[i][j];
#pragma endscop
}
int main(void) {
  kern(N, A);
  printf("%g\n", A[1][2]);
  return 0;
}
