/* sgemm.c — the benchmark's plain C single-precision matmul, row-major,
 * C += A·B, textbook loop order i, j, k (schedules name the loops i, j, k).
 */
#pragma schedcc kernel
void sgemm(int n, float A[n][n], float B[n][n], float C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}
