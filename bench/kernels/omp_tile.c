/* omp_tile.c — the plain loop nest with OpenMP 5.1 `#pragma omp tile
 * sizes(32, 32)` on the i, j loops, as clang-19 -fopenmp compiles it (the
 * reference the paper's own schedule only matched). */
void bench_kernel(float *A, float *B, float *C);
#if defined(BENCH_BMM)
void bench_kernel(float *Ap, float *Bp, float *Cp) {
  float(*A)[196][2305] = (float(*)[196][2305])Ap;
  float(*B)[2305][256] = (float(*)[2305][256])Bp;
  float(*C)[196][256] = (float(*)[196][256])Cp;
  for (int b = 0; b < 6; b++)
#pragma omp tile sizes(32, 32)
    for (int i = 0; i < 196; i++)
      for (int j = 0; j < 256; j++)
        for (int k = 0; k < 2305; k++)
          C[b][i][j] += A[b][i][k] * B[b][k][j];
}
#else
enum { n = BENCH_SGEMM };
void bench_kernel(float *Ap, float *Bp, float *Cp) {
  float(*A)[n] = (float(*)[n])Ap, (*B)[n] = (float(*)[n])Bp,
       (*C)[n] = (float(*)[n])Cp;
#pragma omp tile sizes(32, 32)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}
#endif
