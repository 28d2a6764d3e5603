/* loop.transpose_block {nontemporal} on an 8 x 8 matrix with 16 x 16
 * AVX-512 blocks: the block loop never runs and the C backend leaves it
 * out, so no streaming store is emitted, and neither may the store fence
 * be (it would need <immintrin.h>, which nothing else includes).  Audit
 * finding, 2026-11-25.  Prints every element of B. */
#include <stdio.h>

#pragma schedcc kernel
void tr_small(float A[8][8], float B[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      B[j][i] = A[i][j];
}

int main(void) {
  static float A[8][8], B[8][8];
  for (int i = 0; i < 64; i++)
    A[i / 8][i % 8] = (float)i;
  tr_small(A, B);
  for (int j = 0; j < 8; j++) {
    for (int i = 0; i < 8; i++)
      printf(" %g", B[j][i]);
    printf("\n");
  }
  return 0;
}
