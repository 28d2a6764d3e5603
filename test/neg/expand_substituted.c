/* `k` holds a flattened index, assigned in the loop: the frontend replaces
 * its reads by the value and drops the dead store, so no scalar is left
 * for loop.expand_scalar to expand. */
#pragma schedcc kernel
void flat(int rows, int cols, float *a, const float *b) {
  int k;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      k = i * cols + j;
      a[k] = 2.0f * b[k];
    }
}
