/* jacobi-1d.c — PolyBench/C 4.2.1-style jacobi-1d: 1-D three-point Jacobi
 * stencil over two buffers, in single precision.
 * Written for the schedcc test corpus. */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 40
#define N 401
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

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE A[N],
                             DATA_TYPE B[N]) {
  int t, i;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

static DATA_TYPE A[N], B[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = ((DATA_TYPE)i + 2) / N;
    B[i] = ((DATA_TYPE)i + 3) / N;
  }
  kernel_jacobi_1d(TSTEPS, N, A, B);
  print_array("A", A, N);
  print_array("B", B, N);
  return 0;
}
