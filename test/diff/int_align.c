/* loop.vectorize {align} near the limits of int: the head peeled for
 * alignment is one masked vector iteration, `for (i = lo; i < i_al;
 * i += 16)`, whose step passes INT_MAX when lo is within 16 of it (a
 * reduction, so the head is masked; the vector loop and the masked tail
 * after it).  Every call is free of undefined behaviour in the original;
 * the sums are of small integers (exact in any order).
 * diff.sh: trap signed overflow (no part of a transformed expression may
 * pass the limits of int where the original's did not). */
#include <limits.h>
#include <stdio.h>

#pragma schedcc kernel
void rsum(int lo, int n, const float *a, float s[1]) {
  for (int i = lo; i < n; i++)
    s[0] += a[i - lo];
}

int main(void) {
  static _Alignas(64) float a[256];
  for (int i = 0; i < 256; i++)
    a[i] = (float)(i % 9) - 4.0f;
  static const int los[] = {INT_MAX - 1,  INT_MAX - 7,  INT_MAX - 15,
                            INT_MAX - 16, INT_MAX - 17, INT_MAX - 40,
                            INT_MAX - 200, INT_MIN,     INT_MIN + 3, 0};
  static const int ends[] = {0, 1, 5, 16};
  for (unsigned q = 0; q < sizeof los / sizeof *los; q++)
    for (unsigned e = 0; e < sizeof ends / sizeof *ends; e++)
      for (int off = 0; off < 16; off += 3) {
        int n = (los[q] > 0 ? INT_MAX - ends[e]
                            : los[q] + 200 - ends[e]);
        if (n < los[q])
          n = los[q];
        float s[1] = {0.0f};
        rsum(los[q], n, a + off, s);
        printf("%d %d %d %a\n", q, e, off, (double)s[0]);
      }
  return 0;
}
