/* Batch normalization on the CPU as a C neural-network framework writes
 * it, over (batch, filters, spatial) tensors: the per-filter mean and
 * variance, the normalization, and the scale and bias of the layer. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void mean_cpu(float *x, int batch, int filters, int spatial, float *mean) {
  float scale = 1. / (batch * spatial);
  int i, j, k;
  for (i = 0; i < filters; ++i) {
    mean[i] = 0;
    for (j = 0; j < batch; ++j) {
      for (k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        mean[i] += x[index];
      }
    }
    mean[i] *= scale;
  }
}

#pragma schedcc kernel
void variance_cpu(float *x, float *mean, int batch, int filters, int spatial,
                  float *variance) {
  float scale = 1. / (batch * spatial - 1);
  int i, j, k;
  for (i = 0; i < filters; ++i) {
    variance[i] = 0;
    for (j = 0; j < batch; ++j) {
      for (k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        variance[i] += powf((x[index] - mean[i]), 2);
      }
    }
    variance[i] *= scale;
  }
}

#pragma schedcc kernel
void normalize_cpu(float *x, float *mean, float *variance, int batch,
                   int filters, int spatial) {
  int b, f, i;
  for (b = 0; b < batch; ++b) {
    for (f = 0; f < filters; ++f) {
      for (i = 0; i < spatial; ++i) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrt(variance[f]) + .000001f);
      }
    }
  }
}

#pragma schedcc kernel
void scale_bias(float *output, float *scales, int batch, int n, int size) {
  int i, j, b;
  for (b = 0; b < batch; ++b) {
    for (i = 0; i < n; ++i) {
      for (j = 0; j < size; ++j) {
        output[(b * n + i) * size + j] *= scales[i];
      }
    }
  }
}

#pragma schedcc kernel
void add_bias(float *output, float *biases, int batch, int n, int size) {
  int i, j, b;
  for (b = 0; b < batch; ++b) {
    for (i = 0; i < n; ++i) {
      for (j = 0; j < size; ++j) {
        output[(b * n + i) * size + j] += biases[i];
      }
    }
  }
}

static void run(int batch, int filters, int spatial) {
  int n = batch * filters * spatial + 1;
  float *x = malloc(sizeof(float) * (size_t)n);
  float *mean = malloc(sizeof(float) * (size_t)(filters + 1));
  float *var = malloc(sizeof(float) * (size_t)(filters + 1));
  float *scales = malloc(sizeof(float) * (size_t)(filters + 1));
  float *biases = malloc(sizeof(float) * (size_t)(filters + 1));
  realc_fill(x, n); realc_fill(scales, filters + 1); realc_fill(biases, filters + 1);
  mean_cpu(x, batch, filters, spatial, mean);
  variance_cpu(x, mean, batch, filters, spatial, var);
  realc_print("mean", mean, filters);
  realc_print("variance", var, filters);
  normalize_cpu(x, mean, var, batch, filters, spatial);
  realc_print("normalized", x, n - 1);
  scale_bias(x, scales, batch, filters, spatial);
  add_bias(x, biases, batch, filters, spatial);
  realc_print("scaled", x, n - 1);
  /* biases taken from the output buffer itself (overlapping) */
  add_bias(x, x + 1, batch, filters, spatial);
  realc_print("alias", x, n - 1);
  free(x); free(mean); free(var); free(scales); free(biases);
}

int main(void) {
  run(2, 3, 16);
  run(4, 5, 7);
  run(1, 2, 9);
  run(2, 0, 4);
  return 0;
}
