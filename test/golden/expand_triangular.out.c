/* Golden (issue 24): loop.expand_scalar of PolyBench ludcmp's `w` over its
 * triangular j loops.  The arrays get the largest trip count over the
 * enclosing i loop (0 <= i < n): n - 1 for j < i, n for i <= j < n, whose
 * elements are j - i.  `w` is read after each loop only after a write
 * that kills the loop's last value. */
void ludcmp(int n, double A[n][n]) {
  double w;
  if (((long long)n - 1 <= 131072) && (n <= 131072)) {
    _Alignas(64) double w_x[(n - 1LL > 1 ? n - 1LL : 1)];
    _Alignas(64) double w_x1[(n > 1 ? n : 1)];
  (void)w; /* replaced by an array */
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        w_x[j] = A[i][j];
        for (int k = 0; k < j; k++) {
          w_x[j] -= A[i][k] * A[k][j];
        }
        A[i][j] = w_x[j] / A[j][j];
      }
      for (int j = i; j < n; j++) {
        w_x1[j - i] = A[i][j];
        for (int k = 0; k < i; k++) {
          w_x1[j - i] -= A[i][k] * A[k][j];
        }
        A[i][j] = w_x1[j - i];
      }
    }
  } else {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        w = A[i][j];
        for (int k = 0; k < j; k++) {
          w -= A[i][k] * A[k][j];
        }
        A[i][j] = w / A[j][j];
      }
      for (int j = i; j < n; j++) {
        w = A[i][j];
        for (int k = 0; k < i; k++) {
          w -= A[i][k] * A[k][j];
        }
        A[i][j] = w;
      }
    }
  }
}
