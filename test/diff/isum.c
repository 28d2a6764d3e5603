/* Integer reductions (exact in any order): a histogram-free checksum of a
 * matrix and a dot product, for loop.parallel {reduction}. */
#include <stdio.h>

#define N 1000
#define M 300

static int A[N][M];
static long x[N], y[N];

static void sums(int n, int m, long *total, long *dot) {
  long s = 0, d = 0;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += A[i][j] * (j + 1);
  for (int i = 0; i < n; i++)
    d = d + x[i] * y[i];
#pragma endscop
  *total = s;
  *dot = d;
}

int main(void) {
  unsigned seed = 12345u;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      seed = seed * 1103515245u + 12345u;
      A[i][j] = (int)(seed >> 16) % 1000 - 500;
    }
    seed = seed * 1103515245u + 12345u;
    x[i] = (long)(seed >> 16) % 100000;
    y[i] = i % 97 - 48;
  }
  long total, dot;
  sums(N, M, &total, &dot);
  printf("%ld %ld\n", total, dot);
  return 0;
}
