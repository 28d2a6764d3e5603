/* specialize_trip.c — loop.specialize on the trip count of a loop: a handle
 * in the condition (%k <= 16) stands for it; called with K = 8, 16 (the
 * specialized version), 7, 64 and 0. */
#include <stdio.h>
#pragma schedcc kernel
void f(int M, int K, float a[64][64], const float b[64][64]) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      a[i][k] += b[i][k] * 2.0f;
}
int main(void) {
  static float a[64][64], b[64][64];
  for (int i = 0; i < 64; i++)
    for (int k = 0; k < 64; k++)
      b[i][k] = (float)(i - k);
  f(10, 8, a, b);
  f(20, 16, a, b);
  f(10, 7, a, b);
  f(64, 64, a, b);
  f(3, 0, a, b);
  for (int i = 0; i < 64; i++)
    printf("%g %g\n", a[i][i], a[i][63 - i]);
  return 0;
}
