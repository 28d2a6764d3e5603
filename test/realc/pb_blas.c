/* gemm, 2mm and doitgen in the style of a polyhedral benchmark suite
 * (double, fixed-size arrays, scop pragmas). */
#include "realc.h"

#define NI 20
#define NJ 24
#define NK 18
#define NL 22
#define NR 6
#define NQ 7
#define NP 16
#define DATA_TYPE double

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++) {
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma endscop
}

static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha,
                       DATA_TYPE beta, DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK],
                       DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}

static void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP],
                           DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP]) {
  int r, q, p, s;
#pragma scop
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

static DATA_TYPE A[NI][NK], B[NK][NJ], C[NI][NJ], tmp[NI][NJ], C2[NJ][NL], D[NI][NL];
static DATA_TYPE A3[NR][NQ][NP], C4[NP][NP], sum[NP];

int main(void) {
  int shapes[][4] = {{20, 24, 18, 22}, {7, 9, 5, 11}, {1, 1, 1, 1}, {0, 3, 3, 3}, {3, 0, 2, 2}};
  for (int s = 0; s < 5; s++) {
    int ni = shapes[s][0], nj = shapes[s][1], nk = shapes[s][2], nl = shapes[s][3];
    realc_filld(&A[0][0], NI * NK); realc_filld(&B[0][0], NK * NJ);
    realc_filld(&C[0][0], NI * NJ); realc_filld(&C2[0][0], NJ * NL);
    realc_filld(&D[0][0], NI * NL);
    kernel_gemm(ni, nj, nk, 1.5, 0.5, C, A, B);
    for (int i = 0; i < ni; i++)
      realc_printd("gemm", C[i], nj);
    kernel_2mm(ni, nj, nk, nl, 0.5, 1.5, tmp, A, B, C2, D);
    for (int i = 0; i < ni; i++)
      realc_printd("2mm", D[i], nl);
  }
  int dshapes[][3] = {{6, 7, 16}, {3, 2, 9}, {1, 1, 1}, {2, 0, 4}};
  for (int s = 0; s < 4; s++) {
    realc_filld(&A3[0][0][0], NR * NQ * NP); realc_filld(&C4[0][0], NP * NP);
    kernel_doitgen(dshapes[s][0], dshapes[s][1], dshapes[s][2], A3, C4, sum);
    realc_printd("doitgen", &A3[0][0][0], NR * NQ * NP);
  }
  return 0;
}
