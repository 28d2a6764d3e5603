/* durbin.c — PolyBench/C 4.2.1-style durbin (Levinson-Durbin recursion)
 * for the tolerance tests of loop.vectorize on stride -1 accesses (issue
 * 24): the dot product sum += r[k - i - 1] * y[i] (a reduction: reassoc)
 * and the update z[i] = y[i] + alpha * y[k - i - 1] read r and y
 * backwards.  Every k from 1 to N - 1 runs both loops with trip count k:
 * less than a vector, whole vectors and every remainder.  Prints every
 * y[i] in %a. Written for schedcc's tests. */
#include <stdio.h>

#define N 67

static void kernel_durbin(int n, double r[N], double y[N]) {
  double z[N];
  double alpha, beta, sum;
  int i, k;
#pragma scop
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
#pragma endscop
}

static double r[N], y[N];

int main(void) {
  /* a decaying autocorrelation keeps the recursion well conditioned */
  for (int i = 0; i < N; i++)
    r[i] = 0.5 / (i + 1.0);
  kernel_durbin(N, r, y);
  for (int i = 0; i < N; i++)
    printf("y[%d] = %a\n", i, y[i]);
  return 0;
}
