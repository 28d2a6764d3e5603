/* seidel-2d.c — PolyBench/C 4.2.1-style seidel-2d: in-place 9-point
 * Gauss-Seidel sweeps (loop bounds written with <=).
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 10
#define N 100
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

static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[N][N]) {
  int t, i, j;

#pragma scop
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
#pragma endscop
}

static DATA_TYPE A[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
  kernel_seidel_2d(TSTEPS, N, A);
  print_array("A", &A[0][0], (size_t)N * N);
  return 0;
}
