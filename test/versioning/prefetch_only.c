/* A schedule of prefetches only (loop.prefetch): the hints access nothing
 * (their addresses are clamped into the arrays) and reorder nothing, so
 * the kernel needs no run-time check although 'out' and 'in' may overlap
 * (VLA parameters are pointers): no address-range check.  The
 * overlapping call shows the original order is kept: each row is the sum
 * of the previous row's shifted values, as the original computes. */
#include <stdio.h>

#pragma schedcc kernel
void smooth(int m, int n, float in[m][n], float out[m][n]) {
  for (int i = 1; i < m; i++)
    for (int j = 1; j < n; j++)
      out[i][j] = in[i - 1][j - 1] + in[i - 1][j];
}

int main(void) {
  static float a[8][16], b[8][16];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 16; j++)
      a[i][j] = (float)(i * 16 + j), b[i][j] = 0;
  smooth(8, 16, a, b);
  smooth(8, 16, a, a); /* in place: each row reads the row just written */
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 16; j += 3)
      printf("%g %g ", a[i][j], b[i][j]);
    printf("\n");
  }
  return 0;
}
