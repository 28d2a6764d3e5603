#pragma schedcc kernel
void matmul(float A[196][64], float B[64][256], float C[196][256]) {
  for (int i = 0; i < 196; i++)
    for (int j = 0; j < 256; j++)
      for (int k = 0; k < 64; k++)
        C[i][j] += A[i][k] * B[k][j];
}
