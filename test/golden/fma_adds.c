/* loop.vectorize {fma_adds}: the volatile 1.0 and its vector declared
 * before the outer loop; the last F copies' sums as fma(x, ones, acc)
 * (fnmadd for s -= x); the folds and the horizontal sum unchanged. */
#pragma schedcc kernel
void rowsum(int m, int n, float A[m][n], float s[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
}

#pragma schedcc kernel
void dsub(int n, const double *x, double *t) {
  for (int i = 0; i < n; i++)
    t[0] -= x[i];
}
