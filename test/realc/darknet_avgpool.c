/* Global average pooling forward and backward of a C neural-network
 * framework: one output per (batch, channel), the mean over h*w. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void forward_avgpool(const float *input, float *output, int batch, int c,
                     int h, int w) {
  int b, i, k;
  for (b = 0; b < batch; ++b) {
    for (k = 0; k < c; ++k) {
      int out_index = k + b * c;
      output[out_index] = 0;
      for (i = 0; i < h * w; ++i) {
        int in_index = i + h * w * (k + b * c);
        output[out_index] += input[in_index];
      }
      output[out_index] /= h * w;
    }
  }
}

#pragma schedcc kernel
void backward_avgpool(float *delta_in, const float *delta_out, int batch,
                      int c, int h, int w) {
  int b, i, k;
  for (b = 0; b < batch; ++b) {
    for (k = 0; k < c; ++k) {
      int out_index = k + b * c;
      for (i = 0; i < h * w; ++i) {
        int in_index = i + h * w * (k + b * c);
        delta_in[in_index] += delta_out[out_index] / (h * w);
      }
    }
  }
}

static void run(int batch, int c, int h, int w) {
  int nin = batch * c * h * w + 1, nout = batch * c + 1;
  float *in = malloc(sizeof(float) * (size_t)nin);
  float *din = malloc(sizeof(float) * (size_t)nin);
  float *out = malloc(sizeof(float) * (size_t)nout);
  realc_fill(in, nin); realc_fill(din, nin);
  forward_avgpool(in, out, batch, c, h, w);
  realc_print("avg", out, nout - 1);
  backward_avgpool(din, out, batch, c, h, w);
  realc_print("delta", din, nin - 1);
  /* overlapping: the pooled values written over the start of the input */
  forward_avgpool(in, in, batch, c, h, w);
  realc_print("alias", in, nin - 1);
  free(in); free(din); free(out);
}

int main(void) {
  run(2, 3, 4, 4);
  run(1, 5, 3, 5);
  run(3, 2, 1, 1);
  run(0, 2, 2, 2);
  return 0;
}
