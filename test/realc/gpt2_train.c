/* More of a GPT-2-style training step in C: the cross-entropy loss of the
 * target tokens, its gradient into the logits, and the layernorm
 * backward pass. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void crossentropy_forward(float *losses, const float *probs, const int *targets,
                          int B, int T, int Vp) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      const float *probs_bt = probs + b * T * Vp + t * Vp;
      int ix = targets[b * T + t];
      losses[b * T + t] = -logf(probs_bt[ix]);
    }
  }
}

#pragma schedcc kernel
void crossentropy_softmax_backward(float *dlogits, const float *dlosses,
                                   const float *probs, const int *targets,
                                   int B, int T, int V, int Vp) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      float *dlogits_bt = dlogits + b * T * Vp + t * Vp;
      const float *probs_bt = probs + b * T * Vp + t * Vp;
      float dloss = dlosses[b * T + t];
      int ix = targets[b * T + t];
      for (int i = 0; i < V; i++) {
        float p = probs_bt[i];
        float indicator = i == ix ? 1.0f : 0.0f;
        dlogits_bt[i] += (p - indicator) * dloss;
      }
    }
  }
}

#pragma schedcc kernel
void layernorm_backward(float *dinp, float *dweight, float *dbias,
                        const float *dout, const float *inp, const float *weight,
                        const float *mean, const float *rstd, int B, int T, int C) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      const float *dout_bt = dout + b * T * C + t * C;
      const float *inp_bt = inp + b * T * C + t * C;
      float *dinp_bt = dinp + b * T * C + t * C;
      float mean_bt = mean[b * T + t];
      float rstd_bt = rstd[b * T + t];
      float dnorm_mean = 0.0f;
      float dnorm_norm_mean = 0.0f;
      for (int i = 0; i < C; i++) {
        float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
        float dnorm_i = weight[i] * dout_bt[i];
        dnorm_mean += dnorm_i;
        dnorm_norm_mean += dnorm_i * norm_bti;
      }
      dnorm_mean = dnorm_mean / C;
      dnorm_norm_mean = dnorm_norm_mean / C;
      for (int i = 0; i < C; i++) {
        float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
        float dnorm_i = weight[i] * dout_bt[i];
        dbias[i] += dout_bt[i];
        dweight[i] += norm_bti * dout_bt[i];
        float dval = 0.0f;
        dval += dnorm_i;
        dval -= dnorm_mean;
        dval -= norm_bti * dnorm_norm_mean;
        dval *= rstd_bt;
        dinp_bt[i] += dval;
      }
    }
  }
}

static void run(int B, int T, int C, int V, int Vp) {
  int nbt = B * T + 1, nl = B * T * Vp + 1, nc = B * T * C + 1;
  float *probs = malloc(sizeof(float) * (size_t)nl);
  float *dlogits = calloc((size_t)nl, sizeof(float));
  float *losses = malloc(sizeof(float) * (size_t)nbt);
  float *dlosses = malloc(sizeof(float) * (size_t)nbt);
  int *targets = malloc(sizeof(int) * (size_t)nbt);
  for (int i = 0; i < nl; i++)
    probs[i] = realc_next_in(1, 4) / 4.0f;
  for (int i = 0; i < nbt; i++) {
    targets[i] = (int)(realc_next_u() % (unsigned)V);
    dlosses[i] = 0.25f;
  }
  crossentropy_forward(losses, probs, targets, B, T, Vp);
  realc_print("losses", losses, B * T);
  crossentropy_softmax_backward(dlogits, dlosses, probs, targets, B, T, V, Vp);
  realc_print("dlogits", dlogits, nl - 1);
  float *dinp = calloc((size_t)nc, sizeof(float)), *dw = calloc((size_t)C + 1, sizeof(float));
  float *db = calloc((size_t)C + 1, sizeof(float)), *dout = malloc(sizeof(float) * (size_t)nc);
  float *inp = malloc(sizeof(float) * (size_t)nc), *w = malloc(sizeof(float) * (size_t)(C + 1));
  float *mean = malloc(sizeof(float) * (size_t)nbt), *rstd = malloc(sizeof(float) * (size_t)nbt);
  realc_fill(dout, nc); realc_fill(inp, nc); realc_fill(w, C + 1);
  realc_fill(mean, nbt);
  for (int i = 0; i < nbt; i++)
    rstd[i] = realc_next_in(1, 4);
  layernorm_backward(dinp, dw, db, dout, inp, w, mean, rstd, B, T, C);
  realc_print("dinp", dinp, nc - 1);
  realc_print("dweight", dw, C);
  realc_print("dbias", db, C);
  free(probs); free(dlogits); free(losses); free(dlosses); free(targets);
  free(dinp); free(dw); free(db); free(dout); free(inp); free(w); free(mean); free(rstd);
}

int main(void) {
  run(2, 3, 16, 10, 12);
  run(1, 4, 9, 7, 7);
  run(1, 1, 1, 1, 1);
  run(0, 2, 4, 3, 4);
  return 0;
}
