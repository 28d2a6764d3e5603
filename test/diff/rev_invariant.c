/* rev_invariant.c — a store running down the array of a value the loop
 * does not change: vectorized, it is the reversal of a broadcast (a
 * shuffle whose second operand is a placeholder), and loop.hoist moves
 * the broadcast out of the loop but not the placeholder, which the
 * emitters never print (hoisted, it was a variable nothing read: gcc
 * -Wunused-variable; the tester's seed 1, kernel 12). */
#include <stdio.h>

#pragma schedcc kernel
void fill_down(int n, int l, float a[80], const float b[80]) {
  for (int k = 0; k < n; k++)
    a[n + 1 - k] = (float)l * 0.5f + b[k];
}

int main(void) {
  static float a[80], b[80];
  for (int i = 0; i < 80; i++)
    b[i] = (float)(i % 9) - 4.0f;
  for (int n = 0; n < 70; n += 7)
    fill_down(n, n + 3, a, b);
  for (int i = 0; i < 80; i++)
    printf("%d %a\n", i, a[i]);
  return 0;
}
