/* A check that cannot be built: 'b' is read at b[idx[i]], whose range
 * isl cannot bound, and 'b' may overlap 'a', which is written.  The
 * unrolled code is a transformed kernel, so it needs the overlap check
 * (docs/legality.md: every transformed kernel is checked, whatever its
 * transforms relied on): the kernel is left as it was, with a warning that
 * names the subscript and says that restrict helps. */
#include <stdio.h>

#pragma schedcc kernel
void gather(float *a, float *b, int *idx, int n) {
  for (int i = 0; i < n; i++)
    a[i] = b[idx[i]] + 1.0f;
}

int main(void) {
  float x[16], y[16];
  int idx[16];
  for (int i = 0; i < 16; i++) {
    x[i] = (float)i;
    y[i] = (float)(2 * i);
    idx[i] = (i * 5) % 16;
  }
  gather(x, y, idx, 16);
  gather(x, x, idx, 16);
  for (int i = 0; i < 16; i++)
    printf("%g ", x[i]);
  printf("\n");
  return 0;
}
