#pragma schedcc kernel
void ops(int n, float a[100], float b[100], float c[64][64], float s[1]) {
  for (int i = 0; i < 100; i++)
    a[i] = b[i] * 2.0f;
  for (int i2 = 0; i2 < 100; i2++)
    b[i2] = a[i2] + 1.0f;
  for (int p = 0; p < 50; p++) {
    a[p] = 0.0f;
    b[p] = 1.0f;
  }
  for (int q = 0; q < 30; q++)
    a[q] += b[q];
  for (int x = 1; x < 64; x++)
    for (int y = 1; y < 64; y++)
      c[x][y] = c[x - 1][y] + c[x][y - 1];
  float t = 0.0f;
  for (int r = 0; r < 100; r++)
    t += a[r];
  s[0] = t;
  for (int u = 0; u < 8; u++)
    a[u] = 3.0f;
  for (int v = 0; v < 8; v++)
    b[v] = 0.5f;
  for (int w = 0; w < 16; w++)
    a[w] += b[w];
}
