/* A row pointer that the kernel advances: not a row of an array. */
#pragma schedcc kernel
void f(float *a, int n, int m) {
  float *p = a;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      p[j] = 0.0f;
    p += m;
  }
}
