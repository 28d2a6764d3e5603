/* loop.vectorize {align} (peeling for alignment): the vector loop starts
 * where the reference access is aligned to the vector's size, after a head
 * of the iterations before it (a masked vector iteration on AVX-512, else a
 * scalar loop).  Here every start of that head is exercised: rows of an odd
 * width (each row starts at another alignment), arrays passed at every
 * element offset 0..8 from an aligned buffer, ranges shorter than the head,
 * empty and reversed ranges, a loop counting down, and a reduction (the
 * head adds into the same sum: integer-valued floats keep every order
 * exact, so the test is bit-exact).  Each kernel's results are printed. */
#include <stdio.h>

#pragma schedcc kernel
void rows(int m, int n, double A[m][n], double B[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = A[i][j - 1] + 2.0 * A[i][j] + A[i][j + 1];
}

#pragma schedcc kernel
void axpy(int lo, int hi, int m, float a, float x[m], float y[m]) {
  for (int k = lo; k < hi; k++)
    y[k] = a * x[k] + y[k];
}

#pragma schedcc kernel
void down(int m, float x[m], float y[m]) {
  for (int d = m - 1; d >= 2; d--)
    y[d] = x[d] - y[d];
}

#pragma schedcc kernel
void total(int lo, int hi, int m, float x[m], float s[1]) {
  float t = 0;
  for (int r = lo; r < hi; r++)
    t += x[r];
  s[0] = t;
}

enum { M = 5, N = 23, L = 80 };

static _Alignas(64) double A[M][N], B[M][N];
static _Alignas(64) float X[L + 16], Y[L + 16];

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11, B[i][j] = -1;
  rows(M, N, A, B);
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j++)
      printf("%g ", B[i][j]);
    printf("\n");
  }
  /* x and y at every offset from a 64-byte boundary, and ranges from empty
   * (or reversed) to longer than two vectors */
  static const int ranges[][2] = {{0, L}, {3, 4}, {5, 5}, {9, 2}, {1, 7},
                                  {2, 19}, {7, 40}, {0, 1}, {13, 77}};
  for (int off = 0; off <= 8; off++)
    for (unsigned r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
      float *x = X + off, *y = Y + (off * 5) % 9;
      for (int k = 0; k < L; k++)
        x[k] = k % 13, y[k] = k % 5;
      axpy(ranges[r][0], ranges[r][1], L, 3.0f, x, y);
      float s[1];
      total(ranges[r][0], ranges[r][1], L, y, s);
      printf("%d %u: %g |", off, r, s[0]);
      for (int k = 0; k < L; k += 3)
        printf(" %g", y[k]);
      printf("\n");
      down(ranges[r][1] > 0 ? ranges[r][1] : 0, x, y);
      for (int k = 0; k < L; k += 5)
        printf(" %g", y[k]);
      printf("\n");
    }
  return 0;
}
