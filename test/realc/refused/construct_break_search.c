// REFUSED (as of the current schedcc): construct_break_search.c:10:7: error: unsupported in a kernel: 'break'
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void find_first(int *pos, const float *x, int n) {
  int p = -1;
  for (int i = 0; i < n; i++) {
    if (x[i] > 0.0f) {
      p = i;
      break;
    }
  }
  *pos = p;
}
