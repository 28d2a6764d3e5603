/* The explicit 1-D heat equation as a teaching or simulation code in C
 * writes it: the time loop inside, a new array from the old, then the
 * copy back, fixed (Dirichlet) ends. */
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void heat1d(double *u, double *unew, int nx, int nsteps, double r) {
  for (int step = 0; step < nsteps; step++) {
    for (int i = 1; i < nx - 1; i++) {
      unew[i] = u[i] + r * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    }
    for (int i = 1; i < nx - 1; i++) {
      u[i] = unew[i];
    }
  }
}

int main(void) {
  int shapes[][2] = {{64, 10}, {37, 7}, {3, 2}, {2, 5}, {20, 0}};
  for (int s = 0; s < 5; s++) {
    int nx = shapes[s][0], nsteps = shapes[s][1];
    double *u = malloc(sizeof(double) * (size_t)(nx + 1));
    double *unew = malloc(sizeof(double) * (size_t)(nx + 1));
    realc_filld(u, nx + 1);
    for (int i = 0; i <= nx; i++)
      unew[i] = u[i];
    heat1d(u, unew, nx, nsteps, 0.25);
    realc_printd("u", u, nx);
  }
  return 0;
}
