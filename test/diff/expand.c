/* loop.expand_scalar: a scalar declared at the top of a function kernel
 * (its declaration is dropped once every use is an array element), and a
 * scalar declared at the top of the loop's body (the declaration becomes
 * a store), each expanded and the loop then distributed. */
#include <stdio.h>

#pragma schedcc kernel
void twice(int n, double a[n], double b[n], double c[n]) {
  double t;
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0 + 1.0;
    b[i] = t * t;
    c[i] = t - b[i];
  }
}

#pragma schedcc kernel
void rows(int n, int m, float a[n], float B[n][m]) {
  for (int i = 0; i < n; i++) {
    float s = a[i] + 1.0f;
    for (int j = 0; j < m; j++)
      B[i][j] = s * (float)j - B[i][j];
  }
}

int main(void) {
  enum { N = 9, M = 7 };
  double a[N], b[N], c[N];
  float af[N], B[N][M];
  for (int i = 0; i < N; i++) {
    a[i] = (double)i / 3.0;
    af[i] = (float)i / 7.0f;
    for (int j = 0; j < M; j++)
      B[i][j] = (float)(i - j) / 5.0f;
  }
  twice(N, a, b, c);
  rows(N, M, af, B);
  for (int i = 0; i < N; i++) {
    printf("%a %a", b[i], c[i]);
    for (int j = 0; j < M; j++)
      printf(" %a", (double)B[i][j]);
    printf("\n");
  }
  return 0;
}
