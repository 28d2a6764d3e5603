/* tile + unroll: a 2-D tile whose innermost body holds a loop unrolled by
 * its own directive, and an unroll partial stacked on a tile (OpenMP 5.1:
 * it applies to the outermost loop the tile generates, the first floor
 * loop).  The visit order is recorded. */
#include <stdio.h>

int order[9][11];
double c[9][11], a[9][5], b[5][11];

int main(void) {
  for (int i = 0; i < 9; i++)
    for (int k = 0; k < 5; k++)
      a[i][k] = i + 0.5 * k;
  for (int k = 0; k < 5; k++)
    for (int j = 0; j < 11; j++)
      b[k][j] = k - 0.25 * j;
  int cnt = 0;
#pragma scop
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 11; j++) {
      cnt = cnt + 1;
      order[i][j] = cnt;
#pragma omp unroll partial(2)
      for (int k = 0; k < 5; k++)
        c[i][j] = c[i][j] + a[i][k] * b[k][j];
    }
#pragma omp unroll partial(2)
#pragma omp tile sizes(2, 3)
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 11; j++) {
      cnt = cnt + 1;
      order[i][j] = order[i][j] * 1000 + cnt;
    }
#pragma endscop
  for (int i = 0; i < 9; i++) {
    for (int j = 0; j < 11; j++)
      printf(" %d:%g", order[i][j], c[i][j]);
    printf("\n");
  }
  return 0;
}
