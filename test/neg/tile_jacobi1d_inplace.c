/* A time-iterated, in-place 1-D Jacobi (Gauss-Seidel) sweep: A[i] reads
 * the new A[i - 1] of this time step and the old A[i + 1] of the previous
 * one, so the (t, i) band has the distances (0, 1) and (1, -1): neither
 * interchangeable nor tileable without skewing. */
void sweep(int tsteps, int n, double A[1000]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
#pragma endscop
}
