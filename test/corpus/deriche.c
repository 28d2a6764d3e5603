/* deriche.c — PolyBench/C 4.2.1-style deriche: Deriche's recursive edge
 * detection filter, in single precision (expf/powf), with causal passes
 * counting up and anti-causal passes counting down, and scalar recurrences
 * carried in locals.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define W 128
#define H 96
#define DATA_TYPE float
#define EXP_FUN(x) expf(x)
#define POW_FUN(x, y) powf(x, y)

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

static void kernel_deriche(int w, int h, DATA_TYPE alpha, DATA_TYPE imgIn[W][H],
                           DATA_TYPE imgOut[W][H], DATA_TYPE y1[W][H],
                           DATA_TYPE y2[W][H]) {
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;

  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;

#pragma scop
  k = (1.0f - EXP_FUN(-alpha)) * (1.0f - EXP_FUN(-alpha)) /
      (1.0f + 2.0f * alpha * EXP_FUN(-alpha) - EXP_FUN(-2.0f * alpha));
  a1 = a5 = k;
  a2 = a6 = k * EXP_FUN(-alpha) * (alpha - 1.0f);
  a3 = a7 = k * EXP_FUN(-alpha) * (alpha + 1.0f);
  a4 = a8 = -k * EXP_FUN(-2.0f * alpha);
  b1 = POW_FUN(2.0f, -alpha);
  b2 = -EXP_FUN(-2.0f * alpha);
  c1 = c2 = 1;

  /* horizontal, causal */
  for (i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  /* horizontal, anti-causal */
  for (i = 0; i < w; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    xp1 = 0.0f;
    xp2 = 0.0f;
    for (j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++) {
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
    }

  /* vertical, causal */
  for (j = 0; j < h; j++) {
    tm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  /* vertical, anti-causal */
  for (j = 0; j < h; j++) {
    tp1 = 0.0f;
    tp2 = 0.0f;
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
#pragma endscop
}

static DATA_TYPE imgIn[W][H], imgOut[W][H], y1[W][H], y2[W][H];

int main(void) {
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (DATA_TYPE)((313 * i + 991 * j) % 65536) / 65535.0f;
  kernel_deriche(W, H, 0.25f, imgIn, imgOut, y1, y2);
  print_array("imgOut", &imgOut[0][0], (size_t)W * H);
  print_array("y1", &y1[0][0], (size_t)W * H);
  print_array("y2", &y2[0][0], (size_t)W * H);
  return 0;
}
