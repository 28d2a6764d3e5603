/* A write through an indirect subscript (a scatter): the written element
 * is not an affine function of the loop indices, so dependences cannot be
 * computed. */
#pragma schedcc kernel
void scatter(int n, double A[100], int B[100], double x) {
  for (int i = 0; i < n; i++)
    A[B[i]] = x;
}
