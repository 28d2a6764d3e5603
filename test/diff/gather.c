/* Reads through an index the loop itself writes: x[p[0]] moves with the
 * loop although its subscript reads no induction variable, so
 * loop.scalar_replace must not keep it in a register (it may keep p[0]).
 * And a tile whose corner reads a local the enclosing loop assigns
 * (B[off + j], off = r * 8 + 1): loop.pack must copy it in every r
 * iteration, not once before r.  Both subscripts are beyond what a
 * run-time overlap check can bound, so the parameters are declared
 * restrict (otherwise the kernels stay untransformed: docs/legality.md,
 * "Run-time checks"). */
#include <stdio.h>

#define N 72

static double x[8], y[16], B[N], z[8][8];
static int p[1];

static void gather(int n, double x[restrict 8], double y[16],
                   int p[restrict 1]) {
#pragma scop
  for (int j = 0; j < n; j++) {
    p[0] = j % 8;
    y[j] = x[p[0]];
  }
#pragma endscop
}

static void rows(double B[N], double z[restrict 8][8]) {
  int off = 0;
#pragma scop
  for (int r = 0; r < 8; r++) {
    off = r * 8 + 1;
    for (int j = 0; j < 8; j++)
      z[r][j] = B[off + j] * 2.0;
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < 8; i++)
    x[i] = i + 1;
  for (int i = 0; i < N; i++)
    B[i] = (double)((i * 7) % 101) / 17.0 + 0.25;
  gather(16, x, y, p);
  rows(B, z);
  for (int j = 0; j < 16; j++)
    printf("%g ", y[j]);
  printf("\n%d\n", p[0]);
  for (int r = 0; r < 8; r++) {
    for (int j = 0; j < 8; j++)
      printf("%.17g ", z[r][j]);
    printf("\n");
  }
  return 0;
}
