/* Two loads of a row a column apart: vectors of A[i][j + 1] start one
 * element past a multiple of 16 from the tile's corner A[i_t][0]. */
#pragma schedcc kernel
void smooth(int n, float A[n][65], float B[n][64]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      B[i][j] = A[i][j] + A[i][j + 1];
}
