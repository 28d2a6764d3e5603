// REFUSED (as of the current schedcc): construct_two_ivs_reverse.c:7:8: error: unsupported in a kernel: 'for' init declaring several variables
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#pragma schedcc kernel
void two_ivs(float *x, int n) {
  for (int i = 0, j = n - 1; i < j; i++, j--) {
    float t = x[i];
    x[i] = x[j];
    x[j] = t;
  }
}
