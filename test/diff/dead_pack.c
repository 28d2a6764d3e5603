/* A pack buffer whose only read is in a declaration the C output drops
 * (`t0 - t0` folds to 0 in the unrolled copies, so t0 is read nowhere):
 * neither the buffer nor its fill is emitted (gcc
 * -Wunused-but-set-variable otherwise).  Found by the random tester: seed
 * 51125, kernel 234. */
#include <stdio.h>
#define N 40
static int B[N + 2], C[4][4], D[N + 4];
static void kern(int m, int B[N + 2], int C[4][4], int D[N + 4]) {
#pragma scop
  for (int i = 1; i < m; i += 2) {
    D[0] = (D[0] + B[i] % 256) % 65536;
    int t0 = (4 + C[0][1] + (i + D[i + 2])) % 4096;
    B[i] = (t0 - t0) % 4096;
  }
#pragma endscop
}
int main(void) {
  for (int k = 0; k < N + 2; k++)
    B[k] = 3 * k + 1;
  for (int k = 0; k < N + 4; k++)
    D[k] = k % 5;
  C[0][1] = 7;
  kern(37, B, C, D);
  for (int k = 0; k < N + 2; k++)
    printf("B %d\n", B[k]);
  printf("D %d\n", D[0]);
  return 0;
}
