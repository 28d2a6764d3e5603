/* Activation layers written out as loops, as small C inference libraries
 * do: ReLU, leaky ReLU, ReLU6 clamp, hard sigmoid, and the backward of
 * leaky ReLU; all element-wise over n values. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void relu_forward(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i] > 0.0f ? x[i] : 0.0f;
  }
}

#pragma schedcc kernel
void leaky_relu_forward(float *x, int n, float slope) {
  for (int i = 0; i < n; i++) {
    if (x[i] < 0.0f) {
      x[i] = slope * x[i];
    }
  }
}

#pragma schedcc kernel
void relu6_forward(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    float v = x[i];
    v = v < 0.0f ? 0.0f : v;
    v = v > 6.0f ? 6.0f : v;
    y[i] = v;
  }
}

#pragma schedcc kernel
void hard_sigmoid(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    float v = 0.25f * x[i] + 0.5f;
    y[i] = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
  }
}

#pragma schedcc kernel
void leaky_relu_backward(float *dx, const float *x, const float *dy, int n,
                         float slope) {
  for (int i = 0; i < n; i++) {
    dx[i] += (x[i] > 0.0f ? 1.0f : slope) * dy[i];
  }
}

int main(void) {
  int sizes[] = {67, 32, 3, 0};
  for (int k = 0; k < 4; k++) {
    int n = sizes[k];
    float *x = malloc(sizeof(float) * (size_t)(n + 1));
    float *y = malloc(sizeof(float) * (size_t)(n + 1));
    float *d = malloc(sizeof(float) * (size_t)(n + 1));
    realc_fill(x, n + 1); realc_fill(d, n + 1);
    for (int i = 0; i < n; i++)
      x[i] *= 2.0f;
    relu_forward(y, x, n);
    realc_print("relu", y, n);
    relu6_forward(y, x, n);
    realc_print("relu6", y, n);
    hard_sigmoid(y, x, n);
    realc_print("hsig", y, n);
    leaky_relu_backward(d, x, y, n, 0.125f);
    realc_print("dleaky", d, n);
    leaky_relu_backward(d, x, d, n, 0.25f); /* dy == dx */
    realc_print("dleaky alias", d, n);
    relu_forward(x, x, n); /* in place */
    leaky_relu_forward(d, n, 0.125f);
    realc_print("relu inplace", x, n);
    realc_print("leaky", d, n);
    free(x); free(y); free(d);
  }
  return 0;
}
