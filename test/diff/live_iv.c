/* Induction variables declared before the kernel and printed after it.
 * The transforms below keep their final values, so they apply:
 *  - parallel: the first i loop in parallel (its private i is overwritten
 *    by the next loop's initialization before anything reads it);
 *  - fuse: two loops with the same iv and the same bounds;
 *  - interchange: a band whose loops all run (constant trip counts);
 *  - vec_scalar: a vector loop with a scalar epilogue (the iv ends at ub).
 * The refusals are the test/neg cases named ..._live_iv. */
#include <stdio.h>

#define N 200

static double A[N], B[N], C[8][12], D[N];

static void kern(int n, double A[N], double B[N], double C[8][12], double D[N],
                 int res[4]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = A[i] + 1.0;
  for (i = 0; i < n; i++)
    B[i] = B[i] * 2.0;
  for (i = 0; i < n; i++)
    D[i] = D[i] + B[i];
  for (i = 0; i < 8; i++)
    for (j = 0; j < 12; j++)
      C[i][j] = C[i][j] * 0.5 + i - j;
  for (j = 1; j < n - 2; j++)
    D[j] = D[j] * 3.0;
#pragma endscop
  res[0] = i;
  res[1] = j;
}

int main(void) {
  for (int k = 0; k < N; k++) {
    A[k] = k * 0.25;
    B[k] = (k % 7) * 0.5;
    D[k] = (k % 5) * 0.125;
  }
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 12; c++)
      C[r][c] = r + c * 0.5;
  int res[4] = {0};
  kern(N - 3, A, B, C, D, res);
  printf("%d %d\n", res[0], res[1]);
  for (int k = 0; k < N; k++)
    printf("%.17g %.17g %.17g\n", A[k], B[k], D[k]);
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 12; c++)
      printf("%.17g\n", C[r][c]);
  return 0;
}
