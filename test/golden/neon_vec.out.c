#include <stdint.h>
#include <arm_neon.h>
/* neon_vec.c — loop.vectorize for AArch64 NEON (neon_vec.flags targets
 * aarch64-linux-gnu): loads, stores, broadcasts, fused multiply-adds, a
 * reversed read, and a sum reduction folded by vaddvq. */
void axpy_rev(int n, float a, float x[n], float y[n]) {
  if ((uintptr_t)x + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)y || (uintptr_t)y + (uintptr_t)(n) * sizeof(float) <= (uintptr_t)x) {
    int i_hi = 4 * (n < 0 ? (n - 3) / 4 : n / 4);
    for (int i = 0; i < (0 > i_hi ? 0 : i_hi); i += 4) {
      vst1q_f32(&y[i], vfmaq_f32(vld1q_f32(&y[i]), vdupq_n_f32(a), vextq_f32(vrev64q_f32(vld1q_f32(&x[n - i - 4])), vrev64q_f32(vld1q_f32(&x[n - i - 4])), 2)));
    }
    for (int i = (0 > i_hi ? 0 : i_hi); i < n; i++) {
      y[i] = a * x[n - 1 - i] + y[i];
    }
  } else {
    for (int i = 0; i < n; i++) {
      y[i] = a * x[n - 1 - i] + y[i];
    }
  }
}

void dot(int n, double x[n], double y[n], double s[1]) {
  if (((uintptr_t)x + (uintptr_t)(n) * sizeof(double) <= (uintptr_t)s || (uintptr_t)s + 1 * sizeof(double) <= (uintptr_t)x) && ((uintptr_t)y + (uintptr_t)(n) * sizeof(double) <= (uintptr_t)s || (uintptr_t)s + 1 * sizeof(double) <= (uintptr_t)y)) {
    float64x2_t s_acc = vdupq_n_f64(0.0);
    int j_hi = 2 * (n < 0 ? (n - 1) / 2 : n / 2);
    for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 2) {
      s_acc = vfmaq_f64(s_acc, vld1q_f64(&x[j]), vld1q_f64(&y[j]));
    }
    s[0] += vaddvq_f64(s_acc);
    for (int j = (0 > j_hi ? 0 : j_hi); j < n; j++) {
      s[0] += x[j] * y[j];
    }
  } else {
    for (int j = 0; j < n; j++) {
      s[0] += x[j] * y[j];
    }
  }
}
