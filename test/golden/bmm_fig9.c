/* Golden: the Transform dialect paper's Figure 9 schedule on a small
 * batch matmul (20 rows: split by 8 leaves a remainder of 4). */
#pragma schedcc kernel
void bmm(float A[2][20][8], float B[2][8][16], float C[2][20][16]) {
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 20; i++)
      for (int j = 0; j < 16; j++)
        for (int k = 0; k < 8; k++)
          C[b][i][j] += A[b][i][k] * B[b][k][j];
}
