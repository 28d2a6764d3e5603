/* loop.to_library on a nest that is not a matrix product: without
 * alternatives, the refusal is an error located at the schedule op, with
 * a note at the payload. */
#pragma schedcc kernel
void notmm(float A[8][8], float B[8][8], float C[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        C[i][j] += A[i][k] + B[k][j];
}
