/* s is declared in k's body before the j loop, which writes it: moving the
 * declaration into j (to make the band perfect) would restart s at every
 * j, so loop.tile of (i, k, j) is refused. */
#pragma schedcc kernel
void halving(int n, float A[n][n], float C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      float s = A[i][k];
      for (int j = 0; j < n; j++) {
        C[i][j] += s;
        s = s * 0.5f;
      }
    }
}
