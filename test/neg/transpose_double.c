/* A transpose of doubles: loop.transpose_block handles floats. */
#pragma schedcc kernel
void tr_double(int m, int n, double A[m][n], double B[n][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}
