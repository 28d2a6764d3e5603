/* #pragma omp tile over a sweep whose elements depend on their upper-right
 * neighbour (the legality issue's example: clang 19 tiles it without a
 * warning and gets most elements wrong): schedcc refuses. */
void sweep(int n, double A[n][n]) {
#pragma scop
#pragma omp tile sizes(4, 8)
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + A[i][j - 1] * 0.5;
#pragma endscop
}
