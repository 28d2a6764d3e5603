/* Run-time overlap checks of a kernel whose bounds are unsigned: z is
 * touched at 0 and over [lo, hi), so its range starts at min(0, lo); the
 * piece for a negative lo is impossible, and was emitted as
 * `(long)lo <= -1 ? ...`, which gcc -Wextra flags (-Wtype-limits) in the
 * generated code; the unsigned parameters are non-negative in the checks'
 * isl context now.  The aliased call runs the original order. */
#include <stdio.h>

#pragma schedcc kernel
void two(unsigned lo, unsigned hi, int n, double x[n], double y[n], double z[n],
         double out[1]) {
  for (unsigned k = lo; k < hi; k++) {
    z[k] = x[k] + 1;
    y[k] = z[k] * y[k];
  }
  out[0] = z[0];
}

int main(void) {
  static double buf[80], y[64], z[64];
  double *x = buf, out[1];
  for (int c = 0; c < 4; c++) {
    for (int k = 0; k < 80; k++)
      buf[k] = k % 7;
    for (int k = 0; k < 64; k++)
      y[k] = k % 5 + 1, z[k] = 0;
    unsigned lo = (unsigned)(c * 3), hi = lo + (unsigned)(c * 11);
    if (c == 3)
      two(lo, hi, 64, x, buf + 1, y, out); /* the second overlaps x */
    else
      two(lo, hi, 64, x, y, z, out);
    for (int k = 0; k < 64; k += 3)
      printf("%g %g %g ", x[k], y[k], z[k]);
    printf("%g\n", out[0]);
  }
  return 0;
}
