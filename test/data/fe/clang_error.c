void f(int n, double *A) {
  for (int i = 0; i < n; i++)
    A[i] = undeclared_thing;
}
