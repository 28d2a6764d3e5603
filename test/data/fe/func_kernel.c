#include <math.h>

#pragma schedcc kernel
void lu(int n, float A[n][n], float (*L)[n], float s[restrict n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) {
      float t = A[i][j];
      if (i > 0 && j < i || n == 3)
        L[i][j] = t / s[j];
      else
        L[i][j] = -sqrtf(fabsf(t));
    }
  }
}

void driver(int m, double *restrict p, int lda) {
  int i, k;
  double acc = 0.0;
#pragma schedcc kernel
#pragma schedcc label(rows)
  for (i = 0; i < m; i += 2)
    for (k = m; k > 0; k -= 1)
      p[i * lda + k] = p[i * lda + k] * 2.0 + acc;
#pragma schedcc kernel
  for (i = m - 1; i >= 0; --i)
    acc += p[i] > 0 ? p[i] : (double)i;
}
