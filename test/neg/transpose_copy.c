/* A copy, not a transpose: both accesses are contiguous in j. */
#pragma schedcc kernel
void tr_copy(int m, int n, float A[m][n], float B[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][j];
}
