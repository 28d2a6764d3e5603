/* Golden (issue 24): PolyBench lu's upper-triangle loop, from i to n,
 * split by 4, then tiled by 4: the main part's trip count is a multiple of
 * 4 although its lower bound is i, so the point loop has no min and the
 * full unroll that follows finds a constant trip count (4). */
void lu(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
#pragma endscop
}
