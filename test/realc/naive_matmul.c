/* A matrix product as a tutorial writes it: lower-case names, row-major
 * pointers, the loops in r, c, q order.  The library's whole matmul takes
 * it through match.matmul (the roles found from the accesses: "@B" is w,
 * "@C" is out). */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void mm(int n, int m, int p, const float *x, const float *w, float *out) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < m; c++)
      for (int q = 0; q < p; q++)
        out[r * m + c] += x[r * p + q] * w[q * m + c];
}

static void run(int n, int m, int p) {
  float *x = malloc(sizeof(float) * (size_t)(n * p + 1));
  float *w = malloc(sizeof(float) * (size_t)(p * m + 1));
  float *out = malloc(sizeof(float) * (size_t)(n * m + 1));
  realc_fill(x, n * p + 1);
  realc_fill(w, p * m + 1);
  realc_fill(out, n * m + 1);
  mm(n, m, p, x, w, out);
  realc_print("mm", out, n * m);
  free(x);
  free(w);
  free(out);
}

int main(void) {
  run(37, 70, 300);
  run(6, 64, 16);
  run(13, 17, 5);
  run(1, 1, 1);
  run(0, 5, 5);
  run(5, 0, 5);
  run(5, 5, 0);
  return 0;
}
