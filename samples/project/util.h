/* util.h — helpers of the sample project (no kernels). */
#ifndef UTIL_H
#define UTIL_H

#define N 96

void fill(int n, double *a, double seed);
double checksum(int n, const double *a);

void matmul(double C[N][N], double A[N][N], double B[N][N]);
void smooth(int n, double out[N][N], double in[N][N]);
void scale(int n, double *x, double f);

#endif
