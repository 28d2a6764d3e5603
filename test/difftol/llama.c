/* llama2.c's matmul as written there (`float val = 0.0f;` in i's body),
 * with VLA parameters: unroll-and-jam of i gives each jammed row its own
 * val, and the j loop then vectorizes with one accumulator per row. */
#include <stdio.h>

#pragma schedcc kernel
void matmul(int n, int d, float xout[d], float x[n], float w[d][n]) {
  int i;
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++) {
      val += w[i][j] * x[j];
    }
    xout[i] = val;
  }
}

enum { D = 23, N = 301 };

int main(void) {
  static float w[D][N], x[N], xo[D];
  for (int i = 0; i < D; i++)
    for (int j = 0; j < N; j++)
      w[i][j] = (float)((i * 7 + j * 3) % 19) / 11.0f - 0.5f;
  for (int j = 0; j < N; j++)
    x[j] = 1.0f / (float)(j + 1);
  matmul(N, D, xo, x, w);
  for (int i = 0; i < D; i++)
    printf("%.9g\n", (double)xo[i]);
  return 0;
}
