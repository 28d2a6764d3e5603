void imperfect(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < n; i++) {
    A[i][0] = 0;
    for (int j = 0; j < n; j++)
      A[i][j] = 1;
  }
#pragma endscop
}

void symbolic(int n, double *x) {
#pragma scop
#pragma omp unroll full
  for (int i = 0; i < n; i++)
    x[i] = 0;
#pragma endscop
}

void above_full(double *x) {
#pragma scop
#pragma omp tile sizes(2)
#pragma omp unroll full
  for (int i = 0; i < 8; i++)
    x[i] = 0;
#pragma endscop
}

void unreadable(int n, double *x) {
#pragma scop
#pragma omp tile sizes(NOT_DEFINED)
  for (int i = 0; i < n; i++)
    x[i] = 0;
#pragma endscop
}

void not_a_loop(int n, double *x) {
#pragma scop
  for (int i = 0; i < n; i++)
    x[i] = 0;
#pragma omp unroll partial(2)
  x[0] = 1;
#pragma endscop
}

void in_band(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < n; i++)
#pragma omp unroll partial(2)
    for (int j = 0; j < n; j++)
      A[i][j] = 1;
#pragma endscop
}

void too_many(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(2, 2, 2)
#pragma omp tile sizes(4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 1;
#pragma endscop
}

void triangular(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = 1;
#pragma endscop
}

void clause(int n, double *x) {
#pragma scop
#pragma omp unroll partial(0)
  for (int i = 0; i < n; i++)
    x[i] = 0;
#pragma endscop
}
