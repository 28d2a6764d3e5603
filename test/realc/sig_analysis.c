/* Analysis loops of C audio/DSP code: applying a window to a frame,
 * the autocorrelation for lags 0..maxlag (as used by LPC), the
 * energy of each frame of a signal, and a first-order pre-emphasis. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void apply_window(float *frame, const float *window, int n) {
  for (int i = 0; i < n; i++) {
    frame[i] *= window[i];
  }
}

#pragma schedcc kernel
void autocorrelation(float *r, const float *x, int n, int maxlag) {
  for (int lag = 0; lag <= maxlag; lag++) {
    float sum = 0.0f;
    for (int i = 0; i < n - lag; i++) {
      sum += x[i] * x[i + lag];
    }
    r[lag] = sum;
  }
}

#pragma schedcc kernel
void frame_energy(float *energy, const float *x, int nframes, int frame_len,
                  int hop) {
  for (int f = 0; f < nframes; f++) {
    const float *fr = x + f * hop;
    float e = 0.0f;
    for (int i = 0; i < frame_len; i++) {
      e += fr[i] * fr[i];
    }
    energy[f] = e;
  }
}

#pragma schedcc kernel
void pre_emphasis(float *y, const float *x, int n, float coeff) {
  for (int i = n - 1; i > 0; i--) {
    y[i] = x[i] - coeff * x[i - 1];
  }
  y[0] = x[0];
}

static void run(int n, int maxlag, int frame_len, int hop) {
  float *x = malloc(sizeof(float) * (size_t)(n + 1));
  float *w = malloc(sizeof(float) * (size_t)(n + 1));
  float *r = malloc(sizeof(float) * (size_t)(maxlag + 2));
  float *y = malloc(sizeof(float) * (size_t)(n + 1));
  realc_fill(x, n + 1);
  for (int i = 0; i <= n; i++)
    w[i] = realc_next_in(0, 5);
  int nframes = n >= frame_len ? (n - frame_len) / hop + 1 : 0;
  float *en = malloc(sizeof(float) * (size_t)(nframes + 1));
  autocorrelation(r, x, n, maxlag);
  realc_print("autocorr", r, maxlag + 1);
  frame_energy(en, x, nframes, frame_len, hop);
  realc_print("energy", en, nframes);
  pre_emphasis(y, x, n, 0.75f);
  realc_print("preemph", y, n);
  pre_emphasis(x, x, n, 0.5f); /* in place, as the backward loop allows */
  realc_print("preemph inplace", x, n);
  apply_window(x, w, n);
  realc_print("windowed", x, n);
  apply_window(x, x, n); /* squares */
  realc_print("window alias", x, n);
  free(x); free(w); free(r); free(y); free(en);
}

int main(void) {
  run(64, 8, 16, 8);
  run(37, 5, 9, 4);
  run(3, 2, 2, 1);
  run(1, 0, 1, 1);
  return 0;
}
