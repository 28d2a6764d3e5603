// REFUSED (as of the current schedcc): construct_while_ptr_copy.c:6:3: error: unsupported in a kernel: 'while' loop
#include <string.h>
#include <math.h>
#pragma schedcc kernel
void copy_ptr(float *dst, const float *src, int n) {
  while (n-- > 0) {
    *dst++ = *src++;
  }
}
