/* Two reductions in one loop whose elements may be the same: s[i] and
 * s[p] (p a parameter, possibly equal to i).  Each would get its own
 * vector accumulator and one would overwrite the other's sum: refused
 * (test/difftol/rowsum: distinct elements s[i], s[i + 1], ... vectorize). */
#include <stdio.h>
#define N 16
#define M 64
static float A[N][M], s[N];
static void kern(int n, int m, int p, float A[N][M], float s[N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s[i] += A[i][j];
      s[p] += A[i][j];
    }
#pragma endscop
}
int main(void) {
  kern(N, M, 3, A, s);
  printf("%g\n", s[3]);
  return 0;
}
