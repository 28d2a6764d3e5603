/* Fixed-point pixel code: 8-bit RGB to gray with integer weights and a
 * shift, a hash of each pixel with << ^ |, and a maximum written through
 * a pointer (*out = m). */
#include <stdio.h>
#include <stdint.h>
#pragma schedcc kernel
void gray(const uint8_t *rgb, uint8_t *g, int n, unsigned *h, int *out) {
  int m = 0;
  for (int i = 0; i < n; i++) {
    int r = rgb[3 * i], gg = rgb[3 * i + 1], b = rgb[3 * i + 2];
    g[i] = (uint8_t)((77 * r + 150 * gg + 29 * b + 128) >> 8);
    h[i] = (((unsigned)g[i] << 3) ^ (unsigned)(i & 7)) | 1u;
    m = g[i] > m ? g[i] : m;
  }
  *out = m;
}
int main(void) {
  uint8_t rgb[60], g[20];
  unsigned h[20];
  int mx;
  for (int i = 0; i < 60; i++)
    rgb[i] = (uint8_t)(i * 37 + 11);
  gray(rgb, g, 20, h, &mx);
  for (int i = 0; i < 20; i++)
    printf("%d %u ", g[i], h[i]);
  printf("%d\n", mx);
  gray(rgb, g, 7, h, &mx);
  printf("%d %d\n", g[6], mx);
  return 0;
}
