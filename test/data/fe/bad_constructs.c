struct pt { double x; };
double g(double);

void bad(int n, double *A, double B[10][10], int *idx, struct pt *q) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    while (n > 0)
      n--;
    A[idx[i]] = 1.0;
    B[i][0] = g(A[i]);
    if (i > 2)
      break;
    q->x = 0.0;
    for (j = 0; j < n; j += n)
      A[j] = 0.0;
    for (j = 0; j < n; j++)
      j = j + 2;
  }
#pragma endscop
}
