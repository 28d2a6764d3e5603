/* Max pooling forward of a C neural-network framework, with the output
 * sizes taken from the layer (out_h, out_w), -FLT_MAX outside the image
 * (padding), and the argmax index kept for the backward pass. */
#include <float.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void forward_maxpool(const float *input, float *output, int *indexes,
                     int batch, int c, int h, int w, int out_h, int out_w,
                     int size, int stride, int pad) {
  int b, i, j, k, m, n;
  int w_offset = -pad / 2;
  int h_offset = -pad / 2;
  for (b = 0; b < batch; ++b) {
    for (k = 0; k < c; ++k) {
      for (i = 0; i < out_h; ++i) {
        for (j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (n = 0; n < size; ++n) {
            for (m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? input[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          }
          output[out_index] = max;
          indexes[out_index] = max_i;
        }
      }
    }
  }
}

static void run(int batch, int c, int h, int w, int size, int stride, int pad) {
  int out_h = (h + pad - size) / stride + 1;
  int out_w = (w + pad - size) / stride + 1;
  int nin = batch * c * h * w + 1, nout = batch * c * out_h * out_w + 1;
  float *in = malloc(sizeof(float) * (size_t)nin);
  float *out = malloc(sizeof(float) * (size_t)nout);
  int *idx = malloc(sizeof(int) * (size_t)nout);
  realc_fill(in, nin);
  forward_maxpool(in, out, idx, batch, c, h, w, out_h, out_w, size, stride, pad);
  realc_print("maxpool", out, nout - 1);
  printf("indexes:");
  for (int q = 0; q < nout - 1; q++)
    printf(" %d", idx[q]);
  printf("\n");
  free(in); free(out); free(idx);
}

int main(void) {
  run(2, 3, 8, 8, 2, 2, 0);
  run(1, 2, 7, 9, 3, 2, 2);
  run(1, 4, 5, 5, 2, 1, 1);
  run(0, 3, 4, 4, 2, 2, 0);
  return 0;
}
