/* A triangular band whose inner loop steps by 2: the j loop's bounds read
 * i, and non-rectangular dimensions are tiled only with step 1. */
void tri(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j += 2)
      A[i][j] = A[i][j] * 0.5;
#pragma endscop
}
