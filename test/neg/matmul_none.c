/* match.matmul on a nest that is no matrix product (three factors): the
 * failure names the reason. */
#pragma schedcc kernel
void triple(float A[16][16], float B[16][16], float C[16][16], float D[16][16]) {
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 16; k++)
        C[i][j] += A[i][k] * B[k][j] * D[k][j];
}
