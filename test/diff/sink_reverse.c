/* sink_reverse.c — loop.sink of a loop into one that loop.reverse then
 * reverses: the sink versions the kernel on the target loop running
 * (`0 < n`), and the reversal's test that its loop runs at all, the same
 * `0 < n`, is left out, else clang -Wsometimes-uninitialized flags `i`,
 * which only the sunk loop assigns and which is read after it (fuzz seed
 * 20261140 k59). */
#include <stdio.h>

#pragma schedcc kernel
static void kern(int n, int m, float A[23][23], float C[23][23],
                 float r[4]) {
  float s = 0.0f;
  int i;
  for (i = 0; i < m; i++)
    s += C[1][0] - (float)i;
  for (int ti = 0; ti < n; ti++)
    for (int tj = 0; tj < m; tj++)
      C[tj][ti] = A[ti][tj];
  r[0] = s;
  r[3] = (float)i;
}

int main(void) {
  static float A[23][23], C[23][23], r[4];
  for (int i = 0; i < 23; i++)
    for (int j = 0; j < 23; j++) {
      A[i][j] = (float)((i * 5 + j) % 13);
      C[i][j] = (float)((i + 3 * j) % 7);
    }
  static const int ns[] = {0, 1, 5, 23, -3};
  static const int ms[] = {4, 0, 23, 7, 2};
  for (int q = 0; q < 5; q++) {
    kern(ns[q], ms[q], A, C, r);
    printf("%a %a\n", r[0], r[3]);
  }
  for (int i = 0; i < 23; i++)
    for (int j = 0; j < 23; j++)
      printf("%a\n", C[i][j]);
  return 0;
}
