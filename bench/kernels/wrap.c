/* wrap.c — adapts a kernel source file to the harness: compiled with
 * -DKERNEL_SOURCE='"path.c"' -DKERNEL_FN=name and -DBENCH_BMM or
 * -DBENCH_SGEMM=n.  The kernel file's own main is excluded with
 * SCHEDCC_NO_MAIN.  Including the source lets every variant be compiled
 * (and inlined) the same way. */
#define SCHEDCC_NO_MAIN 1
#include KERNEL_SOURCE

void bench_kernel(float *A, float *B, float *C);
void bench_kernel(float *A, float *B, float *C) {
#if defined(BENCH_BMM)
  KERNEL_FN((float(*)[196][2305])A, (float(*)[2305][256])B,
            (float(*)[196][256])C);
#else
  KERNEL_FN(BENCH_SGEMM, (float(*)[BENCH_SGEMM])A, (float(*)[BENCH_SGEMM])B,
            (float(*)[BENCH_SGEMM])C);
#endif
}
