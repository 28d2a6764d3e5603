/* Induction variables declared before the kernel and read after it: the
 * value the loops leave in them is part of the result, so a transform
 * that changes it (fusion with other bounds, a parallel loop's private
 * copies, a masked vector remainder, skewing, a full unroll, the guard of
 * a hoisted loop) is refused. */
int res[2];

void two(int n, double A[200], double B[200]) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = A[i] + 1.0;
  for (i = 2; i < n - 3; i++)
    B[i] = B[i] * 2.0;
#pragma endscop
  res[0] = i;
}

void tri(int n, double C[200][200]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      C[i][j] = C[i][j] + 1.0;
#pragma endscop
  res[0] = i;
  res[1] = j;
}

void sum(int n, double A[300][300], double x[300], double *out) {
  int i, j;
  double s = 0.0;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      s += A[i][j] * x[j];
#pragma endscop
  *out = s + i + j;
}

void four(double x[4]) {
  int i;
#pragma scop
  for (i = 0; i < 4; i++)
    x[i] = x[i] * 2.0;
#pragma endscop
  res[0] = i;
}

void scale(int n, double a, double b, double x[300]) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = x[i] * (a * b);
#pragma endscop
  res[0] = i;
}
