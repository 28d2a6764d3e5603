/* #pragma omp unroll partial(N) on loops whose trip count is not a
 * multiple of N (one symbolic), in a function kernel. */
#include <stdio.h>

double x[100], y[100];
int order[100];

#pragma schedcc kernel
static void axpy(int n, double a) {
  int cnt = 0;
#pragma omp unroll partial(4)
  for (int i = 0; i < n; i++) {
    cnt = cnt + 1;
    order[i] = cnt;
    y[i] = y[i] + a * x[i];
  }
#pragma omp unroll partial(3)
  for (int i = 1; i <= 50; i += 2)
    y[i] = y[i] * 0.5 + y[i - 1];
}

int main(void) {
  for (int i = 0; i < 100; i++) {
    x[i] = i * 0.25;
    y[i] = 100 - i;
  }
  axpy(97, 1.5);
  for (int i = 0; i < 100; i++)
    printf("%d %.17g\n", order[i], y[i]);
  return 0;
}
