/* As dead_pack.c, one level deeper: the pack buffer is read only in the
 * initializer of u, which is read only in the initializer of t0, which
 * nothing reads.  Both declarations and the buffer are left out (gcc
 * -Wunused-variable on u otherwise: the unused-declaration pass went one
 * level only).  Audit finding, 2026-11-25. */
#include <stdio.h>
#define N 40
static int B[N + 2], C[4][4], D[N + 4];
static void kern(int m, int B[N + 2], int C[4][4], int D[N + 4]) {
#pragma scop
  for (int i = 1; i < m; i += 2) {
    D[0] = (D[0] + B[i] % 256) % 65536;
    int u = C[0][1] * 2 % 4096;
    int t0 = (4 + u + (i + D[i + 2])) % 4096;
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
