/* A directive that is wrong as written: the loop carries a dependence.
 * schedcc warns, naming it, and keeps the directive as written (the
 * program was already that way); one thread computes what the original
 * computes.
 * threads: 1
 * expect: #pragma omp parallel for
 * stderr: warning: '#pragma omp parallel for' on loop 'i' would break the flow dependence
 */
#include <stdio.h>

#define N 500

static int a[N];

#pragma schedcc kernel
static void kern(int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + i % 5;
}

int main(void) {
  a[0] = 1;
  kern(N);
  printf("%d\n", a[N - 1]);
  return 0;
}
