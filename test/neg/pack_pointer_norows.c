/* loop.pack of a pointer whose subscripts have no product with a
 * parameter (a 1-D convolution reading B[i + k]): there are no rows to
 * pack; the error says which form it takes. */
#pragma schedcc kernel
void conv1d(int n, int m, const float *B, const float *w, float *y) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      y[i] += w[k] * B[i + k];
}
