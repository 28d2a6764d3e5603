/* loop.reorder of a skewed nest whose outer loop was peeled: the new outer
 * loop's bounds, 2 * lo + 1 and m + 2 * min(lo + 1, hi) - 2, are evaluated
 * even when lo .. hi is empty, where near INT_MAX they overflow an int
 * (fuzz seed 20261131, kernel 10); the second is no affine expression of
 * the parameters, which a run-time check could test: refused. */
#pragma schedcc kernel
void kern(int m, int lo, int hi, int c[64][64], const int b[64][64]) {
  for (int i = lo; i < hi; i++)
    for (int j = m - 1; j >= 1; j--)
      c[j][i - lo] = b[i - lo][j];
}
