// REFUSED (in[... + (j / stride) * w + i / stride] += ... (the backward branch)): darknet_upsample.c:18:16: error: unsupported in a kernel: non-affine subscript of the written array 'in'
#include <float.h>
#include <math.h>
#pragma schedcc kernel
void upsample_cpu(float *in, int w, int h, int c, int batch, int stride,
                  int forward, float scale, float *out) {
  int i, j, k, b;
  for (b = 0; b < batch; ++b) {
    for (k = 0; k < c; ++k) {
      for (j = 0; j < h * stride; ++j) {
        for (i = 0; i < w * stride; ++i) {
          int in_index = b * w * h * c + k * w * h + (j / stride) * w + i / stride;
          int out_index = b * w * h * c * stride * stride +
                          k * w * h * stride * stride + j * w * stride + i;
          if (forward)
            out[out_index] = scale * in[in_index];
          else
            in[in_index] += scale * out[out_index];
        }
      }
    }
  }
}
