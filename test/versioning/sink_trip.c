/* Proves the run-time check of loop.sink: the row loop `b[j] = f` moves
 * into the first iteration of the i loop, so it runs only when the i loop
 * does.  With n = 0 the transformed code would leave b unchanged; the
 * check (0 < n) sends that call to the original code, which sets b. */
#include <stdio.h>

#pragma schedcc kernel
void rows(int n, int m, float (*restrict a)[8], float *restrict b, float f) {
  for (int j = 0; j < m; j++)
    b[j] = f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += b[j] * (float)(i + 1);
}

int main(void) {
  float a[4][8] = {{0}}, b[8] = {0};
  rows(0, 8, a, b, 2.0f); /* the i loop does not run: b is set all the same */
  printf("n = 0: b[0] = %g, b[7] = %g\n", b[0], b[7]);
  rows(3, 5, a, b, 0.5f);
  printf("n = 3: b[0] = %g, b[4] = %g, b[5] = %g\n", b[0], b[4], b[5]);
  for (int i = 0; i < 4; i++)
    printf("a[%d] = %g %g %g %g %g %g\n", i, a[i][0], a[i][1], a[i][4], a[i][5],
           a[i][6], a[i][7]);
  return 0;
}
