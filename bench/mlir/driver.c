/* driver.c — adapts the MLIR anchor (bench/mlir/bmm.mlir lowered by
 * bench/mlir/build.sh) to bench/harness.c (-DBENCH_BMM): the lowered
 * function takes the three arrays as bare pointers (static shapes
 * 6x196x2305, 6x2305x256, 6x196x256, row-major) and adds A.B to C. */
void bmm_mlir(float *A, float *B, float *C);
void bench_kernel(float *A, float *B, float *C);
void bench_kernel(float *A, float *B, float *C) { bmm_mlir(A, B, C); }
