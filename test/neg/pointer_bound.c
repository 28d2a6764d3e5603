/* Pointer arithmetic in a loop bound: bounds must be affine in integer
 * parameters and outer induction variables. */
#pragma schedcc kernel
void fill(double *begin, double *end, double A[100]) {
  for (int i = 0; i < end - begin; i++)
    A[i] = 0.0;
}
