/* The backward pass of a GPT-2-style matmul in C: the input gradient, then
 * the weight and bias gradients, with flattened (b, t) indices and row
 * pointers, bias gradient NULL when the layer has no bias. */
#include <stddef.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void matmul_backward(float *dinp, float *dweight, float *dbias,
                     const float *dout, const float *inp, const float *weight,
                     int B, int T, int C, int OC) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      const float *dout_bt = dout + b * T * OC + t * OC;
      float *dinp_bt = dinp + b * T * C + t * C;
      for (int o = 0; o < OC; o++) {
        const float *wrow = weight + o * C;
        float d = dout_bt[o];
        for (int i = 0; i < C; i++) {
          dinp_bt[i] += wrow[i] * d;
        }
      }
    }
  }
  for (int o = 0; o < OC; o++) {
    for (int b = 0; b < B; b++) {
      for (int t = 0; t < T; t++) {
        const float *dout_bt = dout + b * T * OC + t * OC;
        const float *inp_bt = inp + b * T * C + t * C;
        float *dwrow = dweight + o * C;
        float d = dout_bt[o];
        if (dbias != NULL) {
          dbias[o] += d;
        }
        for (int i = 0; i < C; i++) {
          dwrow[i] += inp_bt[i] * d;
        }
      }
    }
  }
}

static void run(int B, int T, int C, int OC, int with_bias) {
  float *dinp = calloc((size_t)(B * T * C + 1), sizeof(float));
  float *dw = calloc((size_t)(OC * C + 1), sizeof(float));
  float *db = calloc((size_t)(OC + 1), sizeof(float));
  float *dout = malloc(sizeof(float) * (size_t)(B * T * OC + 1));
  float *inp = malloc(sizeof(float) * (size_t)(B * T * C + 1));
  float *w = malloc(sizeof(float) * (size_t)(OC * C + 1));
  realc_fill(dout, B * T * OC);
  realc_fill(inp, B * T * C);
  realc_fill(w, OC * C);
  matmul_backward(dinp, dw, with_bias ? db : NULL, dout, inp, w, B, T, C, OC);
  realc_print("dinp", dinp, B * T * C);
  realc_print("dweight", dw, OC * C);
  realc_print("dbias", db, OC);
  free(dinp); free(dw); free(db); free(dout); free(inp); free(w);
}

int main(void) {
  run(2, 3, 16, 5, 1);
  run(1, 5, 13, 7, 0);
  run(3, 1, 9, 4, 1);
  run(0, 4, 8, 3, 1);
  /* overlapping: the weight gradient accumulated into the weights */
  float w[6 * 10], inp[2 * 10], dout[2 * 6], dinp[2 * 10] = {0};
  realc_fill(w, 60); realc_fill(inp, 20); realc_fill(dout, 12);
  matmul_backward(dinp, w, NULL, dout, inp, w, 1, 2, 10, 6);
  realc_print("alias dinp", dinp, 20);
  realc_print("alias w", w, 60);
  return 0;
}
