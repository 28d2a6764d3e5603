/* harness.c — times one kernel variant.  Linked with exactly one
 * implementation of `void bench_kernel(float *A, float *B, float *C)` (a
 * schedcc output, the plain C under some compiler, or a library call) for
 * the problem chosen at compile time:
 *   -DBENCH_BMM          C[b][i][j] += A[b][i][k] * B[b][k][j], 6x196x256x2305
 *   -DBENCH_SGEMM=<n>    C[i][j] += A[i][k] * B[k][j], n x n x n, row-major
 * Runs the kernel once (warm-up; the checksum is taken after it), then
 * `reps` times (argv[1], default 5), prints "<median ms> <min ms> <GFLOP/s of
 * the median> <checksum>" on stdout.  The checksum (sum of C as double) lets
 * the runner flag a variant that computes something else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"

#if defined(BENCH_BMM)
enum { NB = 6, NI = 196, NJ = 256, NK = 2305 };
#elif defined(BENCH_SGEMM)
enum { NB = 1, NI = BENCH_SGEMM, NJ = BENCH_SGEMM, NK = BENCH_SGEMM };
#else
#error "define BENCH_BMM or BENCH_SGEMM=<n>"
#endif

void bench_kernel(float *A, float *B, float *C);

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  if (reps < 1 || reps > 100)
    reps = 5;
  size_t na = (size_t)NB * NI * NK, nb = (size_t)NB * NK * NJ,
         nc = (size_t)NB * NI * NJ;
  float *A = alloc_fill(na, 1), *B = alloc_fill(nb, 2), *C = alloc_fill(nc, 3);
  bench_kernel(A, B, C); /* warm-up, and the run the checksum sees */
  double check = 0;
  for (size_t i = 0; i < nc; i++)
    check += C[i];
  double *t = malloc((size_t)reps * sizeof(double));
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    bench_kernel(A, B, C);
    t[r] = now_ms() - t0;
  }
  qsort(t, (size_t)reps, sizeof(double), cmp_double);
  double med = t[reps / 2];
  double flops = 2.0 * NB * NI * NJ * (double)NK;
  printf("%.3f %.3f %.2f %.6e\n", med, t[0], flops / med * 1e-6, check);
  free(t);
  free(A);
  free(B);
  free(C);
  return 0;
}
