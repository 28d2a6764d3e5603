/* A recurrence through two statements: S0 reads b[i - 1], which S1 wrote
 * in the previous iteration, and S1 reads a[i], which S0 wrote just
 * before.  The two statements form one strongly connected component. */
void rec(int n, double a[1000], double b[1000]) {
#pragma scop
  for (int i = 1; i < n; i++) {
    a[i] = b[i - 1] + 1.0;
    b[i] = a[i] * 0.5;
  }
#pragma endscop
}
