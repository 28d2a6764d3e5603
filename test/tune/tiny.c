/* tiny.c — a 96 x 96 x 96 single-precision matmul for the tuner's tests
 * (test/tune.sh): small enough that a trial takes a fraction of a second.
 * Prints every 97th element of C (exactly, %a) and a sum. */
#include <stdio.h>

#pragma schedcc kernel
void mm(float A[96][96], float B[96][96], float C[96][96]) {
  for (int i = 0; i < 96; i++)
    for (int k = 0; k < 96; k++)
      for (int j = 0; j < 96; j++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(void) {
  static float A[96][96], B[96][96], C[96][96];
  unsigned s = 1;
  for (int i = 0; i < 96; i++)
    for (int j = 0; j < 96; j++) {
      s = s * 1103515245u + 12345u;
      A[i][j] = (float)((s >> 8) % 2001) / 1000.0f - 1.0f;
      s = s * 1103515245u + 12345u;
      B[i][j] = (float)((s >> 8) % 2001) / 1000.0f - 1.0f;
      C[i][j] = 0.0f;
    }
  mm(A, B, C);
  double sum = 0;
  for (int n = 0; n < 96 * 96; n += 97)
    printf("%a\n", (double)(&C[0][0])[n]);
  for (int i = 0; i < 96; i++)
    for (int j = 0; j < 96; j++)
      sum += C[i][j];
  printf("sum %.9g\n", sum);
  return 0;
}
