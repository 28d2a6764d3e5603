/* One step of a 3-D thermal simulation in the style of a heterogeneous-
 * computing benchmark suite: a 7-point stencil on a flattened nx*ny*nz
 * grid, the neighbours' indices clamped at the faces with conditionals. */
#include <stdlib.h>
#include "realc.h"

#define AMB_TEMP 80.0f

#pragma schedcc kernel
void compute_temp_step(const float *pIn, const float *tIn, float *tOut,
                       int nx, int ny, int nz, float cc, float cw, float ce,
                       float cs, float cn, float cb, float ct,
                       float stepDivCap) {
  for (int z = 0; z < nz; z++) {
    for (int y = 0; y < ny; y++) {
      for (int x = 0; x < nx; x++) {
        int c = x + y * nx + z * nx * ny;
        int w = (x == 0) ? c : c - 1;
        int e = (x == nx - 1) ? c : c + 1;
        int n = (y == 0) ? c : c - nx;
        int s = (y == ny - 1) ? c : c + nx;
        int b = (z == 0) ? c : c - nx * ny;
        int t = (z == nz - 1) ? c : c + nx * ny;
        tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs + tIn[e] * ce +
                  tIn[w] * cw + tIn[t] * ct + tIn[b] * cb +
                  stepDivCap * pIn[c] + ct * AMB_TEMP;
      }
    }
  }
}

static void run(int nx, int ny, int nz, int iters) {
  int n = nx * ny * nz + 1;
  float *p = malloc(sizeof(float) * (size_t)n);
  float *a = malloc(sizeof(float) * (size_t)n);
  float *b = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; i++) {
    a[i] = 80.0f + realc_next();
    p[i] = realc_next_in(0, 4);
  }
  for (int it = 0; it < iters; it++) {
    compute_temp_step(p, a, b, nx, ny, nz, 0.25f, 0.125f, 0.125f, 0.125f,
                      0.125f, 0.0625f, 0.0625f, 0.5f);
    float *sw = a; a = b; b = sw;
  }
  realc_print("temp", a, n - 1);
  free(p); free(a); free(b);
}

int main(void) {
  run(8, 6, 4, 3);
  run(5, 3, 7, 2);
  run(1, 1, 1, 1);
  run(4, 4, 0, 1);
  return 0;
}
