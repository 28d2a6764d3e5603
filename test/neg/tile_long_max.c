/* tile_long_max.c — a long loop up to LONG_MAX: tiled by 16, its tile loop
 * would step past LONG_MAX, and no wider type holds it (issue 27). */
#include <limits.h>

#pragma schedcc kernel
void k(long lo, float a[64]) {
  for (long i = lo; i < LONG_MAX; i++)
    a[i - lo] += 1.0f;
}
