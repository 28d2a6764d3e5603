#include <stdint.h>
/* Golden: the Transform dialect paper's Figure 9 schedule on a small
 * batch matmul (20 rows: split by 8 leaves a remainder of 4). */
void bmm(float A[2][20][8], float B[2][8][16], float C[2][20][16]) {
  if (((uintptr_t)A + 320 * sizeof(float) <= (uintptr_t)C || (uintptr_t)C + 640 * sizeof(float) <= (uintptr_t)A) && ((uintptr_t)B + 256 * sizeof(float) <= (uintptr_t)C || (uintptr_t)C + 640 * sizeof(float) <= (uintptr_t)B)) {
    for (int b = 0; b < 2; b++) {
      for (int i_t = 0; i_t < 16; i_t += 8) {
        for (int j_t = 0; j_t < 16; j_t += 8) {
          for (int i = i_t; i < i_t + 8; i++) {
            for (int j = j_t; j < j_t + 8; j++) {
              for (int k = 0; k < 8; k++) {
                C[b][i][j] += A[b][i][k] * B[b][k][j];
              }
            }
          }
        }
      }
      for (int j = 0; j < 16; j++) {
        for (int k = 0; k < 8; k++) {
          C[b][16][j] += A[b][16][k] * B[b][k][j];
        }
      }
      for (int j = 0; j < 16; j++) {
        for (int k = 0; k < 8; k++) {
          C[b][17][j] += A[b][17][k] * B[b][k][j];
        }
      }
      for (int j = 0; j < 16; j++) {
        for (int k = 0; k < 8; k++) {
          C[b][18][j] += A[b][18][k] * B[b][k][j];
        }
      }
      for (int j = 0; j < 16; j++) {
        for (int k = 0; k < 8; k++) {
          C[b][19][j] += A[b][19][k] * B[b][k][j];
        }
      }
    }
  } else {
    for (int b = 0; b < 2; b++) {
      for (int i = 0; i < 20; i++) {
        for (int j = 0; j < 16; j++) {
          for (int k = 0; k < 8; k++) {
            C[b][i][j] += A[b][i][k] * B[b][k][j];
          }
        }
      }
    }
  }
}
