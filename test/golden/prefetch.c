/* loop.prefetch golden: a product register-tiled 4 rows x 2 vectors, the
 * 4 x 32 tile of C that the row tile two tiles ahead loads and stores
 * prefetched (for writing) at the start of each row tile, through the
 * one-iteration loop of the tile's columns, each row clamped into C. */
#pragma schedcc kernel
void mm(int n, float A[n][64], float B[64][32], float C[n][32]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 32; j++)
      for (int k = 0; k < 64; k++)
        C[i][j] += A[i][k] * B[k][j];
}
