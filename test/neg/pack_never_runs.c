/* pack_never_runs.c — a loop of 3 iterations all peeled off: the rest
 * loop never runs, and a copy into a pack buffer would be read by nobody
 * (found by the guided random tester, seed 1, kernel 19). */
#pragma schedcc kernel
void k(float a[8], float b[8][8]) {
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 8; j++)
      a[j] += b[i][j];
}
