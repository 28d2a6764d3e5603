/* loop.vectorize {fma_adds = F} (sums added through fused multiply-adds by
 * 1.0): every form of sum reduction the op rewrites, with values whose
 * sums round at every step, so that a single changed rounding shows.
 * sumfma.fma.sched must print exactly what sumfma.nofma.sched prints (the
 * same accumulators, adds or fma(x, 1, acc)), and both what this program
 * prints within the tolerance (reassociated sums).
 *   rowsum: s[i] += A[i][j], float, odd row length (a scalar epilogue)
 *   dsub:   t -= x[i], double, a scalar local
 *   mixed:  d += x[i] * y[i] (contracted) beside q += x[i] (not), float
 *   sumsq:  r += x[i] * x[i] without contract: the product is added */
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
  printf("%a\n%a %a\n%a\n", dsub(M, xd), (double)two[0], (double)two[1],
         sumsq(M, xd));
  return 0;
}
