/* Pieces of a llama-style transformer forward pass in one C file: RMSNorm,
 * the matrix-vector product W (d,n) @ x (n,) -> xout (d,), and the SwiGLU
 * of the feed-forward block. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void rmsnorm(float *o, float *x, float *weight, int size) {
  float ss = 0.0f;
  for (int j = 0; j < size; j++) {
    ss += x[j] * x[j];
  }
  ss /= size;
  ss += 1e-5f;
  ss = 1.0f / sqrtf(ss);
  for (int j = 0; j < size; j++) {
    o[j] = weight[j] * (ss * x[j]);
  }
}

#pragma schedcc kernel
void matmul(float *xout, float *x, float *w, int n, int d) {
  int i;
#pragma omp parallel for private(i)
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++) {
      val += w[i * n + j] * x[j];
    }
    xout[i] = val;
  }
}

#pragma schedcc kernel
void swiglu(float *hb, float *hb2, int hidden_dim) {
  for (int i = 0; i < hidden_dim; i++) {
    float val = hb[i];
    val *= (1.0f / (1.0f + expf(-val)));
    val *= hb2[i];
    hb[i] = val;
  }
}

int main(void) {
  int shapes[][2] = {{32, 12}, {19, 7}, {1, 3}, {8, 0}, {0, 4}};
  for (int k = 0; k < 5; k++) {
    int n = shapes[k][0], d = shapes[k][1];
    int big = (n > d ? n : d) + 1;
    float *x = malloc(sizeof(float) * (size_t)big);
    float *o = malloc(sizeof(float) * (size_t)big);
    float *wt = malloc(sizeof(float) * (size_t)big);
    float *w = malloc(sizeof(float) * (size_t)(n * d + big));
    realc_fill(x, big); realc_fill(wt, big); realc_fill(w, n * d + big);
    matmul(o, x, w, n, d);
    realc_print("matmul", o, d);
    /* overlapping: xout inside w's storage past the matrix */
    matmul(w + n * d, x, w, n, d);
    realc_print("matmul alias", w + n * d, d);
    rmsnorm(o, x, wt, n);
    realc_print("rmsnorm", o, n);
    rmsnorm(x, x, wt, n); /* in place, as the residual stream is */
    realc_print("rmsnorm inplace", x, n);
    realc_fill(o, big);
    swiglu(x, o, n);
    realc_print("swiglu", x, n);
    swiglu(o, o, n);
    realc_print("swiglu alias", o, n);
    free(x); free(o); free(wt); free(w);
  }
  return 0;
}
