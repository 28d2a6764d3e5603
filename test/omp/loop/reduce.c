/* OpenMP loop directives inside a kernel, kept through schedules: an
 * integer reduction (exact in any order), a private temporary, a
 * collapse(2) nest with schedule(static), and a clause schedcc keeps as
 * written (num_threads); a directive continued on a second line.
 * expect: #pragma omp parallel for reduction(+:s)
 * expect: #pragma omp parallel for private(t) schedule(static, 8)
 * expect: #pragma omp parallel for collapse(2) schedule(static) num_threads(2)
 */
#include <stdio.h>

#define N 96
#define M 80

static int A[N][M], B[M][N], C[N][M];
static long out[2];

#pragma schedcc kernel
static void kern(int n, int m) {
  long s = 0;
  int t;
#pragma omp parallel for collapse(2) schedule(static) num_threads(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] = 3 * A[i][j] - B[j][i];
#pragma omp parallel for private(t) schedule(static, 8)
  for (int i = 0; i < n; i++) {
    t = A[i][0] * 2;
    for (int j = 1; j < m; j++)
      C[i][j] = C[i][j] + t;
  }
#pragma omp parallel for \
    reduction(+:s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += C[i][j] * (i % 7 - 3);
  out[0] = s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 31 + j * 17) % 101 - 50;
      B[j][i] = (i * 7 + j * 13) % 89 - 44;
    }
  kern(N, M);
  long h = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h = h * 31 + C[i][j];
  printf("%ld %ld\n", out[0], h);
  return 0;
}
