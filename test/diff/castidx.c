/* A subscript through a narrowing cast whose operand provably fits:
 * (unsigned char)j with 0 <= j < 256 is j itself, so the access stays
 * affine and the interchange of i and j (a dependence carried by i only,
 * distance (1, 0)) is legal.  Wider values wrap around and make the
 * access "any element" (test/neg/interchange_cast). */
#include <stdio.h>

static double buf[256];
static short small[64][64];

static void sweep(double buf[256], short small[64][64]) {
#pragma scop
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 256; j++)
      buf[(unsigned char)j] = buf[(unsigned char)j] * 0.5 + i + j;
  for (int i = 1; i < 64; i++)
    for (int j = 0; j < 64; j++)
      small[(short)i][(unsigned char)j] =
          (short)(small[(short)(i - 1)][(unsigned char)j] / 2 + j);
#pragma endscop
}

int main(void) {
  for (int j = 0; j < 256; j++)
    buf[j] = (double)((j * 7) % 101) / 17.0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      small[i][j] = (short)(i * 3 + j);
  sweep(buf, small);
  for (int j = 0; j < 256; j++)
    printf("%.17g\n", buf[j]);
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      printf("%d ", small[i][j]);
  printf("\n");
  return 0;
}
