/* Vector accesses with stride -1 (issue 24): loads and stores whose
 * element goes down as the vectorized loop's iv goes up, as in PolyBench
 * durbin's y[k - i - 1].  Each kernel runs for every n from 0 to 40 (less
 * than one vector, whole vectors, remainders of every length); float and
 * double; plain and compound stores; a loop counting down; an offset
 * subscript.  Prints every element in %a (bit-exact). */
#include <stdio.h>

#define M 48

/* durbin's update: z[i] = y[i] + alpha * y[k - i - 1] */
#pragma schedcc kernel
void dupd(int k, double alpha, const double y[M], double z[M]) {
  for (int i = 0; i < k; i++)
    z[i] = y[i] + alpha * y[k - i - 1];
}

/* a reversed store and a reversed load of another array */
#pragma schedcc kernel
void rstore(int n, const float a[M], const float c[M], float b[M]) {
  for (int i = 0; i < n; i++)
    b[n - 1 - i] = a[i] * 2.0f - c[n - 1 - i];
}

/* a compound store through a reversed access */
#pragma schedcc kernel
void racc(int n, const double x[M], double a[M]) {
  for (int i = 0; i < n; i++)
    a[n - i + 2] += x[i] * 0.5;
}

/* a loop counting down (reversed by loop.vectorize) reading upwards */
#pragma schedcc kernel
void rdown(int n, const float a[M], float b[M]) {
  for (int i = n - 1; i >= 0; i--)
    b[i] = a[n - 1 - i] + 1.0f;
}

static float fa[M], fb[M], fc[M];
static double da[M], dx[M], dz[M];

static void init(void) {
  unsigned s = 7u;
  for (int i = 0; i < M; i++) {
    s = s * 1103515245u + 12345u;
    fa[i] = (float)(s >> 16) / 65536.0f - 0.5f;
    s = s * 1103515245u + 12345u;
    fc[i] = (float)(s >> 16) / 4096.0f;
    fb[i] = -1.0f;
    da[i] = fa[i] * 3.0 + 0.25;
    dx[i] = fc[i] / 7.0;
    dz[i] = -2.0;
  }
}

static void dump(const char *what, int n) {
  printf("%s n=%d:", what, n);
  for (int i = 0; i < M; i++)
    printf(" %a %a %a", (double)fb[i], da[i], dz[i]);
  printf("\n");
}

int main(void) {
  for (int n = 0; n <= 40; n++) {
    init();
    dupd(n, 0.375, da, dz);
    dump("dupd", n);
    init();
    rstore(n, fa, fc, fb);
    dump("rstore", n);
    init();
    racc(n, dx, da);
    dump("racc", n);
    init();
    rdown(n, fa, fb);
    dump("rdown", n);
  }
  return 0;
}
