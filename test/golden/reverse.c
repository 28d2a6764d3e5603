/* reverse.c — loop.reverse of a loop counting up over parameters (its
 * start ub - 1 under a test that it runs, its end lo - 1 checked at run
 * time), of a loop counting down over constants (nothing to check), and
 * of the point loop of a tile (bounds over the tile loop). */
#pragma schedcc kernel
void up(int lo, int n, float a[1000], const float b[1000]) {
  for (int i = lo; i < n; i++)
    a[i] = b[i] * 2.0f;
}

#pragma schedcc kernel
void down(float a[1000]) {
  for (int i = 999; i >= 0; i--)
    a[i] += 1.0f;
}

#pragma schedcc kernel
void tiled(int n, float a[1000], const float b[1000]) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] + b[i];
}
