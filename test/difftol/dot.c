/* dot.c — dot products and sums for the tolerance tests of loop.vectorize
 * {reassoc}: a float and a double dot product into scalars, a sum of
 * squares into an array element, a product, and a dot product counting
 * down; sizes that are and are not multiples of the vector widths.
 * Prints every result in %a (exact), compared with a tolerance. */
#include <stdio.h>

#define N 1003

static float x[N], y[N];
static double xd[N], yd[N], r[2];

static float sdot(int n) {
  float s = 0.0f;
#pragma schedcc kernel
#pragma schedcc label(sdot)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

static double ddot(int n) {
  double s = 0.0;
#pragma schedcc kernel
#pragma schedcc label(ddot)
  for (int i = 0; i < n; i++)
    s = s + xd[i] * yd[i];
  return s;
}

static void dsumsq(int n) {
#pragma schedcc kernel
#pragma schedcc label(dsumsq)
  for (int i = 0; i < n; i++)
    r[1] += xd[i] * xd[i] - 0.5 * yd[i];
}

static float sprod(int n) {
  float p = 1.0f;
#pragma schedcc kernel
#pragma schedcc label(sprod)
  for (int i = 0; i < n; i++)
    p *= 1.0f + x[i] * 0.001f;
  return p;
}

static double ddown(int n) {
  double s = 0.0;
#pragma schedcc kernel
#pragma schedcc label(ddown)
  for (int i = n - 1; i >= 0; i--)
    s -= xd[i] * yd[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i * 37 % 101) - 50) / 17.0f;
    y[i] = (float)((i * 53 % 89) - 44) / 13.0f;
    xd[i] = (double)((i * 41 % 97) - 48) / 11.0;
    yd[i] = (double)((i * 29 % 83) - 41) / 7.0;
  }
  static const int sizes[] = {1003, 1000, 7, 0, 33};
  for (int t = 0; t < 5; t++) {
    int n = sizes[t];
    r[1] = 1.0;
    dsumsq(n);
    printf("n %d sdot %a ddot %a sumsq %a sprod %a ddown %a\n", n,
           (double)sdot(n), ddot(n), r[1], (double)sprod(n), ddown(n));
  }
  return 0;
}
