/* A pointer parameter whose accessed elements isl cannot bound (y[i * i]):
 * there is no range to clamp the prefetched addresses into. */
#pragma schedcc kernel
void scale(int n, float *x, const float *y, float a) {
  for (int i = 0; i < n; i++)
    x[i] = a * y[i * i];
}
