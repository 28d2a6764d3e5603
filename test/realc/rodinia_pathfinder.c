/* One row step of a dynamic-programming path search in the style of a
 * heterogeneous-computing benchmark suite: each cell adds its wall cost
 * to the cheapest of the three cells above it, the minimum kept in a
 * function-scope temporary and narrowed with conditionals at the edges. */
#include <stdlib.h>
#include "realc.h"

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

#pragma schedcc kernel
void pathfinder_step(int *dst, const int *src, const int *wall_row, int cols) {
  int min;
  for (int n = 0; n < cols; n++) {
    min = src[n];
    if (n > 0)
      min = MIN(min, src[n - 1]);
    if (n < cols - 1)
      min = MIN(min, src[n + 1]);
    dst[n] = wall_row[n] + min;
  }
}

int main(void) {
  int shapes[][2] = {{9, 33}, {5, 16}, {3, 1}, {2, 0}};
  for (int s = 0; s < 4; s++) {
    int rows = shapes[s][0], cols = shapes[s][1];
    int *wall = malloc(sizeof(int) * (size_t)(rows * cols + 1));
    int *a = malloc(sizeof(int) * (size_t)(cols + 1));
    int *b = malloc(sizeof(int) * (size_t)(cols + 1));
    for (int i = 0; i < rows * cols; i++)
      wall[i] = (int)(realc_next_u() % 10);
    for (int n = 0; n < cols; n++)
      a[n] = wall[n];
    for (int t = 1; t < rows; t++) {
      pathfinder_step(b, a, wall + t * cols, cols);
      int *sw = a; a = b; b = sw;
    }
    printf("path:");
    for (int n = 0; n < cols; n++)
      printf(" %d", a[n]);
    printf("\n");
    free(wall); free(a); free(b);
  }
  return 0;
}
