/* GPT-2-style causal self-attention forward in C: per (b, t, head), the
 * scaled dot products with the keys up to t, the softmax, and the weighted
 * sum of the values; q, k, v packed in one (B, T, 3C) buffer. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void attention_forward(float *out, float *preatt, float *att, const float *inp,
                       int B, int T, int C, int NH) {
  int C3 = C * 3;
  int hs = C / NH;
  float scale = 1.0f / sqrtf(hs);
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      for (int h = 0; h < NH; h++) {
        const float *query_t = inp + b * T * C3 + t * C3 + h * hs;
        float *preatt_bth = preatt + b * NH * T * T + h * T * T + t * T;
        float *att_bth = att + b * NH * T * T + h * T * T + t * T;
        float maxval = -10000.0f;
        for (int t2 = 0; t2 <= t; t2++) {
          const float *key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
          float val = 0.0f;
          for (int i = 0; i < hs; i++) {
            val += query_t[i] * key_t2[i];
          }
          val *= scale;
          if (val > maxval) {
            maxval = val;
          }
          preatt_bth[t2] = val;
        }
        float expsum = 0.0f;
        for (int t2 = 0; t2 <= t; t2++) {
          float expv = expf(preatt_bth[t2] - maxval);
          expsum += expv;
          att_bth[t2] = expv;
        }
        float expsum_inv = expsum == 0.0f ? 0.0f : 1.0f / expsum;
        for (int t2 = 0; t2 < T; t2++) {
          if (t2 <= t) {
            att_bth[t2] *= expsum_inv;
          } else {
            att_bth[t2] = 0.0f;
          }
        }
        float *out_bth = out + b * T * C + t * C + h * hs;
        for (int i = 0; i < hs; i++) {
          out_bth[i] = 0.0f;
        }
        for (int t2 = 0; t2 <= t; t2++) {
          const float *value_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C * 2;
          float att_btht2 = att_bth[t2];
          for (int i = 0; i < hs; i++) {
            out_bth[i] += att_btht2 * value_t2[i];
          }
        }
      }
    }
  }
}

static void run(int B, int T, int C, int NH) {
  float *inp = malloc(sizeof(float) * (size_t)(B * T * 3 * C + 1));
  float *out = malloc(sizeof(float) * (size_t)(B * T * C + 1));
  float *pre = malloc(sizeof(float) * (size_t)(B * NH * T * T + 1));
  float *att = malloc(sizeof(float) * (size_t)(B * NH * T * T + 1));
  realc_fill(inp, B * T * 3 * C + 1);
  attention_forward(out, pre, att, inp, B, T, C, NH);
  realc_print("out", out, B * T * C);
  realc_print("att", att, B * NH * T * T);
  free(inp); free(out); free(pre); free(att);
}

int main(void) {
  run(2, 4, 8, 2);
  run(1, 5, 12, 3);
  run(1, 0, 4, 1);
  return 0;
}
