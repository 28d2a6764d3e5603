/* loop.prefetch on a pointer parameter (`const float *x`, subscripts
 * x[i*ld + j]) after an interchange: the prefetched addresses are clamped
 * into the elements the kernel touches (no extent is declared).  The first
 * call has disjoint arrays and runs the transformed version; the second
 * passes x = y + 1 (overlapping, so the interchange would change what each
 * element reads) and must run the original: both print what the original
 * program prints. */
#include <stdio.h>

#pragma schedcc kernel
void axpy2(int m, int n, int ld, float a, const float *x, float *y) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      y[i * ld + j + 1] = a * x[i * ld + j] + y[i * ld + j];
}

int main(void) {
  static float x[9 * 20], y[9 * 20 + 1], z[9 * 20 + 1];
  for (int k = 0; k < 9 * 20; k++)
    x[k] = (float)(k % 13) - 6.0f, y[k] = (float)(k % 7), z[k] = y[k];
  axpy2(9, 17, 20, 0.5f, x, y);
  axpy2(9, 17, 20, 0.5f, z + 1, z);
  for (int k = 0; k < 9 * 20; k += 7)
    printf("%g %g\n", y[k], z[k]);
  return 0;
}
