/* loop.scalar_replace over a loop whose body is a vector loop and its
 * masked remainder repeated per unrolled tap (the last channels of a
 * depthwise convolution, 16 at a time): 6 ifs of 2 distinct conditions,
 * versioned on the 2, the output in a register across the taps in each
 * version.  Channels c = 1, 7, 16, 23, 48: masked only, whole vectors
 * only, both.  Bit-exact: each O[x][ch] adds its products in the order
 * a, b. */
#include <stdio.h>
#define NX 5
#define C 48
static float I[NX + 4][C], F[3][3][C], O[NX][C];

static void taps(int n, int c) {
#pragma scop
  for (int x = 0; x < n; x++)
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++)
        for (int ch = 0; ch < c; ch++)
          O[x][ch] += I[x + a + b][ch] * F[a][b][ch];
#pragma endscop
}

int main(void) {
  static const int cs[] = {1, 7, 16, 23, 48};
  for (int t = 0; t < 5; t++) {
    for (int x = 0; x < NX + 4; x++)
      for (int ch = 0; ch < C; ch++)
        I[x][ch] = (float)((x * 13 + ch * 7 + t) % 29) / 7.0f - 2.0f;
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++)
        for (int ch = 0; ch < C; ch++)
          F[a][b][ch] = (float)((a * 5 + b * 3 + ch) % 11) / 3.0f - 1.5f;
    for (int x = 0; x < NX; x++)
      for (int ch = 0; ch < C; ch++)
        O[x][ch] = (float)(x + ch) / 8.0f;
    taps(NX, cs[t]);
    for (int x = 0; x < NX; x++)
      for (int ch = 0; ch < C; ch++)
        printf("%a\n", (double)O[x][ch]);
  }
  return 0;
}
