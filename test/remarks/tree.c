#pragma schedcc kernel
void rows(int m, float A[restrict][37], float s[restrict]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < 37; j++)
      s[i] += A[i][j];
}
