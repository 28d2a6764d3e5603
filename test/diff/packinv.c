/* loop.pack of a tile that does not move in the packed loop: B[r + 3] in
 * the j loop is one element.  The copy is one assignment with its
 * subscript clamped into B (issue 9: a copy loop clamped to B's extent,
 * `for (B_p0 = 0; B_p0 < min(1, 69 - r); ...)`, left gcc -O1 -Wall
 * -Wextra warning that B_p "may be used uninitialized"). */
#include <stdio.h>

#define N 72

static double B[N], W[8][8], z[8][8];

static void rows(double B[N], double W[8][8], double z[8][8]) {
#pragma scop
  for (int r = 0; r < 8; r++)
    for (int j = 0; j < 8; j++)
      z[r][j] = B[r + 3] * 2.0 + W[r][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    B[i] = i * 0.5 + 0.125;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      W[i][j] = i - j * 0.25;
  rows(B, W, z);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      printf("%.17g\n", z[i][j]);
  return 0;
}
