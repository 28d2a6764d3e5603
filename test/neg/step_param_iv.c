/* A parametric step with a bound that changes in the kernel (triangular). */
#pragma schedcc kernel
void f(float *a, int n, int s) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j += s)
      a[i * n + j] = 1.0f;
}
