#pragma schedcc schedule(k.sched)
void f(int n, double *A) {
#pragma schedcc kernel
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
