/* loop.transpose_block: 8 x 8 blocks in AVX2 registers (row loads,
 * unpacklo/hi, shuffle_ps, permute2f128, row stores) and the scalar
 * remainder nests. */
#pragma schedcc kernel
void transpose(int m, int n, float A[m][n], float B[n][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}
