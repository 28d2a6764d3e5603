/* redmask.c — the masked remainder of loop.vectorize's reductions: sums
 * whose operand is 0 where its loads are 0 (a sum, a difference, a dot
 * product, a sum of square roots, a row sum of a 2-D array) end in one
 * masked vector iteration; those whose operand is not (a loop-invariant
 * factor, a division, a product reduction) keep the scalar epilogue.
 * Each kernel runs at every length 0 .. 70 (no multiple of the vector
 * width, one, and several interleaved chunks), and the row sums at every
 * row length 1 .. 40, and a sum from every offset 0 .. 17 (redmask.align.sched:
 * {align}'s masked head); every result printed in %a, compared with a
 * tolerance (the sums are reassociated). */
#include <math.h>
#include <stdio.h>

#define N 70
#define R 5
#define C 40

static _Alignas(64) float x[N];
static float y[N], A[R][C], s[R];
static double xd[N];

static float ssum(int n) {
  float t = 0.5f;
#pragma schedcc kernel
#pragma schedcc label(ssum)
  for (int i = 0; i < n; i++)
    t += x[i];
  return t;
}

static double dsub(int n) {
  double t = 1.0;
#pragma schedcc kernel
#pragma schedcc label(dsub)
  for (int i = 0; i < n; i++)
    t = t - xd[i];
  return t;
}

static float sdot(int n) {
  float t = 0.0f;
#pragma schedcc kernel
#pragma schedcc label(sdot)
  for (int i = 0; i < n; i++)
    t += x[i] * y[i];
  return t;
}

static float sroots(int n) {
  float t = 0.0f;
#pragma schedcc kernel
#pragma schedcc label(sroots)
  for (int i = 0; i < n; i++)
    t -= sqrtf(x[i] * x[i]) + -y[i];
  return t;
}

static float scaled(int n, float c) {
  float t = 0.0f;
#pragma schedcc kernel
#pragma schedcc label(scaled)
  for (int i = 0; i < n; i++)
    t += c * x[i];
  return t;
}

static float ratios(int n) {
  float t = 0.0f;
#pragma schedcc kernel
#pragma schedcc label(ratios)
  for (int i = 0; i < n; i++)
    t += x[i] / y[i];
  return t;
}

static float sprod(int n) {
  float p = 1.0f;
#pragma schedcc kernel
#pragma schedcc label(sprod)
  for (int i = 0; i < n; i++)
    p *= y[i];
  return p;
}

/* a sum from x[o]: its start at every offset from a 64-byte boundary (x is
 * aligned to 64), so that {align}'s head runs 0 to 15 iterations */
static float osum(int o, int n) {
  float t = 0.25f;
#pragma schedcc kernel
#pragma schedcc label(osum)
  for (int i = o; i < o + n; i++)
    t += x[i];
  return t;
}
static void rows(int m, int n) {
#pragma schedcc kernel
#pragma schedcc label(rows)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
}

/* uniform in [-1, 1) from a 64-bit LCG (Knuth's MMIX constants) */
static unsigned long long seed = 11;
static double next(void) {
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(seed >> 11) * 0x1p-52 - 1.0;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (float)next();
    y[i] = 0.75f + 0.5f * (float)next(); /* in [0.25, 1.25): no 0 */
    xd[i] = next() * 1e3;
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      A[i][j] = (float)next();
  for (int n = 0; n <= N; n++)
    printf("%d %a %a %a %a %a %a %a\n", n, (double)ssum(n), dsub(n),
           (double)sdot(n), (double)sroots(n), (double)scaled(n, 0.3f),
           (double)ratios(n), (double)sprod(n));
  /* scaled by an infinity: every term is +-inf or NaN in the original too
   * (0 * inf is NaN): the same NaN or infinity either way */
  printf("%a %a\n", (double)scaled(0, INFINITY), (double)scaled(3, INFINITY));
  for (int o = 0; o <= 17; o++)
    for (int n = 0; o + n <= N; n += 1 + n / 8)
      printf("%d %d %a\n", o, n, (double)osum(o, n));
  for (int n = 1; n <= C; n++) {
    for (int i = 0; i < R; i++)
      s[i] = (float)i;
    rows(R, n);
    for (int i = 0; i < R; i++)
      printf("%a ", (double)s[i]);
    printf("\n");
  }
  return 0;
}
