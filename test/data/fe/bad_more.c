void more(int n, double *A, double *p) {
  int i;
#pragma schedcc kernel
  for (i = 0; i < n; i++) {
    A[i] = *p;
    goto out;
  }
#pragma schedcc kernel
  for (i = 0; i < n; i++)
    do {
      A[i] = 0;
    } while (0);
out:
  return;
}

#pragma schedcc kernel
int ret(int n, double *A) {
  for (int i = 0; i < n; i++) {
    switch (i) {
    default:
      A[i] = 1;
    }
    continue;
  }
  return 0;
}
