/* Signal-processing loops as C DSP code writes them: a direct-form FIR
 * filter over a block with the history in front of the input, a
 * decimating FIR (keep every M-th output), an element-wise complex
 * multiply of interleaved (re, im) buffers, and a stereo mix with gains. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void fir_filter(float *y, const float *x, const float *h, int ntaps, int nout) {
  /* x holds ntaps - 1 samples of history before the block */
  for (int n = 0; n < nout; n++) {
    float acc = 0.0f;
    for (int k = 0; k < ntaps; k++) {
      acc += h[k] * x[n + ntaps - 1 - k];
    }
    y[n] = acc;
  }
}

#pragma schedcc kernel
void fir_decimate(float *y, const float *x, const float *h, int ntaps,
                  int nout, int M) {
  for (int i = 0; i < nout; i++) {
    const float *xi = x + i * M;
    float acc = 0.0f;
    for (int k = 0; k < ntaps; k++) {
      acc += h[k] * xi[k];
    }
    y[i] = acc;
  }
}

#pragma schedcc kernel
void complex_multiply(float *out, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++) {
    float ar = a[2 * i], ai = a[2 * i + 1];
    float br = b[2 * i], bi = b[2 * i + 1];
    out[2 * i] = ar * br - ai * bi;
    out[2 * i + 1] = ar * bi + ai * br;
  }
}

#pragma schedcc kernel
void mix_stereo(float *left, float *right, const float *src, int frames,
                float gain_l, float gain_r) {
  for (int i = 0; i < frames; i++) {
    left[i] += gain_l * src[i];
    right[i] += gain_r * src[i];
  }
}

static void run(int ntaps, int nout, int M) {
  int nx = nout * (M > 1 ? M : 1) + ntaps + 1;
  float *x = malloc(sizeof(float) * (size_t)nx);
  float *h = malloc(sizeof(float) * (size_t)(ntaps + 1));
  float *y = malloc(sizeof(float) * (size_t)(nout + 1));
  float *c = malloc(sizeof(float) * (size_t)(2 * nout + 2));
  float *l = malloc(sizeof(float) * (size_t)(nout + 1));
  float *r = malloc(sizeof(float) * (size_t)(nout + 1));
  realc_fill(x, nx); realc_fill(h, ntaps + 1);
  realc_fill(l, nout + 1); realc_fill(r, nout + 1);
  fir_filter(y, x, h, ntaps, nout);
  realc_print("fir", y, nout);
  fir_decimate(y, x, h, ntaps, nout, M);
  realc_print("decimate", y, nout);
  complex_multiply(c, x, x + 2, nout);
  realc_print("cmul", c, 2 * nout);
  complex_multiply(x, x, h, nout < ntaps / 2 ? nout : ntaps / 2); /* out == a */
  realc_print("cmul inplace", x, 2 * (nout < ntaps / 2 ? nout : ntaps / 2));
  mix_stereo(l, r, y, nout, 0.5f, 0.25f);
  realc_print("left", l, nout);
  realc_print("right", r, nout);
  mix_stereo(l, l, l, nout, 0.5f, 0.25f); /* every buffer the same */
  realc_print("mix alias", l, nout);
  free(x); free(h); free(y); free(c); free(l); free(r);
}

int main(void) {
  run(8, 40, 2);
  run(5, 17, 3);
  run(1, 3, 1);
  run(16, 0, 4);
  run(0, 5, 2);
  return 0;
}
