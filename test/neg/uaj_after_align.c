/* loop.vectorize {align} then loop.unroll_and_jam of the row loop: each row
 * starts its aligned vector loop at its own j_al, so the rows cannot be
 * jammed (an audit found them jammed with the first row's start: a wrong
 * answer); refused, naming the order that works. */
#include <stdio.h>
#pragma schedcc kernel
void rows(int m, int n, float A[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + 1.0f;
}
static _Alignas(64) float buf[2 * 17 + 1];
int main(void) {
  rows(2, 17, (float(*)[17])(buf + 1));
  for (int k = 0; k < 2 * 17; k++)
    printf("%g ", buf[k]);
  printf("\n");
  return 0;
}
