/* Triangular and trapezoidal 2-D bands interchanged (issue 24): the inner
 * bounds read the outer iv, so loop.interchange exchanges the bounds by
 * Fourier-Motzkin elimination.  Each kernel visits the points of its band
 * (independent updates: any order is legal) and counts the visits, so a
 * point visited twice, missed or outside the band changes the output.
 * Sizes: n = 0, 1, 2, 7, 13, m = 0, 1, 3, 6. */
#include <stdio.h>

#define N 13
#define W (3 * N + 12)
#define OFF 6

static void fill(int X[N][W], int c[N][W]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < W; j++) {
      X[i][j] = (i * 7 + j * 3) % 11;
      c[i][j] = 0;
    }
}

static void print(const char *name, int n, int m, int X[N][W], int c[N][W]) {
  long s = 0, t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < W; j++) {
      s = s * 31 + X[i][j];
      s %= 1000000007;
      t += (long)c[i][j] * (i * W + j + 1);
    }
  printf("%s n=%d m=%d: %ld %ld\n", name, n, m, s, t);
}

/* j <= i: the lower triangle with its diagonal */
#pragma schedcc kernel
void lower(int n, int X[N][W], int c[N][W]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* lu's j from i to n */
#pragma schedcc kernel
void upper(int n, int X[N][W], int c[N][W]) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* nussinov's: i down from n - 1, j from i + 1 */
#pragma schedcc kernel
void down(int n, int X[N][W], int c[N][W]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* the inner loop counting down to i + 1 */
#pragma schedcc kernel
void inner_down(int n, int X[N][W], int c[N][W]) {
  for (int i = 0; i < n; i++)
    for (int j = n - 1; j > i; j--) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* a coefficient of 2: j < 2 * i + 1 */
#pragma schedcc kernel
void twice(int n, int X[N][W], int c[N][W]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2 * i + 1; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* a parallelogram (a skewed band): both bounds read i */
#pragma schedcc kernel
void skewed(int n, int m, int X[N][W], int c[N][W]) {
  for (int i = 1; i < n; i++)
    for (int j = i + 1; j < i + m; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* a negative coefficient: j < n - i */
#pragma schedcc kernel
void anti(int n, int X[N][W], int c[N][W]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n - i; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

/* coefficients 3 and 2, i counting down: rows of j from 3 * i - 6 to
 * 2 * i (empty from i = 7 on; for a given j, i runs from ceil(j / 2) to
 * floor((j + 6) / 3), with negative j too) */
#pragma schedcc kernel
void thrice(int n, int X[N][W], int c[N][W]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = 3 * i - 6; j < 2 * i + 1; j++) {
      X[i][j + OFF] = X[i][j + OFF] * 3 + i - 2 * j;
      c[i][j + OFF] += 1;
    }
}

static int X[N][W], c[N][W];

int main(void) {
  static const int ns[] = {0, 1, 2, 7, 13};
  static const int ms[] = {0, 1, 3, 6};
  for (unsigned a = 0; a < sizeof ns / sizeof *ns; a++) {
    int n = ns[a];
    fill(X, c), lower(n, X, c), print("lower", n, 0, X, c);
    fill(X, c), upper(n, X, c), print("upper", n, 0, X, c);
    fill(X, c), down(n, X, c), print("down", n, 0, X, c);
    fill(X, c), inner_down(n, X, c), print("inner_down", n, 0, X, c);
    fill(X, c), twice(n, X, c), print("twice", n, 0, X, c);
    fill(X, c), anti(n, X, c), print("anti", n, 0, X, c);
    fill(X, c), thrice(n, X, c), print("thrice", n, 0, X, c);
    for (unsigned b = 0; b < sizeof ms / sizeof *ms; b++) {
      int m = ms[b];
      fill(X, c), skewed(n, m, X, c), print("skewed", n, m, X, c);
    }
  }
  return 0;
}
