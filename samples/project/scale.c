/* scale.c — an OpenMP 5.1 directive in a kernel: the inline schedule. */
#include "util.h"

void scale(int n, double *x, double f) {
#pragma scop
#pragma omp unroll partial(4)
  for (int i = 0; i < n; i++)
    x[i] = x[i] * f;
#pragma endscop
}
