/* The scalar t is private to each (i, j) iteration, but the value it holds
 * after the loops is read (last = t): the iterations' order decides that
 * value, so its dependences still count and the interchange is refused. */
#pragma schedcc kernel
void last_value(int n, double A[n][n], double last[1]) {
  double t = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      t = A[i][j] * 2.0 + (double)(i - j);
      A[i][j] = t + 1.0;
    }
  last[0] = t;
}
