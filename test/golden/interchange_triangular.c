/* Golden (issue 24): PolyBench nussinov's triangular band, i counting down
 * and j from i + 1, interchanged: the bounds are exchanged by
 * Fourier-Motzkin elimination and each loop keeps its direction (j from 1
 * up, i from j - 1 down: the dependences on row i + 1 and column j - 1
 * still go forward). */
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

void nussinov(int n, int table[n][n]) {
#pragma scop
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      for (int k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
#pragma endscop
}
