/* loop.to_library when the code after the kernel reads an induction
 * variable of the nest: the call assigns none, so it is refused. */
#include <stdio.h>
static float A[8][8], B[8][8], C[8][8];
int main(void) {
  int i, j, k;
#pragma scop
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      for (k = 0; k < 8; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  printf("%d %g\n", k, C[0][0]);
  return 0;
}
