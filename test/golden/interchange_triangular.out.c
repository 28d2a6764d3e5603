/* Golden (issue 24): PolyBench nussinov's triangular band, i counting down
 * and j from i + 1, interchanged: the bounds are exchanged by
 * Fourier-Motzkin elimination and each loop keeps its direction (j from 1
 * up, i from j - 1 down: the dependences on row i + 1 and column j - 1
 * still go forward). */
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

void nussinov(int n, int table[n][n]) {
  for (int j = 1; j < n; j++) {
    for (int i = j - 1; i >= 0; i--) {
      table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
      if (i + 1 < n) {
        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
      }
      for (int k = i + 1; k < j; k++) {
        table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
      }
    }
  }
}
