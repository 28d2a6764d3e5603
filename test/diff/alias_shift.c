/* Aliasing pointers (issue 9): shift's two pointer parameters may point
 * into the same buffer.  After loop.vectorize the kernel is versioned: a
 * run-time check of the address ranges it touches runs the vectorized code
 * when a[1..n] and b[0..n-1] do not overlap and the original loop
 * otherwise.  The aliased call shift(x, x, 32) must print 1 2 4 8 ...
 * (each element read after the previous iteration wrote it), as the
 * original does; the separate call prints 1 2 2 2 ... */
#include <stdio.h>

#pragma schedcc kernel
void shift(float *a, float *b, int n) {
  for (int j = 0; j < n; j++)
    a[j + 1] = b[j] * 2;
}

int main(void) {
  float x[40], y[40];
  for (int i = 0; i < 40; i++)
    x[i] = y[i] = 1;
  shift(x, x, 32); /* fully aliased */
  for (int i = 0; i < 34; i++)
    printf("%g ", x[i]);
  printf("\n");
  for (int i = 0; i < 40; i++)
    x[i] = (float)i;
  shift(x + 20, x, 16); /* a[1..16] = x[21..36] overlaps b = x[0..15]? no */
  shift(x + 8, x, 16);  /* a = x[9..24] overlaps b = x[0..15] */
  for (int i = 0; i < 40; i++)
    printf("%g ", x[i]);
  printf("\n");
  shift(x, y, 32); /* separate arrays: the vectorized code */
  for (int i = 0; i < 34; i++)
    printf("%g ", x[i]);
  printf("\n");
  return 0;
}
