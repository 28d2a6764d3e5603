/* loop.to_library "libxsmm" on a matrix product with a transposed
 * operand, which libxsmm 1.17 has no kernel for: a located error naming
 * the cause and the fix (cblas). */
#pragma schedcc kernel
void mmt(float A[8][8], float B[8][8], float C[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        C[i][j] += A[k][i] * B[k][j];
}
