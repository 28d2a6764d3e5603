/* A call to a function that is not from <math.h>: its effects are
 * unknown, so no transform could be proven legal. */
static double weight(int i) { return 1.0 / (i + 1); }

#pragma schedcc kernel
void weigh(int n, double A[100]) {
  for (int i = 0; i < n; i++)
    A[i] = weight(i) * A[i];
}
