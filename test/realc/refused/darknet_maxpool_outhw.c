// REFUSED ('int out_h = (h + pad - size) / stride + 1;'): darknet_maxpool_outhw.c:15:23: error: unsupported in a kernel: loop bound depending on 'out_h', which the kernel writes (and 3 more)
#include <float.h>
#include <math.h>
#pragma schedcc kernel
void forward_maxpool(const float *input, float *output, int *indexes,
                     int batch, int c, int h, int w, int size, int stride,
                     int pad) {
  int b, i, j, k, m, n;
  int w_offset = -pad / 2;
  int h_offset = -pad / 2;
  int out_h = (h + pad - size) / stride + 1;
  int out_w = (w + pad - size) / stride + 1;
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
