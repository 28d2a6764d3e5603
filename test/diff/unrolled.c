/* Loops whose induction variables are declared before them (PolyBench's
 * `int i, j;`), fully unrolled: the generated code must still compile
 * without unused-variable warnings, in a scop region (the declaration
 * stays outside the region) and in a function kernel (the declaration is
 * regenerated). */
#include <stdio.h>

static void scale(float A[4][5]) {
  int i, j;
#pragma scop
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      A[i][j] = A[i][j] * 2.0f + (float)(i - j);
#pragma endscop
}

#pragma schedcc kernel
static void shift(float A[4][5]) {
  int i, j;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      A[i][j] = A[i][j] - 0.25f * (float)j;
}

int main(void) {
  float A[4][5];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      A[i][j] = (float)(i * 5 + j) / 7.0f;
  scale(A);
  shift(A);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      printf("%a\n", (double)A[i][j]);
  return 0;
}
