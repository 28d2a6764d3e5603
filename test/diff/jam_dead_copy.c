/* jam_dead_copy.c — a function-scope scalar that an inner loop writes and
 * a later loop overwrites before it is read: private to the first nest,
 * so loop.unroll_and_jam gives each jammed copy a variable of its own, and
 * the copies' variables are written and never read (gcc
 * -Wunused-but-set-variable under -Werror; found by the guided random
 * tester, seed 20261127, kernel 28): the C backend leaves them out. */
#include <stdio.h>

#pragma schedcc kernel
void k(int n, int m, float a[24][24], float r[2]) {
  float w = 0.0f;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      a[i][j] = a[i][j] * 0.5f + 1.0f;
      w = a[i][j] * 2.0f;
    }
  for (int i = 0; i < n; i++)
    w = a[i][0] * 3.0f;
  r[0] = w;
}

int main(void) {
  static float a[24][24];
  float r[2] = {0};
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 24; j++)
      a[i][j] = (float)(i * 24 + j) * 0.25f;
  k(20, 22, a, r);
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 24; j++)
      printf("%a\n", a[i][j]);
  printf("%a\n", r[0]);
  return 0;
}
