/* Golden: time tiling of a two-sweep 1-D Jacobi stencil: the second sweep
 * shifted by one and fused with the first into one guarded loop, the
 * fused loop skewed by 2t, the (t, i) band tiled. */
void jacobi(int tsteps, int n, double A[n], double B[n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.25 * (A[i - 1] + 2.0 * A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.25 * (B[i - 1] + 2.0 * B[i] + B[i + 1]);
  }
#pragma endscop
}
