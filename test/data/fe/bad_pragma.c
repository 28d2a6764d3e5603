void f(int n, double *A) {
#pragma schedcc kernal
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
