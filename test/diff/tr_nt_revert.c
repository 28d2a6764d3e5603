/* loop.transpose_block {nontemporal} in a kernel that needs a run-time
 * check it cannot build (C[k] += D[idx[k]]: D's range depends on idx), so
 * the kernel is left untransformed: its output has no vector code and no
 * streaming store, and must not end in a store fence either (it would
 * need <immintrin.h>).  Audit finding, 2026-11-25.  Called with C and D
 * the same array. */
#include <stdio.h>

#pragma schedcc kernel
void tr_rev(int n, float A[n][n], float B[n][n], float *C, float *D, int *idx) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
  for (int k = 0; k < n; k++)
    C[k] += D[idx[k]];
}

enum { N = 32 };

int main(void) {
  static float A[N][N], B[N][N], C[N];
  static int idx[N];
  for (int i = 0; i < N * N; i++)
    A[i / N][i % N] = (float)i;
  for (int k = 0; k < N; k++) {
    C[k] = (float)k;
    idx[k] = (k * 7) % N;
  }
  tr_rev(N, A, B, C, C, idx);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += (double)B[i][j] * (i + 1) + (double)j;
  printf("%.17g\n", sum);
  for (int k = 0; k < N; k++)
    printf("%g\n", C[k]);
  return 0;
}
