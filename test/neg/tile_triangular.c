/* A triangular band: the j loop's bound reads i. */
void tri(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[i][j] * 0.5;
#pragma endscop
}
