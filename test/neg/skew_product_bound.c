/* skew_product_bound.c — the skewed loop's bound is a product of two
 * parameters: n * m + 2*t can pass INT_MAX, interval bounds cannot prove
 * otherwise and no affine expression of the parameters bounds it for a
 * run-time check. */
#pragma schedcc kernel
void k(int n, int m, float a[8][300]) {
  for (int t = 1; t < 8; t++)
    for (int i = 1; i < n * m; i++)
      a[t][i] += a[t - 1][i - 1];
}
