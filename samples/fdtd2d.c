/* fdtd2d.c — PolyBench-style 2-D finite-difference time domain (FDTD,
 * Yee's scheme): a time loop around four nests, the boundary row of ey set
 * from _fict_[t], then ey, ex and hz updated from each other, marked as a
 * scop.
 *
 *   schedcc samples/fdtd2d.c -s samples/fdtd2d.fast.sched -o f.opt.c
 *
 * The main initializes the fields with the PolyBench formulas, times the
 * kernel (stderr) and prints a checksum of each field (stdout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* PolyBench LARGE is -DTMAX=500 -DNX=1000 -DNY=1200 (bench/stencil.sh) */
#ifndef TMAX
#define TMAX 20
#endif
#ifndef NX
#define NX 101 /* partial tiles */
#endif
#ifndef NY
#define NY 123 /* rows that are not a multiple of the vector width */
#endif
#define DATA_TYPE double

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[nx][ny],
                           DATA_TYPE ey[nx][ny], DATA_TYPE hz[nx][ny],
                           DATA_TYPE _fict_[tmax]) {
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

/* FNV-1a, 64 bits, over n bytes. */
static uint64_t fnv1a64(const void *p, size_t n) {
  const unsigned char *bytes = p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < n; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  return h;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *alloc_field(size_t bytes) {
  return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

int main(void) {
  DATA_TYPE(*ex)[NY] = alloc_field(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE(*ey)[NY] = alloc_field(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE(*hz)[NY] = alloc_field(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE *fict = alloc_field(sizeof(DATA_TYPE[TMAX]));
  if (!ex || !ey || !hz || !fict) {
    fprintf(stderr, "fdtd2d: out of memory\n");
    return 1;
  }
  for (int t = 0; t < TMAX; t++)
    fict[t] = (DATA_TYPE)t;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / NX;
    }

  double t0 = now_ms();
  kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, fict);
  double t1 = now_ms();
  fprintf(stderr, "fdtd2d: %.1f ms\n", t1 - t0);

  printf("fnv1a64(ex) = %016" PRIx64 "\n",
         fnv1a64(ex, sizeof(DATA_TYPE[NX][NY])));
  printf("fnv1a64(ey) = %016" PRIx64 "\n",
         fnv1a64(ey, sizeof(DATA_TYPE[NX][NY])));
  printf("fnv1a64(hz) = %016" PRIx64 "\n",
         fnv1a64(hz, sizeof(DATA_TYPE[NX][NY])));
  printf("hz[%d][%d] = %a\n", NX / 2, NY / 3, hz[NX / 2][NY / 3]);
  printf("ey[%d][%d] = %a\n", NX - 1, NY - 1, ey[NX - 1][NY - 1]);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
