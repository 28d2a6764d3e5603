/* Golden: tiling with partial tiles (symbolic n), a tile size of 0 and an
 * unroll of the innermost point loop by 4 with its remainder. */
void mm(int n, float A[n][n], float B[n][n], float C[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
