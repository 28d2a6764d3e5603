/* t is private to each iteration, but its last value is read after the
 * loop (last[0] = t): the expanded loop would not leave it in t. */
#pragma schedcc kernel
void keep_last(int n, double a[n], double b[n], double last[1]) {
  double t = 0.0;
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0;
    b[i] = t + 1.0;
  }
  last[0] = t;
}
