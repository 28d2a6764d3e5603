/* A declaration in a loop body whose only use the integer simplifier
 * folds away in a copy (`t0 - t0` is 0): the copy's declaration is read
 * nowhere, so the C output leaves it out (gcc -Wunused-variable
 * otherwise).  Found by the random tester: seed 20261125, kernel 168. */
#include <stdio.h>
#define N 40
static int A[N], C[N];
static void kern(int m, int A[N], int C[N]) {
#pragma scop
  for (int i = 0; i < m; i += 2) {
    int t0 = (C[1] + i + (C[1] + i)) % 4096;
    C[0] = (t0 - t0) % 4096;
    A[i] = (A[i] + i - C[1]) % 65536;
  }
#pragma endscop
}
int main(void) {
  for (int k = 0; k < N; k++) {
    A[k] = 3 * k;
    C[k] = k % 7;
  }
  kern(37, A, C);
  for (int k = 0; k < N; k++)
    printf("%d %d\n", A[k], C[k]);
  return 0;
}
