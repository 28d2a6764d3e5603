/* util.c — no kernels: schedcc-cc passes it to the compiler untouched. */
#include "util.h"

void fill(int n, double *a, double seed) {
  for (int i = 0; i < n; i++)
    a[i] = (double)((i * 37 + 11) % 101) / 101.0 + seed;
}

double checksum(int n, const double *a) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}
