/* llama2.c's matmul exactly as written there: pointer parameters, the
 * linearized subscript w[i * n + j] and `float val = 0.0f;` in i's body.
 * Unroll-and-jam of i gives each jammed row its own val, the j loop then
 * vectorizes with one accumulator per row; the kernel is versioned on the
 * overlap of xout with x and w, and main also calls it with xout inside w
 * (the original code must run then). */
#include <stdio.h>

#pragma schedcc kernel
void matmul(float* xout, float* x, float* w, int n, int d) {
    // W (d,n) @ x (n,) -> xout (d,)
    // by far the most amount of time is spent inside this little function
    int i;
    for (i = 0; i < d; i++) {
        float val = 0.0f;
        for (int j = 0; j < n; j++) {
            val += w[i * n + j] * x[j];
        }
        xout[i] = val;
    }
}

enum { D = 23, N = 301 };

int main(void) {
  static float w[D * N + D], x[N], xo[D];
  for (int i = 0; i < D * N + D; i++)
    w[i] = (float)((i * 7 + 3) % 19) / 11.0f - 0.5f;
  for (int j = 0; j < N; j++)
    x[j] = 1.0f / (float)(j + 1);
  matmul(xo, x, w, N, D);
  for (int i = 0; i < D; i++)
    printf("%.9g\n", (double)xo[i]);
  /* aliased: the output overwrites the last rows' tail of w as it goes */
  matmul(w + (D - 2) * N, x, w, N, D);
  for (int i = 0; i < D * N + D; i += 97)
    printf("%.9g\n", (double)w[i]);
  return 0;
}
