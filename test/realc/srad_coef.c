/* The diffusion coefficients of speckle-reducing anisotropic diffusion, in
 * the style of a heterogeneous-computing benchmark suite: the flattened
 * index in a function-scope int assigned in the loop body (forward-
 * substituted), north/south neighbours through index arrays (a gather: the
 * outputs are restrict, so no overlap check is needed). */
#include <stdio.h>
#pragma schedcc kernel
void srad_coef(const float *J, float *restrict dN, float *restrict dS,
               float *restrict c, const int *iN,
               const int *iS, int rows, int cols, float q0sqr) {
  int k;
  float Jc, G2;
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      k = i * cols + j;
      Jc = J[k];
      dN[k] = J[iN[i] * cols + j] - Jc;
      dS[k] = J[iS[i] * cols + j] - Jc;
      G2 = (dN[k] * dN[k] + dS[k] * dS[k]) / (Jc * Jc + 1.0f);
      c[k] = 1.0f / (1.0f + G2 + q0sqr);
    }
  }
}
int main(void) {
  enum { R = 5, C = 6 };
  float J[R * C], dN[R * C], dS[R * C], c[R * C];
  int iN[R], iS[R];
  for (int i = 0; i < R * C; i++) J[i] = (float)(i % 7) * 0.5f + 1.0f;
  for (int i = 0; i < R; i++) { iN[i] = i > 0 ? i - 1 : 0; iS[i] = i < R - 1 ? i + 1 : R - 1; }
  srad_coef(J, dN, dS, c, iN, iS, R, C, 0.25f);
  for (int i = 0; i < R * C; i++) printf("%a %a %a\n", dN[i], dS[i], c[i]);
  return 0;
}
