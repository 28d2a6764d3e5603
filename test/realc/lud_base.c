/* LU decomposition in place, as a benchmark suite's CPU reference writes
 * it: flattened subscripts, the ivs and the accumulator declared at
 * function scope and reused by both j loops. */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void lud_base(float *a, int size) {
  int i, j, k;
  float sum;
  for (i = 0; i < size; i++) {
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

static void run(int n) {
  float *a = malloc(sizeof(float) * (size_t)(n * n + 1));
  unsigned seed = 99u + (unsigned)n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      seed = seed * 1103515245u + 12345u;
      a[i * n + j] = (float)((seed >> 16) % 8) / 4.0f + (i == j ? 4.0f * n : 0);
    }
  lud_base(a, n);
  for (int i = 0; i < n * n; i++)
    printf("%a ", a[i]);
  printf("\n");
  free(a);
}

int main(void) {
  run(1);
  run(6);
  run(11);
  run(0);
  return 0;
}
