/* Row sums with the inner loop's variable declared in the outer loop's
 * body (`int j;` then `for (j = 0; ...)`), as C89-style code writes it.
 * Unroll-and-jam of the rows jams the copies of the j loop into one: the
 * second copy's statements must read the jammed loop's j (a renamed j1
 * was read uninitialized before). */
#include <stdio.h>

#pragma schedcc kernel
void rowsum(float *y, const float *x, int n, int m) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    int j;
    for (j = 0; j < m; j++) {
      s += x[i * m + j];
    }
    y[i] = s;
  }
}

int main(void) {
  float x[35], y[5];
  for (int i = 0; i < 35; i++)
    x[i] = (float)i * 0.5f;
  rowsum(y, x, 5, 7);
  for (int i = 0; i < 5; i++)
    printf("%g ", y[i]);
  printf("\n");
  rowsum(y, x, 3, 4);
  for (int i = 0; i < 3; i++)
    printf("%g ", y[i]);
  printf("\n");
  return 0;
}
