/* loop.scalar_replace of a loop that may run zero times: row sums of a
 * ROWS x len matrix, each added into the slot of `out` its row names.
 * With len = 0 the slots are left far outside `out` (no row has values,
 * so none is used): the element kept in a register must then be neither
 * loaded before the k loop nor stored after it, and the transformed
 * kernel guards both with `if (0 < len)`.  Then len = 12 with valid slots.
 * Bit-exact: the values are multiples of 1/4, so their sums are exact in
 * any order (sr_empty.vectorize reassociates them). */
#include <stdio.h>
#define ROWS 6
#define LEN 12
static int slot[ROWS];
static float val[ROWS][LEN];
static float out[3];

static void rowsums(int rows, int len) {
#pragma scop
  for (int i = 0; i < rows; i++)
    for (int k = 0; k < len; k++)
      out[slot[i]] += val[i][k];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < ROWS; i++)
    for (int k = 0; k < LEN; k++)
      val[i][k] = (float)((i * 7 + k * 3) % 5) / 4.0f - 0.5f;
  for (int s = 0; s < 3; s++)
    out[s] = (float)s;
  for (int i = 0; i < ROWS; i++)
    slot[i] = (i % 2 ? 1 : -1) * (1 << 30);
  rowsums(ROWS, 0);
  for (int i = 0; i < ROWS; i++)
    slot[i] = (i * 5) % 3;
  rowsums(ROWS, LEN);
  for (int s = 0; s < 3; s++)
    printf("%a\n", (double)out[s]);
  return 0;
}
