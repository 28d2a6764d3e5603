/* loop.distribute of i puts the second j loop first (the flow dependence
 * A[i] -> A[i - 1] orders the groups), so the first j loop (j < 3) would
 * run last and leave j = 3 where the original leaves j = 5. */
#include <stdio.h>
#define N 20
static double A[N], B[N][8];
static void kern(int n, double A[N], double B[N][8], int *out) {
  int i, j;
#pragma scop
  for (i = 1; i < n; i++) {
    for (j = 0; j < 3; j++)
      B[i][j] = A[i - 1] * j;
    for (j = 0; j < 5; j++)
      A[i] = A[i] + j;
  }
#pragma endscop
  *out = j;
}
int main(void) {
  for (int k = 0; k < N; k++) A[k] = k;
  int j;
  kern(N, A, B, &j);
  printf("j = %d\n", j);
  for (int k = 0; k < N; k++) printf("%g %g\n", A[k], B[k][2]);
  return 0;
}
