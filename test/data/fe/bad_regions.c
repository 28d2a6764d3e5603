#pragma schedcc kernel
void outer(int n, double *A) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = 0;
#pragma endscop
}

void lone(int n, double *A) {
#pragma schedcc kernel
  A[0] = 1;
#pragma schedcc label(x)
  A[1] = 2;
#pragma scop
  A[2] = 3;
}
