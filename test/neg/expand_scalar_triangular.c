/* t is written and read in each iteration of the triangular j loop, whose
 * trip count depends on i: the array's size is not known at the start of
 * the kernel. */
#pragma schedcc kernel
void tri(int n, double A[n][n]) {
  double t;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      t = A[i][j] * 0.5;
      A[j][i] = t;
    }
}
