/* Two row sizes for one array (C[i*ld + j] written, C[i*m + j] read):
 * delinearization needs one, so the accesses stay "any element" and the
 * refusal names the subscript and the declaration that would help. */
#pragma schedcc kernel
void mixed(int n, int m, int ld, float *C, float *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i * ld + j] = C[i * m + j] + B[j];
}
