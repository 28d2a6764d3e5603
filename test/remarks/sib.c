#pragma schedcc kernel
void sib(int n, float *restrict a, float *restrict b, float *restrict s) {
  int j;
  float t = 0.0f;
  for (j = 0; j < n; j++)
    t += a[j];
  for (j = 0; j < n; j++)
    b[j] = a[j] * 2.0f;
  s[0] = t;
  float u = 0.0f;
  for (int k = 0; k < n; k++)
    u += b[k];
  s[1] = u;
}
