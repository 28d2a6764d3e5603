/* Particle and relaxation loops of C simulation codes: all-pairs gravity
 * on a structure of arrays with softening (accelerations accumulated per
 * particle), the leapfrog drift, and a 1-D Jacobi relaxation sweep that
 * also returns the largest change for the convergence test. */
#include <math.h>
#include <stdlib.h>
#include "realc.h"

#pragma schedcc kernel
void nbody_accel(float *ax, float *ay, float *az, const float *x,
                 const float *y, const float *z, const float *m, int n,
                 float eps2) {
  for (int i = 0; i < n; i++) {
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;
    for (int j = 0; j < n; j++) {
      float dx = x[j] - x[i];
      float dy = y[j] - y[i];
      float dz = z[j] - z[i];
      float d2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = 1.0f / sqrtf(d2);
      float s = m[j] * inv * inv * inv;
      fx += dx * s;
      fy += dy * s;
      fz += dz * s;
    }
    ax[i] = fx;
    ay[i] = fy;
    az[i] = fz;
  }
}

#pragma schedcc kernel
void leapfrog_drift(float *x, float *vx, const float *ax, int n, float dt) {
  for (int i = 0; i < n; i++) {
    vx[i] += dt * ax[i];
    x[i] += dt * vx[i];
  }
}

#pragma schedcc kernel
void jacobi_sweep(float *maxdiff, float *unew, const float *u, const float *f,
                  int n, float h2) {
  float md = 0.0f;
  for (int i = 1; i < n - 1; i++) {
    unew[i] = 0.5f * (u[i - 1] + u[i + 1] - h2 * f[i]);
    md = fmaxf(md, fabsf(unew[i] - u[i]));
  }
  maxdiff[0] = md;
}

int main(void) {
  int sizes[] = {24, 13, 1, 0};
  for (int s = 0; s < 4; s++) {
    int n = sizes[s];
    float *v[10];
    for (int q = 0; q < 10; q++) {
      v[q] = malloc(sizeof(float) * (size_t)(n + 1));
      realc_fill(v[q], n + 1);
    }
    nbody_accel(v[0], v[1], v[2], v[3], v[4], v[5], v[6], n, 0.25f);
    realc_print("ax", v[0], n);
    realc_print("ay", v[1], n);
    realc_print("az", v[2], n);
    leapfrog_drift(v[3], v[7], v[0], n, 0.125f);
    realc_print("x", v[3], n);
    realc_print("vx", v[7], n);
    float md = -1.0f;
    jacobi_sweep(&md, v[8], v[9], v[6], n, 0.5f);
    realc_print("unew", v[8], n);
    printf("maxdiff %.9g\n", md);
    jacobi_sweep(&md, v[9], v[9], v[6], n, 0.5f); /* in place (Gauss-Seidel-like) */
    realc_print("unew inplace", v[9], n);
    printf("maxdiff %.9g\n", md);
    for (int q = 0; q < 10; q++)
      free(v[q]);
  }
  return 0;
}
