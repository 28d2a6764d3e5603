/* A goto in a kernel: control flow must be structured. */
#pragma schedcc kernel
void twice(int n, double A[100]) {
  for (int i = 0; i < n; i++) {
    A[i] = 1.0;
    goto next;
  next:
    A[i] += 1.0;
  }
}
