/* Reference C versions of the pixel helpers of a video codec: the
 * residual of an 8x8 block against its prediction (diff_pixels), the
 * reconstruction of a block added to the picture with clamping to 0..255
 * (add_pixels_clamped), and the store of a block (put_pixels_clamped);
 * pictures with a line size, blocks of 64 int16 coefficients. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void diff_pixels(int16_t *block, const uint8_t *s1, const uint8_t *s2,
                 int stride) {
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) {
      block[i * 8 + j] = (int16_t)(s1[i * stride + j] - s2[i * stride + j]);
    }
  }
}

#pragma schedcc kernel
void add_pixels_clamped(const int16_t *block, uint8_t *pixels, int line_size) {
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) {
      int v = pixels[i * line_size + j] + block[i * 8 + j];
      pixels[i * line_size + j] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
  }
}

#pragma schedcc kernel
void put_pixels_clamped(const int16_t *block, uint8_t *pixels, int line_size) {
  for (int i = 0; i < 8; i++) {
    const int16_t *row = block + i * 8;
    uint8_t *dst = pixels + i * line_size;
    for (int j = 0; j < 8; j++) {
      int v = row[j];
      dst[j] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
    }
  }
}

static void print_u8(const char *what, const uint8_t *a, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++)
    printf(" %d", a[i]);
  printf("\n");
}

int main(void) {
  int strides[] = {8, 13, 32};
  for (int s = 0; s < 3; s++) {
    int ls = strides[s], n = 8 * ls + 8;
    uint8_t *a = malloc((size_t)n), *b = malloc((size_t)n);
    int16_t block[64];
    for (int i = 0; i < n; i++) {
      a[i] = (uint8_t)(realc_next_u() & 255);
      b[i] = (uint8_t)(realc_next_u() & 255);
    }
    diff_pixels(block, a, b, ls);
    printf("diff:");
    for (int i = 0; i < 64; i++)
      printf(" %d", block[i]);
    printf("\n");
    for (int i = 0; i < 64; i++)
      block[i] = (int16_t)((int)(realc_next_u() % 600) - 200);
    add_pixels_clamped(block, a, ls);
    print_u8("add", a, n);
    put_pixels_clamped(block, b, ls);
    print_u8("put", b, n);
    /* (block and picture have different element types: they cannot
       overlap, so there is no overlapping call) */
    add_pixels_clamped(block, b + ls, ls - (ls > 8 ? 1 : 0));
    print_u8("add offset", b, n);
    free(a); free(b);
  }
  return 0;
}
