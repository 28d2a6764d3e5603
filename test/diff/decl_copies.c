/* Scalars declared in loop bodies, in the copies that transforms make of
 * those bodies (unroll-and-jam, unroll, peel, split, fuse): every copy
 * declares its own variable, so the generated C compiles (no
 * "redefinition of 'd'") and each copy computes with its own value (the
 * jammed copies of an inner loop's body declare d(i), d(i+1), ... before
 * their uses).  Sizes are not multiples of the factors: remainder loops. */
#include <stdio.h>

enum { N = 7, M = 5, K = 6 };

/* a declaration inside the inner loop's body */
#pragma schedcc kernel
static void inner_decl(int n, int m, float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float d = A[i][j] * 2.0f + (float)i;
      B[i][j] = d * d - (float)j;
    }
}

/* a declaration in j's body read by a loop nested under it */
#pragma schedcc kernel
static void deep_decl(int n, int m, int p, float A[n][m], float Bm[m][p],
                      float C[n][p]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = A[i][j] * 0.5f;
      for (int k = 0; k < p; k++)
        C[i][k] += s * Bm[j][k];
    }
}

/* llama2.c's matmul with VLA parameters: `val` declared in i's body */
#pragma schedcc kernel
static void matmul(int n, int d, float xout[d], float x[n], float w[d][n]) {
  int i;
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++) {
      val += w[i][j] * x[j];
    }
    xout[i] = val;
  }
}

/* a declaration at the top of the unrolled loop's body */
#pragma schedcc kernel
static void top_decl(int n, float a[n], float b[n]) {
  for (int i = 0; i < n; i++) {
    float t = a[i] * a[i];
    b[i] = t + 1.0f / (t + 1.0f);
  }
}

/* two copies of one loop (peel, split) fused back together */
#pragma schedcc kernel
static void clones(float a[10], float b[10], float c[10]) {
  for (int i = 0; i < 10; i++) {
    float t = a[i] + 1.0f;
    b[i] = t * t;
  }
  for (int i = 0; i < 10; i++) {
    float u = b[i] * 0.25f;
    c[i] = u - a[i];
  }
}

/* two loops declaring one name, fused */
#pragma schedcc kernel
static void same_name(float a[10], float b[10], float c[10]) {
  for (int i = 0; i < 10; i++) {
    float t = a[i] * 3.0f;
    b[i] = t - 1.0f;
  }
  for (int i = 0; i < 10; i++) {
    float t = a[i] - b[i];
    c[i] += t * t;
  }
}

int main(void) {
  float A[N][M], B[N][M], Bm[M][K], C[N][K], x[M], xo[N], a[10], b[10], c[10];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (float)(i * M + j) / 3.0f;
  for (int j = 0; j < M; j++) {
    x[j] = 1.0f / (float)(j + 2);
    for (int k = 0; k < K; k++)
      Bm[j][k] = (float)(j - k) / 7.0f;
  }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      C[i][k] = (float)i;
  for (int i = 0; i < 10; i++)
    a[i] = (float)i / 3.0f;
  inner_decl(N, M, A, B);
  deep_decl(N, M, K, A, Bm, C);
  matmul(M, N, xo, x, A);
  top_decl(10, a, b);
  clones(a, b, c);
  same_name(a, b, c);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      printf("%a ", (double)B[i][j]);
    for (int k = 0; k < K; k++)
      printf("%a ", (double)C[i][k]);
    printf("%a\n", (double)xo[i]);
  }
  for (int i = 0; i < 10; i++)
    printf("%a %a\n", (double)b[i], (double)c[i]);
  return 0;
}
