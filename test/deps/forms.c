/* Statement forms for the --emit=deps golden test: a reduction, a scalar
 * temporary (shared: loop-carried) and a body-local one (private), a loop
 * counting down, a strided loop under a guard, and a non-affine subscript
 * (over-approximated: any element of x). */
void forms(int n, int lda, double C[64][64], double A[64][64],
           double B[64][64], double x[4096], double y[64]) {
  double t;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (int i = 0; i < n; i++) {
    t = y[i] * 2.0;
    y[i] = t + 1.0;
  }
  for (int i = 0; i < n; i++) {
    double u = y[i];
    y[i] = u * u;
  }
  for (int i = n - 1; i >= 1; i--)
    y[i - 1] = y[i] + 1.0;
  for (int i = 0; i < n; i += 2)
    if (i < 32)
      y[i + 1] = y[i];
  for (int i = 0; i < n; i++)
    x[i * lda] = x[i] + 1.0;
#pragma endscop
}
