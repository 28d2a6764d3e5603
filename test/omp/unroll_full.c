/* #pragma omp unroll full on loops with constant trip counts, one inside
 * another loop, one counting down. */
#include <stdio.h>

float a[16][8], b[8];

int main(void) {
  for (int j = 0; j < 8; j++)
    b[j] = 1.0f / (float)(j + 1);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 8; j++)
      a[i][j] = (float)(i * 8 + j);
#pragma scop
  for (int i = 0; i < 16; i++) {
#pragma omp unroll full
    for (int j = 0; j < 8; j++)
      a[i][j] = a[i][j] * b[j] + a[i][7 - j];
  }
#pragma omp unroll full
  for (int j = 7; j >= 1; j--)
    b[j] = b[j] + b[j - 1];
#pragma endscop
  for (int i = 0; i < 16; i++) {
    for (int j = 0; j < 8; j++)
      printf(" %.9g", a[i][j]);
    printf("\n");
  }
  for (int j = 0; j < 8; j++)
    printf(" %.9g", b[j]);
  printf("\n");
  return 0;
}
