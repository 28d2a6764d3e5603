/* Softmax as inference and training code in C writes it: llama-style over
 * one vector in place (the max, the exponentials and their sum, the
 * division), and GPT-2-style over (b, t) rows of logits into probs with
 * padded vocabulary columns zeroed. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void softmax(float *x, int size) {
  float max_val = x[0];
  for (int i = 1; i < size; i++) {
    if (x[i] > max_val) {
      max_val = x[i];
    }
  }
  float sum = 0.0f;
  for (int i = 0; i < size; i++) {
    x[i] = expf(x[i] - max_val);
    sum += x[i];
  }
  for (int i = 0; i < size; i++) {
    x[i] /= sum;
  }
}

#pragma schedcc kernel
void softmax_forward(float *probs, const float *logits, int B, int T, int V,
                     int Vp) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      const float *logits_bt = logits + b * T * Vp + t * Vp;
      float *probs_bt = probs + b * T * Vp + t * Vp;
      float maxval = -10000.0f;
      for (int i = 0; i < V; i++) {
        if (logits_bt[i] > maxval) {
          maxval = logits_bt[i];
        }
      }
      float sum = 0.0f;
      for (int i = 0; i < V; i++) {
        probs_bt[i] = expf(logits_bt[i] - maxval);
        sum += probs_bt[i];
      }
      for (int i = 0; i < V; i++) {
        probs_bt[i] /= sum;
      }
      for (int i = V; i < Vp; i++) {
        probs_bt[i] = 0.0f;
      }
    }
  }
}

int main(void) {
  float x[37];
  int sizes[] = {37, 16, 5, 1};
  for (int k = 0; k < 4; k++) {
    realc_fill(x, 37);
    softmax(x, sizes[k]);
    realc_print("softmax", x, sizes[k]);
  }
  int shapes[][4] = {{2, 3, 21, 24}, {1, 4, 16, 16}, {1, 2, 7, 9}, {0, 3, 5, 8}};
  for (int k = 0; k < 4; k++) {
    int B = shapes[k][0], T = shapes[k][1], V = shapes[k][2], Vp = shapes[k][3];
    int n = B * T * Vp + 1;
    float *logits = malloc(sizeof(float) * (size_t)n);
    float *probs = malloc(sizeof(float) * (size_t)n);
    realc_fill(logits, n);
    softmax_forward(probs, logits, B, T, V, Vp);
    realc_print("probs", probs, B * T * Vp);
    /* in place: the probabilities written over the logits */
    softmax_forward(logits, logits, B, T, V, Vp);
    realc_print("inplace", logits, B * T * Vp);
    free(logits);
    free(probs);
  }
  return 0;
}
