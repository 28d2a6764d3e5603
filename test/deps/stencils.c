/* Stencils for the --emit=deps golden test: a Gauss-Seidel sweep (flow
 * dependences (0, 1) and (1, -1)) and a Jacobi step with its copy-back
 * (dependences only between the two nests, carried by t). */
void gauss_seidel(int n, double A[100][100]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + A[i][j - 1];
#pragma endscop
}

void jacobi_1d(int tsteps, int n, double A[100], double B[100]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}
