#include "flags_inc.h"
void f(double *A) {
#pragma scop
  for (int i = 0; i < SIZE; i++)
    A[i] = SCALE * A[i];
#pragma endscop
}
