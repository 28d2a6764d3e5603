/* An in-place transpose: iteration (i, j) writes A[j][i], which iteration
 * (j, i) reads; blocking the band would reorder them. */
#pragma schedcc kernel
void tr_inplace(int n, float A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[j][i] = A[i][j];
}
