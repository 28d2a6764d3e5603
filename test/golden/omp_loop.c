/* OpenMP loop directives kept on their loops (frontend/fe_omp.c): the
 * clauses the IR models (collapse, private, reduction, schedule) and the
 * others as written; after an interchange the collapse(2) directive moves
 * to the new outer loop. */
void omp_loop(int n, int m, float A[n][m], float B[m][n], double *out) {
  double s = 0;
  float t;
#pragma scop
#pragma omp parallel for collapse(2) schedule(static, 16) num_threads(4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] = A[i][j];
#pragma omp parallel for private(t) reduction(+:s)
  for (int i = 0; i < n; i++) {
    t = A[i][0];
#pragma omp simd reduction(+:s)
    for (int j = 0; j < m; j++)
      s += A[i][j] * t;
  }
  out[0] = s;
#pragma endscop
}
