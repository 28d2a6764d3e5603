// REFUSED (as of the current schedcc): phys_nbody_aos.c:9:18: error: unsupported in a kernel: struct member access ('p[j].x'): the IR has no structs; read it into a local before the kernel (marking the loop with #pragma schedcc kernel) or pass it as a parameter
#include <math.h>
typedef struct { float x, y, z, vx, vy, vz; } Body;
#pragma schedcc kernel
void nbody_aos(Body *p, float dt, int n) {
  for (int i = 0; i < n; i++) {
    float Fx = 0.0f, Fy = 0.0f, Fz = 0.0f;
    for (int j = 0; j < n; j++) {
      float dx = p[j].x - p[i].x;
      float dy = p[j].y - p[i].y;
      float dz = p[j].z - p[i].z;
      float distSqr = dx * dx + dy * dy + dz * dz + 1e-9f;
      float invDist = 1.0f / sqrtf(distSqr);
      float invDist3 = invDist * invDist * invDist;
      Fx += dx * invDist3; Fy += dy * invDist3; Fz += dz * invDist3;
    }
    p[i].vx += dt * Fx; p[i].vy += dt * Fy; p[i].vz += dt * Fz;
  }
}
