/* Summed-area table (integral image) and a lookup-table tone curve as C
 * vision code writes them: the table row by row with a running row sum,
 * and an 8-bit mapping through a 256-entry table. */
#include <stdint.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void integral_image(int *ii, const uint8_t *img, int width, int height) {
  for (int y = 0; y < height; y++) {
    int row_sum = 0;
    for (int x = 0; x < width; x++) {
      row_sum += img[y * width + x];
      ii[y * width + x] = row_sum + (y > 0 ? ii[(y - 1) * width + x] : 0);
    }
  }
}

#pragma schedcc kernel
void apply_lut(uint8_t *dst, const uint8_t *src, const uint8_t *lut, int n) {
  for (int i = 0; i < n; i++) {
    dst[i] = lut[src[i]];
  }
}

int main(void) {
  uint8_t lut[256];
  for (int i = 0; i < 256; i++)
    lut[i] = (uint8_t)(255 - i / 2);
  int shapes[][2] = {{16, 9}, {13, 7}, {1, 1}, {0, 3}};
  for (int s = 0; s < 4; s++) {
    int w = shapes[s][0], h = shapes[s][1], n = w * h + 1;
    uint8_t *img = malloc((size_t)n);
    uint8_t *out = calloc((size_t)n, 1);
    int *ii = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++)
      img[i] = (uint8_t)(realc_next_u() & 255);
    integral_image(ii, img, w, h);
    apply_lut(out, img, lut, n - 1);
    printf("ii:");
    for (int i = 0; i < n - 1; i++)
      printf(" %d", ii[i]);
    printf("\nlut:");
    for (int i = 0; i < n - 1; i++)
      printf(" %d", out[i]);
    apply_lut(img, img, lut, n - 1); /* in place */
    printf("\nlut inplace:");
    for (int i = 0; i < n - 1; i++)
      printf(" %d", img[i]);
    printf("\n");
    free(img); free(out); free(ii);
  }
  return 0;
}
