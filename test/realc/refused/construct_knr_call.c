// REFUSED (as of the current schedcc): construct_knr_call.c:8:12: error: unsupported in a kernel: call to 'clampd' (only <math.h> functions are allowed)
#include <string.h>
#include <math.h>
double clampd();
#pragma schedcc kernel
void knr(double *x, int n) {
  for (int i = 0; i < n; i++) {
    x[i] = clampd(x[i]);
  }
}
