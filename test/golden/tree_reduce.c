/* A transposed reduction: eight row sums of a jam by 8 (AVX2's lanes)
 * end in one tree of shuffles and adds and one vector update of s[i : 8]. */
#pragma schedcc kernel
void rowsum8(int m, int n, float A[m][n], float s[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
}
