/* Convolution the way small C inference libraries write it: im2col with
 * the bounds test inline (stride 1, zero padding) feeding a gemm, and a
 * direct NCHW convolution with a NULL-able bias. */
#include <stddef.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void im2col(const float *im, float *col, int C, int H, int W, int K, int pad,
            int OH, int OW) {
  for (int c = 0; c < C; c++) {
    for (int kh = 0; kh < K; kh++) {
      for (int kw = 0; kw < K; kw++) {
        int row = (c * K + kh) * K + kw;
        for (int oh = 0; oh < OH; oh++) {
          for (int ow = 0; ow < OW; ow++) {
            int ih = oh + kh - pad;
            int iw = ow + kw - pad;
            col[(row * OH + oh) * OW + ow] =
                (ih >= 0 && ih < H && iw >= 0 && iw < W) ? im[(c * H + ih) * W + iw] : 0.0f;
          }
        }
      }
    }
  }
}

#pragma schedcc kernel
void conv2d_direct(float *out, const float *in, const float *weight,
                   const float *bias, int IC, int OC, int H, int W, int K) {
  const int OH = H - K + 1;
  const int OW = W - K + 1;
  for (int oc = 0; oc < OC; oc++) {
    for (int y = 0; y < OH; y++) {
      for (int x = 0; x < OW; x++) {
        float acc = bias ? bias[oc] : 0.0f;
        for (int ic = 0; ic < IC; ic++) {
          for (int ky = 0; ky < K; ky++) {
            for (int kx = 0; kx < K; kx++) {
              acc += weight[((oc * IC + ic) * K + ky) * K + kx] *
                     in[(ic * H + y + ky) * W + x + kx];
            }
          }
        }
        out[(oc * OH + y) * OW + x] = acc;
      }
    }
  }
}

static void run(int C, int OC, int H, int W, int K, int pad) {
  int OH = H + 2 * pad - K + 1, OW = W + 2 * pad - K + 1;
  int nin = C * H * W + 1, ncol = C * K * K * OH * OW + 1;
  float *im = malloc(sizeof(float) * (size_t)nin);
  float *col = malloc(sizeof(float) * (size_t)ncol);
  float *wt = malloc(sizeof(float) * (size_t)(OC * C * K * K + 1));
  float *bias = malloc(sizeof(float) * (size_t)(OC + 1));
  float *out = malloc(sizeof(float) * (size_t)(OC * H * W + 1));
  realc_fill(im, nin); realc_fill(wt, OC * C * K * K + 1); realc_fill(bias, OC + 1);
  im2col(im, col, C, H, W, K, pad, OH, OW);
  realc_print("col", col, ncol - 1);
  int dh = H - K + 1 > 0 ? H - K + 1 : 0, dw = W - K + 1 > 0 ? W - K + 1 : 0;
  conv2d_direct(out, im, wt, bias, C, OC, H, W, K);
  realc_print("conv", out, OC * dh * dw);
  conv2d_direct(out, im, wt, NULL, C, OC, H, W, K);
  realc_print("conv nobias", out, OC * dh * dw);
  free(im); free(col); free(wt); free(bias); free(out);
}

int main(void) {
  run(2, 3, 6, 7, 3, 1);
  run(3, 4, 8, 8, 3, 0);
  run(1, 2, 5, 5, 1, 0);
  run(1, 1, 2, 2, 3, 1);
  run(0, 2, 4, 4, 3, 1);
  /* overlapping: the convolution written over its own input (1x1 kernel,
     one channel in and out: each output reads only its own pixel) */
  float buf[4 * 5], w1 = 0.5f;
  realc_fill(buf, 20);
  conv2d_direct(buf, buf, &w1, NULL, 1, 1, 4, 5, 1);
  realc_print("inplace", buf, 20);
  return 0;
}
