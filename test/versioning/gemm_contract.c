/* Proves which version of darknet's gemm_nn runs.  Its j loop is
 * vectorized with contraction (fused multiply-adds, AVX2), so
 * the vectorized code rounds differently from the original's separate
 * multiply and add.  main computes both references and prints which one
 * the kernel's result equals bit for bit: "vectorized" when the run-time
 * checks hold (C overlaps neither A nor B, and N <= ldc so that the
 * delinearized C[i][j] stays within its rows), "original" otherwise. */
#include <math.h>
#include <stdio.h>
#include <string.h>

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

#define SZ 4096
static float buf[SZ], ref_fma[SZ], ref_mul[SZ], init[SZ];

static void reference(int M, int N, int K, float alpha, const float *A,
                      int lda, const float *B, int ldb, float *C, int ldc,
                      int fused) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) {
      float a = alpha * A[i * lda + k];
      for (int j = 0; j < N; j++) {
        volatile float p = a * B[k * ldb + j];
        C[i * ldc + j] = fused ? fmaf(a, B[k * ldb + j], C[i * ldc + j])
                               : C[i * ldc + j] + p;
      }
    }
}

/* A, B, C at offsets a, b, c of one buffer */
static void run(const char *what, int M, int N, int K, int a, int lda, int b,
                int ldb, int c, int ldc) {
  memcpy(ref_fma, init, sizeof init);
  memcpy(ref_mul, init, sizeof init);
  memcpy(buf, init, sizeof init);
  reference(M, N, K, 0.75f, ref_fma + a, lda, ref_fma + b, ldb, ref_fma + c,
            ldc, 1);
  reference(M, N, K, 0.75f, ref_mul + a, lda, ref_mul + b, ldb, ref_mul + c,
            ldc, 0);
  gemm_nn(M, N, K, 0.75f, buf + a, lda, buf + b, ldb, buf + c, ldc);
  int is_fma = memcmp(buf, ref_fma, sizeof buf) == 0;
  int is_mul = memcmp(buf, ref_mul, sizeof buf) == 0;
  printf("%s: %s\n", what,
         is_fma && !is_mul   ? "vectorized"
         : is_mul && !is_fma ? "original"
                             : "cannot tell");
}

int main(void) {
  unsigned s = 1u;
  for (int i = 0; i < SZ; i++) {
    s = s * 1103515245u + 12345u;
    init[i] = (float)((s >> 8) % 100000) / 7919.0f;
  }
  run("separate", 16, 32, 8, 0, 8, 200, 40, 1000, 36);
  run("C overlaps B", 16, 32, 8, 0, 8, 1000, 40, 1100, 36);
  run("C overlaps A", 16, 32, 8, 1010, 8, 200, 40, 1000, 36);
  run("N > ldc", 16, 32, 8, 0, 8, 200, 40, 1000, 28);
  run("N == ldc", 16, 32, 8, 0, 8, 200, 40, 1000, 32);
  run("M == 0", 0, 32, 8, 0, 8, 200, 40, 1000, 28);
  return 0;
}
