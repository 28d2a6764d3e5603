// REFUSED: construct_deref_output_absmax.c:10:3: error: unsupported in a kernel: pointer dereference
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void absmax(float *out, const float *x, int n) {
  float m = 0.0f;
  for (int i = 0; i < n; i++) {
    m = fmaxf(m, fabsf(x[i]));
  }
  *out = m;
}
