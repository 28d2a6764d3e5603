/* loop.transpose_block {nontemporal}: each row store of a block is a
 * streaming store when its address is aligned to the vector (tested at
 * run time) and an ordinary one otherwise; the transformed version of the
 * (versioned) kernel ends with a store fence. */
#pragma schedcc kernel
void transpose(int m, int n, float A[m][n], float B[n][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}
