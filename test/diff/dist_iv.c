/* loop.distribute with an induction variable of the inner loops read
 * after the kernel: the groups keep the body's order (the flow dependence
 * A[i] -> B[i][j] goes forward), so the last j loop still runs last and
 * j ends at 5, as in the original.  (test/neg/distribute_live_iv: the
 * order reversed, refused.) */
#include <stdio.h>
#define N 20
static double A[N], B[N][8];
static void kern(int n, double A[N], double B[N][8], int *out) {
  int i, j;
#pragma scop
  for (i = 1; i < n; i++) {
    for (j = 0; j < 3; j++)
      A[i] = A[i] + j;
    for (j = 0; j < 5; j++)
      B[i][j] = A[i] * j + B[i - 1][j];
  }
#pragma endscop
  *out = j;
}
int main(void) {
  for (int k = 0; k < N; k++)
    A[k] = k;
  int j;
  kern(N, A, B, &j);
  printf("j = %d\n", j);
  for (int k = 0; k < N; k++)
    printf("%g %g %g\n", A[k], B[k][2], B[k][4]);
  return 0;
}
