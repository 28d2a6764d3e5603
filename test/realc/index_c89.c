/* C89 style: the flattened index declared at the top of the function and
 * assigned in the loop body.  The kernel is versioned (the pointers may
 * overlap); both versions read the index as its value, and neither
 * declares the variable that is left unused. */
#include <stdio.h>

#pragma schedcc kernel
void scale_rows(int n, int m, float *A, const float *B) {
  int i, j, idx;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      idx = i * m + j;
      A[idx] = B[idx] * 2.0f + (float)j;
    }
}

int main(void) {
  float a[60], b[60];
  for (int i = 0; i < 60; i++)
    b[i] = a[i] = (float)i * 0.25f;
  scale_rows(5, 7, a, b);
  scale_rows(3, 4, a + 1, a); /* overlapping: the original runs */
  for (int i = 0; i < 60; i++)
    printf("%g ", a[i]);
  printf("\n");
  return 0;
}
