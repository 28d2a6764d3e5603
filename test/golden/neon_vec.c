/* neon_vec.c — loop.vectorize for AArch64 NEON (neon_vec.flags targets
 * aarch64-linux-gnu): loads, stores, broadcasts, fused multiply-adds, a
 * reversed read, and a sum reduction folded by vaddvq. */
#pragma schedcc kernel
void axpy_rev(int n, float a, float x[n], float y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[n - 1 - i] + y[i];
}

#pragma schedcc kernel
void dot(int n, double x[n], double y[n], double s[1]) {
  for (int j = 0; j < n; j++)
    s[0] += x[j] * y[j];
}
