/* A 3-D thermal simulation step in the style of a GPU benchmark suite's
 * CPU reference: the cell index flattened in a local, the six neighbours
 * clamped at the faces by conditional locals. */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void thermal_step(float *p, float *tIn, float *tOut, float sdc, int nx, int ny,
                  int nz, float ce, float cw, float cn, float cs, float ct,
                  float cb, float cc) {
  float amb_temp = 80.0f;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        int c = x + y * nx + z * nx * ny;
        int w = (x == 0) ? c : c - 1;
        int e = (x == nx - 1) ? c : c + 1;
        int n = (y == 0) ? c : c - nx;
        int s = (y == ny - 1) ? c : c + nx;
        int b = (z == 0) ? c : c - nx * ny;
        int t = (z == nz - 1) ? c : c + nx * ny;
        tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs + tIn[e] * ce +
                  tIn[w] * cw + tIn[t] * ct + tIn[b] * cb + sdc * p[c] +
                  ct * amb_temp;
      }
}

static unsigned seed = 7u;
static float next(void) {
  seed = seed * 1103515245u + 12345u;
  return (float)((seed >> 16) % 64) / 4.0f;
}

static void run(int nx, int ny, int nz, int alias) {
  int cells = nx * ny * nz;
  float *p = malloc(sizeof(float) * (size_t)(cells + 1));
  float *a = malloc(sizeof(float) * (size_t)(2 * cells + 1));
  float *out = malloc(sizeof(float) * (size_t)(cells + 1));
  for (int i = 0; i < cells; i++)
    p[i] = next();
  for (int i = 0; i < 2 * cells; i++)
    a[i] = next();
  /* alias: the output overlaps the input it reads (the original's order) */
  float *dst = alias ? a + cells / 2 : out;
  thermal_step(p, a, dst, 0.5f, nx, ny, nz, 0.25f, 0.25f, 0.125f, 0.125f,
               0.0625f, 0.0625f, 0.5f);
  for (int i = 0; i < cells; i++)
    printf("%g ", dst[i]);
  printf("\n");
  free(p);
  free(a);
  free(out);
}

int main(void) {
  run(5, 4, 3, 0);
  run(7, 3, 2, 1);
  run(1, 1, 1, 0);
  run(9, 6, 4, 0);
  return 0;
}
