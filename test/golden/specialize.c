/* loop.specialize golden: the rows of y versioned on their length, the
 * multiple-of-8 version vectorized with AVX2 without a remainder (the
 * condition is a fact inside its branch), the other unrolled by 3. */
#pragma schedcc kernel
void axpy_rows(int n, int m, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] += a * x[i * m + j];
}
