/* loop.vectorize {fma_adds}: a row sum (fma_adds_range, fma_adds_isa) and
 * a product of each row (fma_adds_product), which has no sum. */
#pragma schedcc kernel
void rows(int m, int n, float A[m][n], float s[m], float p[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
  for (int i = 0; i < m; i++)
    for (int k = 0; k < n; k++)
      p[i] *= A[i][k];
}
