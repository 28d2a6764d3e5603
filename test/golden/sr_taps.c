/* loop.scalar_replace of a loop whose body repeats a vector loop and its
 * masked remainder per unrolled tap: versioned on the 2 distinct
 * conditions, O in a register across the taps in each version. */
#pragma schedcc kernel
void taps(int n, int c, float I[n + 4][c], float F[3][3][c], float O[n][c]) {
  for (int x = 0; x < n; x++)
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++)
        for (int ch = 0; ch < c; ch++)
          O[x][ch] += I[x + a + b][ch] * F[a][b][ch];
}
