/* int_edges.c — loops whose bounds are parameters called near the limits
 * of int (issue 27): the bounds a transform forms (split points, peeled
 * parts, masked vector tails, skewed and shifted bounds, a reversed
 * loop's start and end) must not leave the type.  Every call is free of
 * undefined behaviour in the original: empty loops from near INT_MAX to
 * near INT_MIN (ub - lb overflows an int), loops ending at INT_MAX (a
 * tail's i += 16 would pass it), loops starting at INT_MIN + 1.
 * diff.sh: trap signed overflow (no part of a transformed expression may
 * pass the limits of int where the original's did not). */
#include <limits.h>
#include <stdio.h>

#pragma schedcc kernel
void up(int lo, int n, float a[200], const float b[200]) {
  for (int i = lo; i < n; i++)
    a[i - lo] += b[i - lo] * 0.5f;
}

/* through pointers: loop.prefetch's subscript ahead is not clamped to an
 * extent, `min(i + 8, n - 1) - lo` */
#pragma schedcc kernel
void upp(int lo, int n, float *a, const float *b) {
  for (int i = lo; i < n; i++)
    a[i - lo] += b[i - lo] * 0.25f;
}

/* a row offset and the iv's base in one subscript: unrolled, the copies'
 * `ld + (i + 1 - lo) + 1` simplify to `ld - lo + i + 2`, whose `ld - lo`
 * passes INT_MAX for lo near INT_MIN */
#pragma schedcc kernel
void rowp(int lo, int n, int ld, float *a, const float *b) {
  for (int i = lo; i < n; i++)
    a[ld + (i - lo) + 1] += b[i - lo] * 0.125f;
}

#pragma schedcc kernel
void down(int lo, int n, float a[200], const float b[200]) {
  for (int i = n - 1; i >= lo; i--)
    a[i - lo] = a[i - lo] * 0.75f + b[i - lo];
}

/* counting down from n: loop.vectorize counts up instead, to n + 1,
 * which passes INT_MAX for n = INT_MAX (the kernel is versioned) */
#pragma schedcc kernel
void dn(int lo, int n, float a[200], const float b[200]) {
  for (int i = n; i > lo; i--)
    a[i - lo - 1] = a[i - lo - 1] * 0.625f + b[i - lo - 1];
}

#pragma schedcc kernel
void rows(int lo, int n, float a[8][200], const float b[200]) {
  for (int t = 0; t < 8; t++)
    for (int i = lo; i < n; i++)
      a[t][i - lo] += b[i - lo] * (float)t;
}

#pragma schedcc kernel
void two(int lo, int n, float a[200], float c[200], const float b[200]) {
  for (int i = lo; i < n; i++)
    a[i - lo] = b[i - lo] * 0.5f;
  for (int i = lo; i < n; i++)
    c[i - lo] += a[i - lo];
}

#pragma schedcc kernel
void wave(int lo, int n, float a[8][200]) {
  for (int t = 1; t < 8; t++)
    for (int i = lo + 1; i < n; i++)
      a[t][i - lo] += a[t - 1][i - lo - 1] * 0.5f;
}

/* int values of the iv: after loop.skew (i read as i - 2*t) and a shifted
 * fusion (i read as i - 1), the simplified `3 * i - 6 * t - 3 * lo` forms
 * 3 * i, which passes INT_MAX where the program's 3 * (i - lo) does not */
#pragma schedcc kernel
void ramp(int lo, int n, int a[8][200]) {
  for (int t = 0; t < 8; t++)
    for (int i = lo; i < n; i++)
      a[t][i - lo] = 3 * (i - lo) + t;
}

#pragma schedcc kernel
void ramps(int lo, int n, int a[200], int c[200]) {
  for (int i = lo; i < n; i++)
    a[i - lo] = 3 * (i - lo);
  for (int i = lo; i < n; i++)
    c[i - lo] = 5 * (i - lo) + a[i - lo];
}

/* a skewed nest whose outer loop is peeled, then interchanged: the new
 * outer loop's bounds, 2 * lo + 1 and m + 2 * min(lo + 1, n) - 2, pass
 * INT_MAX when lo .. n is empty near it, where the program never formed
 * them (fuzz seed 20261131 k10): the exchanged nest runs under a test that
 * the old outer loop runs at all */
#pragma schedcc kernel
void skr(int m, int lo, int n, int c[8][200], const int b[200][8]) {
  for (int i = lo; i < n; i++)
    for (int j = m - 1; j >= 1; j--)
      c[j][i - lo] = b[i - lo][j] + j;
}

#pragma schedcc kernel
void ski(int m, int lo, int n, int c[8][200], const int b[200][8]) {
  for (int i = lo; i < n; i++)
    for (int j = m - 1; j >= 1; j--)
      c[j][i - lo] += b[i - lo][j] * 3;
}

int main(void) {
  static float a[200], b[200], c[8][200], d[200], e[200], f[8][200], g[200],
      k[200];
  static int h[8][200], u[200], v[200], cr[8][200], ci[8][200], br[200][8];
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 8; j++)
      br[i][j] = (i * 7 + j) % 11 - 5;
  for (int i = 0; i < 200; i++)
    b[i] = (float)(i % 7) - 3.0f;
  for (int t = 0; t < 8; t++)
    for (int i = 0; i < 200; i++)
      f[t][i] = (float)((i + t) % 5);
  static const int los[] = {
      INT_MAX - 150, INT_MAX - 3,   0,           INT_MIN + 1,
      INT_MIN + 5,   INT_MAX - 5,   10,          INT_MIN + 1,
      INT_MAX - 1,   INT_MAX - 190, INT_MAX - 1, INT_MIN + 2};
  static const int ns[] = {INT_MAX,       INT_MAX,       150,
                           INT_MIN + 150, INT_MIN + 100, INT_MIN + 3,
                           INT_MIN + 1,   INT_MIN + 2,   INT_MAX,
                           INT_MAX - 2,   INT_MIN + 1,   INT_MIN + 190};
  for (int q = 0; q < (int)(sizeof los / sizeof *los); q++) {
    up(los[q], ns[q], a, b);
    upp(los[q], ns[q], a, b);
    rowp(los[q], ns[q], 5, e, b);
    down(los[q], ns[q], g, b);
    dn(los[q], ns[q], k, b);
    rows(los[q], ns[q], c, b);
    two(los[q], ns[q], d, e, b);
    wave(los[q], ns[q], f);
    ramp(los[q], ns[q], h);
    ramps(los[q], ns[q], u, v);
    skr(8, los[q], ns[q], cr, br);
    ski(7, los[q], ns[q], ci, br);
  }
  for (int i = 0; i < 200; i++)
    printf("%d %a %a %a %a %a %a %d %d %d %a %d %d\n", i, a[i], g[i], c[3][i],
           d[i], e[i], f[5][i], h[6][i], u[i], v[i], k[i], cr[5][i], ci[2][i]);
  return 0;
}
