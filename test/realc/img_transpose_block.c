/* Image loops as C vision code writes them: a Sobel gradient magnitude
 * over the interior, a transpose of a single-channel image (rows of the
 * destination are columns of the source), and a horizontal flip. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void sobel_magnitude(float *mag, const float *img, int width, int height) {
  for (int y = 1; y < height - 1; y++) {
    for (int x = 1; x < width - 1; x++) {
      float gx = img[(y - 1) * width + x + 1] + 2.0f * img[y * width + x + 1] +
                 img[(y + 1) * width + x + 1] - img[(y - 1) * width + x - 1] -
                 2.0f * img[y * width + x - 1] - img[(y + 1) * width + x - 1];
      float gy = img[(y + 1) * width + x - 1] + 2.0f * img[(y + 1) * width + x] +
                 img[(y + 1) * width + x + 1] - img[(y - 1) * width + x - 1] -
                 2.0f * img[(y - 1) * width + x] - img[(y - 1) * width + x + 1];
      mag[y * width + x] = sqrtf(gx * gx + gy * gy);
    }
  }
}

#pragma schedcc kernel
void transpose_image(float *dst, const float *src, int width, int height) {
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      dst[x * height + y] = src[y * width + x];
    }
  }
}

#pragma schedcc kernel
void flip_horizontal(float *dst, const float *src, int width, int height) {
  for (int y = 0; y < height; y++) {
    const float *srow = src + y * width;
    float *drow = dst + y * width;
    for (int x = 0; x < width; x++) {
      drow[x] = srow[width - 1 - x];
    }
  }
}

static void run(int w, int h) {
  int n = w * h + 1;
  float *img = malloc(sizeof(float) * (size_t)n);
  float *out = calloc((size_t)n, sizeof(float));
  realc_fill(img, n);
  sobel_magnitude(out, img, w, h);
  realc_print("sobel", out, n - 1);
  transpose_image(out, img, w, h);
  realc_print("transpose", out, n - 1);
  flip_horizontal(out, img, w, h);
  realc_print("flip", out, n - 1);
  flip_horizontal(img, img, w, h); /* in place: reads what it overwrote */
  realc_print("flip inplace", img, n - 1);
  free(img); free(out);
}

int main(void) {
  run(20, 18);
  run(33, 17);
  run(16, 16);
  run(3, 1);
  run(0, 4);
  return 0;
}
