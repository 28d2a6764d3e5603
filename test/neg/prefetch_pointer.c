/* An array parameter of rank 2 without its first extent (`x[][n]`): the
 * prefetched address could not be clamped into the array (a pointer of
 * rank 1, `T *x`, is clamped into the elements the kernel touches: see
 * test/golden/prefetch_pointer). */
#pragma schedcc kernel
void scale(int m, int n, float x[][n], float a) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      x[i][j] = a * x[i][j];
}
