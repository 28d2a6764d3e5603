#include <stdint.h>
/* reverse.c — loop.reverse of a loop counting up over parameters (its
 * start ub - 1 under a test that it runs, its end lo - 1 checked at run
 * time), of a loop counting down over constants (nothing to check), and
 * of the point loop of a tile (bounds over the tile loop). */
void up(int lo, int n, float a[1000], const float b[1000]) {
  if (((long long)lo - 1 >= (-2147483647 - 1)) && ((uintptr_t)a + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)b + (uintptr_t)(lo) * sizeof(float) || (uintptr_t)b + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)a + (uintptr_t)(lo) * sizeof(float))) {
    if (lo < n) {
      for (int i = n - 1; i >= lo; i--) {
        a[i] = b[i] * 2.0f;
      }
    }
  } else {
    for (int i = lo; i < n; i++) {
      a[i] = b[i] * 2.0f;
    }
  }
}

void down(float a[1000]) {
  for (int i = 0; i < 1000; i++) {
    a[i] += 1.0f;
  }
}

void tiled(int n, float a[1000], const float b[1000]) {
  if ((uintptr_t)a + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)b || (uintptr_t)b + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)a) {
    for (long long i_t = 0; i_t < n; i_t += 32) {
      if (i_t < (i_t + 32LL < n ? i_t + 32LL : n)) {
        for (int i = (i_t + 32LL < n ? i_t + 32LL : n) - 1LL; i >= i_t; i--) {
          a[i] = a[i] + b[i];
        }
      }
    }
  } else {
    for (int i = 0; i < n; i++) {
      a[i] = a[i] + b[i];
    }
  }
}
