/* The diffusion-coefficient pass of speckle-reducing anisotropic
 * diffusion in the style of a heterogeneous-computing benchmark suite:
 * neighbour rows and columns through index arrays (clamped at the
 * borders), function-scope temporaries, the coefficient clamped to [0, 1]. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void srad_coeff(const float *J, float *dN, float *dS, float *dW, float *dE,
                float *c, const int *iN, const int *iS, const int *jW,
                const int *jE, int rows, int cols, float q0sqr) {
  int k;
  float Jc, G2, L, num, den, qsqr;
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      k = i * cols + j;
      Jc = J[k];
      dN[k] = J[iN[i] * cols + j] - Jc;
      dS[k] = J[iS[i] * cols + j] - Jc;
      dW[k] = J[i * cols + jW[j]] - Jc;
      dE[k] = J[i * cols + jE[j]] - Jc;
      G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
      L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
      num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
      den = 1 + (.25f * L);
      qsqr = num / (den * den);
      den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
      c[k] = 1.0f / (1.0f + den);
      if (c[k] < 0) {
        c[k] = 0;
      } else if (c[k] > 1) {
        c[k] = 1;
      }
    }
  }
}

static void run(int rows, int cols) {
  int n = rows * cols + 1;
  float *J = malloc(sizeof(float) * (size_t)n);
  float *d[5];
  for (int q = 0; q < 5; q++)
    d[q] = malloc(sizeof(float) * (size_t)n);
  int *iN = malloc(sizeof(int) * (size_t)(rows + 1)), *iS = malloc(sizeof(int) * (size_t)(rows + 1));
  int *jW = malloc(sizeof(int) * (size_t)(cols + 1)), *jE = malloc(sizeof(int) * (size_t)(cols + 1));
  for (int i = 0; i < rows; i++) {
    iN[i] = i == 0 ? 0 : i - 1;
    iS[i] = i == rows - 1 ? rows - 1 : i + 1;
  }
  for (int j = 0; j < cols; j++) {
    jW[j] = j == 0 ? 0 : j - 1;
    jE[j] = j == cols - 1 ? cols - 1 : j + 1;
  }
  for (int i = 0; i < n; i++)
    J[i] = realc_next_in(4, 12);
  srad_coeff(J, d[0], d[1], d[2], d[3], d[4], iN, iS, jW, jE, rows, cols, 0.25f);
  for (int q = 0; q < 5; q++)
    realc_print("srad", d[q], n - 1);
  free(J); free(iN); free(iS); free(jW); free(jE);
  for (int q = 0; q < 5; q++)
    free(d[q]);
}

int main(void) {
  run(6, 9);
  run(4, 16);
  run(1, 1);
  run(0, 3);
  return 0;
}
