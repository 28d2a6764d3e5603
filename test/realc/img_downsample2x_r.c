/* Image filters as C image-processing code writes them: a 3x3 box blur of
 * the interior through row pointers, a separable Gaussian-like blur (a
 * horizontal then a vertical pass with taps in an array), and a 2x
 * downsample by averaging 2x2 blocks; single-channel float images with a
 * row stride. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void box_blur3(float *dst, const float *src, int w, int h, int stride) {
  for (int y = 1; y < h - 1; y++) {
    const float *above = src + (y - 1) * stride;
    const float *row = src + y * stride;
    const float *below = src + (y + 1) * stride;
    float *out = dst + y * stride;
    for (int x = 1; x < w - 1; x++) {
      float s = above[x - 1] + above[x] + above[x + 1] +
                row[x - 1] + row[x] + row[x + 1] +
                below[x - 1] + below[x] + below[x + 1];
      out[x] = s * (1.0f / 9.0f);
    }
  }
}

#pragma schedcc kernel
void blur_separable(float *dst, float *tmp, const float *src, const float *taps,
                    int radius, int w, int h) {
  for (int y = 0; y < h; y++) {
    for (int x = radius; x < w - radius; x++) {
      float acc = 0.0f;
      for (int k = -radius; k <= radius; k++) {
        acc += taps[k + radius] * src[y * w + x + k];
      }
      tmp[y * w + x] = acc;
    }
  }
  for (int y = radius; y < h - radius; y++) {
    for (int x = radius; x < w - radius; x++) {
      float acc = 0.0f;
      for (int k = -radius; k <= radius; k++) {
        acc += taps[k + radius] * tmp[(y + k) * w + x];
      }
      dst[y * w + x] = acc;
    }
  }
}

#pragma schedcc kernel
void downsample2x(float *dst, const float *src, int w, int h) {
  const int ow = w / 2;
  for (int y = 0; y < h / 2; y++) {
    for (int x = 0; x < ow; x++) {
      dst[y * ow + x] = 0.25f * (src[(2 * y) * w + 2 * x] + src[(2 * y) * w + 2 * x + 1] +
                                 src[(2 * y + 1) * w + 2 * x] + src[(2 * y + 1) * w + 2 * x + 1]);
    }
  }
}

static void run(int w, int h, int radius) {
  int n = w * h + 1;
  float *src = malloc(sizeof(float) * (size_t)n);
  float *dst = calloc((size_t)n, sizeof(float));
  float *tmp = calloc((size_t)n, sizeof(float));
  float taps[9];
  for (int k = 0; k < 9; k++)
    taps[k] = (k % 2 == 0) ? 0.25f : 0.125f;
  realc_fill(src, n);
  box_blur3(dst, src, w, h, w);
  realc_print("box", dst, n - 1);
  blur_separable(dst, tmp, src, taps, radius, w, h);
  realc_print("sep", dst, n - 1);
  downsample2x(dst, src, w, h);
  realc_print("down", dst, (w / 2) * (h / 2));
  /* in place: the downsampled image over the start of its source */
  downsample2x(src, src, w, h);
  realc_print("down inplace", src, (w / 2) * (h / 2));
  free(src); free(dst); free(tmp);
}

int main(void) {
  run(16, 12, 2);
  run(13, 9, 1);
  run(7, 3, 3);
  run(2, 2, 1);
  run(0, 5, 1);
  return 0;
}
