/* A while loop in a kernel: the IR holds counted for loops only. */
#pragma schedcc kernel
void scale_down(int n, double A[100]) {
  while (n > 0) {
    n = n - 1;
    A[n] = 0.5 * A[n];
  }
}
