// REFUSED (as of the current schedcc): construct_ptr_arith_deref.c:9:7: error: unsupported in a kernel: pointer dereference (of a computed pointer; write p[i])
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#pragma schedcc kernel
void ptr_arith(float *A, int n, int lda) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      *(A + i * lda + j) *= 0.5f;
}
