/* A loop split again and again at its remainders: each split point
 * repeats the bounds of the one before (and C prints a min or max with
 * each operand twice), so the bounds grow exponentially: refused at the
 * split whose bound would print past the limit (the random tester's seed
 * 20261203, kernel 154, wrote lines of 10 MB). */
#pragma schedcc kernel
void grow(int n, double a[n + 2], const double b[n + 2]) {
  for (int k = 0; k < n; k++)
    a[k] = b[k + 2] + 1.0;
}
