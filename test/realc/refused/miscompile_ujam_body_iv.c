// MISCOMPILE: schedcc miscompile_ujam_body_iv.c -s miscompile_ujam_body_iv.sched: loop.unroll_and_jam of 'i' renames the iv 'int j;' declared in i's body (before 'for (j = 0; ...)') to 'j1' in copy 1 but jams copy 1 into the loop over 'j': copy 1 reads the uninitialized j1 (prints '6 16 38' instead of '6 22 38' at -O0; gcc -O2 -Wall: 'j1' may be used uninitialized)
#include <stdio.h>
#pragma schedcc kernel
void rowsum(float *y, const float *x, int n, int m) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    int j;
    for (j = 0; j < m; j++) {
      s += x[i * m + j];
    }
    y[i] = s;
  }
}
int main(void) {
  float x[12], y[3];
  for (int i = 0; i < 12; i++) x[i] = (float)i;
  rowsum(y, x, 3, 4);
  printf("%g %g %g\n", y[0], y[1], y[2]);
  return 0;
}
