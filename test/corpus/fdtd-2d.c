/* fdtd-2d.c — PolyBench/C 4.2.1-style fdtd-2d: 2-D finite-difference
 * time-domain electromagnetics (three field updates per time step, a
 * source term read through the time index).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TMAX 20
#define NX 60
#define NY 80
#define DATA_TYPE double

/* Prints an array bit-exactly: the FNV-1a 64-bit hash of its bytes (any
 * 1-ulp difference changes it), then about 64 elements in %a (exact hex
 * floating point) to help locate a difference. */
static void print_array(const char *name, const DATA_TYPE *p, size_t count) {
  const unsigned char *bytes = (const unsigned char *)p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < count * sizeof *p; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  printf("%s: %zu elements, fnv1a64 %016" PRIx64 "\n", name, count, h);
  size_t step = count > 64 ? count / 64 : 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %a\n", name, i, (double)p[i]);
  printf("%s[%zu] = %a\n", name, count - 1, (double)p[count - 1]);
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                           DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE _fict_[TMAX]) {
  int t, i, j;

#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] -
                   0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

static DATA_TYPE ex[NX][NY], ey[NX][NY], hz[NX][NY], _fict_[TMAX];

int main(void) {
  for (int i = 0; i < TMAX; i++)
    _fict_[i] = (DATA_TYPE)i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / NX;
    }
  kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, _fict_);
  print_array("ex", &ex[0][0], (size_t)NX * NY);
  print_array("ey", &ey[0][0], (size_t)NX * NY);
  print_array("hz", &hz[0][0], (size_t)NX * NY);
  return 0;
}
