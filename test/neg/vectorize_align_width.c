/* loop.vectorize {align} with a width whose vector (3 floats, 12 bytes) is
 * not a power of two: no address is aligned to it; refused, not an IR
 * verification failure (an audit find). */
#include <stdio.h>
#pragma schedcc kernel
void axpy(int n, float x[n], float y[n]) {
  for (int k = 0; k < n; k++)
    y[k] = 2.0f * x[k] + y[k];
}
int main(void) {
  float x[50], y[50];
  for (int k = 0; k < 50; k++)
    x[k] = k, y[k] = 1;
  axpy(50, x, y);
  for (int k = 0; k < 50; k++)
    printf("%g\n", y[k]);
  return 0;
}
