/* simd, parallel for simd and for on loops of a kernel, clauses kept as
 * written (if, firstprivate, nowait-free forms), default(none) dropped
 * with a warning, and a simd loop that loop.unroll {full} removes (the
 * directive dropped with a note).
 * expect: #pragma omp simd
 * expect: #pragma omp parallel for simd if(n > 4) firstprivate(c)
 * expect: #pragma omp for schedule(dynamic, 4)
 * stderr: warning: '#pragma omp parallel for default(none) shared(x, y) firstprivate(n)': 'default(none)' is dropped
 */
#include <stdio.h>

#define N 1000

static int x[N], y[N], z[8];

#pragma schedcc kernel
static void kern(int n, int c) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i] + 1;
#pragma omp parallel for simd if(n > 4) firstprivate(c)
  for (int i = 0; i < n; i++)
    x[i] = y[i] - c;
#pragma omp for schedule(dynamic, 4)
  for (int i = 1; i < n; i++)
    y[i] = x[i] * 3;
#pragma omp parallel for default(none) shared(x, y) firstprivate(n)
  for (int i = 0; i < n; i++)
    x[i] = y[i] + x[i];
#pragma omp simd
  for (int i = 0; i < 8; i++)
    z[i] = x[i] + i;
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (i * 37) % 113 - 56;
  kern(N, 5);
  long h = 0;
  for (int i = 0; i < N; i++)
    h = h * 31 + x[i] + y[i];
  for (int i = 0; i < 8; i++)
    h = h * 7 + z[i];
  printf("%ld\n", h);
  return 0;
}
