/* t is written and read in each iteration of the triangular j loop, whose
 * trip count i is bounded by the bound of the i loop, n / 2 - 1: not an
 * affine expression, so no size of the array is known at the start of
 * the kernel.  (With i < n the array gets n - 1 elements:
 * test/diff/ludcmp.expand.sched.) */
#pragma schedcc kernel
void tri(int n, double A[n][n]) {
  double t;
  for (int i = 0; i < n / 2; i++)
    for (int j = 0; j < i; j++) {
      t = A[i][j] * 0.5;
      A[j][i] = t;
    }
}
