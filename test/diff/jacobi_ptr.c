/* A pointer-based 2-D Jacobi step as people write it: `float *in, *out`
 * and linearized subscripts in[i*n + j].  The analysis delinearizes them
 * to in[i][j] with rows of n elements; 1 <= j < n - 1 proves that every
 * subscript stays within its row, so no row check is needed, and tiling is
 * legal when in and out do not overlap (checked at run time).  main calls
 * it with separate buffers and with out overlapping in. */
#include <stdio.h>

#pragma schedcc kernel
void jacobi(int n, float *in, float *out) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.2f * (in[i * n + j] + in[(i - 1) * n + j] +
                               in[(i + 1) * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1]);
}

static float buf[2 * 50 * 50 + 100];

int main(void) {
  for (int i = 0; i < 2 * 50 * 50 + 100; i++)
    buf[i] = (float)((i * 37) % 101) * 0.25f;
  jacobi(50, buf, buf + 50 * 50 + 10); /* separate */
  jacobi(40, buf + 7, buf + 7); /* in place: out aliases in */
  jacobi(45, buf + 100, buf + 160); /* out overlaps in, shifted */
  double sum = 0;
  for (int i = 0; i < 2 * 50 * 50 + 100; i++)
    sum += buf[i] * (double)(i % 11 + 1);
  printf("%.3f %g %g %g\n", sum, buf[0], buf[2600], buf[4000]);
  return 0;
}
