#include <stdint.h>
/* Golden: time tiling of a two-sweep 1-D Jacobi stencil: the second sweep
 * shifted by one and fused with the first into one guarded loop, the
 * fused loop skewed by 2t, the (t, i) band tiled. */
void jacobi(int tsteps, int n, double A[n], double B[n]) {
  if ((2 * (long long)tsteps - 1 <= 2147483647) && (2 * (long long)tsteps + (long long)n - 2 <= 2147483647) && (-2 * (long long)tsteps + 1 >= (-2147483647 - 1)) && ((uintptr_t)B + (uintptr_t)(n) * sizeof(double) <= (uintptr_t)A || (uintptr_t)A + (uintptr_t)(n) * sizeof(double) <= (uintptr_t)B)) {
    for (long long t_t = 0; t_t < tsteps; t_t += 16) {
      for (long long i_t = 2LL * t_t + 1LL; i_t < n + 2LL * (t_t + 16LL < tsteps ? t_t + 16LL : tsteps) - 2LL; i_t += 64) {
        for (int t = t_t; t < (t_t + 16LL < tsteps ? t_t + 16LL : tsteps); t++) {
          int i_lo = 2 * t + 1;
          int i_hi = 2 * t + n;
          for (int i = (i_t > i_lo ? i_t : i_lo); i < (i_t + 64LL < i_hi ? i_t + 64LL : i_hi); i++) {
            if (i - 2 * t < n - 1) {
              B[i - 2 * t] = 0.25 * (A[i - 2 * t - 1] + 2.0 * A[i - 2 * t] + A[i - 2 * t + 1]);
            }
            if (i - 2 * t >= 2) {
              A[i - 2 * t - 1] = 0.25 * (B[i - 2 * t - 2] + 2.0 * B[i - 2 * t - 1] + B[i - 2 * t]);
            }
          }
        }
      }
    }
  } else {
    for (int t = 0; t < tsteps; t++) {
      for (int i = 1; i < n - 1; i++) {
        B[i] = 0.25 * (A[i - 1] + 2.0 * A[i] + A[i + 1]);
      }
      for (int i = 1; i < n - 1; i++) {
        A[i] = 0.25 * (B[i - 1] + 2.0 * B[i] + B[i + 1]);
      }
    }
  }
}
