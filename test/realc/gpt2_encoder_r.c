/* GPT-2-style encoder forward in C: token embedding row chosen by the token
 * id, plus the position embedding row. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void encoder_forward(float *out, const int *inp, const float *wte,
                     const float *wpe, int B, int T, int C) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      float *out_bt = out + b * T * C + t * C;
      int ix = inp[b * T + t];
      const float *wte_ix = wte + ix * C;
      const float *wpe_t = wpe + t * C;
      for (int i = 0; i < C; i++) {
        out_bt[i] = wte_ix[i] + wpe_t[i];
      }
    }
  }
}

int main(void) {
  enum { V = 11, maxT = 6 };
  int shapes[][3] = {{2, 4, 16}, {1, 6, 13}, {3, 1, 5}, {0, 2, 8}};
  for (int k = 0; k < 4; k++) {
    int B = shapes[k][0], T = shapes[k][1], C = shapes[k][2];
    float *wte = malloc(sizeof(float) * (size_t)(V * C));
    float *wpe = malloc(sizeof(float) * (size_t)(maxT * C));
    float *out = malloc(sizeof(float) * (size_t)(B * T * C + 1));
    int *inp = malloc(sizeof(int) * (size_t)(B * T + 1));
    realc_fill(wte, V * C); realc_fill(wpe, maxT * C);
    for (int i = 0; i < B * T; i++)
      inp[i] = (int)(realc_next_u() % V);
    encoder_forward(out, inp, wte, wpe, B, T, C);
    realc_print("out", out, B * T * C);
    free(wte); free(wpe); free(out); free(inp);
  }
  return 0;
}
