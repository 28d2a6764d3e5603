/* Loops marked parallel by loop.parallel, then transformed: the mark must
 * still hold afterwards. */
void shift(int n, double A[64], double B[64], double X[64]) {
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = X[i] * 2.0;
  for (int i = 1; i < n; i++)
    B[i] = A[i - 1] + 1.0;
#pragma endscop
}

void diag(int n, double A[64][64]) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j - 1] * 0.5 + 1.0;
#pragma endscop
}
