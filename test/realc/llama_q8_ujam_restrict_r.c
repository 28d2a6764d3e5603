/* The int8 group-quantized matrix-vector product of a llama-style
 * inference code in C: x and each row of W quantized in groups of GS
 * values with one float scale per group; integer dot products per group,
 * scaled and summed in float.  The group size is a compile-time constant,
 * as in block-quantized formats (32 values a block). */
#include <stdint.h>
#include <stdlib.h>
#include "realc.h"

#define GS 32

#pragma schedcc kernel
void matmul_q8(float *restrict xout, const int8_t *xq, const float *xs,
               const int8_t *wq, const float *restrict ws, int n, int d) {
  int i;
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    int32_t ival = 0;
    int in = i * n;
    int j;
    for (j = 0; j <= n - GS; j += GS) {
      for (int k = 0; k < GS; k++) {
        ival += ((int32_t)xq[j + k]) * ((int32_t)wq[in + j + k]);
      }
      val += ((float)ival) * ws[(in + j) / GS] * xs[j / GS];
      ival = 0;
    }
    xout[i] = val;
  }
}

static void run(int n, int d) {
  int8_t *xq = malloc((size_t)n + 1);
  int8_t *wq = malloc((size_t)(n * d) + 1);
  float *xs = malloc(sizeof(float) * (size_t)(n / GS + 1));
  float *ws = malloc(sizeof(float) * (size_t)(n * d / GS + 1));
  float *out = malloc(sizeof(float) * (size_t)(d + 1));
  for (int i = 0; i < n; i++) xq[i] = (int8_t)((int)(realc_next_u() % 255) - 127);
  for (int i = 0; i < n * d; i++) wq[i] = (int8_t)((int)(realc_next_u() % 255) - 127);
  for (int i = 0; i < n / GS + 1; i++) xs[i] = realc_next_in(1, 8) / 64.0f;
  for (int i = 0; i < n * d / GS + 1; i++) ws[i] = realc_next_in(1, 8) / 64.0f;
  matmul_q8(out, xq, xs, wq, ws, n, d);
  realc_print("xout", out, d);
  free(xq); free(wq); free(xs); free(ws); free(out);
}

int main(void) {
  run(64, 5);
  run(96, 3);
  run(32, 1);
  run(128, 0);
  run(0, 2);
  return 0;
}
