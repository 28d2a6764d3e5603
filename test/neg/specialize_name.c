/* loop.specialize with a condition that names no parameter of the kernel
 * ('k'): refused with the name. */
#pragma schedcc kernel
void kern(int n, int m, float *y) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] += 1.0f;
}
