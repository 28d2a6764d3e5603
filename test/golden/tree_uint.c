/* No transposed reduction through an unsigned int subscript: s[u + 1]
 * wraps to s[0] when u is UINT_MAX, so the 16 elements a jam by 16
 * reduces into need not be consecutive; each keeps its horizontal
 * reduction. */
#pragma schedcc kernel
void rs(unsigned u, int m, float A[restrict 16][40], float s[restrict]) {
  for (unsigned i = 0; i < 16; i++)
    for (int j = 0; j < m; j++)
      s[u + i] += A[i][j];
}
