// REFUSED (as of the current schedcc): rodinia_hotspot.tile.sched:6:3: error: loop.parallel of 'r_t' would break the anti dependence S1[r_t, c_t, r, c] -> S0[r_t + 16, c_t', r + 1, c'] carried by 'r_t' (distance (16, *, 1, *)); S1 is at rodinia_hotspot.c:24:7, S0 at rodinia_hotspot.c:20:7
/* One transient step of a chip-temperature simulation in the style of a
 * heterogeneous-computing benchmark suite: a 5-point update of the
 * interior of a row-major grid from the power map, with the step's delta
 * in a function-scope temporary. */
#include <stdlib.h>
#include "realc.h"

typedef float FLOAT;
#define AMB_TEMP 80.0f

#pragma schedcc kernel
void single_iteration(FLOAT *result, const FLOAT *temp, const FLOAT *power,
                      int row, int col, FLOAT Cap_1, FLOAT Rx_1, FLOAT Ry_1,
                      FLOAT Rz_1) {
  FLOAT delta;
  int r, c;
  for (r = 1; r < row - 1; r++) {
    for (c = 1; c < col - 1; c++) {
      delta = Cap_1 * (power[r * col + c] +
                       (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.0f * temp[r * col + c]) * Ry_1 +
                       (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.0f * temp[r * col + c]) * Rx_1 +
                       (AMB_TEMP - temp[r * col + c]) * Rz_1);
      result[r * col + c] = temp[r * col + c] + delta;
    }
  }
}

static void run(int row, int col, int iters) {
  int n = row * col + 1;
  FLOAT *t = malloc(sizeof(FLOAT) * (size_t)n);
  FLOAT *res = malloc(sizeof(FLOAT) * (size_t)n);
  FLOAT *p = malloc(sizeof(FLOAT) * (size_t)n);
  for (int i = 0; i < n; i++) {
    t[i] = 80.0f + realc_next();
    res[i] = t[i];
    p[i] = realc_next_in(0, 8);
  }
  for (int it = 0; it < iters; it++) {
    single_iteration(res, t, p, row, col, 0.5f, 0.25f, 0.25f, 0.125f);
    FLOAT *sw = t; t = res; res = sw;
  }
  realc_print("temp", t, n - 1);
  free(t); free(res); free(p);
}

int main(void) {
  run(12, 20, 3);
  run(7, 9, 2);
  run(3, 3, 1);
  run(2, 5, 1);
  run(0, 0, 1);
  return 0;
}
