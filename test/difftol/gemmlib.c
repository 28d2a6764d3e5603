/* Matrix products in the forms loop.to_library recognizes (ir/ir_gemm.h),
 * for test/difftol/gemmlib.*.sched: each kernel is replaced by a library
 * call (cblas, libxsmm) and must print what the loops print, within the
 * tolerance of a reassociated sum.  The last kernel is not a matrix
 * product: the schedules' alternatives fall through on it. */
/* (Kernel names: OpenBLAS exports its internal drivers, dgemm_tt,
 * sgemm_nn, ..., which a function of the same name would interpose.) */
#include <stdio.h>

enum { M = 40, N = 36, K = 50 };

/* float, fixed-size arrays, loop order i-k-j, loops not starting at 0:
 * the call gets pointer offsets (&A[2][1], ...) */
#pragma schedcc kernel
void mm_ikj(float A[M][K], float B[K][N], float C[M][N]) {
  for (int i = 2; i < 34; i++)
    for (int k = 1; k < K; k++)
      for (int j = 3; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/* double, VLA parameters, both operands transposed, alpha, symbolic
 * bounds */
#pragma schedcc kernel
void mm_tt(int m, int n, int p, double alpha, double A[p][m],
              double B[n][p], double C[m][n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      for (int k = 0; k < p; k++)
        C[i][j] += alpha * A[k][i] * B[j][k];
}

/* float, linearized pointers with leading dimensions, beta and alpha */
#pragma schedcc kernel
void mm_ld(int m, int n, int p, float alpha, float beta, const float *A,
              int lda, const float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      C[i * ldc + j] *= beta;
      for (int k = 0; k < p; k++)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j] * alpha;
    }
}

/* double, a tile of a bigger product (the schedule tiles it first: the
 * tiles' sizes are min(...) expressions) */
#pragma schedcc kernel
void mm_tiled(double A[M][K], double B[K][N], double C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
}

/* PolyBench's gemm: the scaling by beta in a j loop of its own */
#pragma schedcc kernel
void mm_poly(int ni, int nj, int nk, double alpha, double beta,
             double C[M][N], double A[M][K], double B[K][N]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++) {
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
}

/* not a matrix product (a sum of the operands) */
#pragma schedcc kernel
void not_mm(float A[M][K], float B[K][N], float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] + B[k][j];
}

static float fa[M][K], fb[K][N], fc[M][N];
static double da[M][K], db[K][N], dc[M][N];
static double ta[K][M], tb[N][K], tc[M][N], pc[M][N];
static float la[M * 64], lb[K * 48], lc[M * 40];

static float val(int i, int j, int s) {
  return (float)((i * 7 + j * 3 + s) % 17) / 8.0f - 1.0f;
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      fa[i][k] = val(i, k, 1), da[i][k] = val(i, k, 2);
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++)
      fb[k][j] = val(k, j, 3), db[k][j] = val(k, j, 4);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      fc[i][j] = val(i, j, 5), dc[i][j] = val(i, j, 6), tc[i][j] = val(i, j, 7),
      pc[i][j] = val(i, j, 13);
  for (int k = 0; k < K; k++)
    for (int i = 0; i < M; i++)
      ta[k][i] = val(k, i, 8);
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++)
      tb[j][k] = val(j, k, 9);
  for (int x = 0; x < M * 64; x++)
    la[x] = val(x, 1, 10);
  for (int x = 0; x < K * 48; x++)
    lb[x] = val(x, 2, 11);
  for (int x = 0; x < M * 40; x++)
    lc[x] = val(x, 3, 12);

  mm_ikj(fa, fb, fc);
  mm_tt(M, N, K, 0.75, ta, tb, tc);
  mm_ld(M - 3, N - 1, K, 1.5f, 0.5f, la, 64, lb, 48, lc, 40);
  mm_tiled(da, db, dc);
  mm_poly(M - 1, N, K - 2, 0.5, -1.25, pc, da, db);
  not_mm(fa, fb, fc);

  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf("%.9g %.17g %.17g %.17g\n", (double)fc[i][j], dc[i][j], tc[i][j],
             pc[i][j]);
  for (int x = 0; x < M * 40; x++)
    printf("%.9g\n", (double)lc[x]);
  return 0;
}
