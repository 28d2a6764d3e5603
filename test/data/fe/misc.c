#define N 100

int cnt[N];

#pragma schedcc kernel
static void tri(int n, double A[N][N], double b[N]) {
  int i, j;
  for (i = 0; n > i; i = i + 1) {
#pragma schedcc label(inner)
    for (j = 0; j <= i; j++) {
      double t = A[i][j] * 2;
      A[j][i] = !(t > 0) ? t : -t;
      b[i] -= A[i][j] / 3;
      cnt[j % 4]++;
    }
  }
}

void twice(int n, double *x) {
  int i;
#pragma scop
  for (i = 1; i < n; i = 2 + i) {
    x[i] = x[i - 1];
  }
#pragma endscop
}
