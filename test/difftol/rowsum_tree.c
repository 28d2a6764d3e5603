/* Transposed reductions (loop.vectorize): after loop.unroll_and_jam of i
 * by the vector's lanes, the W row sums s[i] ... s[i + W - 1] end in one
 * tree of shuffles and adds and one vector update of s[i : W] instead of
 * W horizontal reductions.  Covered: float and double rows, a product
 * (the tree multiplies), a difference (s[i] -= ...: negated
 * accumulators), targets that start off i (t[i + 3]) and in a 2-D array
 * (T[b][i]), a jam by half the lanes (u[i]: where the ISA has masked
 * stores a partial group, the tree's pair levels for W / 2 leaves, then
 * self levels adding each segment's halves, and a masked update of the
 * first W / 2 lanes; else W / 2 horizontal reductions), the columns of C[i][j] += A[i][k] *
 * B[j][k] jammed over j, and the jammed loop's remainder rows.  Rows of
 * 1, 5, 16, 17, 40 and 203 elements (whole vectors, a masked or scalar
 * tail, a row shorter than one vector). */
#include <stdio.h>
#define N 45
#define M 203
static float A[N][M], B[N][M], C[N][N];
static float s[N], t[N + 3], T[3][N], u[N + 1], q[N], dd[N];
static double D[N][M], sd[N];

static void rowsums(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += A[i][j];
#pragma endscop
}
static void offsets(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t[i + 3] += A[i][j];
      T[2][i] -= A[i][j];
    }
#pragma endscop
}
static void halfjam(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      u[i] += A[i][j];
#pragma endscop
}
static void products(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      q[i] *= B[i][j];
#pragma endscop
}
static void drowsums(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      sd[i] += D[i][j];
#pragma endscop
}
static void abt(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += A[i][k] * B[j][k];
#pragma endscop
}

int main(void) {
  static const int ms[] = {1, 5, 16, 17, 40, 203};
  for (int c = 0; c < 6; c++) {
    int m = ms[c];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
        A[i][j] = (float)((i * 7 + j * 3 + c) % 17) / 16.0f - 0.4f;
        B[i][j] = 1.0f + (float)((i * 5 + j + c) % 13 - 6) / 512.0f;
        D[i][j] = (double)((i * 11 + j * 5 + c) % 23) / 8.0 - 1.3;
      }
    for (int i = 0; i < N; i++) {
      s[i] = (float)i, t[i] = T[0][i] = T[1][i] = T[2][i] = 0.5f;
      u[i] = 1.0f, q[i] = 1.0f + (float)i / 64.0f;
      sd[i] = (double)i / 3.0, dd[i] = 0.0f;
      for (int j = 0; j < N; j++)
        C[i][j] = 0.25f;
    }
    t[N] = t[N + 1] = t[N + 2] = 0.5f;
    rowsums(N, m);
    offsets(N, m);
    halfjam(N, m);
    products(N, m);
    drowsums(N, m);
    abt(N, m);
    printf("m = %d\n", m);
    for (int i = 0; i < N; i++)
      printf("%.9g %.9g %.9g %.9g %.9g %.9g %.17g\n", s[i], t[i + 3], T[2][i],
             T[1][i], u[i], q[i], sd[i]);
    printf("%.9g %.9g %.9g %.9g\n", t[0], t[1], t[2], u[N]);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        printf("%.9g\n", C[i][j]);
  }
  return 0;
}
