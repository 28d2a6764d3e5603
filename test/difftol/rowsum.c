/* Several reductions in one loop (issue 9): after loop.unroll_and_jam of
 * i, the row sum `s[i] += A[i][j]` has one statement per jammed row, each
 * reducing into its own element s[i], s[i + 1], ...; after unroll-and-jam
 * of j, `C[i][j] += A[i][k] * B[j][k]` one per column C[i][j], ...; and
 * matvec4 holds four scalar accumulators val_0..val_3.  loop.vectorize
 * gives each its own vector accumulator and horizontal reduction (isl
 * proves the elements distinct: dep_access_lhs_private). */
#include <stdio.h>
#define N 37
#define M 203
static float A[N][M], s[N];
static float C[N][N], B[N][M];
static void rowsum(int n, int m, float A[N][M], float s[N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += A[i][j];
#pragma endscop
}
static void abt(int n, int m, float A[N][M], float B[N][M], float C[N][N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += A[i][k] * B[j][k];
#pragma endscop
}
static void matvec4(int n, int m, float A[N][M], float x[M], float y[N]) {
#pragma scop
  for (int i = 0; i < n - 3; i += 4) {
    float val_0 = 0.0f;
    float val_1 = 0.0f;
    float val_2 = 0.0f;
    float val_3 = 0.0f;
    for (int j = 0; j < m; j++) {
      val_0 += A[i][j] * x[j];
      val_1 += A[i + 1][j] * x[j];
      val_2 += A[i + 2][j] * x[j];
      val_3 += A[i + 3][j] * x[j];
    }
    y[i] = val_0;
    y[i + 1] = val_1;
    y[i + 2] = val_2;
    y[i + 3] = val_3;
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) { A[i][j] = (float)((i * 7 + j * 3) % 17) / 16.0f - 0.4f; B[i][j] = (float)((i * 5 + j) % 13) / 8.0f; }
  for (int i = 0; i < N; i++) s[i] = (float)i;
  rowsum(N, M, A, s);
  abt(N, M, A, B, C);
  float y[N];
  for (int i = 0; i < N; i++)
    y[i] = 0.0f;
  float y4[N] = {0};
  matvec4(N, M, A, B[5], y4);
  for (int i = 0; i < N; i++) printf("%.9g\n", y4[i]);
  for (int i = 0; i < N; i++) printf("%.9g %.9g\n", s[i], y[i]);
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf("%.9g\n", C[i][j]);
  return 0;
}
