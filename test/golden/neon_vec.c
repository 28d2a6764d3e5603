/* neon_vec.c — loop.vectorize for AArch64 NEON (neon_vec.flags targets
 * aarch64-linux-gnu): loads, stores, broadcasts, fused multiply-adds, a
 * reversed read, a sum reduction folded by vaddvq, and a 4 x 4
 * in-register transpose (vzip1q/vzip2q). */
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

#pragma schedcc kernel
void transpose(float A[8][12], float B[12][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 12; j++)
      B[j][i] = A[i][j];
}
