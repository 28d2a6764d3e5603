/* Fixed filters of embedded DSP code in C: a 5-tap smoothing FIR whose
 * taps are a static const table, and a 3-tap edge-preserving blend, both
 * over a block with the history in front; the output buffer of the
 * second is cleared with a chained assignment. */
#include <stdlib.h>
#include "realc.h"

static const float coeffs[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

#pragma schedcc kernel
void fir5_smooth(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < 5; k++) {
      acc += coeffs[k] * x[i + k];
    }
    y[i] = acc;
  }
}

#pragma schedcc kernel
void fir3_reset(float *y, float *state, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = state[i] = 0.0f;
  }
  for (int i = 0; i < n; i++) {
    y[i] += 0.25f * x[i] + 0.5f * x[i + 1] + 0.25f * x[i + 2];
    state[i] = x[i + 2];
  }
}

int main(void) {
  int sizes[] = {64, 29, 1, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    float *x = malloc(sizeof(float) * (size_t)(n + 5));
    float *y = malloc(sizeof(float) * (size_t)(n + 1));
    float *st = malloc(sizeof(float) * (size_t)(n + 1));
    realc_fill(x, n + 5);
    fir5_smooth(y, x, n);
    realc_print("fir5", y, n);
    fir3_reset(y, st, x, n);
    realc_print("fir3", y, n);
    realc_print("state", st, n);
    fir5_smooth(x, x, n); /* in place: each output before the taps it reads */
    realc_print("fir5 inplace", x, n);
    free(x); free(y); free(st);
  }
  return 0;
}
