/* loop.transpose_block {nontemporal}: streaming row stores where a row of
 * the block is aligned to the vector, ordinary ones where not.  B is
 * 64-byte aligned and its rows are 76 floats (304 bytes) long, so the
 * block rows are aligned every 2nd row for AVX2 (32 bytes) and every 4th
 * for AVX-512 (64 bytes): both kinds of store run.  m = 72 and n = 37 are
 * no multiples of 16 (remainder rows and columns).  Prints every element
 * of B (untouched ones too) and a value read back right after the call. */
#include <stdio.h>

#pragma schedcc kernel
void tr_nt(int m, int n, float A[m][n], float B[n][m + 4]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}

enum { M = 72, N = 37 };
static float A[M][N];
_Alignas(64) static float B[N][M + 4];

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (float)(i * 1000 + j) + 0.5f;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M + 4; i++)
      B[j][i] = -1.0f;
  tr_nt(M, N, A, B);
  printf("%a\n", (double)B[4][16]);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M + 4; i++)
      printf("%a\n", (double)B[j][i]);
  return 0;
}
