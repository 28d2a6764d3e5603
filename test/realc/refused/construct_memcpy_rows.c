// REFUSED (as of the current schedcc): construct_memcpy_rows.c:7:5: error: unsupported in a kernel: call to 'memcpy' as a statement
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void rows_memcpy(float *dst, const float *src, int rows, int cols) {
  for (int r = 0; r < rows; r++) {
    memcpy(dst + r * cols, src + r * cols, sizeof(float) * cols);
  }
}
