/* A pointer parameter declares no extent: the prefetched address could not
 * be clamped into the array. */
#pragma schedcc kernel
void scale(int n, float *x, float a) {
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}
