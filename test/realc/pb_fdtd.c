/* fdtd-2d and heat-3d in the style of a polyhedral benchmark suite. */
#include "realc.h"

#define NX 24
#define NY 20
#define N3 12
#define DATA_TYPE double
#define SCALAR_VAL(x) x

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                           DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE _fict_[NX]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.75) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[N3][N3][N3],
                           DATA_TYPE B[N3][N3][N3]) {
  int t, i, j, k;
#pragma scop
  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++) {
      for (j = 1; j < n - 1; j++) {
        for (k = 1; k < n - 1; k++) {
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
        }
      }
    }
    for (i = 1; i < n - 1; i++) {
      for (j = 1; j < n - 1; j++) {
        for (k = 1; k < n - 1; k++) {
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
        }
      }
    }
  }
#pragma endscop
}

static DATA_TYPE ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[NX];
static DATA_TYPE A[N3][N3][N3], B[N3][N3][N3];

int main(void) {
  int shapes[][3] = {{5, 24, 20}, {3, 7, 11}, {2, 1, 1}, {0, 4, 4}, {4, 2, 0}};
  for (int s = 0; s < 5; s++) {
    int tmax = shapes[s][0], nx = shapes[s][1], ny = shapes[s][2];
    realc_filld(&ex[0][0], NX * NY); realc_filld(&ey[0][0], NX * NY);
    realc_filld(&hz[0][0], NX * NY); realc_filld(fict, NX);
    kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);
    for (int i = 0; i < nx; i++) {
      realc_printd("ex", ex[i], ny);
      realc_printd("ey", ey[i], ny);
      realc_printd("hz", hz[i], ny);
    }
  }
  int hshapes[][2] = {{4, 12}, {2, 7}, {1, 3}, {0, 5}};
  for (int s = 0; s < 4; s++) {
    realc_filld(&A[0][0][0], N3 * N3 * N3); realc_filld(&B[0][0][0], N3 * N3 * N3);
    kernel_heat_3d(hshapes[s][0], hshapes[s][1], A, B);
    realc_printd("heat3d", &A[0][0][0], N3 * N3 * N3);
  }
  return 0;
}
