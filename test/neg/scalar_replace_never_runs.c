/* scalar_replace_never_runs.c — a loop of 3 iterations unrolled and
 * jammed by 4: its main loop never runs, and the elements scalar
 * replacement would load into registers before it would be read by
 * nobody (found by the guided random tester, seed 4344, kernel 61). */
#pragma schedcc kernel
void k(float a[8][8], const float b[8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 3; j++)
      a[i][0] = a[i][0] * 0.5f + b[j] + a[i][1];
}
