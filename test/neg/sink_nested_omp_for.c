/* sink_nested_omp_for.c — two sibling loops, each with `#pragma omp
 * for`; the second carries a dependence (its directive is wrong: kept as
 * written with a warning, and not checked again).  Sinking the first into
 * it would nest a worksharing region in another, which OpenMP forbids
 * (gcc: "work-sharing region may not be closely nested inside of
 * work-sharing"; found by the random tester, seed 20261129, kernel 29). */
#pragma schedcc kernel
void k(int n, float a[64][64], float b[64]) {
  for (int i = 0; i < n; i++) {
#pragma omp for
    for (int j = 0; j < n; j++)
      a[i][j] += 1.0f;
#pragma omp for
    for (int q = 0; q < n; q++)
      b[q + 1] = b[q] * 2.0f;
  }
}
