/* stencil.c — names its schedule with a pragma (relative to this file). */
#include "util.h"

#pragma schedcc schedule("sched/stencil.sched")

void smooth(int n, double out[N][N], double in[N][N]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = 0.2 * (in[i][j] + in[i - 1][j] + in[i + 1][j] +
                         in[i][j - 1] + in[i][j + 1]);
#pragma endscop
}
