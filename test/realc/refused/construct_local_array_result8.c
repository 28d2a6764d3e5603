// REFUSED (as of the current schedcc): construct_local_array_result8.c:6:3: error: unsupported in a kernel: array declaration with an initializer (a local array needs constant extents, or one extent of the kernel's parameters, and no initializer: assign its elements in a loop)
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
