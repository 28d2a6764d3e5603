/* loop.vectorize {fma_adds = F} (sums added through fused multiply-adds by
 * 1.0): every form of sum reduction the op rewrites, with values whose
 * sums round at every step, so that a single changed rounding shows.
 * sumfma.fma.sched must print exactly what sumfma.nofma.sched prints (the
 * same accumulators, adds or fma(x, 1, acc)), and both what this program
 * prints within the tolerance (reassociated sums).
 *   rowsum: s[i] += A[i][j], float, odd row length (a scalar epilogue)
 *   dsub:   t -= x[i], double, a scalar local
 *   mixed:  d += x[i] * y[i] (contracted) beside q += x[i] (not), float
 *   sumsq:  r += x[i] * x[i] without contract: the product is added
 *   forms:  s = s + x[i], s = x[i] + s, s = s - x[i], and s += c * d
 *           (invariant: broadcast and added, not contracted)
 *   short:  10 iterations, fewer than K * W: no vector iteration, so no
 *           `ones` is declared (it would be unused: -Werror)
 *   rows2:  two row sums; the second's j2 vectorized, then the i loops
 *           fused (the declarations of the 1 must not sit between them) */
#include <stdint.h>
#include <stdio.h>
#define N 29
#define M 203
static float A[N][M], s[N], xf[M], yf[M];
static double xd[M];

static void rowsum(int n, int m, float A[N][M], float s[N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += A[i][j];
#pragma endscop
}

static double dsub(int m, double x[M]) {
  double t = 1.0;
#pragma scop
  for (int i = 0; i < m; i++)
    t -= x[i];
#pragma endscop
  return t;
}

static void mixed(int m, float x[M], float y[M], float out[2]) {
  float d = 0.0f, q = 0.0f;
#pragma scop
  for (int i = 0; i < m; i++) {
    d += x[i] * y[i];
    q += x[i];
  }
#pragma endscop
  out[0] = d;
  out[1] = q;
}

static double sumsq(int m, double x[M]) {
  double r = 0.0;
#pragma scop
  for (int i = 0; i < m; i++)
    r += x[i] * x[i];
#pragma endscop
  return r;
}

static void forms(int m, float x[M], float c, float d, float out[4]) {
  float a = 0.0f, b = 0.5f, e = 1.0f, f = 0.0f;
#pragma scop
  for (int i = 0; i < m; i++) {
    a = a + x[i];
    b = x[i] + b;
    e = e - x[i];
    f += c * d;
  }
#pragma endscop
  out[0] = a;
  out[1] = b;
  out[2] = e;
  out[3] = f;
}

static float shortsum(float x[M]) {
  float t = 0.25f;
#pragma scop
  for (int i = 0; i < 10; i++)
    t += x[i];
#pragma endscop
  return t;
}

static void rows2(int n, int m, float A[N][M], float s[N], float u[N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += A[i][j];
  for (int i2 = 0; i2 < n; i2++)
    for (int j2 = 0; j2 < m; j2++)
      u[i2] -= A[i2][j2];
#pragma endscop
}

/* uniform in [-1, 1) from a 64-bit LCG (Knuth's MMIX constants), all 24
 * (53) significant bits used */
static uint64_t seed = 7;
static double next(void) {
  seed = seed * 6364136223846793005u + 1442695040888963407u;
  return (double)(seed >> 11) * 0x1p-52 - 1.0;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (float)next() * 1000.0f;
  for (int i = 0; i < N; i++)
    s[i] = (float)next();
  for (int j = 0; j < M; j++) {
    xf[j] = (float)next();
    yf[j] = (float)next() * 3.0f;
    xd[j] = next() * 1e6;
  }
  rowsum(N, M, A, s);
  float two[2];
  mixed(M, xf, yf, two);
  for (int i = 0; i < N; i++)
    printf("%a\n", (double)s[i]);
  float four[4], u[N] = {0};
  forms(M, xf, 0.3f, 1.7f, four);
  printf("%a %a %a %a\n", (double)four[0], (double)four[1], (double)four[2],
         (double)four[3]);
  printf("%a\n", (double)shortsum(xf));
  rows2(N, M, A, s, u);
  for (int i = 0; i < N; i++)
    printf("%a %a\n", (double)s[i], (double)u[i]);
  printf("%a\n%a %a\n%a\n", dsub(M, xd), (double)two[0], (double)two[1],
         sumsq(M, xd));
  return 0;
}
