// REFUSED: construct_shift_left.c:7:29: error: unsupported in a kernel: operator '<<'
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void int_hist_free(int *out, const short *in, int n, int shift) {
  for (int i = 0; i < n; i++) {
    out[i] = (in[i] * 3) / (1 << shift);
  }
}
