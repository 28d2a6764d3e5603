/* GELU (tanh approximation) forward and backward as GPT-2 training code in
 * C writes them, and the residual add. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

#pragma schedcc kernel
void gelu_forward(float *out, const float *inp, int N) {
  for (int i = 0; i < N; i++) {
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    out[i] = 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
  }
}

#pragma schedcc kernel
void gelu_backward(float *dinp, const float *inp, const float *dout, int N) {
  for (int i = 0; i < N; i++) {
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    float tanh_arg = GELU_SCALING_FACTOR * (x + cube);
    float tanh_out = tanhf(tanh_arg);
    float coshf_out = coshf(tanh_arg);
    float sech_out = 1.0f / (coshf_out * coshf_out);
    float local_grad = 0.5f * (1.0f + tanh_out) +
                       x * 0.5f * sech_out * GELU_SCALING_FACTOR *
                           (1.0f + 3.0f * 0.044715f * x * x);
    dinp[i] += local_grad * dout[i];
  }
}

#pragma schedcc kernel
void residual_forward(float *out, const float *inp1, const float *inp2, int N) {
  for (int i = 0; i < N; i++) {
    out[i] = inp1[i] + inp2[i];
  }
}

int main(void) {
  int sizes[] = {64, 37, 1, 0};
  for (int k = 0; k < 4; k++) {
    int N = sizes[k];
    float *a = malloc(sizeof(float) * (size_t)(N + 1));
    float *b = malloc(sizeof(float) * (size_t)(N + 1));
    float *c = malloc(sizeof(float) * (size_t)(N + 1));
    realc_fill(a, N + 1); realc_fill(b, N + 1); realc_fill(c, N + 1);
    gelu_forward(c, a, N);
    realc_print("gelu", c, N);
    gelu_backward(b, a, c, N);
    realc_print("dgelu", b, N);
    residual_forward(c, a, b, N);
    realc_print("residual", c, N);
    /* in place, as the residual stream is updated: out == inp1 */
    residual_forward(a, a, b, N);
    realc_print("residual inplace", a, N);
    /* gelu in place */
    gelu_forward(b, b, N);
    realc_print("gelu inplace", b, N);
    free(a); free(b); free(c);
  }
  return 0;
}
