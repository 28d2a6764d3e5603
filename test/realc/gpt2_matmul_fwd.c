/* The forward matmul of a GPT-2 training code base in C, as such code is
 * written: a flattened (b, t) index in a local, row pointers into the
 * weights and the input, a bias that may be NULL.  out[B][T][OC] =
 * inp[B][T][C] * weight[OC][C]^T (+ bias). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void matmul_forward(float *out, const float *inp, const float *weight,
                    const float *bias, int B, int T, int C, int OC) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      int bt = b * T + t;
      for (int o = 0; o < OC; o++) {
        float val = (bias != NULL) ? bias[o] : 0.0f;
        const float *wrow = weight + o * C;
        const float *inp_bt = inp + bt * C;
        for (int i = 0; i < C; i++) {
          val += inp_bt[i] * wrow[i];
        }
        out[bt * OC + o] = val;
      }
    }
  }
}

static unsigned seed = 12345u;
static float next(void) {
  seed = seed * 1103515245u + 12345u;
  return (float)((seed >> 16) % 17) / 4.0f - 2.0f;
}

int main(void) {
  enum { B = 2, T = 5, C = 13, OC = 7 };
  float *inp = malloc(sizeof(float) * B * T * C);
  float *w = malloc(sizeof(float) * OC * C);
  float *bias = malloc(sizeof(float) * OC);
  float *out = malloc(sizeof(float) * (B * T * OC + B * T * C));
  for (int i = 0; i < B * T * C; i++)
    inp[i] = next();
  for (int i = 0; i < OC * C; i++)
    w[i] = next();
  for (int i = 0; i < OC; i++)
    bias[i] = next();
  matmul_forward(out, inp, w, bias, B, T, C, OC);
  for (int i = 0; i < B * T * OC; i++)
    printf("%g ", out[i]);
  printf("\n");
  matmul_forward(out, inp, w, NULL, B, T, C, OC);
  for (int i = 0; i < B * T * OC; i++)
    printf("%g ", out[i]);
  printf("\n");
  /* overlapping: the output written over the input it reads */
  for (int i = 0; i < B * T * C; i++)
    out[i] = inp[i];
  matmul_forward(out, out, w, bias, 1, 1, C, OC);
  for (int i = 0; i < OC; i++)
    printf("%g ", out[i]);
  printf("\n");
  matmul_forward(out, inp, w, bias, 0, T, C, OC); /* nothing to do */
  free(inp);
  free(w);
  free(bias);
  free(out);
  return 0;
}
