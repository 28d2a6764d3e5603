/* Forward substitution with a lower triangular matrix in the style of a
 * polyhedral benchmark suite. */
#include "realc.h"

#define N 50
#define DATA_TYPE double
#define _PB_N n

static void kernel_trisolv(int n, DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++) {
      x[i] -= L[i][j] * x[j];
    }
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}

static DATA_TYPE L[N][N], x[N], b[N];

int main(void) {
  int sizes[] = {50, 23, 1, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    for (int i = 0; i < n; i++) {
      b[i] = realc_next();
      for (int j = 0; j <= i; j++)
        L[i][j] = (i == j) ? 2.0 : realc_next() / 8;
    }
    kernel_trisolv(n, L, x, b);
    realc_printd("x", x, n);
  }
  return 0;
}
