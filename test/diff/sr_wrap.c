/* A loop `k = u .. u + 4u` over unsigned ints runs zero times when u + 4u
 * wraps around (u = UINT_MAX - 1): its bounds are 4 apart as expressions
 * but not as values, so loop.scalar_replace and loop.vectorize must still
 * guard what they move around it (the element kept in a register, the
 * final update of a sum) with `if (u < u + 4u)`: called with s and x
 * NULL, the unguarded code crashed.  Then a call that runs, with values
 * that are multiples of 1/4 (their sums exact in any order: bit-exact). */
#include <limits.h>
#include <stdio.h>

__attribute__((noinline)) static void sum4(unsigned u, float *restrict s, const float *restrict x) {
#pragma scop
  for (unsigned k = u; k < u + 4u; k++)
    s[0] += x[k];
#pragma endscop
}

int main(void) {
  static float x[8], s[1];
  for (int k = 0; k < 8; k++)
    x[k] = (float)(k * 3 % 7) / 4.0f - 0.75f;
  /* volatile, so that the compiler cannot see that the first call's loop
   * is empty and drop what would fault */
  volatile unsigned big = UINT_MAX - 1u, two = 2u;
  float *volatile none = NULL;
  sum4(big, none, none);
  s[0] = 0.5f;
  sum4(two, s, x);
  printf("%a\n", (double)s[0]);
  return 0;
}
