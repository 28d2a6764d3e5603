// REFUSED: construct_fmaf_call.c:7:12: error: unsupported in a kernel: call to 'fmaf' (only <math.h> functions are allowed)
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void fma_call(float *y, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = fmaf(a[i], b[i], y[i]);
  }
}
