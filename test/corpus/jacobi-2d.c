/* jacobi-2d.c — PolyBench/C 4.2.1-style jacobi-2d: 2-D five-point Jacobi
 * stencil over two buffers under a time loop.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 20
#define N 90
#define DATA_TYPE double

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

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[n][n],
                             DATA_TYPE B[n][n]) {
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                         A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                         B[i - 1][j]);
  }
#pragma endscop
}

int main(void) {
  DATA_TYPE(*A)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE(*B)[N] = malloc(sizeof(DATA_TYPE[N][N]));
  if (!A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / N;
    }
  kernel_jacobi_2d(TSTEPS, N, A, B);
  print_array("A", &A[0][0], (size_t)N * N);
  print_array("B", &B[0][0], (size_t)N * N);
  free(A), free(B);
  return 0;
}
