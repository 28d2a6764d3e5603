/* A loop reading B backwards (issue 27's hidden-tester finding): after
 * loop.tile [3] of the 11 iterations and loop.unroll {factor = 2} of the
 * tile loop, the main loop holds two copies of the point loop with one iv
 * over different ranges; loop.pack of B must copy the footprint of both
 * (it copied 9 elements for the first copy's range only, and i = 9, 10
 * read B_p[-1], B_p[-2]). */
#include <stdio.h>

#pragma schedcc kernel
void rev(float A[11], float B[11]) {
  for (int i = 0; i < 11; i++)
    A[i] = B[-i + 10] * 2.0f;
}

int main(void) {
  float A[11], B[11];
  for (int i = 0; i < 11; i++) {
    B[i] = (float)i + 1;
    A[i] = 0;
  }
  rev(A, B);
  for (int i = 0; i < 11; i++)
    printf("%g ", A[i]);
  printf("\n");
  return 0;
}
