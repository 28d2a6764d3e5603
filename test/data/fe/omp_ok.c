#define TS 8
#pragma schedcc schedule("omp_ok.sched")
void outside(int n, double *x) {
#pragma omp tile sizes(NOT_DEFINED)
  for (int i = 0; i < n; i++)
    x[i] = 0;
}

void f(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(4, TS)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] * 2;
#pragma endscop
}

#pragma schedcc kernel
void g(int n, double *y) {
  for (int i = 0; i < n; i++) {
#pragma omp unroll partial(2)
#pragma omp unroll partial(4)
    for (int k = 0; k < 10; k++)
      y[i] = y[i] + k;
  }
#pragma omp unroll full
  for (int k = 0; k < 3; k++)
    y[k] = 0;
#pragma schedcc label(mine)
#pragma omp unroll
  for (int k = 0; k < n; k++)
    y[k] = 1;
}

#pragma schedcc kernel
void h(double *y) {
  for (int k = 0; k < 3; k++)
    y[k] = 0;
}
