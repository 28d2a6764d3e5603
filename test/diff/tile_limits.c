/* tile_limits.c — loops whose bounds reach the largest value of their
 * induction variable's type (issue 27): tiled, the tile loop's last
 * `i_t += 16` and the point loop's bound `i_t + 16` must not leave the
 * type (int: counted in long long; unsigned int the same; long with a
 * bound over parameters: versioned on `n <= LONG_MAX - 15`). */
#include <limits.h>
#include <stdio.h>

#pragma schedcc kernel
void up_int(int lo, float a[64]) {
  for (int i = lo; i < INT_MAX; i++)
    a[i - lo] += (float)(i - lo) * 0.5f;
}

#pragma schedcc kernel
void up_uint(unsigned lo, float a[64]) {
  for (unsigned i = lo; i < UINT_MAX; i++)
    a[i - lo] += (float)(i - lo) * 0.25f;
}

#pragma schedcc kernel
void up_long(long lo, long n, float a[64]) {
  for (long i = lo; i < n; i++)
    a[i - lo] += (float)(i - lo) * 2.0f;
}

int main(void) {
  float a[64] = {0}, b[64] = {0}, c[64] = {0}, d[64] = {0};
  up_int(INT_MAX - 50, a);
  up_uint(UINT_MAX - 37, b);
  up_long(LONG_MAX - 45, LONG_MAX, c); /* the check fails: the original */
  up_long(100, 160, d);                /* the check holds: the tiled loop */
  for (int i = 0; i < 64; i++)
    printf("%d %a %a %a %a\n", i, a[i], b[i], c[i], d[i]);
  return 0;
}
