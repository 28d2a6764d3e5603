/* A pointer parameter (no extent) prefetched on a loop counting down: the
 * iteration it would be clamped to, the last one, is not ub - 1. */
#pragma schedcc kernel
void rev(int n, float *x, float a) {
  for (int i = n - 1; i >= 0; i--)
    x[i] = a * x[i];
}
