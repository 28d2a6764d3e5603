/* The token and position embedding of a GPT-2 training code base: a row
 * pointer into the token table at an index read from the input, a row
 * pointer into the position table, and the output row.  With restrict on
 * the output the transformed code needs no overlap check (the token rows
 * touched cannot be bounded: they depend on the data). */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void encoder_forward(float *restrict out, const int *inp, const float *wte,
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
  enum { B = 2, T = 3, C = 19, V = 5 };
  int inp[B * T] = {4, 0, 2, 2, 1, 3};
  float wte[V * C], wpe[T * C], out[B * T * C];
  for (int i = 0; i < V * C; i++)
    wte[i] = (float)(i % 9) * 0.5f;
  for (int i = 0; i < T * C; i++)
    wpe[i] = (float)(i % 5) * 0.25f;
  encoder_forward(out, inp, wte, wpe, B, T, C);
  for (int i = 0; i < B * T * C; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
