/* A fully connected layer whose bias may be NULL, read under the test in
 * the inner loop (as inference code writes it when it folds the bias into
 * the dot product).  Transforms that load before a loop what the loop
 * reads (loop.scalar_replace, loop.hoist) must not load bias[o] when the
 * test fails: the program is called with bias == NULL. */
#include <stddef.h>
#include <stdio.h>

#pragma schedcc kernel
void fc(float *out, const float *x, const float *w, const float *bias, int n,
        int d) {
  for (int o = 0; o < d; o++) {
    out[o] = 0.0f;
    for (int i = 0; i < n; i++)
      out[o] += x[i] * w[o * n + i] +
                (i == 0 && bias != NULL ? bias[o] * 2.0f : 0.0f);
  }
}

int main(void) {
  enum { N = 9, D = 5 };
  float x[N], w[N * D], b[D], out[D];
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 5) * 0.5f;
  for (int i = 0; i < N * D; i++)
    w[i] = (float)(i % 7) * 0.25f - 0.5f;
  for (int i = 0; i < D; i++)
    b[i] = (float)i;
  fc(out, x, w, b, N, D);
  for (int i = 0; i < D; i++)
    printf("%g ", out[i]);
  printf("\n");
  fc(out, x, w, NULL, N, D);
  for (int i = 0; i < D; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
