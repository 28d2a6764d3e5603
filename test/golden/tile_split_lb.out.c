/* Golden (issue 24): PolyBench lu's upper-triangle loop, from i to n,
 * split by 4, then tiled by 4: the main part's trip count is a multiple of
 * 4 although its lower bound is i, so the point loop has no min and the
 * full unroll that follows finds a constant trip count (4). */
void lu(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
      A[i][j] /= A[j][j];
    }
    long long j_t_hi = (long long)i + 4 * ((long long)n - (long long)i < 0 ? ((long long)n - (long long)i - 3) / 4 : ((long long)n - (long long)i) / 4);
    for (long long j_t = i; j_t < ((long long)i > j_t_hi ? (long long)i : j_t_hi); j_t += 4) {
      for (int k = 0; k < i; k++) {
        A[i][j_t] -= A[i][k] * A[k][j_t];
      }
      for (int k = 0; k < i; k++) {
        A[i][j_t + 1LL] -= A[i][k] * A[k][j_t + 1LL];
      }
      for (int k = 0; k < i; k++) {
        A[i][j_t + 2LL] -= A[i][k] * A[k][j_t + 2LL];
      }
      for (int k = 0; k < i; k++) {
        A[i][j_t + 3LL] -= A[i][k] * A[k][j_t + 3LL];
      }
    }
    int j_lo = i + 4 * (n - i < 0 ? (n - i - 3) / 4 : (n - i) / 4);
    for (int j = (i > j_lo ? i : j_lo); j < n; j++) {
      for (int k = 0; k < i; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
    }
  }
}
