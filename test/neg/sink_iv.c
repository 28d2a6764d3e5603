/* The loop to sink reads i's value after the first i loop; inside the
 * second i loop it would read that loop's i instead. */
#pragma schedcc kernel
void f(int n, int m, float *restrict a, float *restrict b) {
  int i;
  for (i = 0; i < m; i++)
    a[i] = 0.0f;
  for (int j = 0; j < m; j++)
    b[j] = (float)i;
  for (i = 0; i < n; i++)
    a[i] += b[i];
}
