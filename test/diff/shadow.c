/* Shadowed declarations (an audit find): the frontend identified variables
 * by name, so an inner block's `float t` and the outer `t` read after it
 * were one variable, and the .o path (one stack slot per variable) gave
 * s[j] = a[n - 1] * 2 instead of 3.  Now a declaration inside the scope of
 * another of the same name gets a variable of its own (`t1`), as does the
 * inner `i` of two nested `for (int i ...)` loops. */
#include <stdio.h>
#define N 37
static float a[N], s[N];
static void kern(int n, float *restrict a, float *restrict s) {
  float t = 3.0f;
#pragma scop
  for (int i = 0; i < n; i++) {
    float t = a[i] * 2.0f;
    a[i] = t + 1.0f;
  }
  for (int j = 0; j < n; j++)
    s[j] = t + (float)j;
  for (int i = 0; i < 3; i++)
    for (int i = 0; i < 5; i++)
      s[i] += 1.0f;
#pragma endscop
}
int main(void) {
  for (int k = 0; k < N; k++)
    a[k] = (float)(k % 5);
  kern(N, a, s);
  for (int k = 0; k < N; k++)
    printf("a[%d] = %a, s[%d] = %a\n", k, a[k], k, s[k]);
  return 0;
}
