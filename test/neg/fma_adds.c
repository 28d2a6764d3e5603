/* loop.vectorize {fma_adds}: a row sum (fma_adds_range, fma_adds_isa), a
 * product of each row (fma_adds_product), which has no sum, and a sum of
 * squares (fma_adds_contracted), which contract makes fused multiply-adds. */
#pragma schedcc kernel
void rows(int m, int n, float A[m][n], float s[m], float p[m], float q[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
  for (int i = 0; i < m; i++)
    for (int k = 0; k < n; k++)
      p[i] *= A[i][k];
  for (int i = 0; i < m; i++)
    for (int l = 0; l < n; l++)
      q[i] += A[i][l] * A[i][l];
}
