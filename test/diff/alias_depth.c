/* alias_depth.c — a random kernel (fuzz seed 20261129, kernel 2) whose
 * accesses through pointers, in loops of a parametric step, are bounded by
 * intervals for the run-time overlap check: min(min(min(...))) and
 * max(max(max(...))) over all of them, which the simplifier once simplified
 * again at every level (time and memory exponential in the depth: 3.8 GB,
 * then out of memory).  The kernel ends untransformed (an access of B is
 * not affine: no check can be built), with a warning. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma schedcc kernel
static void kern(int n, int m, int st, int lda, int ldc, int ldc0, double *A, double B[16][16], double *C, const double *opt, double r[4]) {
  double w = 0.0;
  int x6, x15, x16, x19;
  double u = 0.0;
  for (int i = 0; i <= m - 1; i++) {
    for (int j = 1; j < n; j += st) {
      if (j >= n - 1) {
        int x1 = ((j + 2) * ldc0 + i + 1) * ldc + i + 1;
        B[j + 1][j + 1] -= sin(C[x1]);
        int x2 = (i) * lda + j;
        int x3 = ((j) * ldc0 + 2) * ldc + i;
        double t0 = (fmin(B[j][j + 2], A[x2]) - fmax(A[(i) * lda + n + 1 - j], B[2][j]));
        C[x3] = t0 + (opt != NULL ? opt[j + 1] : 0.25);
      }
      C[((j + 1) * ldc0 + m + 1 - i) * ldc + i] += (((opt != NULL ? opt[n + 1 - j] : 0.25) * (double)j)) * 0.25;
      x6 = ((j) * ldc0 + i) * ldc + i;
      if (C[x6] > 0.5) {
        C[((j + 1) * ldc0 + i + 1) * ldc + i + 2] += A[(i + 1) * lda + j];
        int x4 = ((j + 2) * ldc0 + i) * ldc + i + 2;
        C[x4] += sin(C[((j) * ldc0 + i) * ldc + m + 1 - i]);
        const double *C_row5 = &C[((n + 1 - j) * ldc0 + i) * ldc];
        A[(i) * lda + j + 2] = (((double)j + C[((j) * ldc0 + i + 2) * ldc + i]) + (C_row5[i + 2]) * 0.75);
      } else {
        B[n + 1 - j][j] += sqrt(fabs((B[j][j] + B[j][j])));
        w = C[((j + 2) * ldc0 + i) * ldc + i];
      }
    }
  }
  for (int i = 1; i < m; i += st) {
    if (C[((1) * ldc0 + i + 2) * ldc + m + 1 - i] > 0.25) {
      B[1][2] += ((opt != NULL ? opt[1] : 0.5) - (A[(i + 1) * lda + 1]) * 0.25);
      double *C_row7 = &C[((1) * ldc0 + i + 1) * ldc];
      C_row7[i + 2] += (((double)i - fmax((double)i, 0.25))) * 0.5;
    }
    int x8 = (i + 1) * lda + 2;
    double t1 = tanh((A[(i) * lda + 2]) * 0.75);
    B[1][0] = t1 * A[x8];
    int x9 = ((0) * ldc0 + 2) * ldc + i;
    int x11 = ((1) * ldc0 + i) * ldc + m + 1 - i;
    double t2 = (((double)i) / (fabs(C[x9]) + 1.0) - (t1) * 0.25);
    C[x11] = t2 - 1.5;
    for (int j = 0; j <= i; j++) {
      const double *A_row12 = &A[(j) * lda];
      double t3 = ((B[0][1]) / (fabs(A_row12[2]) + 1.0)) * 0.75;
      A[(m + 1 - j) * lda + 2] = t3 * (double)j;
    }
    for (int k = 0; k < 3; k++) {
      C[((1) * ldc0 + k) * ldc + k] += ((double)i) * 0.5;
      if (i != k) {
        B[2][0] = ((B[2][2] + (double)k)) / (fabs(A[(k) * lda + 1]) + 1.0);
        B[0][0] += (exp(-fabs((2.0) * 0.75))) * 0.5;
      }
      if (k < m - 2) {
        B[0][1] += (((double)i) * 0.75) * 0.5;
      }
    }
  }
  for (int i = 1; i < m; i += 2) {
    if (i > m - 2) {
      w = C[((0) * ldc0 + 2) * ldc + i];
      double *C_row14 = &C[((0) * ldc0 + i + 2) * ldc];
      C_row14[i + 1] = exp(-fabs(fmin(w, (double)i)));
      B[2][1] = (double)i;
    }
    w = fmax(sqrt(fabs((double)i)), 1.5);
    x15 = (i + 2) * lda + 0;
    B[1][1] -= ((0.75) / (fabs((w + A[x15])) + 1.0)) * 0.5;
    for (int j = 0; j < n; j += 2) {
      for (int k = 1; k < n; k += st) {
        x16 = (i) * lda + n + 1 - k;
        A[(i) * lda + k + 2] = ((0.75 - 2.0) - ((double)i + A[x16]));
        C[((j + 1) * ldc0 + m + 1 - i) * ldc + i + 2] += exp(-fabs((double)k));
        w = (B[k][j]) * 0.25;
      }
    }
  }
  for (int i = 0; i < n; i += 2) {
    u = A[(2) * lda + i];
    double *A_row18 = A + (1) * lda;
    A_row18[n + 1 - i] = u - (opt != NULL ? opt[i + 2] : 0.5);
    for (int j = 0; j < 1; j++) {
      x19 = ((i) * ldc0 + 0) * ldc + 2;
      C[x19] += u * (opt != NULL ? opt[j] : 0.5);
    }
  }
  r[2] = (double)(n) + (double)(m) + A[(0) * lda + 0] + B[0][0] + C[((0) * ldc0 + 0) * ldc + 0] + (opt ? opt[0] : 1.0);
}

static unsigned lcg = 12345u;
static double next(void) {
  lcg = lcg * 1103515245u + 12345u;
  return (double)((lcg >> 16) & 1023u) / (double)1024;
}

int main(int argc, char **argv) {
  int alias = argc > 1 && atoi(argv[1]) == 1;
  int n = 1, m = 12;
  (void)n; (void)m;
  size_t szA = (m + 2) * (n + 2);
  size_t szB = (16) * (16);
  size_t szC = (n + 2) * (m + 2) * (m + 2);
  double r[4] = {0};
  double *bufA = calloc(szA + 64, sizeof(double));
  double *bufB = calloc(szB + 64, sizeof(double));
  double *bufC = calloc(szC + 64, sizeof(double));
  double *pA, *pB, *pC;
  for (size_t q = 0; q < szA + 64; q++) bufA[q] = next();
  for (size_t q = 0; q < szB + 64; q++) bufB[q] = next();
  for (size_t q = 0; q < szC + 64; q++) bufC[q] = next();
  if (!alias) {
    pA = bufA;
    pB = bufB;
    pC = bufC;
  } else {
    pA = bufA;
    pC = szC + 0 <= szA + 64 ? bufA + 0 : bufC;
    pB = bufB;
  }
  kern(n, m, 2, (n > 1 ? n - 1 : 1), m + 2, m + 2, pA, (double (*)[16])pB, pC, NULL, r);
  for (size_t q = 0; q < szA; q++) printf("A %.17g\n", pA[q]);
  for (size_t q = 0; q < szB; q++) printf("B %.17g\n", pB[q]);
  for (size_t q = 0; q < szC; q++) printf("C %.17g\n", pC[q]);
  for (int q = 0; q < 4; q++) printf("r %.17g\n", r[q]);
  free(bufA);
  free(bufB);
  free(bufC);
  return 0;
}
