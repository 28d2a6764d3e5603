/* A 4-deep band whose only dependence has distance (0, 1, -31, 0): tiling
 * a and d (sizes [14, 0, 0, 32]) is legal, the untiled b and c keep their
 * place among the point loops (issue 9: it was refused as if b and c were
 * tiled).  Tiling c is not: test/neg/tile_band4_c. */
#include <stdio.h>
#define N 16
#define M 40
static double X[N][N][M][M];
static void band(int n, int m, double X[N][N][M][M]) {
#pragma scop
  for (int a = 0; a < n; a++)
    for (int b = 1; b < n; b++)
      for (int c = 0; c < m - 31; c++)
        for (int d = 0; d < m; d++)
          X[a][b][c][d] = X[a][b - 1][c + 31][d] * 0.5 + X[a][b][c][d];
#pragma endscop
}
int main(void) {
  for (int a = 0; a < N; a++) for (int b = 0; b < N; b++) for (int c = 0; c < M; c++) for (int d = 0; d < M; d++)
    X[a][b][c][d] = (a * 3 + b * 5 + c * 7 + d) % 13 * 0.25;
  band(N, M, X);
  for (int a = 0; a < N; a += 3) for (int b = 0; b < N; b++) for (int c = 0; c < M; c += 5) for (int d = 0; d < M; d += 7)
    printf("%.17g\n", X[a][b][c][d]);
  return 0;
}
