/* loop.sink golden: a boundary row between the time loop and a sweep
 * (fdtd-2d's shape, one field), sunk into the sweep's first iteration,
 * then the (t, i) band skewed and tiled. */
void sink(int steps, int n, int m, double u[restrict][64],
          const double *restrict f) {
  if ((1 < n) && ((long long)steps + (long long)n - 1 <= 2147483647)) {
    for (long long t_t = 0; t_t < steps; t_t += 4) {
      for (long long i_t = t_t + 1LL; i_t < n + (t_t + 4LL < steps ? t_t + 4LL : steps) - 1LL; i_t += 8) {
        for (int t = t_t; t < (t_t + 4LL < steps ? t_t + 4LL : steps); t++) {
          for (int i = (i_t > t + 1 ? i_t : t + 1); i < (i_t + 8LL < n + t ? i_t + 8LL : n + t); i++) {
            if (i - t == 1) {
              for (int j = 0; j < m; j++) {
                u[0][j] = f[t];
              }
            }
            for (int j = 0; j < m; j++) {
              u[i - t][j] = 0.5 * (u[i - t][j] + u[i - t - 1][j]);
            }
          }
        }
      }
    }
  } else {
    for (int t = 0; t < steps; t++) {
      for (int j = 0; j < m; j++) {
        u[0][j] = f[t];
      }
      for (int i = 1; i < n; i++) {
        for (int j = 0; j < m; j++) {
          u[i][j] = 0.5 * (u[i][j] + u[i - 1][j]);
        }
      }
    }
  }
}
