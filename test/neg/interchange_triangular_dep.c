/* A triangular band whose bounds can be exchanged, but A[i][j] reads
 * A[i - 1][j + 1], written one i earlier and one j later: distance
 * (1, -1), which the interchange would reverse. */
void tri(int n, double A[n][n]) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0;
#pragma endscop
}
