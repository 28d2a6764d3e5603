/* GPT-2-style layernorm forward in C: per (b, t) row, the mean, the
 * variance, the normalized and scaled output; mean and rstd kept for the
 * backward pass. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void layernorm_forward(float *out, float *mean, float *rstd, const float *inp,
                       const float *weight, const float *bias, int B, int T,
                       int C) {
  float eps = 1e-5f;
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      const float *x = inp + b * T * C + t * C;
      float m = 0.0f;
      for (int i = 0; i < C; i++) {
        m += x[i];
      }
      m = m / C;
      float v = 0.0f;
      for (int i = 0; i < C; i++) {
        float xshift = x[i] - m;
        v += xshift * xshift;
      }
      v = v / C;
      float s = 1.0f / sqrtf(v + eps);
      float *out_bt = out + b * T * C + t * C;
      for (int i = 0; i < C; i++) {
        float n = s * (x[i] - m);
        float o = n * weight[i] + bias[i];
        out_bt[i] = o;
      }
      mean[b * T + t] = m;
      rstd[b * T + t] = s;
    }
  }
}

static void run(int B, int T, int C) {
  int n = B * T * C + 1;
  float *inp = malloc(sizeof(float) * (size_t)n);
  float *out = malloc(sizeof(float) * (size_t)n);
  float *w = malloc(sizeof(float) * (size_t)(C + 1));
  float *bias = malloc(sizeof(float) * (size_t)(C + 1));
  float *mean = malloc(sizeof(float) * (size_t)(B * T + 1));
  float *rstd = malloc(sizeof(float) * (size_t)(B * T + 1));
  realc_fill(inp, n); realc_fill(w, C + 1); realc_fill(bias, C + 1);
  layernorm_forward(out, mean, rstd, inp, w, bias, B, T, C);
  realc_print("out", out, B * T * C);
  realc_print("mean", mean, B * T);
  realc_print("rstd", rstd, B * T);
  /* in place: the normalized rows written over the input */
  layernorm_forward(inp, mean, rstd, inp, w, bias, B, T, C);
  realc_print("inplace", inp, B * T * C);
  free(inp); free(out); free(w); free(bias); free(mean); free(rstd);
}

int main(void) {
  run(2, 3, 32);
  run(1, 5, 19);
  run(2, 0, 8);
  return 0;
}
