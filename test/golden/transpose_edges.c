/* loop.transpose_block {masked}: 8 x 8 blocks in AVX2 registers, then the
 * edges: masked edge blocks (vmaskmovps loads and stores) chosen at run
 * time where more than 4 rows or columns are left over, the scalar
 * remainder nests where fewer. */
#pragma schedcc kernel
void transpose(int m, int n, float A[m][n], float B[n][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}
