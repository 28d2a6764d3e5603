/* sgemmn.c — C += A * B with a symbolic size n (the benchmark's sgemm
 * kernel), run for sizes below, at and around the tile sizes (14 rows, 32
 * and 16 columns, 256 k) so that every full and partial tile of the
 * whole-matmul library schedule runs.  Prints every element of C. */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void sgemm(int n, float A[n][n], float B[n][n], float C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(void) {
  static const int sizes[] = {1, 13, 14, 31, 32, 33, 47, 64, 79, 270};
  unsigned s = 2024;
  for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
    int n = sizes[t];
    float(*A)[n] = malloc(sizeof(float[n][n]));
    float(*B)[n] = malloc(sizeof(float[n][n]));
    float(*C)[n] = malloc(sizeof(float[n][n]));
    if (!A || !B || !C)
      return 1;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        s = s * 1103515245u + 12345u;
        A[i][j] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
        s = s * 1103515245u + 12345u;
        B[i][j] = (float)((s >> 16) % 200) / 100.0f - 1.0f;
        C[i][j] = (float)(i - j) / 8.0f;
      }
    sgemm(n, A, B, C);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        printf("%d %d %d %.9g\n", n, i, j, C[i][j]);
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
