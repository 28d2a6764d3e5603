/* t is read in each iteration before it is written there (it carries the
 * previous iteration's value): expanding it would lose that value. */
#pragma schedcc kernel
void running(int n, double a[n], double b[n]) {
  double t = 0.0;
  for (int i = 0; i < n; i++) {
    b[i] = t;
    t = a[i] * 2.0;
  }
}
