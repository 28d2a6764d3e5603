// REFUSED: unsupported in a kernel: array declaration; unsupported in a kernel: loop condition that does not compare the induction variable; unsupported in a kernel: pointer dereference
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void dot8(float *out, const float *a, const float *b, int n) {
  float result[8] = {0};
  for (int i = 0; i + 8 <= n; i += 8) {
    for (int l = 0; l < 8; l++) {
      result[l] += a[i + l] * b[i + l];
    }
  }
  float s = 0.0f;
  for (int l = 0; l < 8; l++) {
    s += result[l];
  }
  *out = s;
}
