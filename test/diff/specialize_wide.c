/* specialize_wide.c — loop.specialize on a product of parameters that
 * passes INT_MAX: the condition `n * scale <= 65536` is evaluated in long
 * (as isl reads it), so f(64, 1 << 27) takes the copy, where int
 * arithmetic would wrap (64 * 2^27 = 2^33) and pick the version whose
 * condition does not hold.  The versions compute the same values; the
 * point is that the generated condition forms no signed value past int's
 * limits, which the trapping build below catches.
 * diff.sh: trap signed overflow */
#include <stdio.h>
#pragma schedcc kernel
void f(int n, int scale, float y[64], const float x[64]) {
  for (int j = 0; j < n; j++)
    y[j] += x[j] * (float)(scale & 7);
}
int main(void) {
  static float y[64], x[64];
  for (int j = 0; j < 64; j++)
    x[j] = (float)(j - 20) * 0.25f;
  f(64, 1 << 27, y, x);   /* 2^33: the copy */
  f(64, 1024 + 3, y, x);  /* 65728: the copy */
  f(48, 1365, y, x);      /* 65520: the vectorized version */
  f(7, -(1 << 30), y, x); /* negative product: the vectorized version */
  for (int j = 0; j < 64; j++)
    printf("%d %a\n", j, y[j]);
  return 0;
}
