void h(int n, double *A, double *B, double *P, double *Q, int *D) {
  int i;
#pragma scop
  for (i = 0; i < n; i--)
    A[i] = 0;
  for (i = 0; i < P - Q; i++)
    A[i] = 0;
  for (i = 0; i < n; i++) {
    A[i] = B[i] + *(&A[i]);
    B[i] = D[i] << 1;
    A[i] = (i, 2.0);
    D[i] = D[i] & 1;
    A[D[i]] += 1;
    A[i * i] = 0;
  }
  for (i = 0; i < D[0]; i++)
    A[i] = 0;
#pragma endscop
}

struct pt {
  double x;
};

#pragma schedcc kernel
void data_dep(int n, double *A, struct pt *unused, int m) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    k = k + 1;
    A[k] = 0;
    for (int j = 0; j < k; j++)
      A[j] += m;
  }
}
