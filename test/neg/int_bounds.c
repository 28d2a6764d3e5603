/* int_bounds.c — loops for the negative tests of bounds that would not fit
 * an induction variable of type int (peel_int_max, skew_int_max,
 * fuse_shift_int_max). */
#pragma schedcc kernel
void k(int n, float a[64][64], float b[64]) {
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      a[i][j] += 1.0f;
  for (int i = 0; i < n; i++)
    b[i] = b[i] * 2.0f;
  for (int i = 0; i < n; i++)
    b[i] = b[i] + 1.0f;
}
