/* loop.sink golden: a boundary row between the time loop and a sweep
 * (fdtd-2d's shape, one field), sunk into the sweep's first iteration,
 * then the (t, i) band skewed and tiled. */
#pragma schedcc kernel
void sink(int steps, int n, int m, double u[restrict][64],
          const double *restrict f) {
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < m; j++)
      u[0][j] = f[t];
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        u[i][j] = 0.5 * (u[i][j] + u[i - 1][j]);
  }
}
