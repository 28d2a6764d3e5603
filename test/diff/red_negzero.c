/* loop.vectorize {reassoc}: the accumulators of a sum start at -0.0, the
 * identity of IEEE addition (-0.0 + x is x for every x, +0.0 included),
 * so a sum of whole vectors of -0.0 leaves s[i] = -0.0 as the loop as
 * written does; they started at +0.0 until 2026-12-06, which gave +0.0
 * (the empty rows stay -0.0 also because the final update is guarded by
 * the test that the loop runs).
 * Rows of small integers (exact in any order, so the comparison is
 * bit-exact though the sums are reassociated), rows of +0.0 and rows of
 * -0.0 of whole vectors (a masked remainder's off lanes load +0.0:
 * docs/schedule-language.md, `reassoc`), every row into s[i] = -0.0 and
 * printed with %a, which shows the sign of a zero. */
#include <stdio.h>
#define M 8
#define N 48
static float A[M][N], s[M];

static void rowsum(int m, int n) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
#pragma endscop
}

int main(void) {
  static const int ns[] = {0, 1, 16, 17, 32, 40, 48};
  for (int t = 0; t < 7; t++) {
    int n = ns[t];
    for (int i = 0; i < M; i++) {
      for (int j = 0; j < N; j++)
        A[i][j] = i < 2   ? (float)((i * 7 + j * 3) % 9) - 4.0f
                  : i < 4 ? 0.0f
                          : -0.0f;
      s[i] = -0.0f;
    }
    /* rows of -0.0 only at whole vectors (and the empty row) */
    int m = n % 16 == 0 ? M : 4;
    rowsum(m, n);
    for (int i = 0; i < m; i++)
      printf("%d %d %a\n", n, i, (double)s[i]);
  }
  return 0;
}
