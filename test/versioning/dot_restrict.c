/* As dot_fastpath.c, with 'out' declared restrict: restrict on the written
 * pointer proves that nothing else it is compared with overlaps it (C11
 * 6.7.3.1), so the kernel gets no run-time check and always runs the
 * vectorized code (14, not the scalar order's 7).  Only calls that respect
 * restrict. */
#include <stdio.h>

#pragma schedcc kernel
void dot(const float *x, const float *y, float *restrict out, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += x[j] * y[j];
  out[0] = s;
}

int main(void) {
  float v[32], ones[64], res = -1.0f;
  for (int i = 0; i < 32; i++)
    v[i] = 1.0f;
  v[0] = 1e8f;
  v[8] = -1e8f;
  for (int i = 0; i < 64; i++)
    ones[i] = 1.0f;
  dot(v, ones, &res, 16);
  printf("separate: %g\n", res);
  dot(v, ones, ones + 40, 16);
  printf("same buffer, disjoint: %g\n", ones[40]);
  return 0;
}
