#include <stdint.h>
#include <arm_neon.h>
/* neon_vec.c — loop.vectorize for AArch64 NEON (neon_vec.flags targets
 * aarch64-linux-gnu): loads, stores, broadcasts, fused multiply-adds, a
 * reversed read, a sum reduction folded by vaddvq, and a 4 x 4
 * in-register transpose (vzip1q/vzip2q). */
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
    float64x2_t s_acc = vdupq_n_f64(-0.0);
    int j_hi = 2 * (n < 0 ? (n - 1) / 2 : n / 2);
    for (int j = 0; j < (0 > j_hi ? 0 : j_hi); j += 2) {
      s_acc = vfmaq_f64(s_acc, vld1q_f64(&x[j]), vld1q_f64(&y[j]));
    }
    if (0 < n) {
      s[0] += vaddvq_f64(s_acc);
    }
    for (int j = (0 > j_hi ? 0 : j_hi); j < n; j++) {
      s[0] += x[j] * y[j];
    }
  } else {
    for (int j = 0; j < n; j++) {
      s[0] += x[j] * y[j];
    }
  }
}

void transpose(float A[8][12], float B[12][8]) {
  if ((uintptr_t)A + 96 * sizeof(float) <= (uintptr_t)B || (uintptr_t)B + 96 * sizeof(float) <= (uintptr_t)A) {
    for (int i = 0; i < 8; i += 4) {
      for (int j = 0; j < 12; j += 4) {
        float32x4_t tb_row = vld1q_f32(&A[i][j]);
        float32x4_t tb_row1 = vld1q_f32(&A[i + 1][j]);
        float32x4_t tb_row2 = vld1q_f32(&A[i + 2][j]);
        float32x4_t tb_row3 = vld1q_f32(&A[i + 3][j]);
        float32x4_t tb_t = vzip1q_f32(tb_row, tb_row1);
        float32x4_t tb_t1 = vzip2q_f32(tb_row, tb_row1);
        float32x4_t tb_t2 = vzip1q_f32(tb_row2, tb_row3);
        float32x4_t tb_t3 = vzip2q_f32(tb_row2, tb_row3);
        float32x4_t tb_t4 = vreinterpretq_f32_f64(vzip1q_f64(vreinterpretq_f64_f32(tb_t), vreinterpretq_f64_f32(tb_t2)));
        float32x4_t tb_t5 = vreinterpretq_f32_f64(vzip2q_f64(vreinterpretq_f64_f32(tb_t), vreinterpretq_f64_f32(tb_t2)));
        float32x4_t tb_t6 = vreinterpretq_f32_f64(vzip1q_f64(vreinterpretq_f64_f32(tb_t1), vreinterpretq_f64_f32(tb_t3)));
        float32x4_t tb_t7 = vreinterpretq_f32_f64(vzip2q_f64(vreinterpretq_f64_f32(tb_t1), vreinterpretq_f64_f32(tb_t3)));
        vst1q_f32(&B[j][i], tb_t4);
        vst1q_f32(&B[j + 1][i], tb_t5);
        vst1q_f32(&B[j + 2][i], tb_t6);
        vst1q_f32(&B[j + 3][i], tb_t7);
      }
    }
  } else {
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 12; j++) {
        B[j][i] = A[i][j];
      }
    }
  }
}
