// REFUSED: unsupported in a kernel: call to 'sinhf' (only <math.h> functions are allowed); unsupported in a kernel: call to 'expm1f' (only <math.h> functions are allowed); unsupported in a kernel: call to 'log1pf' (only <math.h> functions are allowed)
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#pragma schedcc kernel
void cosh_sinh(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = sinhf(x[i]) + expm1f(x[i]) + log1pf(x[i]);
}
