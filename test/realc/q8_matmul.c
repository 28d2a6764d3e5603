/* The int8 group-quantized matmul of a small inference code base: values
 * and weights quantized in groups of GS (a global set at run time), the
 * group loop stepping by GS, scales read at (in + j) / GS. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int GS = 4; /* the group size: a global the program sets */

#pragma schedcc kernel
void matmul_q8(float *xout, const int8_t *xq, const float *xs,
               const int8_t *wq, const float *ws, int n, int d) {
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

static void run(int n, int d, int gs) {
  GS = gs;
  int8_t *xq = malloc((size_t)n + 1), *wq = malloc((size_t)(n * d) + 1);
  float *xs = malloc(sizeof(float) * (size_t)(n + 1));
  float *ws = malloc(sizeof(float) * (size_t)(n * d + 1));
  float *out = malloc(sizeof(float) * (size_t)(d + 1));
  for (int i = 0; i < n; i++) {
    xq[i] = (int8_t)(i * 7 % 13 - 6);
    xs[i] = (float)(i % 3) * 0.5f;
  }
  for (int i = 0; i < n * d; i++) {
    wq[i] = (int8_t)(i * 5 % 11 - 5);
    ws[i] = (float)(i % 4) * 0.25f;
  }
  matmul_q8(out, xq, xs, wq, ws, n, d);
  for (int i = 0; i < d; i++)
    printf("%g ", out[i]);
  printf("\n");
  free(xq);
  free(wq);
  free(xs);
  free(ws);
  free(out);
}

int main(void) {
  run(24, 7, 4);
  run(24, 7, 3);
  run(30, 5, 8); /* 30 is not a multiple of 8: the last partial group is
                    not read */
  run(4, 3, 8);  /* no whole group */
  run(32, 0, 4); /* no row */
  return 0;
}
