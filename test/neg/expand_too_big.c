/* expand_too_big.c — loop.expand_scalar of a loop of 300000 iterations:
 * the expanded array (1.2 MB of floats) would not fit the stack budget of
 * a kernel (1 MiB; issue 27). */
#pragma schedcc kernel
void k(const float a[300000], float b[300000]) {
  float t;
  for (int i = 0; i < 300000; i++) {
    t = a[i] * 2.0f;
    b[i] = t + 1.0f;
  }
}
