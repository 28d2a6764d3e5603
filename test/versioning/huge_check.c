/* huge_check.c — a kernel of the guided random tester (seed 20261127,
 * kernel 81) whose run-time checks, after the schedule of huge_check.sched
 * (skew, tile, peel, split on loops with a parametric step), would be
 * 622 KB of C (617 KB before the skewed bounds were checked too) that
 * clang-19 took 44 s to compile: the kernel is left
 * untransformed with a warning (limit 64 KB). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma schedcc kernel
void kern(int n, int m, int st, int ldb, int ldb0, int ldd, float *A, float *B, float C[m + 2], float *D, const float *opt, float r[4]) {
  float w = 0.0f;
  int i, j, k, l;
  for (i = 0; i < m; i++) {
    for (j = 1; j < m; j += 2) {
      C[i] = ((float)i) / (fabsf(fminf(A[2], 3.0f)) + 1.0f);
      B[((0) * ldb0 + i + 2) * ldb + 1] = ((B[((2) * ldb0 + i) * ldb + 1] - 0.25f) - (C[m + 1 - j] - (float)i));
      w = (C[j] + sinf(C[i + 2]));
    }
  }
  for (i = n - 1; i >= 0; i--) {
    for (j = 1; j < m; j += st) {
      float *D_row1 = &D[(0) * ldd];
      int x2 = (j + 2) * ldd + j;
      D_row1[j + 1] += (((D[x2] + C[j]) + fmaxf(0.5f, 2.0f))) * 0.5f;
      for (k = 0; k <= m - 1; k++) {
        for (l = m - 1; l >= 0; l--) {
          A[i + 2] = sinf(((float)l * C[j]));
          const float *D_row5 = &D[(l) * ldd];
          if (D_row5[m + 1 - k] < 0.5f) {
            const float *B_row4 = &B[((i + 1) * ldb0 + j) * ldb];
            C[j + 1] = (B_row4[n + 1 - i] - ((opt != NULL ? opt[i + 1] : 0.5f) * B[((i) * ldb0 + j + 1) * ldb + i + 1]));
            float t0 = (float)l;
            C[k] = t0 + 0.125f;
          } else {
            D[(j) * ldd + j] -= ((((float)j) * 0.75f * (0.125f) / (fabsf((float)k) + 1.0f))) * 0.5f;
          }
        }
      }
    }
  }
  for (i = n - 1; i >= 0; i--) {
    for (j = 0; j < n; j += st) {
      int x6 = j;
      float la1[2];
      la1[0] = ((C[0]) / (fabsf((opt != NULL ? opt[i] : 0.25f)) + 1.0f) - ((float)i) / (fabsf(C[1]) + 1.0f));
      la1[1] = (A[j + 1] * (0.125f) / (fabsf(A[x6]) + 1.0f));
      D[(1) * ldd + 0] = la1[0] - la1[1];
      B[((j + 1) * ldb0 + 0) * ldb + j] = 0.125f;
      B[((j) * ldb0 + 2) * ldb + i + 1] = (((opt != NULL ? opt[n + 1 - i] : 0.5f) - (float)i) - ((float)j) / (fabsf(0.125f) + 1.0f));
    }
  }
  r[0] = w;
  r[2] = (float)(n) + (float)(m) + A[0] + B[((0) * ldb0 + 0) * ldb + 0] + C[0] + D[(0) * ldd + 0] + (opt ? opt[0] : 1.0f);
}

static unsigned lcg = 12345u;
static float next(void) {
  lcg = lcg * 1103515245u + 12345u;
  return (float)((lcg >> 16) & 1023u) / (float)1024;
}

int main(int argc, char **argv) {
  int alias = argc > 1 && atoi(argv[1]) == 1;
  int n = 10, m = 7;
  (void)n; (void)m;
  size_t szA = (n + 2);
  size_t szB = (n + 2) * (m + 2) * (n + 2);
  size_t szC = (m + 2);
  size_t szD = (m + 2) * (m + 2);
  float r[4] = {0};
  float *bufA = calloc(szA + 64, sizeof(float));
  float *bufB = calloc(szB + 64, sizeof(float));
  float *bufC = calloc(szC + 64, sizeof(float));
  float *bufD = calloc(szD + 64, sizeof(float));
  float *pA, *pB, *pC, *pD;
  for (size_t q = 0; q < szA + 64; q++) bufA[q] = next();
  for (size_t q = 0; q < szB + 64; q++) bufB[q] = next();
  for (size_t q = 0; q < szC + 64; q++) bufC[q] = next();
  for (size_t q = 0; q < szD + 64; q++) bufD[q] = next();
  if (!alias) {
    pA = bufA;
    pB = bufB;
    pC = bufC;
    pD = bufD;
  } else {
    pA = bufA;
    pB = szB + (m + 2) <= szA + 64 ? bufA + (m + 2) : bufB;
    pD = szD + 0 <= szA + 64 ? bufA + 0 : bufD;
    pC = bufC;
  }
  float optbuf[16];
  for (int q = 0; q < 16; q++) optbuf[q] = next();
  kern(n, m, 1, n + 2, m + 2, m + 2, pA, pB, pC, pD, optbuf, r);
  for (size_t q = 0; q < szA; q++) printf("A %.9g\n", pA[q]);
  for (size_t q = 0; q < szB; q++) printf("B %.9g\n", pB[q]);
  for (size_t q = 0; q < szC; q++) printf("C %.9g\n", pC[q]);
  for (size_t q = 0; q < szD; q++) printf("D %.9g\n", pD[q]);
  for (int q = 0; q < 4; q++) printf("r %.9g\n", r[q]);
  free(bufA);
  free(bufB);
  free(bufC);
  free(bufD);
  return 0;
}
