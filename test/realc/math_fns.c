/* The <math.h> functions schedcc reads in kernels, through both paths
 * (the .o path calls libm or an LLVM intrinsic for each). */
#include <math.h>
#include <stdio.h>
#pragma schedcc kernel
void f(double *o, const double *x, int n) {
  for (int i = 0; i < n; i++)
    o[i] = asinh(x[i]) + acosh(x[i] + 1.0) + atanh(x[i] * 0.25) + fdim(x[i], 0.5) + rint(x[i] * 3.0) + cosh(x[i]) + log1p(x[i]);
}
int main(void) { double x[5] = {0.5, 1, 1.5, 2, 0.25}, o[5]; f(o, x, 5); for (int i = 0; i < 5; i++) printf("%a ", o[i]); printf("\n"); return 0; }
