/* loop.transpose_block's edges: the masked edge blocks (more than 5
 * iterations left over with AVX-512, more than 4 with AVX2) and the scalar
 * remainders (fewer), in each direction alone and in the corner where both
 * meet, for shapes from 1 x 1 up.  B sits inside a buffer filled with a
 * sentinel so that a store outside its elements shows, and every element of
 * the buffer is printed (%a: bit-exact). */
#include <stdio.h>
#include <stdlib.h>

#pragma schedcc kernel
void tr_edges(int m, int n, float A[m][n], float B[n][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}

enum { PAD = 64 };

int main(void) {
  static const int shapes[][2] = {
      {1, 1},   {5, 7},   {6, 6},   {7, 22},  {22, 7},  {16, 21}, {21, 16},
      {20, 20}, {21, 21}, {22, 22}, {13, 29}, {37, 38}, {38, 37}, {47, 53},
      {32, 70}, {70, 32}, {45, 40}, {3, 100}, {100, 3}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int m = shapes[s][0], n = shapes[s][1];
    float *a = malloc(sizeof(float) * (size_t)(m * n));
    float *buf = malloc(sizeof(float) * (size_t)(n * m + 2 * PAD));
    for (int k = 0; k < m * n; k++)
      a[k] = (float)k + 0.5f;
    for (int k = 0; k < n * m + 2 * PAD; k++)
      buf[k] = -1.0f;
    tr_edges(m, n, (float(*)[n])a, (float(*)[m])(buf + PAD));
    printf("%d x %d\n", m, n);
    for (int k = 0; k < n * m + 2 * PAD; k++)
      printf("%a\n", (double)buf[k]);
    free(a);
    free(buf);
  }
  return 0;
}
