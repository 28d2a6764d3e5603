/* dgemmn.c — C += A * B in double with a symbolic size n (sgemmn.c in
 * double), run for sizes below, at and around the tile sizes of the
 * parametric library schedules (6 to 14 rows, 8 doubles a vector, 24 to 32
 * columns, k blocks of 64 and 128) so that every full and partial tile runs.
 * Prints every element of C. */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void dgemm(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(void) {
  static const int sizes[] = {1, 7, 13, 14, 31, 32, 33, 47, 64, 79, 150};
  unsigned s = 2024;
  for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
    int n = sizes[t];
    double(*A)[n] = malloc(sizeof(double[n][n]));
    double(*B)[n] = malloc(sizeof(double[n][n]));
    double(*C)[n] = malloc(sizeof(double[n][n]));
    if (!A || !B || !C)
      return 1;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        s = s * 1103515245u + 12345u;
        A[i][j] = (double)((s >> 16) % 200) / 100.0 - 1.0;
        s = s * 1103515245u + 12345u;
        B[i][j] = (double)((s >> 16) % 200) / 100.0 - 1.0;
        C[i][j] = (double)(i - j) / 8.0;
      }
    dgemm(n, A, B, C);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        printf("%d %d %d %.17g\n", n, i, j, C[i][j]);
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
