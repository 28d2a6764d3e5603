/* Pixel operations as C image-processing code writes them: interleaved
 * 8-bit RGB to gray with integer weights, a brightness/contrast
 * adjustment with saturation, alpha blending of two float planes, and
 * a binary threshold. */
#include <stdint.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void rgb_to_gray(uint8_t *gray, const uint8_t *rgb, int width, int height,
                 int rgb_stride) {
  for (int y = 0; y < height; y++) {
    const uint8_t *src = rgb + y * rgb_stride;
    uint8_t *dst = gray + y * width;
    for (int x = 0; x < width; x++) {
      int r = src[3 * x];
      int g = src[3 * x + 1];
      int b = src[3 * x + 2];
      dst[x] = (uint8_t)((77 * r + 150 * g + 29 * b + 128) >> 8);
    }
  }
}

#pragma schedcc kernel
void brightness_contrast(uint8_t *img, int n, int contrast, int brightness) {
  for (int i = 0; i < n; i++) {
    int v = ((img[i] - 128) * contrast) / 64 + 128 + brightness;
    img[i] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
  }
}

#pragma schedcc kernel
void alpha_blend(float *dst, const float *fg, const float *bg,
                 const float *alpha, int n) {
  for (int i = 0; i < n; i++) {
    float a = alpha[i];
    dst[i] = a * fg[i] + (1.0f - a) * bg[i];
  }
}

#pragma schedcc kernel
void threshold(uint8_t *dst, const uint8_t *src, int n, uint8_t t) {
  for (int i = 0; i < n; i++) {
    dst[i] = src[i] > t ? 255 : 0;
  }
}

static void print_u8(const char *what, const uint8_t *a, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++)
    printf(" %d", a[i]);
  printf("\n");
}

static void run(int w, int h) {
  int stride = 3 * w + 2, n = w * h + 1;
  uint8_t *rgb = malloc((size_t)(stride * h + 1));
  uint8_t *gray = malloc((size_t)n);
  uint8_t *bin = calloc((size_t)n, 1);
  float *f[4];
  for (int q = 0; q < 4; q++) {
    f[q] = malloc(sizeof(float) * (size_t)n);
    realc_fill(f[q], n);
  }
  for (int i = 0; i < stride * h + 1; i++)
    rgb[i] = (uint8_t)(realc_next_u() & 255);
  for (int i = 0; i < n; i++)
    f[3][i] = realc_next_in(0, 5);
  rgb_to_gray(gray, rgb, w, h, stride);
  print_u8("gray", gray, n - 1);
  threshold(bin, gray, n - 1, 100);
  print_u8("bin", bin, n - 1);
  brightness_contrast(gray, n - 1, 80, -10);
  print_u8("bc", gray, n - 1);
  threshold(gray, gray, n - 1, 128); /* in place */
  print_u8("bin inplace", gray, n - 1);
  alpha_blend(f[0], f[1], f[2], f[3], n - 1);
  realc_print("blend", f[0], n - 1);
  alpha_blend(f[1], f[1], f[2], f[3], n - 1); /* dst == fg */
  realc_print("blend inplace", f[1], n - 1);
  free(rgb); free(gray); free(bin);
  for (int q = 0; q < 4; q++)
    free(f[q]);
}

int main(void) {
  run(16, 4);
  run(13, 5);
  run(1, 1);
  run(0, 3);
  return 0;
}
