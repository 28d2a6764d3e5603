/* darknet's gemm_nn exactly as written (src/gemm.c): linearized subscripts
 * C[i*ldc+j], A[i*lda+k], B[k*ldb+j] and a `register` temporary.  The
 * dependence analysis delinearizes C to C[i][j] with rows of ldc elements,
 * so loop.vectorize of j is legal when 0 <= j < N stays within a row
 * (N <= ldc) and C overlaps neither A nor B: both are checked at run time
 * and the original loop runs otherwise.  main calls it with separate
 * arrays, with C overlapping B, and with N > ldc (rows that overlap). */
#include <stdio.h>

#pragma schedcc kernel
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc)
{
    int i,j,k;
    for(i = 0; i < M; ++i){
        for(k = 0; k < K; ++k){
            register float A_PART = ALPHA*A[i*lda+k];
            for(j = 0; j < N; ++j){
                C[i*ldc+j] += A_PART*B[k*ldb+j];
            }
        }
    }
}

static float A[64 * 64], B[64 * 64], C[64 * 64];

static void init(void) {
  unsigned s = 7u;
  for (int i = 0; i < 64 * 64; i++) {
    s = s * 1103515245u + 12345u;
    A[i] = (float)((s >> 16) % 17) - 8.0f;
    s = s * 1103515245u + 12345u;
    B[i] = (float)((s >> 16) % 13) - 6.0f;
    C[i] = (float)(i % 5);
  }
}

static void dump(const char *what, const float *c, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += c[i] * (double)(i % 7 + 1);
  printf("%s: %.1f %g %g %g\n", what, sum, c[0], c[n / 2], c[n - 1]);
}

int main(void) {
  init();
  gemm_nn(20, 37, 11, 0.5f, A, 13, B, 40, C, 41); /* separate */
  dump("separate", C, 64 * 64);
  init();
  gemm_nn(20, 37, 11, 0.5f, A, 13, C + 5, 40, C, 41); /* B inside C */
  dump("B in C", C, 64 * 64);
  init();
  gemm_nn(12, 30, 9, 1.0f, A, 9, B, 33, C, 17); /* N > ldc: rows overlap */
  dump("N > ldc", C, 64 * 64);
  init();
  gemm_nn(16, 16, 16, 2.0f, C, 16, C + 300, 16, C + 1000, 16); /* all in C */
  dump("all in C", C, 64 * 64);
  return 0;
}
