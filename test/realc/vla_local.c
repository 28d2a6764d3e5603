/* A scratch row of variable length declared in the loop body (`float
 * row[C]`, C a parameter) and a const int extent (`float acc[UNROLL]`):
 * kernel buffers declared once, at the kernel's start. */
#include <stdio.h>

#pragma schedcc kernel
void softmax_rows(float *restrict out, const float *x, int R, int C) {
  const int UNROLL = 4;
  for (int r = 0; r < R; r++) {
    float row[C];
    float acc[UNROLL];
    float mx = x[r * C];
    for (int c = 0; c < C; c++)
      mx = x[r * C + c] > mx ? x[r * C + c] : mx;
    for (int u = 0; u < UNROLL; u++)
      acc[u] = 0.0f;
    for (int c = 0; c < C; c++) {
      row[c] = x[r * C + c] - mx;
      acc[c % UNROLL] += row[c];
    }
    for (int c = 0; c < C; c++)
      out[r * C + c] = row[c] * 0.5f + acc[0] - acc[3];
  }
}

int main(void) {
  float x[42], out[42];
  for (int i = 0; i < 42; i++)
    x[i] = (float)((i * 13) % 11) * 0.25f;
  softmax_rows(out, x, 6, 7);
  for (int i = 0; i < 42; i++)
    printf("%g ", out[i]);
  printf("\n");
  softmax_rows(out, x, 3, 1);
  for (int i = 0; i < 3; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
