/* loop.vectorize {interleave = K}: the remainder's whole vectors run in a
 * loop of one vector, the last W - 1 iterations masked (avx512, no
 * reduction) or scalar.  Lengths around every boundary: 0, 1, W - 1, W,
 * W + 1, K*W - 1, K*W, K*W + W + 3, ...  Values are multiples of 1/4 and
 * the sums short: every sum is exact in any order (bit-exact). */
#include <stdio.h>

#pragma schedcc kernel
void scale(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + 0.5f;
}

#pragma schedcc kernel
void total(int n, const float *x, float *s) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc += x[i];
  s[0] = acc;
}

static float x[300], y[300];

int main(void) {
  static const int len[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64,
                            65, 79, 100, 127, 128, 129, 147, 255, 300};
  for (int i = 0; i < 300; i++)
    x[i] = (float)(i % 11) * 0.25f - 1.0f;
  for (unsigned t = 0; t < sizeof len / sizeof len[0]; t++) {
    int n = len[t];
    for (int i = 0; i < 300; i++)
      y[i] = -7.0f;
    scale(n, 1.5f, x, y);
    float s = 0;
    total(n, x, &s);
    printf("n=%d sum=%g y:", n, s);
    for (int i = 0; i < n + 2 && i < 300; i++)
      printf(" %g", y[i]);
    printf("\n");
  }
  return 0;
}
