/* An element assigned to itself inside a loop (found by the random
 * tester, seed 1127 kernel 229): loop.scalar_replace of the i loop keeps
 * A[1] in a scalar, and the statement became `A_r = A_r;`, which clang's
 * -Wself-assign turns into an error under -Werror.  The C emitter leaves
 * such an assignment of a non-volatile scalar out. */
#include <stdio.h>

#pragma schedcc kernel
void selfa(int n, float A[4], float B[64]) {
  for (int i = 0; i < n; i++) {
    B[i] = A[1] * 2.0f;
    A[1] = A[1];
    A[2] = B[i] + 1.0f;
  }
}

int main(void) {
  float A[4] = {1, 2, 3, 4}, B[64];
  selfa(64, A, B);
  for (int i = 0; i < 64; i += 7)
    printf("%g ", B[i]);
  printf("%g %g %g %g\n", A[0], A[1], A[2], A[3]);
  return 0;
}
