/* A Gauss-Seidel sweep: A[i][j] reads the new A[i - 1][j + 1] and
 * A[i][j - 1], so interchanging i and j would read old values. */
void gauss_seidel(int n, double A[100][100]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + A[i][j - 1];
#pragma endscop
}
