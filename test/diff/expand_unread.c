/* expand_unread.c — a function-scope temporary read in one loop and only
 * written (through a call) in another: after loop.expand_scalar of the
 * first loop nothing reads it, and the stores of the second, which call
 * sinf, stay; it is declared unused (gcc -Wunused-but-set-variable before;
 * found by the random tester, seed 20261129, kernel 98). */
#include <math.h>
#include <stdio.h>

#pragma schedcc kernel
void k(int n, float a[64], float b[64], const float c[64]) {
  float w = 0.0f;
  for (int i = 0; i < n; i++) {
    w = c[i] * 2.0f;
    a[i] = w * 0.75f;
  }
  for (int i = 0; i < n; i++) {
    w = sinf(c[i]);
    b[i] += c[i];
  }
}

int main(void) {
  float a[64] = {0}, b[64] = {0}, c[64];
  for (int i = 0; i < 64; i++)
    c[i] = (float)(i % 9) * 0.5f;
  k(64, a, b, c);
  for (int i = 0; i < 64; i++)
    printf("%d %a %a\n", i, a[i], b[i]);
  return 0;
}
