/* The forward matmul of a GPT-2 training code base, unrolled by 8, with its
 * OpenMP directive; the local array is private to each thread. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#define LOOP_UNROLL 8
#pragma schedcc kernel
void matmul_forward(float *out, const float *inp, const float *weight, const float *bias,
                    int B, int T, int C, int OC) {
  #pragma omp parallel for
  for (int obt = 0; obt < B * T; obt += LOOP_UNROLL) {
    for (int o = 0; o < OC; o++) {
      float result[LOOP_UNROLL];
      for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
        result[ibt] = (bias != NULL) ? bias[o] : 0.0f;
      }
      for (int i = 0; i < C; i++) {
        float w = weight[i + o * C];
        for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
          int bt = obt + ibt;
          result[ibt] += inp[bt * C + i] * w;
        }
      }
      for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
        int bt = obt + ibt;
        out[bt * OC + o] = result[ibt];
      }
    }
  }
}
int main(void) {
  int B = 4, T = 4, C = 11, OC = 5;
  float *inp = malloc(sizeof(float) * B * T * C), *w = malloc(sizeof(float) * OC * C), *b = malloc(sizeof(float) * OC), *out = malloc(sizeof(float) * B * T * OC);
  for (int i = 0; i < B * T * C; i++) inp[i] = (float)(i % 7) * 0.5f;
  for (int i = 0; i < OC * C; i++) w[i] = (float)(i % 5) * 0.25f - 0.5f;
  for (int i = 0; i < OC; i++) b[i] = (float)i;
  matmul_forward(out, inp, w, b, B, T, C, OC);
  for (int i = 0; i < B * T * OC; i++) printf("%g ", out[i]);
  printf("\n");
  matmul_forward(out, inp, w, NULL, B, T, C, OC);
  for (int i = 0; i < B * T * OC; i++) printf("%g ", out[i]);
  printf("\n");
  return 0;
}
