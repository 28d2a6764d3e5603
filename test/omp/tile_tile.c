/* A tile stacked on a tile (the upper one tiles the floor loops of the
 * lower one) and an unroll full stacked on a tile, in a loop kernel. */
#include <stdio.h>

int order[12][10];
int seq[20];

int main(void) {
  int cnt = 0;
#pragma schedcc kernel
#pragma omp tile sizes(2, 2)
#pragma omp tile sizes(3, 2)
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 10; j++) {
      cnt = cnt + 1;
      order[i][j] = cnt;
    }
  int t = 0;
#pragma scop
#pragma omp unroll full
#pragma omp tile sizes(6)
  for (int i = 0; i < 20; i++) {
    t = t + i;
    seq[i] = t;
  }
#pragma endscop
  for (int i = 0; i < 12; i++) {
    for (int j = 0; j < 10; j++)
      printf(" %3d", order[i][j]);
    printf("\n");
  }
  for (int i = 0; i < 20; i++)
    printf(" %d", seq[i]);
  printf("\n");
  return 0;
}
