/* dwconv.c — depthwise 2-D convolution, NHWC, 3 x 3 filter, stride 1, no
 * padding (the input carries its halo): MobileNet's DepthwiseConv2D, one
 * of the kernels of the seed paper's benchmarks ("Composable and Modular
 * Code Generation in MLIR"),
 *
 *   O[y][x][ch] += I[y + ky][x + kx][ch] * F[ky][kx][ch]
 *
 * for y < h, x < w, ky, kx < 3, ch < c.  Each channel is convolved with
 * its own 3 x 3 filter; channels are contiguous in memory (NHWC).  The
 * kernel is plain C marked by `#pragma schedcc kernel`; its name and
 * signature are a contract (other programs call it).
 * samples/dwconv.fast.sched holds a schedule for it:
 *
 *   schedcc samples/dwconv.c -s samples/dwconv.fast.sched -o dwconv.opt.c
 *
 * Compile with -DSCHEDCC_NO_MAIN to get the kernel alone.  The main below
 * takes the sizes as `[--values] [h w c]` (default 14 14 512, a MobileNet
 * layer), fills I, F and O from a fixed-seed generator, times the kernel
 * (stderr) and prints a checksum of O that changes with any bit of O
 * (stdout), or with --values every element of O as a number.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#pragma schedcc kernel
void dwconv(int h, int w, int c, float I[h + 2][w + 2][c], float F[3][3][c],
            float O[h][w][c]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int ky = 0; ky < 3; ky++)
        for (int kx = 0; kx < 3; kx++)
          for (int ch = 0; ch < c; ch++)
            O[y][x][ch] += I[y + ky][x + kx][ch] * F[ky][kx][ch];
}

#ifndef SCHEDCC_NO_MAIN
/* Uniform floats in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants); the top 24 bits make the float exact. */
static float lcg_float(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (float)(*state >> 40) * 0x1p-23f - 1.0f;
}

/* 64-byte aligned storage; aligned_alloc wants a multiple of the
 * alignment as size. */
static void *alloc64(size_t bytes) {
  return aligned_alloc(64, (bytes + 63) / 64 * 64);
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

int main(int argc, char **argv) {
  /* --values: every element of O as a decimal number (for comparisons
   * within a tolerance), instead of the bit-exact checksum. */
  int values = argc > 1 && strcmp(argv[1], "--values") == 0;
  int h = 14, w = 14, c = 512;
  if (argc - values == 4) {
    h = atoi(argv[1 + values]);
    w = atoi(argv[2 + values]);
    c = atoi(argv[3 + values]);
  }
  if (h < 1 || w < 1 || c < 1 || h > 4096 || w > 4096 || c > 65536) {
    fprintf(stderr, "usage: dwconv [--values] [h w c]\n");
    return 2;
  }
  size_t ni = (size_t)(h + 2) * (w + 2) * c, nf = (size_t)9 * c,
         no = (size_t)h * w * c;
  float *I = alloc64(ni * sizeof(float));
  float *F = alloc64(nf * sizeof(float));
  float *O = alloc64(no * sizeof(float));
  if (!I || !F || !O) {
    fprintf(stderr, "dwconv: out of memory\n");
    return 1;
  }
  uint64_t seed = 42;
  for (size_t n = 0; n < ni; n++)
    I[n] = lcg_float(&seed);
  for (size_t n = 0; n < nf; n++)
    F[n] = lcg_float(&seed);
  for (size_t n = 0; n < no; n++)
    O[n] = lcg_float(&seed);

  double t0 = now_ms();
  dwconv(h, w, c, (float(*)[w + 2][c]) I, (float(*)[3][c])F, (float(*)[w][c])O);
  double t1 = now_ms();
  fprintf(stderr, "dwconv: %.3f ms\n", t1 - t0);

  if (values) {
    for (size_t n = 0; n < no; n++)
      printf("%.9g\n", (double)O[n]);
  } else {
    printf("fnv1a64(O) = %016" PRIx64 "\n", fnv1a64(O, no * sizeof(float)));
    printf("O[0][0][0] = %a\n", (double)O[0]);
    printf("O[h-1][w-1][c-1] = %a\n", (double)O[no - 1]);
  }
  free(I);
  free(F);
  free(O);
  return 0;
}
#endif
