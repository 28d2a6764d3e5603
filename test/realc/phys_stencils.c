/* Physics stencils as C simulation codes write them: explicit heat
 * diffusion on a 2-D grid (double, VLA parameters), the leapfrog step of
 * the 2-D wave equation, and a 7-point Laplacian on a flattened 3-D grid
 * with the plane size in a local. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void heat2d_step(int nx, int ny, double u_new[nx][ny], double u[nx][ny],
                 double alpha) {
  for (int i = 1; i < nx - 1; i++) {
    for (int j = 1; j < ny - 1; j++) {
      u_new[i][j] = u[i][j] + alpha * (u[i + 1][j] + u[i - 1][j] +
                                       u[i][j + 1] + u[i][j - 1] - 4.0 * u[i][j]);
    }
  }
}

#pragma schedcc kernel
void wave2d_step(float *u_next, const float *u, const float *u_prev,
                 int nx, int ny, float c2) {
  for (int j = 1; j < ny - 1; j++) {
    for (int i = 1; i < nx - 1; i++) {
      int idx = j * nx + i;
      float lap = u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] - 4.0f * u[idx];
      u_next[idx] = 2.0f * u[idx] - u_prev[idx] + c2 * lap;
    }
  }
}

#pragma schedcc kernel
void laplacian3d(float *out, const float *in, int nx, int ny, int nz,
                 float inv_h2) {
  const int plane = nx * ny;
  for (int z = 1; z < nz - 1; z++) {
    for (int y = 1; y < ny - 1; y++) {
      for (int x = 1; x < nx - 1; x++) {
        int c = x + y * nx + z * plane;
        out[c] = inv_h2 * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                           in[c - plane] + in[c + plane] - 6.0f * in[c]);
      }
    }
  }
}

static void run(int nx, int ny, int nz) {
  int n2 = nx * ny + 1, n3 = nx * ny * nz + 1;
  double *a = malloc(sizeof(double) * (size_t)n2);
  double *b = malloc(sizeof(double) * (size_t)n2);
  realc_filld(a, n2); realc_filld(b, n2);
  for (int t = 0; t < 3; t++) {
    heat2d_step(nx, ny, (double (*)[ny])b, (double (*)[ny])a, 0.125);
    double *sw = a; a = b; b = sw;
  }
  realc_printd("heat", a, n2 - 1);
  float *u0 = malloc(sizeof(float) * (size_t)n3);
  float *u1 = malloc(sizeof(float) * (size_t)n3);
  float *u2 = malloc(sizeof(float) * (size_t)n3);
  realc_fill(u0, n3); realc_fill(u1, n3); realc_fill(u2, n3);
  for (int t = 0; t < 3; t++) {
    wave2d_step(u2, u1, u0, nx, ny, 0.25f);
    float *sw = u0; u0 = u1; u1 = u2; u2 = sw;
  }
  realc_print("wave", u1, n2 - 1);
  laplacian3d(u2, u1, nx, ny, nz, 0.5f);
  realc_print("lap", u2, n3 - 1);
  free(a); free(b); free(u0); free(u1); free(u2);
}

int main(void) {
  run(10, 12, 5);
  run(7, 5, 6);
  run(3, 3, 3);
  run(2, 4, 1);
  return 0;
}
