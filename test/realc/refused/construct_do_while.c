// REFUSED (as of the current schedcc): construct_do_while.c:8:3: error: unsupported in a kernel: 'do' loop
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#pragma schedcc kernel
void dowhile(float *x, int n) {
  int i = 0;
  do {
    x[i] *= 2.0f;
    i++;
  } while (i < n);
}
