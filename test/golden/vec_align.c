/* loop.vectorize {align}: the vector loop starts where the store's address
 * is a multiple of the vector's size (j_al, from align_gap), after a
 * masked head iteration; rows of n doubles start anywhere. */
#pragma schedcc kernel
void smooth(int m, int n, double A[m][n], double B[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.25 * A[i][j - 1] + 0.5 * A[i][j] + 0.25 * A[i][j + 1];
}
