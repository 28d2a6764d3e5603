/* heat-3d.c — PolyBench/C 4.2.1-style heat-3d: 3-D heat equation, a
 * 7-point stencil over two buffers, in single precision with float
 * literals.  Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 10
#define N 24
#define DATA_TYPE float

/* Prints an array bit-exactly: the FNV-1a 64-bit hash of its bytes (any
 * 1-ulp difference changes it), then about 64 elements in %a (exact hex
 * floating point) to help locate a difference. */
static void print_array(const char *name, const DATA_TYPE *p, size_t count) {
  const unsigned char *bytes = (const unsigned char *)p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < count * sizeof *p; i++) {
    h ^= bytes[i];
    h *= 1099511628211u;
  }
  printf("%s: %zu elements, fnv1a64 %016" PRIx64 "\n", name, count, h);
  size_t step = count > 64 ? count / 64 : 1;
  for (size_t i = 0; i < count; i += step)
    printf("%s[%zu] = %a\n", name, i, (double)p[i]);
  printf("%s[%zu] = %a\n", name, count - 1, (double)p[count - 1]);
}

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[n][n][n],
                           DATA_TYPE B[n][n][n]) {
  int t, i, j, k;

#pragma scop
  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++) {
      for (j = 1; j < n - 1; j++) {
        for (k = 1; k < n - 1; k++) {
          B[i][j][k] =
              0.125f * (A[i + 1][j][k] - 2.0f * A[i][j][k] + A[i - 1][j][k]) +
              0.125f * (A[i][j + 1][k] - 2.0f * A[i][j][k] + A[i][j - 1][k]) +
              0.125f * (A[i][j][k + 1] - 2.0f * A[i][j][k] + A[i][j][k - 1]) +
              A[i][j][k];
        }
      }
    }
    for (i = 1; i < n - 1; i++) {
      for (j = 1; j < n - 1; j++) {
        for (k = 1; k < n - 1; k++) {
          A[i][j][k] =
              0.125f * (B[i + 1][j][k] - 2.0f * B[i][j][k] + B[i - 1][j][k]) +
              0.125f * (B[i][j + 1][k] - 2.0f * B[i][j][k] + B[i][j - 1][k]) +
              0.125f * (B[i][j][k + 1] - 2.0f * B[i][j][k] + B[i][j][k - 1]) +
              B[i][j][k];
        }
      }
    }
  }
#pragma endscop
}

int main(void) {
  DATA_TYPE(*A)[N][N] = malloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE(*B)[N][N] = malloc(sizeof(DATA_TYPE[N][N][N]));
  if (!A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)(i + j + (N - k)) * 10 / N;
  kernel_heat_3d(TSTEPS, N, A, B);
  print_array("A", &A[0][0][0], (size_t)N * N * N);
  print_array("B", &B[0][0][0], (size_t)N * N * N);
  free(A), free(B);
  return 0;
}
