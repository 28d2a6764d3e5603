/* Subscripts through narrowing casts: (unsigned char)j wraps around for
 * j >= 256, so buf[(unsigned char)j] with j up to 511 touches each element
 * twice.  The dependence analysis must not read the cast as the identity. */
void sweep(double buf[256]) {
#pragma scop
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 512; j++)
      buf[(unsigned char)j] = buf[(unsigned char)j] * 0.5 + i + j;
#pragma endscop
}

void histogram(int n, double buf[256], double x[]) {
#pragma scop
  for (int i = 0; i < n; i++)
    buf[(unsigned char)i] = buf[(unsigned char)i] + x[i];
#pragma endscop
}
