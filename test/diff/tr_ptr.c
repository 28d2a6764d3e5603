/* loop.transpose_block on pointers with leading dimensions, B[j * ldb +
 * i] = A[i * lda + j] (the unit-stride test reads j * ldb + i as
 * coefficient 1 in i): masked edges, 6 shapes, a sentinel after B; with
 * ldb < m the rows of B overlap and the run-time test runs the original
 * (the last shapes). */
#include <stdio.h>
#include <stdlib.h>
#pragma schedcc kernel
void trp(int m, int n, int lda, int ldb, const float *A, float *B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j * ldb + i] = A[i * lda + j];
}
int main(void) {
  static const int sh[][3] = {{37, 23, 5},  {7, 40, 5},  {40, 7, 5},
                              {22, 22, 0},  {1, 1, 5},   {100, 3, 5},
                              {37, 23, -3}, {22, 22, -8}};
  for (unsigned s = 0; s < sizeof sh / sizeof sh[0]; s++) {
    int m = sh[s][0], n = sh[s][1], lda = n + 3, ldb = m + sh[s][2];
    float *A = malloc(sizeof(float) * (size_t)(m * lda));
    float *B = malloc(sizeof(float) * (size_t)(n * ldb + 64));
    for (int k = 0; k < m * lda; k++)
      A[k] = (float)k + 0.5f;
    for (int k = 0; k < n * ldb + 64; k++)
      B[k] = -1.0f;
    trp(m, n, lda, ldb, A, B);
    for (int k = 0; k < n * ldb + 64; k++)
      printf("%a\n", (double)B[k]);
    free(A);
    free(B);
  }
  return 0;
}
