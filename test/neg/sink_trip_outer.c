/* Whether the i loop runs depends on t: a check at the kernel's entry
 * cannot say that every instance of the row loop runs. */
#pragma schedcc kernel
void f(int n, int m, float (*restrict a)[64], float *restrict b) {
  for (int t = 0; t < n; t++) {
    for (int j = 0; j < m; j++)
      b[j] = (float)t;
    for (int i = t; i < n - 1; i++)
      for (int j = 0; j < m; j++)
        a[i][j] += b[j];
  }
}
