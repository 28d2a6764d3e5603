/* #pragma omp tile on a 2-D loop with partial tiles in both dimensions:
 * each element records when it was visited, so the tile order shows. */
#include <stdio.h>

#define TJ 3

int order[10][14];

static void visit(int n, int m) {
  int cnt = 0;
#pragma scop
#pragma omp tile sizes(4, TJ)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      cnt = cnt + 1;
      order[i][j] = cnt;
    }
#pragma endscop
}

int main(void) {
  visit(10, 14);
  for (int i = 0; i < 10; i++) {
    for (int j = 0; j < 14; j++)
      printf(" %3d", order[i][j]);
    printf("\n");
  }
  return 0;
}
