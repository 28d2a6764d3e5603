/* A tile loop counting in long long (its int loop's bound is over
 * parameters, so the bound plus the tile's span may pass INT_MAX) whose
 * bound is a sum of ints after a skew: `j_t < n + 2 * i`.  gcc 12.2 -O2
 * turned that loop into one that never ends (fuzz seed 1, kernel 24); the
 * tile loop's bound is now computed in long long (xf_bound_for_iv in
 * transforms/xf_util.c).  The main: the fuzz kernel's shape, n = 36, m = 4. */
#include <stdio.h>

static double A[64], B[64];

static void sweep(int n, int m, double A[64], double B[64]) {
  int i, j, k;
#pragma scop
  for (i = m - 1; i >= 0; i--)
    for (j = 0; j < n; j += 2)
      for (k = i + 1; k < m; k++) {
        if (A[i] < 0.25)
          B[j + 2] += 0.375;
        else
          B[j + 1] = B[n + 1 - j] - B[j] + (double)k;
        A[k] = (double)j + 0.125 * B[j + 2];
      }
#pragma endscop
}

int main(void) {
  for (int q = 0; q < 64; q++) {
    A[q] = (double)((q * 37) % 19) / 19.0;
    B[q] = (double)((q * 11) % 23) / 23.0;
  }
  sweep(36, 4, A, B);
  for (int q = 0; q < 64; q++)
    printf("%.17g %.17g\n", A[q], B[q]);
  return 0;
}
